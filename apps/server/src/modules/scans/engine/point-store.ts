import { SCAN_LIMITS } from '@measure/contract/routes/scans';
import type { CloudChunk, CloudInfo, CloudSink } from './cloud-reader.ts';
import { type Point3, ScanInputError } from './engine-types.ts';

/** Colour of points whose file has none. */
export const NEUTRAL_GREY = 180;

/** Widens the bounds min..max to hold (x, y, z). */
export function widen(min: Point3, max: Point3, x: number, y: number, z: number): void {
  if (x < min[0]) min[0] = x;
  if (x > max[0]) max[0] = x;
  if (y < min[1]) min[1] = y;
  if (y > max[1]) max[1] = y;
  if (z < min[2]) min[2] = z;
  if (z > max[2]) max[2] = z;
}

/** The cloud is to be processed out of core (out-of-core.ts): thrown before anything is allocated. */
export class TooLargeForMemory extends Error {}

/**
 * A cloud in memory, 15 bytes a point: float32 x, y, z relative to `origin` (the first point read,
 * whole metres, so float32 keeps sub-millimetre precision within kilometres of it, even for LAS files
 * in projected coordinates) and 8-bit r, g, b. Points with a non-finite coordinate are counted, not kept.
 */
export class PointStore implements CloudSink {
  origin: Point3 | null = null;
  positions = new Float32Array(0);
  colors = new Uint8Array(0);
  count = 0;
  nonFinite = 0;
  hasColor = false;
  progress?: (bytesRead: number, fileSize: number) => void;
  readonly min: Point3 = [Infinity, Infinity, Infinity];
  readonly max: Point3 = [-Infinity, -Infinity, -Infinity];

  /** memoryMax: a cloud declaring more (and at most maxPoints) throws TooLargeForMemory at start. */
  constructor(
    private readonly maxPoints: number = SCAN_LIMITS.maxPoints,
    private readonly memoryMax: number = Infinity,
  ) {}

  start(info: CloudInfo): void {
    if (info.declaredPoints > this.maxPoints)
      throw new ScanInputError('scans.error.tooManyPoints', { max: this.maxPoints });
    if (info.declaredPoints > this.memoryMax) throw new TooLargeForMemory();
    this.hasColor = info.hasColor;
    this.grow(info.declaredPoints);
  }

  private grow(capacity: number): void {
    if (capacity <= this.positions.length / 3) return;
    const positions = new Float32Array(capacity * 3);
    positions.set(this.positions.subarray(0, this.count * 3));
    const colors = new Uint8Array(capacity * 3);
    colors.set(this.colors.subarray(0, this.count * 3));
    this.positions = positions;
    this.colors = colors;
  }

  chunk({ count, xyz, rgb }: CloudChunk): void {
    if (this.count + count > this.maxPoints)
      throw new ScanInputError('scans.error.tooManyPoints', { max: this.maxPoints });
    if (this.count + count > this.positions.length / 3) this.grow(Math.max(1024, (this.count + count) * 2));
    const { positions, colors, min, max } = this;
    for (let i = 0; i < count; i += 1) {
      const x = xyz[i * 3] as number;
      const y = xyz[i * 3 + 1] as number;
      const z = xyz[i * 3 + 2] as number;
      if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) {
        this.nonFinite += 1;
        continue;
      }
      this.origin ??= [Math.round(x), Math.round(y), Math.round(z)];
      const at = this.count * 3;
      const lx = x - this.origin[0];
      const ly = y - this.origin[1];
      const lz = z - this.origin[2];
      positions[at] = lx;
      positions[at + 1] = ly;
      positions[at + 2] = lz;
      widen(min, max, lx, ly, lz);
      if (rgb) {
        colors[at] = rgb[i * 3] as number;
        colors[at + 1] = rgb[i * 3 + 1] as number;
        colors[at + 2] = rgb[i * 3 + 2] as number;
      } else colors.fill(NEUTRAL_GREY, at, at + 3);
      this.count += 1;
    }
  }

  /** Throws for a cloud with non-finite coordinates or without points. */
  assertUsable(): void {
    if (this.nonFinite > 0) throw new ScanInputError('scans.error.nanCoordinates', { count: this.nonFinite });
    if (this.count === 0) throw new ScanInputError('scans.error.noPoints');
  }

  /** Bounds in the scan's frame (absolute). */
  bounds(): { min: Point3; max: Point3 } {
    const o = this.origin ?? [0, 0, 0];
    return {
      min: [this.min[0] + o[0], this.min[1] + o[1], this.min[2] + o[2]],
      max: [this.max[0] + o[0], this.max[1] + o[1], this.max[2] + o[2]],
    };
  }
}
