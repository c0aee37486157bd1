/** Sample plan files made by the tests (no binary fixtures committed). */
import zlib from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

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

/** The smallest JPEG header image-size reads: SOI, JFIF APP0, a baseline SOF0 of 48x32, EOI. */
export function jpegBytes(): Buffer {
  return Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00,
    0x01, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x20, 0x00, 0x30, 0x03, 0x01, 0x22, 0x00, 0x02,
    0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9,
  ]);
}
