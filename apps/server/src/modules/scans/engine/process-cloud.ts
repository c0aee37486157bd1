/**
 * The point-cloud pipeline, run inside the engine's worker thread (scan-worker.mjs): read (0-50 %),
 * find and measure surfaces (50-60 %), write the tileset (60-100 %). A cloud that declares more than
 * `inMemoryMaxPoints` takes the out-of-core path (out-of-core.ts: two reads, bucket files on disk,
 * bounded memory) instead.
 */
import { SCAN_LIMITS } from '@measure/contract/routes/scans';
import { readCloud } from './cloud-reader.ts';
import type { ProcessCloudInput, ProcessCloudResult } from './engine-types.ts';
import { BUCKET_MAX_POINTS, processCloudOutOfCore } from './out-of-core.ts';
import { PointStore, TooLargeForMemory } from './point-store.ts';
import { householdSurfaces, siteSurface } from './surface-finder.ts';
import { measureSurfaces } from './surface-measure.ts';
import { writeTileset } from './tiler.ts';

/** Points the surfaces are looked for on (an even stride of the cloud). */
const SAMPLE_POINTS = { site: 500_000, household: 150_000 };
/**
 * Clouds of up to this many points are held in memory (one read of the file; about 24 bytes a point
 * on top of some 260 MB of process: the 20,000,000-point bench peaks at 670-740 MB, so 25,000,000
 * stay under 1 GB with room to spare); larger ones go out of core.
 */
export const IN_MEMORY_MAX_POINTS = 25_000_000;

export type CloudJob = Omit<ProcessCloudInput, 'onProgress'> & {
  maxPoints?: number;
  pointsPerTile?: number;
  /** Tests: a low threshold forces the out-of-core path. */
  inMemoryMaxPoints?: number;
  /** Tests: cells of more points are split further out of core. */
  bucketMaxPoints?: number;
};

/** An even-stride sample of the store's points as float64 triples. */
function sampleOf(store: PointStore, most: number): Float64Array {
  const step = Math.max(1, Math.ceil(store.count / most));
  const sample = new Float64Array(Math.ceil(store.count / step) * 3);
  for (let i = 0, j = 0; i < store.count; i += step, j += 1) {
    sample[j * 3] = store.positions[i * 3] as number;
    sample[j * 3 + 1] = store.positions[i * 3 + 1] as number;
    sample[j * 3 + 2] = store.positions[i * 3 + 2] as number;
  }
  return sample;
}

export async function processCloud(
  job: CloudJob,
  progress: (percent: number) => void,
): Promise<ProcessCloudResult> {
  const maxPoints = job.maxPoints ?? SCAN_LIMITS.maxPoints;
  const store = new PointStore(maxPoints, job.inMemoryMaxPoints ?? IN_MEMORY_MAX_POINTS);
  store.progress = (read: number, size: number) => progress(Math.floor((50 * read) / Math.max(1, size)));
  let info;
  try {
    info = await readCloud(job.inputPath, store);
  } catch (error) {
    if (!(error instanceof TooLargeForMemory)) throw error;
    return processCloudOutOfCore(
      job,
      {
        maxPoints,
        pointsPerTile: job.pointsPerTile ?? SCAN_LIMITS.pointsPerTile,
        bucketMaxPoints: job.bucketMaxPoints ?? BUCKET_MAX_POINTS,
        samplePoints: SAMPLE_POINTS,
      },
      progress,
    );
  }
  store.assertUsable();
  progress(50);
  const origin = store.origin ?? [0, 0, 0];
  const plans = job.siteScan
    ? [siteSurface(sampleOf(store, SAMPLE_POINTS.site), origin)].flatMap((p) => (p ? [p] : []))
    : householdSurfaces(sampleOf(store, SAMPLE_POINTS.household));
  const surfaces = measureSurfaces(store, plans, job);
  progress(60);
  const total = store.count;
  const { files } = await writeTileset(store, job.outputDir, {
    pointsPerTile: job.pointsPerTile ?? SCAN_LIMITS.pointsPerTile,
    onProgress: (done) => progress(60 + Math.floor((40 * done) / total)),
  });
  progress(100);
  return { format: info.format, points: store.count, bounds: store.bounds(), surfaces, files };
}
