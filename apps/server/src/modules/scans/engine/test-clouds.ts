/** Synthetic clouds and models for the engine's tests (written to files in the tests' temp dirs). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NodeIO } from '@gltf-transform/core';
import type { FrozenItem } from '../../../db/json-types.ts';

export type Cloud = { xyz: number[]; rgb: number[] };

export const TEST_COLORS = {
  qualified: '#16a34a',
  warning: '#facc15',
  unqualified: '#dc2626',
  exploded: '#7c3aed',
};

/** A frozen item judged on |value| up to `Right` mm (warning above 3/4 of it, exploded at twice it). */
export const testItem = (Code: string, Right: number) =>
  ({
    Code,
    Mode: 'absolute',
    Left: 0,
    Right,
    WarnLeft: 0,
    WarnRight: Right * 0.75,
    Exploded: 2 * Right,
    Rule: { RulerLength: 2000 },
  }) as unknown as FrozenItem;

export interface TileNode {
  boundingVolume: { box: number[] };
  geometricError: number;
  content: { uri: string };
  children?: TileNode[];
  transform?: number[];
  refine?: string;
}

/** A tile's content read back: its points in the tileset's z-up frame, colours, primitive modes and colour normalization. */
export interface ReadTile {
  tile: TileNode;
  points: Array<[number, number, number]>;
  colours: number[][];
  modes: number[];
  normalized: boolean[];
}

/** The tileset.json of `outputDir` and every tile's content, depth first, with @gltf-transform. */
export async function readTileset(outputDir: string) {
  const tileset = JSON.parse(await readFile(path.join(outputDir, 'tileset.json'), 'utf8')) as {
    asset: { version: string };
    root: TileNode;
  };
  const io = new NodeIO();
  const tiles: ReadTile[] = [];
  const walk = async (tile: TileNode) => {
    const read: ReadTile = { tile, points: [], colours: [], modes: [], normalized: [] };
    const doc = await io.readBinary(await readFile(path.join(outputDir, tile.content.uri)));
    for (const mesh of doc.getRoot().listMeshes())
      for (const primitive of mesh.listPrimitives()) {
        read.modes.push(primitive.getMode());
        const position = primitive.getAttribute('POSITION');
        const colour = primitive.getAttribute('COLOR_0');
        read.normalized.push(colour?.getNormalized() ?? false);
        for (let i = 0; i < (position?.getCount() ?? 0); i += 1) {
          // glTF y-up back to the tileset's z-up: (x, y, z) -> (x, -z, y).
          const [x, y, z] = position?.getElement(i, [0, 0, 0]) as [number, number, number];
          read.points.push([x, -z, y]);
          read.colours.push(colour?.getElement(i, [0, 0, 0]) ?? []);
        }
      }
    tiles.push(read);
    for (const child of tile.children ?? []) await walk(child);
  };
  await walk(tileset.root);
  return { tileset, tiles };
}

/**
 * A wall in the plane y = `y` (metres), x from 0 to `width`, z from 0 to `height`, points every
 * `step` m; `bump(x, z)` moves a point towards -y (metres), the room being on the -y side.
 */
export function wallCloud(o: {
  width: number;
  height: number;
  step: number;
  y?: number;
  bump?: (x: number, z: number) => number;
  tilt?: number;
}): Cloud {
  const xyz: number[] = [];
  const rgb: number[] = [];
  for (let x = 0; x <= o.width + 1e-9; x += o.step)
    for (let z = 0; z <= o.height + 1e-9; z += o.step) {
      xyz.push(x, (o.y ?? 2) - (o.bump?.(x, z) ?? 0) + (o.tilt ?? 0) * z, z);
      rgb.push(200, 150, 100);
    }
  return { xyz, rgb };
}

/** A w x l x h m room's four walls, floor and ceiling (no noise), points every `step` m, grey. */
export function roomCloud(w: number, l: number, h: number, step: number): Cloud {
  const xyz: number[] = [];
  for (let a = 0; a <= w; a += step) for (let z = 0; z <= h; z += step) xyz.push(a, 0, z, a, l, z);
  for (let a = 0; a <= l; a += step) for (let z = 0; z <= h; z += step) xyz.push(0, a, z, w, a, z);
  for (let a = 0; a <= w; a += step) for (let b = 0; b <= l; b += step) xyz.push(a, b, 0, a, b, h);
  return { xyz, rgb: xyz.map(() => 128) };
}

export function asciiPly({ xyz, rgb }: Cloud): Buffer {
  const n = xyz.length / 3;
  const header = `ply\nformat ascii 1.0\ncomment test\nelement vertex ${n}\nproperty float x\nproperty float y\nproperty float z\nproperty uchar red\nproperty uchar green\nproperty uchar blue\nend_header\n`;
  const lines = Array.from(
    { length: n },
    (_, i) =>
      `${xyz[i * 3]} ${xyz[i * 3 + 1]} ${xyz[i * 3 + 2]} ${rgb[i * 3]} ${rgb[i * 3 + 1]} ${rgb[i * 3 + 2]}`,
  );
  return Buffer.from(header + lines.join('\n') + '\n');
}

export function binaryPly({ xyz, rgb }: Cloud, littleEndian = true): Buffer {
  const n = xyz.length / 3;
  const header = `ply\nformat binary_${littleEndian ? 'little' : 'big'}_endian 1.0\nelement vertex ${n}\nproperty double x\nproperty double y\nproperty double z\nproperty uchar red\nproperty uchar green\nproperty uchar blue\nelement face 0\nproperty list uchar int vertex_indices\nend_header\n`;
  const records = Buffer.alloc(n * 27);
  for (let i = 0; i < n; i += 1) {
    for (let k = 0; k < 3; k += 1)
      if (littleEndian) records.writeDoubleLE(xyz[i * 3 + k] as number, i * 27 + k * 8);
      else records.writeDoubleBE(xyz[i * 3 + k] as number, i * 27 + k * 8);
    for (let k = 0; k < 3; k += 1) records[i * 27 + 24 + k] = rgb[i * 3 + k] as number;
  }
  return Buffer.concat([Buffer.from(header), records]);
}

const pcdHeader = (n: number, data: string) =>
  `# .PCD v0.7\nVERSION 0.7\nFIELDS x y z\nSIZE 4 4 4\nTYPE F F F\nCOUNT 1 1 1\nWIDTH ${n}\nHEIGHT 1\nVIEWPOINT 0 0 0 1 0 0 0\nPOINTS ${n}\nDATA ${data}\n`;

/** LZF of literal runs only (a control byte c < 32 copies the next c + 1 bytes): valid, not smaller. */
function lzfLiterals(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < data.length; at += 32) {
    const run = data.subarray(at, at + 32);
    parts.push(Buffer.from([run.length - 1]), run);
  }
  return Buffer.concat(parts);
}

export function pcd({ xyz }: Cloud, data: 'ascii' | 'binary' | 'binary_compressed'): Buffer {
  const n = xyz.length / 3;
  if (data === 'binary_compressed') {
    // Fields one after the other (all x, then all y, then all z), LZF-compressed, sizes first.
    const columns = Float32Array.from(
      { length: n * 3 },
      (_, i) => xyz[(i % n) * 3 + Math.floor(i / n)] as number,
    );
    const raw = Buffer.from(columns.buffer);
    const packed = lzfLiterals(raw);
    const sizes = Buffer.alloc(8);
    sizes.writeUInt32LE(packed.length, 0);
    sizes.writeUInt32LE(raw.length, 4);
    return Buffer.concat([Buffer.from(pcdHeader(n, 'binary_compressed')), sizes, packed]);
  }
  if (data === 'binary')
    return Buffer.concat([Buffer.from(pcdHeader(n, 'binary')), Buffer.from(Float32Array.from(xyz).buffer)]);
  const lines = Array.from({ length: n }, (_, i) => `${xyz[i * 3]} ${xyz[i * 3 + 1]} ${xyz[i * 3 + 2]}`);
  return Buffer.from(pcdHeader(n, 'ascii') + lines.join('\n') + '\n');
}

/** LAS 1.2, point format 2 (with RGB), scale 0.0001 m. */
export function las({ xyz, rgb }: Cloud, offset: [number, number, number] = [500_000, 4_000_000, 0]): Buffer {
  const n = xyz.length / 3;
  const header = Buffer.alloc(227);
  header.write('LASF', 0, 'latin1');
  header.writeUInt8(1, 24);
  header.writeUInt8(2, 25);
  header.writeUInt16LE(227, 94);
  header.writeUInt32LE(227, 96);
  header.writeUInt32LE(0, 100);
  header.writeUInt8(2, 104);
  header.writeUInt16LE(26, 105);
  header.writeUInt32LE(n, 107);
  const scale = 0.0001;
  for (let k = 0; k < 3; k += 1) {
    header.writeDoubleLE(scale, 131 + k * 8);
    header.writeDoubleLE(offset[k] as number, 155 + k * 8);
  }
  const records = Buffer.alloc(n * 26);
  for (let i = 0; i < n; i += 1) {
    for (let k = 0; k < 3; k += 1)
      records.writeInt32LE(Math.round((xyz[i * 3 + k] as number) / scale), i * 26 + k * 4);
    for (let k = 0; k < 3; k += 1)
      records.writeUInt16LE((rgb[i * 3 + k] as number) * 256, i * 26 + 20 + k * 2);
  }
  // Absolute coordinates: the offset is added to every point.
  return Buffer.concat([header, records]);
}
