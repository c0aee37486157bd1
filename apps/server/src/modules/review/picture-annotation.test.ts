import { deflateSync, inflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { pngChunk as chunk } from '../../core/png.mjs';
import { type AnnotatedRuler, annotatePicture, pictureExtent } from './picture-annotation.ts';

/** A plain PNG of one colour type and depth; rows after the first with filter `filter` (0 none, 2 up, 4 Paeth). */
function png(width: number, height: number, colour: number, depth: 8 | 16, filter = 0): Buffer {
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colour] as number;
  const stride = (width * channels * depth) / 8;
  const rows = Buffer.alloc(height * (stride + 1), 0);
  for (let y = 0; y < height; y += 1) {
    rows[y * (stride + 1)] = y === 0 ? 0 : filter;
    // With filters "up" and Paeth, a zero filtered line repeats the line above: a plain picture.
    if (y === 0 || filter === 0)
      rows.fill(colour === 3 ? 1 : 200, y * (stride + 1) + 1, (y + 1) * (stride + 1));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = depth;
  header[9] = colour;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(colour === 3 ? [chunk('PLTE', Buffer.from([0, 0, 0, 200, 200, 200]))] : []),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The RGB pixels of a truecolour 8-bit PNG without interlace (what the annotation answers). */
function pixels(data: Buffer): { width: number; height: number; at: (x: number, y: number) => number[] } {
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  expect([data[24], data[25]]).toEqual([8, 2]);
  const idat: Buffer[] = [];
  for (let offset = 8; offset < data.length;) {
    const length = data.readUInt32BE(offset);
    if (data.toString('latin1', offset + 4, offset + 8) === 'IDAT')
      idat.push(data.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const at = (x: number, y: number) => {
    const start = y * (width * 3 + 1) + 1 + x * 3;
    return [raw[start] as number, raw[start + 1] as number, raw[start + 2] as number];
  };
  return { width, height, at };
}

const RED: [number, number, number] = [220, 38, 38];
// One horizontal ruler across the middle: the extent is its far end plus 5 %.
const rulers: AnnotatedRuler[] = [{ X1: 0, Y1: 500, X2: 2000, Y2: 500, label: '-1.5', colour: RED }];

describe('annotated pictures', () => {
  it('maps ruler ends in mm onto the picture: the surface from (0, 0) to the far ends plus 5 %', () => {
    expect(pictureExtent(rulers)).toEqual({ X: 2100, Y: 525 });
    expect(pictureExtent([])).toEqual({ X: 1.05, Y: 1.05 });
  });

  it.each([
    ['grey', 0, 8, 0],
    ['truecolour', 2, 8, 0],
    ['palette', 3, 8, 0],
    ['grey with alpha', 4, 8, 2],
    ['truecolour with alpha', 6, 8, 4],
    ['16-bit truecolour', 2, 16, 2],
  ] as const)('draws the rulers into a %s PNG', async (_, colour, depth, filter) => {
    const answer = await annotatePicture(png(200, 100, colour, depth, filter), rulers);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const image = pixels(answer.png);
    expect([image.width, image.height]).toEqual([200, 100]);
    // Y up: 500 of 525 mm is near the top (row 4-5 of 100); the line is in the ruler's colour.
    expect(image.at(100, 5)).toEqual(RED);
    // Away from the ruler and its label the picture is unchanged.
    expect(image.at(100, 60)).toEqual([200, 200, 200]);
  });

  it('draws into a JPEG and answers a PNG', async () => {
    const width = 120;
    const height = 80;
    const data = Buffer.alloc(width * height * 4, 255);
    const encoded = jpeg.encode({ data, width, height }, 90).data;
    const answer = await annotatePicture(Buffer.from(encoded), rulers);
    expect(answer.ok).toBe(true);
    if (answer.ok) expect(pixels(answer.png).at(60, 4)).toEqual(RED);
  });

  it('refuses what it cannot decode, without throwing', async () => {
    expect(await annotatePicture(Buffer.from('not a picture'), rulers)).toEqual({
      ok: false,
      reason: 'neither PNG nor JPEG',
    });
  });
});
