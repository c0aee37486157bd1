import { describe, expect, it } from 'vitest';
import { buildTemplate } from './user-import-sheet.ts';
import { checkZipExpansion } from './zip-guard.ts';
import { zipOf } from '../../../test/zip.ts';

const MB = 1024 * 1024;

describe('checkZipExpansion', () => {
  it('accepts a real workbook and small entries, stored or deflated', async () => {
    expect(checkZipExpansion(await buildTemplate(), 64 * MB)).toBe('ok');
    expect(checkZipExpansion(zipOf(Buffer.alloc(1000, 7)), 1000)).toBe('ok');
    expect(checkZipExpansion(zipOf(Buffer.alloc(1000, 7), { stored: true }), 1000)).toBe('ok');
  });

  it('refuses an archive that inflates beyond the limit, by one byte', () => {
    expect(checkZipExpansion(zipOf(Buffer.alloc(1001, 7)), 1000)).toBe('tooLarge');
    expect(checkZipExpansion(zipOf(Buffer.alloc(1001, 7), { stored: true }), 1000)).toBe('tooLarge');
  });

  it('refuses a bomb that declares a small size but inflates to far more', () => {
    const bomb = zipOf(Buffer.alloc(80 * MB), { declaredSize: 100 });
    expect(bomb.length).toBeLessThan(MB);
    expect(checkZipExpansion(bomb, 64 * MB)).toBe('tooLarge');
  });

  it('refuses what is not a zip archive', () => {
    expect(checkZipExpansion(Buffer.from('PK\u0003\u0004 not really a zip'), MB)).toBe('notZip');
    expect(checkZipExpansion(Buffer.alloc(10), MB)).toBe('notZip');
    const broken = zipOf(Buffer.alloc(1000, 7));
    broken.writeUInt32LE(0, broken.length - 22 + 16); // the directory offset now points at the local header
    expect(checkZipExpansion(broken, MB)).toBe('notZip');
  });
});
