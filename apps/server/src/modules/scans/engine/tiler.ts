/**
 * Writes a cloud as an OGC 3D Tiles 1.1 tileset: an octree with additive refinement (every point is
 * in exactly one tile), glTF binary point tiles (POSITION float32, COLOR_0 normalized unsigned byte),
 * flat file names `t-0.glb` (root), `t-0-3.glb` (its child in octant 3), ...
 *
 * Frames: the tileset is z-up in the scan's frame, metres; the root's `transform` moves the store's
 * origin back into place. glTF content is y-up, so a point (x, y, z) is written as (x, z, -y): the
 * runtime's y-up to z-up rotation (3D Tiles 1.1, "glTF transforms") brings it back.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PointStore } from './point-store.ts';

/** Tiles handed to the writer thread and not yet written (bounds the memory they hold). */
const WRITES_IN_FLIGHT = 4;

/** The tile-writer.mjs thread: `write` resolves when the .glb is on disk. */
function tileWriter() {
  const worker = new Worker(new URL('./tile-writer.mjs', import.meta.url));
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let next = 0;
  worker.on('message', ({ id, error }: { id: number; error?: string }) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (error) waiting?.reject(new Error(error));
    else waiting?.resolve();
  });
  worker.on('error', (error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  });
  return {
    write(file: string, name: string, xyz: Float32Array, rgb: Uint8Array): Promise<void> {
      const id = (next += 1);
      return new Promise<void>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, file, name, xyz, rgb }, [
          xyz.buffer as ArrayBuffer,
          rgb.buffer as ArrayBuffer,
        ]);
      });
    },
    close: () => worker.terminate(),
  };
}

/** Points kept by an inner tile (a random sample of its points); the rest go to its children. */
export const SAMPLE_FRACTION = 0.5;
export const MAX_DEPTH = 18;

export interface TileJson {
  boundingVolume: { box: number[] };
  geometricError: number;
  refine?: 'ADD';
  transform?: number[];
  content: { uri: string };
  children?: TileJson[];
}

export interface TilingResult {
  files: string[];
  tiles: number;
}

/** sRGB byte to linear byte (glTF vertex colours are linear). */
const LINEAR = Uint8Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return Math.round(255 * (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
});

/** A hash of a point's index in [0, 1): the same point is picked the same way on every run. */
function unit(index: number, salt: number): number {
  let h = Math.imul(index ^ Math.imul(salt, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** Positions (glTF y-up) and linear colours of the points order[start..end). */
function tileArrays(
  order: Uint32Array,
  positions: Float32Array,
  colors: Uint8Array,
  start: number,
  end: number,
) {
  const n = end - start;
  const xyz = new Float32Array(n * 3);
  const rgb = new Uint8Array(n * 3);
  for (let j = 0; j < n; j += 1) {
    const at = order[start + j]! * 3;
    xyz[j * 3] = positions[at]!;
    xyz[j * 3 + 1] = positions[at + 2]!;
    xyz[j * 3 + 2] = -positions[at + 1]!;
    rgb[j * 3] = LINEAR[colors[at]!]!;
    rgb[j * 3 + 1] = LINEAR[colors[at + 1]!]!;
    rgb[j * 3 + 2] = LINEAR[colors[at + 2]!]!;
  }
  return { xyz, rgb };
}

/**
 * Reorders order[start..end): the tile's own points first (a `keep` share, picked by a hash of the
 * point's index), then its children's points by octant around `centre` (a counting sort through
 * `scratch`), so each child is a contiguous range. Returns the 9 slots' counts, first indices and
 * bounds (9 x lo x, y, z, hi x, y, z).
 */
function partition(
  order: Uint32Array,
  scratch: Uint32Array,
  positions: Float32Array,
  [start, end]: [number, number],
  centre: number[],
  keep: number,
  depth: number,
) {
  const n = end - start;
  const counts = new Int32Array(9);
  const cx = centre[0]!;
  const cy = centre[1]!;
  const cz = centre[2]!;
  const slot = new Uint8Array(n);
  const bounds = new Float64Array(54);
  for (let s = 0; s < 9; s += 1)
    bounds.set([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity], s * 6);
  for (let j = 0; j < n; j += 1) {
    const index = order[start + j]!;
    const x = positions[index * 3]!;
    const y = positions[index * 3 + 1]!;
    const z = positions[index * 3 + 2]!;
    const s = unit(index, depth) < keep ? 0 : 1 + ((x >= cx ? 1 : 0) | (y >= cy ? 2 : 0) | (z >= cz ? 4 : 0));
    slot[j] = s;
    counts[s]! += 1;
    const b = s * 6;
    if (x < bounds[b]!) bounds[b] = x;
    if (y < bounds[b + 1]!) bounds[b + 1] = y;
    if (z < bounds[b + 2]!) bounds[b + 2] = z;
    if (x > bounds[b + 3]!) bounds[b + 3] = x;
    if (y > bounds[b + 4]!) bounds[b + 4] = y;
    if (z > bounds[b + 5]!) bounds[b + 5] = z;
  }
  const next = new Int32Array(9);
  let sum = start;
  for (let s = 0; s < 9; s += 1) {
    next[s] = sum;
    sum += counts[s]!;
  }
  const firsts = Array.from(next);
  for (let j = 0; j < n; j += 1) {
    const s = slot[j]!;
    scratch[next[s]!] = order[start + j]!;
    next[s]! += 1;
  }
  order.set(scratch.subarray(start, end), start);
  return { counts, firsts, bounds };
}

/** Points in memory: float32 x, y, z (relative to the tileset's origin) and 8-bit sRGB colours. */
export interface TilePoints {
  positions: Float32Array;
  colors: Uint8Array;
  count: number;
}

/** An octree cell: its centre, half edge and depth (0: the root). */
export interface TileCell {
  centre: number[];
  half: number;
  depth: number;
}

/** A tile's box around points of bounds lo..hi (at least 1 mm thick). */
export function boundingVolumeOf(lo: ArrayLike<number>, hi: ArrayLike<number>) {
  const box = [0, 1, 2].map((k) => ((lo[k] as number) + (hi[k] as number)) / 2);
  const halves = [0, 1, 2].map((k) => Math.max(((hi[k] as number) - (lo[k] as number)) / 2, 0.001));
  return { box: [...box, halves[0]!, 0, 0, 0, halves[1]!, 0, 0, 0, halves[2]!] };
}

/** The root cell: a cube around the cloud's bounds. */
export function rootCell(min: ArrayLike<number>, max: ArrayLike<number>): TileCell {
  const centre = [0, 1, 2].map((k) => ((min[k] as number) + (max[k] as number)) / 2);
  const half =
    Math.max(...[0, 1, 2].map((k) => ((max[k] as number) - (min[k] as number)) / 2), 0.01) * 1.0001;
  return { centre, half, depth: 0 };
}

/** Centre of a cell's child in `octant` (bit 0: x, bit 1: y, bit 2: z above the centre). */
export const childCentre = (cell: TileCell, octant: number) =>
  [0, 1, 2].map((k) => cell.centre[k]! + ((octant >> k) & 1 ? cell.half / 2 : -cell.half / 2));

/** geometricError of an inner tile of `own` points in a cell of `half`: twice its point spacing. */
export const innerError = (half: number, own: number) => 2 * ((2 * half) / Math.sqrt(Math.max(1, own)));

/**
 * The tile files of one tileset: .glb content goes to the writer thread (at most WRITES_IN_FLIGHT
 * waiting), `onProgress` gets the points written so far, `files` the names in the order tiles were made.
 */
export class TileOutput {
  readonly files: string[] = [];
  private readonly writer = tileWriter();
  private readonly writes = new Set<Promise<void>>();
  private failure: Error | undefined;
  private written = 0;

  constructor(
    readonly outputDir: string,
    private readonly onProgress?: (done: number) => void,
  ) {}

  /** Writes the points order[start..end) of `points` (all of them without `order`) as the tile `name`. */
  async write(name: string, points: TilePoints, order: Uint32Array | null, start: number, end: number) {
    const n = end - start;
    const { xyz, rgb } = tileArrays(
      order ?? Uint32Array.from({ length: end }, (_, i) => i),
      points.positions,
      points.colors,
      start,
      end,
    );
    const file = `${name}.glb`;
    const write: Promise<void> = this.writer.write(path.join(this.outputDir, file), name, xyz, rgb).then(
      () => {
        this.writes.delete(write);
        this.written += n;
        this.onProgress?.(this.written);
      },
      (error: Error) => {
        this.writes.delete(write);
        this.failure ??= error;
      },
    );
    this.writes.add(write);
    if (this.writes.size >= WRITES_IN_FLIGHT) await Promise.race(this.writes);
    if (this.failure) throw this.failure;
    this.files.push(file);
    return file;
  }

  /** Waits for every tile to be on disk; throws the first write's failure. */
  async flush(): Promise<void> {
    await Promise.all(this.writes);
    if (this.failure) throw this.failure;
  }

  close = () => this.writer.close();
}

/**
 * Tiles all `points` as the subtree of `cell` named `name`: a leaf when they are few enough, else a
 * tile of a hash-picked share of them with children by octant. lo/hi: the points' bounds.
 */
export async function tileCell(
  points: TilePoints,
  output: TileOutput,
  name: string,
  cell: TileCell,
  bounds: { lo: number[]; hi: number[] },
  pointsPerTile: number,
  work?: { order: Uint32Array; scratch: Uint32Array },
): Promise<TileJson> {
  const { positions, count } = points;
  // Working arrays of the caller's (reused from cell to cell out of core) when large enough.
  const reuse = work && work.order.length >= count;
  const order = reuse ? work.order.subarray(0, count) : new Uint32Array(count);
  for (let i = 0; i < count; i += 1) order[i] = i;
  const scratch = reuse ? work.scratch.subarray(0, count) : new Uint32Array(count);

  /** A tile of the points order[start..end) in the octree cell (centre, half); lo/hi: their bounds. */
  const tile = async (
    name: string,
    [start, end]: [number, number],
    { centre, half, depth }: TileCell,
    { lo, hi }: { lo: number[]; hi: number[] },
  ): Promise<TileJson> => {
    const n = end - start;
    const boundingVolume = boundingVolumeOf(lo, hi);
    if (n <= pointsPerTile || depth >= MAX_DEPTH || half < 0.001) {
      const uri = await output.write(name, points, order, start, end);
      return { boundingVolume, geometricError: 0, content: { uri } };
    }
    // The tile's own points first, then its children's points by octant (a counting sort through
    // `scratch`), so each child is a contiguous range of `order`.
    const keep = Math.min(pointsPerTile * SAMPLE_FRACTION, n) / n;
    const part = partition(order, scratch, positions, [start, end], centre, keep, depth);
    const ownEnd = start + part.counts[0]!;
    const children: TileJson[] = [];
    for (let octant = 0; octant < 8; octant += 1) {
      const from = part.firsts[octant + 1]!;
      const to = from + part.counts[octant + 1]!;
      if (to === from) continue;
      const b = (octant + 1) * 6;
      const box = {
        lo: Array.from(part.bounds.subarray(b, b + 3)),
        hi: Array.from(part.bounds.subarray(b + 3, b + 6)),
      };
      const child = {
        centre: childCentre({ centre, half, depth }, octant),
        half: half / 2,
        depth: depth + 1,
      };
      children.push(await tile(`${name}-${octant}`, [from, to], child, box));
    }
    const content = { uri: await output.write(name, points, order, start, ownEnd) };
    return { boundingVolume, geometricError: innerError(half, part.counts[0]!), content, children };
  };
  return tile(name, [0, count], cell, bounds);
}

/** Writes tileset.json: the root refines by adding, its transform moves `origin` back into place. */
export async function writeTilesetJson(outputDir: string, root: TileJson, origin: number[], half: number) {
  root.refine = 'ADD';
  root.transform = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, origin[0]!, origin[1]!, origin[2]!, 1];
  const tileset = {
    asset: { version: '1.1', generator: 'Measure Cloud scan engine' },
    geometricError: Math.max(root.geometricError * 2, half),
    root,
  };
  await writeFile(path.join(outputDir, 'tileset.json'), JSON.stringify(tileset));
}

/** Tiles a cloud held in memory (the in-memory path; out-of-core.ts tiles larger clouds). */
export async function writeTileset(
  store: PointStore,
  outputDir: string,
  options: { pointsPerTile: number; onProgress?: (done: number) => void },
): Promise<TilingResult> {
  const output = new TileOutput(outputDir, options.onProgress);
  const cell = rootCell(store.min, store.max);
  let root: TileJson;
  try {
    const bounds = { lo: [...store.min], hi: [...store.max] };
    root = await tileCell(store, output, 't-0', cell, bounds, options.pointsPerTile);
    await output.flush();
  } finally {
    await output.close();
  }
  await writeTilesetJson(outputDir, root, store.origin ?? [0, 0, 0], cell.half);
  return { files: ['tileset.json', ...output.files], tiles: output.files.length };
}
