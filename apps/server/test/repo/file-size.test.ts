import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Files with one job: no product source file is longer than 400 lines. Tests, browser tests and
 * generated code are exempt; the database schema is split by area (apps/server/src/db/schema/).
 */
const root = new URL('../../../../', import.meta.url);
const MAX_LINES = 400;
const ROOTS = ['apps', 'packages'].flatMap((parent) =>
  readdirSync(new URL(`${parent}/`, root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${parent}/${entry.name}/src`),
);
ROOTS.push('e2e/support');

const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs|css)$/;
const EXEMPT = [/\.test\.tsx?$/, /\.e2e\.ts$/, /\.generated\.ts$/];

/**
 * Files still over the limit, each with the work that will split it. An entry that is no longer over
 * the limit fails the test, so the list only shrinks.
 */
const ALLOWED: Record<string, string> = {};

function sourceFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(new URL(`${dir}/`, root), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !EXEMPT.some((pattern) => pattern.test(path)) ? [path] : [];
  });
}

const lineCount = (path: string) =>
  readFileSync(new URL(path, root), 'utf8').replace(/\n$/, '').split('\n').length;

describe('file size', () => {
  const sizes = ROOTS.flatMap(sourceFiles).map((path) => ({ path, lines: lineCount(path) }));

  it('walks the product sources', () => {
    expect(sizes.some((file) => file.path === 'apps/server/src/services.ts')).toBe(true);
    expect(sizes.some((file) => file.path.startsWith('apps/web/src/'))).toBe(true);
    expect(sizes.some((file) => file.path.startsWith('packages/contract/src/'))).toBe(true);
    expect(sizes.some((file) => file.path.startsWith('e2e/support/'))).toBe(true);
  });

  it(`keeps every product source file at ${MAX_LINES} lines or fewer`, () => {
    const over = sizes
      .filter((file) => file.lines > MAX_LINES && !(file.path in ALLOWED))
      .map((file) => `${file.path}: ${file.lines} lines`);
    expect(over).toEqual([]);
  });

  it('lists only files that are still over the limit as allowed', () => {
    const stale = Object.keys(ALLOWED).filter(
      (path) => !sizes.some((file) => file.path === path && file.lines > MAX_LINES),
    );
    expect(stale).toEqual([]);
  });
});
