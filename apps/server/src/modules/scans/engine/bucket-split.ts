/**
 * The out-of-core tiler's partition step: points streamed through a `CellSplitter` go down `levels`
 * levels of the octree below a cell. Each cell on the way keeps a uniform random sample of the points
 * that reach it (a reservoir of `keep` points: its own tile if its subtree is too large to tile in
 * memory); the rest end in bucket files, one per cell `levels` below, on local disk. Every point is in
 * exactly one reservoir or bucket; each cell counts and bounds the points of its subtree.
 *
 * Records (reservoirs and bucket files): 16 bytes, float32 x, y, z (relative to the store's origin),
 * 8-bit r, g, b and the point's surface (`SurfaceMeter.assign`). The files are this machine's own
 * temporary files, so typed-array views (the platform's byte order) read them back.
 */
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import { type TileCell, type TilePoints, childCentre } from './tiler.ts';

export const RECORD_BYTES = 16;
/** Points buffered per bucket before a write (256 KB). */
const BUFFER_POINTS = 16_384;

/** Points with their surface (`member`, per point). */
export interface MemberPoints extends TilePoints {
  member: Uint8Array;
}

export const pointsOf = (capacity: number): MemberPoints => ({
  positions: new Float32Array(capacity * 3),
  colors: new Uint8Array(capacity * 3),
  member: new Uint8Array(capacity),
  count: 0,
});

/** A cell of the split: its subtree's count and bounds, then a reservoir and children, or a bucket file. */
export interface SplitNode {
  name: string;
  cell: TileCell;
  /** The cell's centre (for the hot loop). */
  centre: Float64Array;
  count: number;
  lo: Float64Array;
  hi: Float64Array;
  /** Inner cells: a uniform sample of at most `keep` of the subtree's points. */
  reservoir: MemberPoints | null;
  children: Array<SplitNode | undefined>;
  /** Cells at the split's last level: the file of all their points. */
  bucket: { file: string; fd: number; buffer: Uint8Array; floats: Float32Array; pending: number } | null;
}

/** Copies point `i` of `from` to point `j` of `to`. */
function copyPoint(from: MemberPoints, i: number, to: MemberPoints, j: number): void {
  to.positions[j * 3] = from.positions[i * 3]!;
  to.positions[j * 3 + 1] = from.positions[i * 3 + 1]!;
  to.positions[j * 3 + 2] = from.positions[i * 3 + 2]!;
  to.colors[j * 3] = from.colors[i * 3]!;
  to.colors[j * 3 + 1] = from.colors[i * 3 + 1]!;
  to.colors[j * 3 + 2] = from.colors[i * 3 + 2]!;
  to.member[j] = from.member[i]!;
}

export class CellSplitter {
  readonly root: SplitNode;
  /** A seeded linear congruential generator's state (the same cloud gives the same tiles). */
  private seed: number;
  /** Points taken out of a reservoir on their way down (two slots: one may be placed while the other is taken). */
  private readonly carry = pointsOf(2);
  private readonly buckets: SplitNode[] = [];

  constructor(
    name: string,
    cell: TileCell,
    private readonly levels: number,
    private readonly keep: number,
    private readonly dir: string,
  ) {
    this.root = this.node(name, cell);
    this.seed = (cell.depth * 7919 + name.length) >>> 0;
  }

  private node(name: string, cell: TileCell): SplitNode {
    return {
      name,
      cell,
      centre: Float64Array.from(cell.centre),
      count: 0,
      lo: Float64Array.of(Infinity, Infinity, Infinity),
      hi: Float64Array.of(-Infinity, -Infinity, -Infinity),
      reservoir: null,
      children: [undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined],
      bucket: null,
    };
  }

  /** Places points 0..count-1 of `points`. */
  add(points: MemberPoints): void {
    const { carry, keep, levels } = this;
    let seed = this.seed;
    for (let i = 0; i < points.count; i += 1) {
      // The point being placed: points[i] until a reservoir swaps it for one it held (then in carry).
      let from = points;
      let at = i;
      let node = this.root;
      for (let level = 0; ; level += 1) {
        // Every point arriving at a cell stays in its subtree: count = arrivals = the subtree's points.
        node.count += 1;
        if (level === levels) {
          this.append(node, from, at);
          break;
        }
        // Reservoir sampling: the n-th point to arrive is kept with probability keep / n, in place
        // of a random kept one, which goes on down instead.
        const reservoir = (node.reservoir ??= pointsOf(keep));
        if (reservoir.count < keep) {
          copyPoint(from, at, reservoir, reservoir.count);
          reservoir.count += 1;
          break;
        }
        seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
        const slot = Math.floor((seed / 4294967296) * node.count);
        if (slot < keep) {
          const free = from === carry && at === 0 ? 1 : 0;
          copyPoint(reservoir, slot, carry, free);
          copyPoint(from, at, reservoir, slot);
          from = carry;
          at = free;
        }
        const centre = node.centre;
        const octant =
          (from.positions[at * 3]! >= centre[0]! ? 1 : 0) |
          (from.positions[at * 3 + 1]! >= centre[1]! ? 2 : 0) |
          (from.positions[at * 3 + 2]! >= centre[2]! ? 4 : 0);
        node = node.children[octant] ?? this.child(node, octant);
      }
    }
    this.seed = seed;
  }

  private child(node: SplitNode, octant: number): SplitNode {
    const { half, depth } = node.cell;
    const cell = { centre: childCentre(node.cell, octant), half: half / 2, depth: depth + 1 };
    return (node.children[octant] = this.node(`${node.name}-${octant}`, cell));
  }

  private append(node: SplitNode, from: MemberPoints, at: number): void {
    if (!node.bucket) {
      const file = path.join(this.dir, `${node.name}.bin`);
      const buffer = new Uint8Array(BUFFER_POINTS * RECORD_BYTES);
      const floats = new Float32Array(buffer.buffer);
      node.bucket = { file, fd: openSync(file, 'w'), buffer, floats, pending: 0 };
      this.buckets.push(node);
    }
    const bucket = node.bucket;
    const x = from.positions[at * 3]!;
    const y = from.positions[at * 3 + 1]!;
    const z = from.positions[at * 3 + 2]!;
    const { lo, hi } = node;
    if (x < lo[0]!) lo[0] = x;
    if (y < lo[1]!) lo[1] = y;
    if (z < lo[2]!) lo[2] = z;
    if (x > hi[0]!) hi[0] = x;
    if (y > hi[1]!) hi[1] = y;
    if (z > hi[2]!) hi[2] = z;
    const b = bucket.pending * RECORD_BYTES;
    const f = bucket.pending * 4;
    bucket.floats[f] = x;
    bucket.floats[f + 1] = y;
    bucket.floats[f + 2] = z;
    bucket.buffer[b + 12] = from.colors[at * 3]!;
    bucket.buffer[b + 13] = from.colors[at * 3 + 1]!;
    bucket.buffer[b + 14] = from.colors[at * 3 + 2]!;
    bucket.buffer[b + 15] = from.member[at]!;
    bucket.pending += 1;
    if (bucket.pending === BUFFER_POINTS) this.flush(node);
  }

  private flush(node: SplitNode): void {
    const bucket = node.bucket!;
    writeSync(bucket.fd, bucket.buffer, 0, bucket.pending * RECORD_BYTES);
    bucket.pending = 0;
  }

  /** Writes what is buffered and closes the bucket files; returns the split's root, bounds set. */
  finish(): SplitNode {
    for (const node of this.buckets) {
      this.flush(node);
      closeSync(node.bucket!.fd);
    }
    boundSubtree(this.root);
    return this.root;
  }

  /** Closes the bucket files after a failure (the caller removes the directory). */
  abandon(): void {
    for (const node of this.buckets)
      try {
        closeSync(node.bucket!.fd);
      } catch {
        // already closed
      }
  }
}

/** An inner cell's bounds: its reservoir's points and its children's bounds (buckets have theirs). */
function boundSubtree(node: SplitNode): void {
  const { lo, hi, reservoir } = node;
  for (let i = 0; i < (reservoir?.count ?? 0); i += 1)
    for (let k = 0; k < 3; k += 1) {
      const v = reservoir!.positions[i * 3 + k]!;
      if (v < lo[k]!) lo[k] = v;
      if (v > hi[k]!) hi[k] = v;
    }
  for (const child of node.children) {
    if (!child) continue;
    boundSubtree(child);
    for (let k = 0; k < 3; k += 1) {
      if (child.lo[k]! < lo[k]!) lo[k] = child.lo[k]!;
      if (child.hi[k]! > hi[k]!) hi[k] = child.hi[k]!;
    }
  }
}

/** The records of a bucket file, `CHUNK` points at a time, decoded into `into` (reused). */
export function* bucketChunks(file: string, total: number, into: MemberPoints) {
  const capacity = into.member.length;
  const bytes = new Uint8Array(capacity * RECORD_BYTES);
  const floats = new Float32Array(bytes.buffer);
  const fd = openSync(file, 'r');
  try {
    for (let done = 0; done < total;) {
      const want = Math.min(capacity, total - done);
      let got = 0;
      while (got < want * RECORD_BYTES) {
        const n = readSync(fd, bytes, got, want * RECORD_BYTES - got, null);
        if (n === 0)
          throw new Error(`bucket ${file} ends after ${done + got / RECORD_BYTES} of ${total} points`);
        got += n;
      }
      for (let i = 0; i < want; i += 1) {
        into.positions[i * 3] = floats[i * 4]!;
        into.positions[i * 3 + 1] = floats[i * 4 + 1]!;
        into.positions[i * 3 + 2] = floats[i * 4 + 2]!;
        into.colors[i * 3] = bytes[i * 16 + 12]!;
        into.colors[i * 3 + 1] = bytes[i * 16 + 13]!;
        into.colors[i * 3 + 2] = bytes[i * 16 + 14]!;
        into.member[i] = bytes[i * 16 + 15]!;
      }
      into.count = want;
      done += want;
      yield into;
    }
  } finally {
    closeSync(fd);
  }
}
