import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ObjectStore } from '../../core/storage/object-store.ts';
import type { Database } from '../../db/client.ts';
import type { DeviceFileStore } from '../results/device-file-store.ts';
import { FILE_KIND_LIMITS } from '../results/device-files-service.ts';
import { queueHouseholdRefresh } from '../reports/report-queue.ts';
import type { ResultsService } from '../results/results-service.ts';
import { TasksRepository } from '../tasks/tasks-repository.ts';
import { type ProcessCloudResult, type ScanEngine, ScanInputError } from './engine/engine-types.ts';
import { storeCloudOutputs } from './scan-derived-site.ts';
import { raiseScanEvent } from './scan-events.ts';
import { ScanOutputStore } from './scan-output-store.ts';
import { GRADE_COLORS, scanItemsOf } from './scan-standard.ts';
import { type ScanRecord, ScansRepository } from './scans-repository.ts';

/** What the `scans:process` job is given (graphile-worker payload). */
export interface ScanJobPayload {
  companyId: string;
  scanId: string;
}

export const isScanJobPayload = (value: unknown): value is ScanJobPayload =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ScanJobPayload).companyId === 'string' &&
  typeof (value as ScanJobPayload).scanId === 'string';

/** Progress is written (and raised) at most this often. */
const PROGRESS_EVERY_MS = 1_000;

/** The job's attempt, as graphile-worker counts it: the last one fails the scan instead of retrying. */
export interface JobAttempt {
  attempts: number;
  maxAttempts: number;
}

/**
 * The `scans:process` job: reads the original from the device file store, lets the engine tile and
 * measure a cloud (or check a model) in its worker thread, puts the outputs under
 * `scans/<companyId>/<scanId>/` and marks the scan ready with its surfaces (and a derived site) in one
 * transaction. Bad input (ScanInputError) fails the scan with its translated reason; anything else is
 * retried as jobs are, and the last attempt fails it as unreadable.
 */
export class ScanProcessor {
  private readonly outputs: ScanOutputStore;

  constructor(
    private readonly deps: {
      db: Database;
      objects: ObjectStore;
      deviceFiles: DeviceFileStore;
      results: ResultsService;
      /** The engine (its worker thread starts on first use). */
      engine: () => Promise<ScanEngine>;
      log: FastifyBaseLogger;
    },
  ) {
    this.outputs = new ScanOutputStore(deps.objects);
  }

  async run(payload: ScanJobPayload, attempt: JobAttempt = { attempts: 1, maxAttempts: 1 }): Promise<void> {
    const scan = await new ScansRepository(this.deps.db).find(payload.companyId, payload.scanId);
    if (!scan || scan.status === 'ready' || scan.status === 'failed') return;
    await this.move(scan, { status: 'processing', progress: 0 });
    const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-scan-'));
    try {
      await this.process(scan, workDir);
    } catch (error) {
      if (error instanceof ScanInputError) {
        await this.fail(scan, error.messageKey, error.params);
        return;
      }
      this.deps.log.error({ err: error, scanId: scan.id, attempt }, 'scan processing failed');
      if (attempt.attempts < attempt.maxAttempts) throw error;
      const detail = error instanceof Error ? error.message.slice(0, 200) : String(error);
      await this.fail(scan, 'scans.error.unreadable', { detail });
    } finally {
      await fs.rm(workDir, { recursive: true, force: true });
    }
  }

  private async process(scan: ScanRecord, workDir: string): Promise<void> {
    const key = this.deps.deviceFiles.keyOf(scan.fileId);
    // The size first: an S3 object is copied to a local file before reading, and must not be huge.
    const stat = await this.deps.objects.stat(key);
    if (!stat) throw new ScanInputError('scans.error.fileGone');
    const limit = FILE_KIND_LIMITS[scan.kind === 'model' ? 'model' : 'pointcloud'];
    if (stat.size > limit)
      throw new ScanInputError('scans.error.unreadable', { detail: `${stat.size} bytes` });
    const engine = await this.deps.engine();
    const progress = this.progressWriter(scan);
    try {
      await this.outputs.removeAll(scan.companyId, scan.id);
      await this.convert(scan, key, engine, workDir, progress);
    } finally {
      // No progress write may land after the scan is ready or failed.
      await progress.settled();
    }
  }

  private async convert(
    scan: ScanRecord,
    key: string,
    engine: ScanEngine,
    workDir: string,
    progress: ReturnType<ScanProcessor['progressWriter']>,
  ): Promise<void> {
    if (scan.kind === 'model') {
      const model = await this.deps.objects.withLocalFile(key, (inputPath) =>
        engine.checkModel({ inputPath, workDir }),
      );
      const modelKey = await this.outputs.putModel(scan.companyId, scan.id, model.glbPath);
      await progress.settled();
      await this.ready(scan, { format: model.format, modelKey, bounds: model.bounds, points: null });
      return;
    }
    const task = await new TasksRepository(this.deps.db).find(scan.companyId, scan.taskId);
    if (!task) throw new ScanInputError('scans.error.fileGone');
    const items = scanItemsOf(task.standard.Items);
    const outputDir = path.join(workDir, 'tiles');
    await fs.mkdir(outputDir);
    const cloud = await this.deps.objects.withLocalFile(key, (inputPath) =>
      engine.processPointCloud({
        inputPath,
        outputDir,
        siteScan: scan.pointIndex !== null,
        flatness: items.flatness,
        verticality: items.verticality,
        colors: GRADE_COLORS,
        onProgress: progress.report,
      }),
    );
    const tilesKey = await this.outputs.putTiles(scan.companyId, scan.id, outputDir, cloud.files);
    await progress.settled();
    await this.ready(
      scan,
      { format: cloud.format, tilesKey, bounds: cloud.bounds, points: cloud.points },
      cloud,
    );
  }

  /** Writes progress at most once a second (each write raises `scan`), never two at a time. */
  private progressWriter(scan: ScanRecord) {
    let last = 0;
    let pending: Promise<void> = Promise.resolve();
    return {
      report: (percent: number) => {
        const now = Date.now();
        if (now - last < PROGRESS_EVERY_MS) return;
        last = now;
        const value = Math.max(0, Math.min(99, Math.round(percent)));
        pending = pending
          .then(() => this.move(scan, { status: 'processing', progress: value }))
          .catch((error: unknown) => this.deps.log.warn({ err: error, scanId: scan.id }, 'scan progress'));
      },
      settled: () => pending,
    };
  }

  private async ready(
    scan: ScanRecord,
    change: Pick<ScanRecord, 'format' | 'bounds' | 'points'> & { tilesKey?: string; modelKey?: string },
    cloud?: ProcessCloudResult,
  ): Promise<void> {
    const kept = await this.deps.db.transaction(async (tx) => {
      const repository = new ScansRepository(tx);
      const current = await repository.find(scan.companyId, scan.id, true);
      if (!current) return false;
      if (cloud) {
        const task = await new TasksRepository(tx).find(scan.companyId, scan.taskId);
        const flatness = task ? scanItemsOf(task.standard.Items).flatness : null;
        await storeCloudOutputs(tx, this.deps.results, current, flatness, cloud);
      }
      await repository.update(scan.companyId, scan.id, {
        ...change,
        status: 'ready',
        progress: 100,
        errorKey: null,
        errorParams: null,
      });
      await raiseScanEvent(tx, scan.companyId, { ...scan, status: 'ready', progress: 100 });
      // The household's report draws its ready scans: it follows them.
      await queueHouseholdRefresh(tx, scan.companyId, scan.taskId);
      return true;
    });
    // Deleted while it was processed: the outputs just put go too.
    if (!kept) await this.outputs.removeAll(scan.companyId, scan.id);
  }

  private async fail(scan: ScanRecord, key: string, params: Record<string, string | number>) {
    await this.outputs.removeAll(scan.companyId, scan.id);
    await this.move(scan, { status: 'failed', progress: 0, errorKey: key, errorParams: params });
  }

  /** One change of the scan's row and its `scan` event, in one transaction. */
  private async move(
    scan: ScanRecord,
    change: Pick<ScanRecord, 'status' | 'progress'> & Partial<Pick<ScanRecord, 'errorKey' | 'errorParams'>>,
  ): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await new ScansRepository(tx).update(scan.companyId, scan.id, change);
      await raiseScanEvent(tx, scan.companyId, { ...scan, ...change });
    });
  }
}
