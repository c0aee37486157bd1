/** Plan files the browser tests upload, made here so no binary test data is committed. */
import sharp from 'sharp';

interface PngPlan {
  width: number;
  height: number;
  /** Thickness of the outer walls and of the partition, in pixels. */
  wall: number;
  /** A vertical partition at `x` with a door gap from `doorFrom` to `doorTo` (pixel rows). */
  partition: { x: number; doorFrom: number; doorTo: number };
}

/**
 * A valid PNG plan (grey walls of a two-room flat on white), encoded by sharp; by default
 * 160 × 100 pixels.
 */
export async function planPng(
  plan: PngPlan = { width: 160, height: 100, wall: 4, partition: { x: 90, doorFrom: 40, doorTo: 60 } },
): Promise<Buffer> {
  const { width, height, wall, partition } = plan;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(width * 3, 255);
    for (let x = 0; x < width; x += 1) {
      const outer = x < wall || x >= width - wall || y < wall || y >= height - wall;
      const inner =
        x >= partition.x && x < partition.x + wall && (y < partition.doorFrom || y > partition.doorTo);
      if (outer || inner) row.fill(70, x * 3, x * 3 + 3);
    }
    rows.push(row);
  }
  return sharp(Buffer.concat(rows), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
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
