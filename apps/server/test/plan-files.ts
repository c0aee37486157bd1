/** Sample plan files made by the tests (no binary fixtures committed). */
import zlib from 'node:zlib';
import jpeg from 'jpeg-js';

/**
 * One PNG chunk (length, type, data, CRC). Tests use it to make files byte by byte, above all broken
 * ones (lying headers, bad CRCs, unknown chunks) that no image library writes; the product's own
 * pictures go through sharp (src/core/images.ts).
 */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}
const chunk = pngChunk;

/** A real PNG (grey, 8-bit) of the given size. */
export function pngBytes(width = 4, height = 3): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let row = 0; row < height; row += 1) rows[row * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG padded to `bytes` with an extra ancillary chunk (valid, just big). */
export function bigPng(bytes: number): Buffer {
  const small = pngBytes();
  const padding = chunk('tEXt', Buffer.alloc(bytes - small.length - 12, 0x41));
  return Buffer.concat([small.subarray(0, small.length - 12), padding, small.subarray(small.length - 12)]);
}

/** A tiny valid DXF: one layer, a square of four lines and a circle. */
export function dxfText(lines = 4): string {
  const entities: string[] = [];
  for (let index = 0; index < lines; index += 1) {
    const [x1, y1, x2, y2] = [index * 10, 0, index * 10 + 10, 10];
    entities.push(`0\nLINE\n8\nWALLS\n10\n${x1}\n20\n${y1}\n30\n0\n11\n${x2}\n21\n${y2}\n31\n0`);
  }
  entities.push('0\nCIRCLE\n8\nWALLS\n10\n50\n20\n50\n30\n0\n40\n5');
  return [
    '0\nSECTION\n2\nTABLES\n0\nTABLE\n2\nLAYER\n70\n1\n0\nLAYER\n2\nWALLS\n70\n0\n62\n7\n6\nCONTINUOUS\n0\nENDTAB\n0\nENDSEC',
    `0\nSECTION\n2\nENTITIES\n${entities.join('\n')}\n0\nENDSEC`,
    '0\nEOF\n',
  ].join('\n');
}

/** A real (decodable) baseline JPEG of 48x32 pixels. */
export function jpegBytes(width = 48, height = 32): Buffer {
  const pixels = Buffer.alloc(width * height * 4, 0x80);
  return Buffer.from(jpeg.encode({ data: pixels, width, height }, 80).data);
}

/** A PNG whose header claims `width` x `height` over the image data of a 8 x 8 image (CRCs valid). */
export function pngWithLyingHeader(width: number, height: number): Buffer {
  const png = pngBytes(8, 8);
  const lying = Buffer.from(png);
  lying.writeUInt32BE(width, 16);
  lying.writeUInt32BE(height, 20);
  lying.writeUInt32BE(zlib.crc32(lying.subarray(12, 29)), 29);
  return lying;
}
