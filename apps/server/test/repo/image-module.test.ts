import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * One image module: the server decodes, checks, encodes and draws pictures only through
 * apps/server/src/core/images.ts (sharp). A second place importing an image library, or writing
 * PNG chunks by hand (the three home-made encoders this replaced), is refused. The robot simulator
 * and the browser tests make their pictures with sharp in their own trees; API tests may still
 * craft broken PNG chunks (test/plan-files.ts), which no library writes.
 */
const root = new URL('../../../../', import.meta.url);
const THE_MODULE = 'apps/server/src/core/images.ts';
const ALLOWED_ELSEWHERE = new Set(['tools/robot/src/picture.ts', 'e2e/support/plan-files.ts']);
const SOURCES = [
  'apps/server/src',
  'apps/server/scripts',
  'apps/server/bench',
  'tools/robot/src',
  'e2e/support',
];

const RULES: { rule: string; pattern: RegExp }[] = [
  { rule: 'an image library imported', pattern: /from\s+['"](?:sharp|pngjs|jpeg-js|upng-js|canvas)['"]/g },
  { rule: 'PNG chunks written by hand', pattern: /['"`](?:IHDR|IDAT)['"`]/g },
  { rule: 'a CRC-32 for chunks', pattern: /\bcrc32\b/g },
];

export function imageFindings(source: string): string[] {
  return RULES.flatMap(({ rule, pattern }) =>
    [...source.matchAll(pattern)].map(
      (match) => `${source.slice(0, match.index).split('\n').length} ${rule}`,
    ),
  );
}

function sourceFiles(dir: string): string[] {
  const url = new URL(`${dir}/`, root);
  if (!existsSync(url)) return [];
  return readdirSync(url, { recursive: true, encoding: 'utf8' })
    .map((name) => `${dir}/${name}`)
    .filter((path) => !path.includes('/node_modules/') && /\.(ts|tsx|mts|mjs|js)$/.test(path))
    .filter((path) => !/\.test\.tsx?$/.test(path));
}

describe('one image module', () => {
  it('finds a hand-written encoder and a stray image import', () => {
    expect(imageFindings("import sharp from 'sharp';\nconst tag = 'IHDR';\nzlib.crc32(x);")).toEqual([
      '1 an image library imported',
      '2 PNG chunks written by hand',
      '3 a CRC-32 for chunks',
    ]);
    expect(imageFindings("import { encodeRgbPng } from '../../core/images.ts';")).toEqual([]);
  });

  it('leaves images to core/images.ts on the server', () => {
    const files = SOURCES.flatMap(sourceFiles);
    expect(files).toContain(THE_MODULE);
    const findings = files
      .filter((path) => path !== THE_MODULE && !ALLOWED_ELSEWHERE.has(path))
      .flatMap((path) =>
        imageFindings(readFileSync(new URL(path, root), 'utf8')).map((finding) => `${path}:${finding}`),
      );
    expect(findings).toEqual([]);
  });
});
