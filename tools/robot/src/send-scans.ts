import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { ResultSite, WorkPackage } from '@measure/contract';
import type { DeviceClient } from './device-client.ts';
import type { HouseholdGeometry } from './household-rooms.ts';
import {
  explodedBulge,
  geometryOf,
  type HouseholdRef,
  householdScanFiles,
  type ScanSizes,
  siteCloud,
} from './household-scans.ts';
import type { Bulge } from './point-cloud.ts';
import type { SiteToMeasure } from './sites-to-measure.ts';

export interface ScanOptions extends Partial<ScanSizes> {
  /** A wall's own cloud on each site with an exploded reading (default true). */
  siteClouds?: boolean;
}

/** Clouds above this many points go through a temporary file (streamed), not a buffer. */
const IN_MEMORY_POINTS = 1_000_000;

interface Walked {
  ref: HouseholdRef;
  geometry: HouseholdGeometry;
  bulges: Bulge[];
}

/**
 * What the robot scans while it walks a task: the households in walking order with their geometry and
 * the bumps of their exploded readings; a wall's own cloud is uploaded as the site is measured (its
 * FileId goes into the site's `PointCloudFileId`).
 */
export class HouseholdScans {
  readonly walked = new Map<string, Walked>();
  readonly sizes: ScanSizes;

  constructor(
    readonly client: DeviceClient,
    readonly taskId: string,
    private readonly work: WorkPackage,
    readonly options: ScanOptions & { seed: number },
  ) {
    this.sizes = {
      seed: options.seed,
      points: options.points,
      sitePoints: options.sitePoints,
      ceiling: options.ceiling,
    };
  }

  /** Records a measured site; answers the FileId of its own cloud when it shows an exploded reading. */
  async measured(
    site: SiteToMeasure,
    readings: ResultSite['Readings'],
    wallMm: number,
    pointIndex: number,
  ): Promise<string | null> {
    if (site.Household === null) return null; // facade panels are not part of a household's cloud
    const key = `${site.BuildingNumber}/${site.Floor}/${site.Household}`;
    let walked = this.walked.get(key);
    if (!walked) {
      const ref = { BuildingNumber: site.BuildingNumber, Floor: site.Floor, Household: site.Household };
      walked = { ref, geometry: geometryOf(this.work, ref), bulges: [] };
      this.walked.set(key, walked);
    }
    const bulge = explodedBulge(site, readings, wallMm, walked.geometry);
    if (!bulge) return null;
    walked.bulges.push(bulge);
    if (this.options.siteClouds === false) return null;
    return this.client.upload(
      siteCloud(bulge, { ...this.sizes, seed: this.sizes.seed + pointIndex }),
      `site-${pointIndex}.ply`,
      'pointcloud',
    );
  }
}

/** Uploads a cloud: a buffer when small, else through a temporary file read as a stream. */
async function uploadCloud(client: DeviceClient, chunks: Iterable<Buffer>, points: number, fileName: string) {
  if (points <= IN_MEMORY_POINTS) return client.upload(Buffer.concat([...chunks]), fileName, 'pointcloud');
  const dir = await mkdtemp(join(tmpdir(), 'robot-cloud-'));
  try {
    const path = join(dir, fileName);
    await pipeline(Readable.from(chunks), createWriteStream(path));
    return await client.upload(createReadStream(path), fileName, 'pointcloud');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Per household walked: its cloud (PLY) and model (glb) uploaded through tus and registered on the
 * task's Scans route. A retry of a registration sends the same Idempotency-Key (it names the FileId),
 * and the same FileId answers the same ScanId.
 */
export async function sendHouseholdScans(
  scans: HouseholdScans,
  report: { pointcloud: string[]; model: string[]; siteClouds: number },
  log: (line: string) => void,
): Promise<void> {
  for (const [index, walked] of [...scans.walked.values()].entries()) {
    const { ref } = walked;
    const sizes = { ...scans.sizes, seed: scans.sizes.seed + 1000 * (index + 1) };
    const files = await householdScanFiles(walked.geometry, ref, walked.bulges, sizes);
    const stem = `${ref.BuildingNumber}-${ref.Floor}-${ref.Household}`.replace(/[^\w.-]+/g, '_');
    const cloudId = await uploadCloud(scans.client, files.cloudChunks, sizes.points ?? 0, `${stem}.ply`);
    const modelId = await scans.client.upload(Buffer.from(files.model), `${stem}.glb`, 'model');
    const place = { BuildingNumber: ref.BuildingNumber, Floor: ref.Floor, Household: ref.Household };
    for (const [kind, fileId] of [
      ['pointcloud', cloudId],
      ['model', modelId],
    ] as const) {
      const { ScanId } = await scans.client.registerScan(
        scans.taskId,
        {
          FileId: fileId,
          Kind: kind,
          ...place,
          Name: `${ref.BuildingNumber} ${ref.Floor}层 ${ref.Household}户`,
        },
        `${scans.taskId}:scan:${fileId}`,
      );
      report[kind].push(ScanId);
    }
    report.siteClouds += scans.options.siteClouds === false ? 0 : walked.bulges.length;
    log(`${stem}: cloud and model registered, ${walked.bulges.length} bulge(s)`);
  }
}
