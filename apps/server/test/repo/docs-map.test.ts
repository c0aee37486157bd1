import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/ARCHITECTURE.md is a map, not a novel: short, and every link in it and in the READMEs it
 * points to leads to a file that exists. Module rules live in the modules' own READMEs.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const MAP = 'docs/ARCHITECTURE.md';
const MAP_MAX_LINES = 400;
const MODULE_README_MAX_LINES = 150;
/** Folders whose README.md files are module READMEs (short, rules of that module only). */
const MODULE_README_ROOTS = [
  'apps/server/src',
  'apps/server/test',
  'apps/web/src',
  'e2e',
  'packages/contract',
];

const lineCount = (file: string) =>
  readFileSync(path.join(root, file), 'utf8').replace(/\n$/, '').split('\n').length;

/** Every README.md of the repository (outside node_modules, builds and data). */
function readmes(dir = ''): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      return ['node_modules', 'dist', 'data', '.git', 'artifacts'].includes(entry.name) ? [] : readmes(file);
    }
    return entry.name === 'README.md' ? [file] : [];
  });
}

/** Relative link targets of a markdown file: `[text](target)`, without `#fragment`. */
function relativeLinks(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => target.split('#')[0]!);
}

const allReadmes = readmes();
const moduleReadmes = allReadmes.filter((file) =>
  MODULE_README_ROOTS.some((dir) => file.startsWith(`${dir}/`)),
);

describe('architecture map', () => {
  it('finds the map and the module READMEs', () => {
    expect(existsSync(path.join(root, MAP))).toBe(true);
    expect(moduleReadmes).toContain('apps/server/src/modules/tasks/README.md');
    expect(moduleReadmes).toContain('e2e/README.md');
  });

  it(`keeps ${MAP} at ${MAP_MAX_LINES} lines or fewer`, () => {
    expect(lineCount(MAP)).toBeLessThanOrEqual(MAP_MAX_LINES);
  });

  it(`keeps each module README at ${MODULE_README_MAX_LINES} lines or fewer`, () => {
    const long = moduleReadmes
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > MODULE_README_MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it('links only to files that exist', () => {
    const broken = [MAP, ...allReadmes].flatMap((file) =>
      relativeLinks(file)
        .filter(
          (target) => target !== '' && !existsSync(path.resolve(path.dirname(path.join(root, file)), target)),
        )
        .map((target) => `${file} -> ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('links every module README from the map', () => {
    const linked = new Set(
      relativeLinks(MAP).map((target) => path.relative(root, path.resolve(root, 'docs', target))),
    );
    expect(moduleReadmes.filter((file) => !linked.has(file))).toEqual([]);
  });
});
