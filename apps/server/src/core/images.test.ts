import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { jpegBytes, pngChunk as chunk, pngBytes, pngWithLyingHeader } from '../../test/plan-files.ts';
import { checkImageDecodes, decodeRgb, drawSvgOver, encodeRgbPng, svgDocument } from './images.ts';

const MAX = 40_000_000;

/** An interlaced (Adam7) 8-bit RGBA PNG of the given size. */
function interlacedPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  header[12] = 1;
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ] as const;
  let size = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const w = width > x0 ? Math.ceil((width - x0) / dx) : 0;
    const h = height > y0 ? Math.ceil((height - y0) / dy) : 0;
    if (w > 0 && h > 0) size += h * (1 + w * 4);
  }
  return Buffer.concat([
    pngBytes().subarray(0, 8),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(size))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('image decoding check', () => {
  it('accepts real PNG (plain and interlaced) and JPEG images', async () => {
    expect(await checkImageDecodes(pngBytes(40, 30), 'png', MAX)).toEqual({
      ok: true,
      width: 40,
      height: 30,
    });
    expect(await checkImageDecodes(interlacedPng(13, 7), 'png', MAX)).toEqual({
      ok: true,
      width: 13,
      height: 7,
    });
    expect(await checkImageDecodes(jpegBytes(48, 32), 'jpg', MAX)).toEqual({
      ok: true,
      width: 48,
      height: 32,
    });
  });

  it('refuses a PNG that is only a signature and header (40 bytes)', async () => {
    const headerOnly = pngBytes().subarray(0, 33);
    expect(headerOnly.length).toBe(33);
    const forty = Buffer.concat([headerOnly, Buffer.alloc(7)]);
    expect(forty.length).toBe(40);
    for (const bytes of [headerOnly, forty])
      expect((await checkImageDecodes(bytes, 'png', MAX)).ok).toBe(false);
  });

  it('refuses a PNG whose header claims more pixels than its data holds', async () => {
    const result = await checkImageDecodes(pngWithLyingHeader(2000, 2000), 'png', MAX);
    expect(result).toMatchObject({ ok: false, reason: expect.any(String) });
    expect((await checkImageDecodes(pngWithLyingHeader(100_000, 100_000), 'png', MAX)).ok).toBe(false);
  });

  it('refuses a broken CRC, a missing IEND and an unknown critical chunk', async () => {
    const good = pngBytes(8, 8);
    const badCrc = Buffer.from(good);
    badCrc[good.length - 13] = (badCrc[good.length - 13] ?? 0) ^ 1;
    const noEnd = good.subarray(0, good.length - 12);
    const critical = Buffer.concat([good.subarray(0, 33), chunk('XXXX', Buffer.alloc(1)), good.subarray(33)]);
    for (const bytes of [badCrc, noEnd, critical])
      expect((await checkImageDecodes(bytes, 'png', MAX)).ok).toBe(false);
  });

  it('refuses a JPEG cut short or with only its headers', async () => {
    const jpeg = jpegBytes(64, 64);
    for (const bytes of [
      jpeg.subarray(0, jpeg.length - 2),
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      jpeg.subarray(0, 200),
    ]) {
      expect((await checkImageDecodes(bytes, 'jpg', MAX)).ok).toBe(false);
    }
  });

  it('encodes RGB as a truecolour PNG and decodes it back unchanged', async () => {
    const rgb = Buffer.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    const png = await encodeRgbPng({ width: 3, height: 2, rgb });
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 3, height: 2, channels: 3 });
    expect(await decodeRgb(png)).toEqual({ width: 3, height: 2, rgb });
  });

  it('draws an SVG over a picture, keeping its size and the pixels the SVG leaves alone', async () => {
    const white = { width: 20, height: 10, rgb: Buffer.alloc(20 * 10 * 3, 255) };
    const svg = svgDocument(20, 10, '<rect x="0" y="0" width="5" height="10" fill="rgb(0,0,255)"/>');
    const png = await drawSvgOver(white, svg);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', channels: 3, depth: 'uchar' });
    const drawn = await decodeRgb(png);
    expect([drawn.width, drawn.height]).toEqual([20, 10]);
    expect([...drawn.rgb.subarray(0, 3)]).toEqual([0, 0, 255]);
    expect([...drawn.rgb.subarray((5 * 20 + 15) * 3, (5 * 20 + 15) * 3 + 3)]).toEqual([255, 255, 255]);
  });
});
