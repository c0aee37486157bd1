/**
 * The out-of-core path of the cloud pipeline (process-cloud.ts takes it above a point count): memory
 * stays bounded whatever the cloud's size.
 * Pass 1 reads the file for its count, bounds, origin and the even-stride sample the surfaces are
 * found on (the same sample as in memory, so the same planes). Pass 2 reads it again, assigns each
 * point its surface and streams it into bucket files below the root (bucket-split.ts), in a temporary
 * directory beside outputDir. Then each cell whose subtree fits `bucketMaxPoints` is gathered into
 * memory, measured (deviations, figures, colours) and tiled by the in-memory tiler; a larger cell
 * writes its reservoir as its own tile and goes on with its children (a bucket too large is split
 * again from its file). Every point is read from disk into exactly one tile and tallied exactly once.
 */
import { mkdtemp, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { type CloudChunk, type CloudInfo, type CloudSink, readCloud } from './cloud-reader.ts';
import type { Point3, ProcessCloudResult } from './engine-types.ts';
import { ScanInputError } from './engine-types.ts';
import { NEUTRAL_GREY, widen } from './point-store.ts';
import { CellSplitter, type MemberPoints, type SplitNode, bucketChunks, pointsOf } from './bucket-split.ts';
import { type SurfacePlan, householdSurfaces, siteSurface } from './surface-finder.ts';
import { SurfaceMeter } from './surface-measure.ts';
import {
  MAX_DEPTH,
  SAMPLE_FRACTION,
  type TileCell,
  type TileJson,
  TileOutput,
  boundingVolumeOf,
  innerError,
  rootCell,
  tileCell,
  writeTilesetJson,
} from './tiler.ts';
import type { CloudJob } from './process-cloud.ts';

/** Points one cell may have to be tiled in memory (about 25 bytes each: 400 MB). */
export const BUCKET_MAX_POINTS = 16_000_000;
const CHUNK = 65_536;

/** Pass 1: count, bounds and origin as PointStore has them, and an even stride of float32 positions. */
class CloudSurvey implements CloudSink {
  origin: Point3 | null = null;
  count = 0;
  nonFinite = 0;
  readonly min: Point3 = [Infinity, Infinity, Infinity];
  readonly max: Point3 = [-Infinity, -Infinity, -Infinity];
  sample = new Float64Array(0);
  step = 1;
  progress?: (bytesRead: number, fileSize: number) => void;

  constructor(
    private readonly maxPoints: number,
    private readonly samplePoints: number,
  ) {}

  start(info: CloudInfo): void {
    if (info.declaredPoints > this.maxPoints)
      throw new ScanInputError('scans.error.tooManyPoints', { max: this.maxPoints });
    // The stride sampleOf (process-cloud.ts) takes on a store of this many points.
    this.step = Math.max(1, Math.ceil(info.declaredPoints / this.samplePoints));
    this.sample = new Float64Array(Math.ceil(info.declaredPoints / this.step) * 3);
  }

  chunk({ count, xyz }: CloudChunk): void {
    if (this.count + count > this.maxPoints)
      throw new ScanInputError('scans.error.tooManyPoints', { max: this.maxPoints });
    const { min, max, sample, step } = this;
    for (let i = 0; i < count; i += 1) {
      const x = xyz[i * 3]!;
      const y = xyz[i * 3 + 1]!;
      const z = xyz[i * 3 + 2]!;
      if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) {
        this.nonFinite += 1;
        continue;
      }
      const o = (this.origin ??= [Math.round(x), Math.round(y), Math.round(z)]);
      const lx = x - o[0];
      const ly = y - o[1];
      const lz = z - o[2];
      widen(min, max, lx, ly, lz);
      const j = this.count % step === 0 ? (this.count / step) * 3 : sample.length;
      if (j < sample.length) {
        sample[j] = Math.fround(lx);
        sample[j + 1] = Math.fround(ly);
        sample[j + 2] = Math.fround(lz);
      }
      this.count += 1;
    }
  }
}

/** Pass 2: float32 positions and colours as PointStore keeps them, each point's surface, into `splitter`. */
class SplitSink implements CloudSink {
  count = 0;
  private readonly slice = pointsOf(CHUNK);
  progress?: (bytesRead: number, fileSize: number) => void;

  constructor(
    private readonly origin: Point3,
    private readonly meter: SurfaceMeter,
    private readonly splitter: CellSplitter,
  ) {}

  start(): void {}

  chunk({ count, xyz, rgb }: CloudChunk): void {
    for (let from = 0; from < count; from += CHUNK) {
      const slice = this.slice;
      const n = Math.min(CHUNK, count - from);
      const [ox, oy, oz] = this.origin;
      for (let i = 0; i < n; i += 1) {
        const k = (from + i) * 3;
        slice.positions[i * 3] = xyz[k]! - ox;
        slice.positions[i * 3 + 1] = xyz[k + 1]! - oy;
        slice.positions[i * 3 + 2] = xyz[k + 2]! - oz;
      }
      if (rgb) slice.colors.set(rgb.subarray(from * 3, (from + n) * 3));
      else slice.colors.fill(NEUTRAL_GREY);
      slice.count = n;
      this.meter.assign(slice.positions, n, slice.member);
      this.splitter.add(slice);
      this.count += n;
    }
  }
}

/** Octree levels a split goes down so that its buckets average a quarter of `bucketMax` (1 to 3). */
const levelsFor = (points: number, bucketMax: number) =>
  Math.min(3, Math.max(1, Math.ceil(Math.log(Math.max(1, (points * 4) / bucketMax)) / Math.log(8))));

/**
 * Arrays reused from one gathered cell to the next (grown as needed, at most to the bucket limit), so
 * memory is that of the largest cell, not of two while the collector catches up.
 */
interface Pool {
  points: MemberPoints | null;
  order: Uint32Array;
  scratch: Uint32Array;
}

interface Tiling {
  pool: Pool;
  meter: SurfaceMeter;
  output: TileOutput;
  dir: string;
  pointsPerTile: number;
  bucketMax: number;
}

/** All points of a split subtree (reservoirs and bucket files, which are removed) in the pool's arrays. */
async function gather(node: SplitNode, t: Tiling): Promise<MemberPoints> {
  const { pool } = t;
  if (!pool.points || pool.points.member.length < node.count) {
    const grown = Math.ceil((pool.points?.member.length ?? 0) * 1.5);
    const capacity = Math.min(Math.max(node.count, grown), t.bucketMax);
    pool.points = null;
    pool.order = pool.scratch = new Uint32Array(0);
    pool.points = pointsOf(Math.max(capacity, node.count));
    pool.order = new Uint32Array(pool.points.member.length);
    pool.scratch = new Uint32Array(pool.points.member.length);
  }
  const all = pool.points;
  all.count = 0;
  const chunk = pointsOf(CHUNK);
  const put = (from: MemberPoints) => {
    all.positions.set(from.positions.subarray(0, from.count * 3), all.count * 3);
    all.colors.set(from.colors.subarray(0, from.count * 3), all.count * 3);
    all.member.set(from.member.subarray(0, from.count), all.count);
    all.count += from.count;
  };
  const visit = async (n: SplitNode) => {
    if (n.reservoir) put(n.reservoir);
    if (n.bucket) {
      for (const slice of bucketChunks(n.bucket.file, n.count, chunk)) put(slice);
      await unlink(n.bucket.file);
    }
    for (const child of n.children) if (child) await visit(child);
  };
  await visit(node);
  if (all.count !== node.count) throw new Error(`cell ${node.name}: ${all.count} of ${node.count} points`);
  return all;
}

/** A bucket's points split again below its cell (the file is removed). */
async function resplit(node: SplitNode, t: Tiling): Promise<SplitNode> {
  const levels = Math.min(levelsFor(node.count, t.bucketMax), MAX_DEPTH - node.cell.depth);
  const keep = Math.max(1, Math.floor(t.pointsPerTile * SAMPLE_FRACTION));
  const splitter = new CellSplitter(node.name, node.cell, levels, keep, t.dir);
  try {
    for (const slice of bucketChunks(node.bucket!.file, node.count, pointsOf(CHUNK))) splitter.add(slice);
  } catch (error) {
    splitter.abandon();
    throw error;
  }
  await unlink(node.bucket!.file);
  return splitter.finish();
}

/** The tiles of a split subtree: in memory when it fits, else its reservoir as a tile and its children. */
async function emit(node: SplitNode, t: Tiling): Promise<TileJson> {
  const small = node.count <= t.bucketMax || node.cell.depth >= MAX_DEPTH || node.cell.half < 0.001;
  if (small) {
    const points = await gather(node, t);
    t.meter.tally(points.positions, points.colors, points.member, points.count);
    const bounds = { lo: Array.from(node.lo), hi: Array.from(node.hi) };
    return tileCell(points, t.output, node.name, node.cell, bounds, t.pointsPerTile, t.pool);
  }
  if (node.bucket) return emit(await resplit(node, t), t);
  const own = node.reservoir!;
  const children: TileJson[] = [];
  for (const child of node.children) if (child) children.push(await emit(child, t));
  t.meter.tally(own.positions, own.colors, own.member, own.count);
  const uri = await t.output.write(node.name, own, null, 0, own.count);
  return {
    boundingVolume: boundingVolumeOf(node.lo, node.hi),
    geometricError: innerError(node.cell.half, own.count),
    content: { uri },
    children,
  };
}

export interface OutOfCoreOptions {
  maxPoints: number;
  pointsPerTile: number;
  bucketMaxPoints: number;
  samplePoints: { site: number; household: number };
}

/** Reads, measures and tiles a cloud of any size with bounded memory (see the file's comment). */
export async function processCloudOutOfCore(
  job: CloudJob,
  options: OutOfCoreOptions,
  progress: (percent: number) => void,
): Promise<ProcessCloudResult> {
  const dir = await mkdtemp(path.join(path.dirname(path.resolve(job.outputDir)), '.cloud-buckets-'));
  try {
    const survey = new CloudSurvey(
      options.maxPoints,
      job.siteScan ? options.samplePoints.site : options.samplePoints.household,
    );
    survey.progress = (read, size) => progress(Math.floor((25 * read) / Math.max(1, size)));
    const info = await readCloud(job.inputPath, survey);
    if (survey.nonFinite > 0)
      throw new ScanInputError('scans.error.nanCoordinates', { count: survey.nonFinite });
    if (survey.count === 0) throw new ScanInputError('scans.error.noPoints');
    progress(25);
    const origin = survey.origin ?? [0, 0, 0];
    const sample = survey.sample.subarray(0, Math.ceil(survey.count / survey.step) * 3);
    const plans: SurfacePlan[] = job.siteScan
      ? [siteSurface(sample, origin)].flatMap((p) => (p ? [p] : []))
      : householdSurfaces(sample);
    const meter = new SurfaceMeter(plans, job, origin);
    const cell: TileCell = rootCell(survey.min, survey.max);
    const keep = Math.max(1, Math.floor(options.pointsPerTile * SAMPLE_FRACTION));
    const levels = levelsFor(survey.count, options.bucketMaxPoints);
    const splitter = new CellSplitter('t-0', cell, levels, keep, dir);
    const sink = new SplitSink(origin, meter, splitter);
    sink.progress = (read, size) => progress(25 + Math.floor((35 * read) / Math.max(1, size)));
    try {
      await readCloud(job.inputPath, sink);
    } catch (error) {
      splitter.abandon();
      throw error;
    }
    const root = splitter.finish();
    if (sink.count !== survey.count)
      throw new ScanInputError('scans.error.unreadable', { detail: 'the file changed while it was read' });
    progress(60);
    meter.begin();
    const total = survey.count;
    const output = new TileOutput(job.outputDir, (done) => progress(60 + Math.floor((40 * done) / total)));
    let tree: TileJson;
    try {
      tree = await emit(root, {
        pool: { points: null, order: new Uint32Array(0), scratch: new Uint32Array(0) },
        meter,
        output,
        dir,
        pointsPerTile: options.pointsPerTile,
        bucketMax: Math.max(options.bucketMaxPoints, options.pointsPerTile * 2),
      });
      await output.flush();
    } finally {
      await output.close();
    }
    await writeTilesetJson(job.outputDir, tree, origin, cell.half);
    progress(100);
    const bounds = {
      min: [0, 1, 2].map((k) => survey.min[k]! + origin[k]!) as Point3,
      max: [0, 1, 2].map((k) => survey.max[k]! + origin[k]!) as Point3,
    };
    return {
      format: info.format,
      points: survey.count,
      bounds,
      surfaces: meter.surfaces(),
      files: ['tileset.json', ...output.files],
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
