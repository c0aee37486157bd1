import { describe, expect, it } from 'vitest';
import { findingsIn, ruleFindings, sourceFiles, type SourceRule } from './source-rules.ts';

/**
 * One image module: the server decodes, checks, encodes and draws pictures only through
 * apps/server/src/core/images.ts (sharp). A second place importing an image library, or writing
 * PNG chunks by hand (the three home-made encoders this replaced), is refused. The robot simulator
 * and the browser tests make their pictures with sharp in their own trees; API tests may still
 * craft broken PNG chunks (test/plan-files.ts), which no library writes.
 */
const THE_MODULE = 'apps/server/src/core/images.ts';
const ALLOWED_ELSEWHERE = new Set(['tools/robot/src/picture.ts', 'e2e/support/plan-files.ts']);
const SOURCES = [
  'apps/server/src',
  'apps/server/scripts',
  'apps/server/bench',
  'tools/robot/src',
  'e2e/support',
];

const RULES: SourceRule[] = [
  { rule: 'an image library imported', pattern: /from\s+['"](?:sharp|pngjs|jpeg-js|upng-js|canvas)['"]/g },
  { rule: 'PNG chunks written by hand', pattern: /['"`](?:IHDR|IDAT)['"`]/g },
  { rule: 'a CRC-32 for chunks', pattern: /\bcrc32\b/g },
];

export function imageFindings(source: string): string[] {
  return ruleFindings(RULES, source);
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
    const files = sourceFiles(SOURCES);
    expect(files).toContain(THE_MODULE);
    expect(
      findingsIn(
        RULES,
        files.filter((path) => path !== THE_MODULE && !ALLOWED_ELSEWHERE.has(path)),
      ),
    ).toEqual([]);
  });
});
