/** Plan files the browser tests upload, made here so no binary test data is committed. */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_value, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

interface PngPlan {
  width: number;
  height: number;
  /** Thickness of the outer walls and of the partition, in pixels. */
  wall: number;
  /** A vertical partition at `x` with a door gap from `doorFrom` to `doorTo` (pixel rows). */
  partition: { x: number; doorFrom: number; doorTo: number };
}

/**
 * A valid PNG plan (grey walls of a two-room flat on white), made without any library; by default
 * 160 × 100 pixels.
 */
export function planPng(
  plan: PngPlan = { width: 160, height: 100, wall: 4, partition: { x: 90, doorFrom: 40, doorTo: 60 } },
): Buffer {
  const { width, height, wall, partition } = plan;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3, 255);
    row[0] = 0;
    for (let x = 0; x < width; x += 1) {
      const outer = x < wall || x >= width - wall || y < wall || y >= height - wall;
      const inner =
        x >= partition.x && x < partition.x + wall && (y < partition.doorFrom || y > partition.doorTo);
      if (outer || inner) row.fill(70, 1 + x * 3, 4 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A tiny valid ASCII DXF: the four walls of a 10 m × 8 m room as lines. */
export function planDxf(): Buffer {
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    ['0', 'LINE', '8', 'WALLS', '10', x1, '20', y1, '11', x2, '21', y2].join('\n');
  const entities = [
    line(0, 0, 10000, 0),
    line(10000, 0, 10000, 8000),
    line(10000, 8000, 0, 8000),
    line(0, 8000, 0, 0),
  ];
  return Buffer.from(
    ['0', 'SECTION', '2', 'ENTITIES', ...entities, '0', 'ENDSEC', '0', 'EOF', ''].join('\n'),
  );
}
