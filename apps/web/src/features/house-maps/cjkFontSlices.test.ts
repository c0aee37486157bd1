import { describe, expect, it } from 'vitest';
import { cjkFontSliceUrls, drawingText, parseUnicodeRange, slicesOf } from './cjkFontSlices.ts';

describe('Chinese font slices of a drawing', () => {
  it('reads unicode ranges as CSS writes them', () => {
    expect(parseUnicodeRange('U+4e00-4e2f, U+3000')).toEqual([
      [0x4e00, 0x4e2f],
      [0x3000, 0x3000],
    ]);
  });

  it('names the slice files of the package by their unicode.json keys', () => {
    const slices = slicesOf(
      { '[7]': 'U+623f', latin: 'U+0000-00ff', '[9]': 'U+95f4' },
      {
        '/x/noto-sans-sc-7-400-normal.woff': '/assets/seven.woff',
        '/x/noto-sans-sc-latin-400-normal.woff': '/assets/latin.woff',
      },
    );
    expect(slices.map((slice) => [slice.name, slice.url])).toEqual([
      ['7', '/assets/seven.woff'],
      ['latin', '/assets/latin.woff'],
    ]);
  });

  it('asks for the slices of the Chinese characters only, each once, in the order of use', () => {
    const slices = [
      { name: 'a', ranges: [[0x623f, 0x623f] as const], url: 'a.woff' },
      { name: 'b', ranges: [[0x95f4, 0x95f4] as const], url: 'b.woff' },
      { name: 'c', ranges: [[0x4e00, 0x4e00] as const], url: 'c.woff' },
      { name: 'latin', ranges: [[0x20, 0xff] as const], url: 'latin.woff' },
    ];
    expect(cjkFontSliceUrls('间 1 房间 12 ±°', slices)).toEqual(['b.woff', 'a.woff']);
    expect(cjkFontSliceUrls('Room 12, 3.5 m', slices)).toEqual([]);
  });

  it('finds the real package slices of the bench label, a few of the hundred', () => {
    const urls = cjkFontSliceUrls('房间 1');
    expect(urls.length).toBeGreaterThanOrEqual(1);
    expect(urls.length).toBeLessThanOrEqual(2);
    expect(urls.every((url) => url.endsWith('-400-normal.woff'))).toBe(true);
  });

  it('collects the texts of the drawing and its blocks with escapes resolved', () => {
    const text = drawingText({
      entities: [{ text: '客厅' }, { text: '\\U+536B' }, {}, { text: 42 }],
      blocks: { door: { entities: [{ text: '门 %%c50' }] } },
    });
    for (const char of ['客', '厅', '卫', '门', '\u2205']) expect(text).toContain(char);
  });
});
