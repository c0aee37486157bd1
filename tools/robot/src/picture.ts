import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A truecolour PNG (8 bits per channel) from its rows of RGB bytes, each `width * 3` long. */
export function encodePng(width: number, height: number, rgbRows: readonly Buffer[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  // Each scanline starts with filter type 0 (none).
  const scanlines = rgbRows.map((row) => Buffer.concat([Buffer.alloc(1), row]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(scanlines))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A wall picture as a robot's camera would send it, small and plain: a grey wall with a darker ruler
 * band per value, so each site has its own picture. PNG, truecolour, drawn in plain JavaScript.
 */
export function wallPicture(rulers: number, seed: number, width = 320, height = 200): Buffer {
  const shade = 180 + (seed % 50);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(width * 3, shade);
    for (let r = 0; r < rulers; r += 1) {
      const band = Math.round(((r + 1) * height) / (rulers + 1));
      if (Math.abs(y - band) <= 2) row.fill(60, 20 * 3, (width - 20) * 3);
    }
    rows.push(row);
  }
  return encodePng(width, height, rows);
}
