import { LocalObjectStore } from '../src/core/storage/local-object-store.ts';
import type { ObjectStore } from '../src/core/storage/object-store.ts';
import { DeviceFileStore } from '../src/modules/results/device-file-store.ts';
import { ResultsService } from '../src/modules/results/results-service.ts';
import type { ScanEngine } from '../src/modules/scans/engine/engine-types.ts';
import { ScanProcessor } from '../src/modules/scans/scan-job.ts';
import type { TestApp } from './app.ts';
import { runJobsOnce } from './task-factories.ts';

const silent = { warn: () => {}, info: () => {}, error: () => {}, debug: () => {} };

/**
 * The `scans:process` job as the server builds it, on the test app's database and DATA_DIR (or the
 * object store given: the app's S3 bucket).
 */
export function scanProcessor(
  t: TestApp,
  engine: () => Promise<ScanEngine>,
  objects: ObjectStore = new LocalObjectStore(t.config.dataDir),
): ScanProcessor {
  return new ScanProcessor({
    db: t.db,
    objects,
    deviceFiles: new DeviceFileStore(objects),
    results: new ResultsService({ db: t.db }),
    engine,
    log: silent as never,
  });
}

/** Runs the queued jobs once (as the server's worker would), with `processor` for scans. */
export const runScanJobs = (t: TestApp, processor: ScanProcessor) => runJobsOnce(t, { scans: processor });
