import { runOnce } from 'graphile-worker';
import pg from 'pg';
import { LocalObjectStore } from '../src/core/storage/local-object-store.ts';
import { jobDefinitions } from '../src/jobs/jobs.ts';
import { DeviceFileStore } from '../src/modules/results/device-file-store.ts';
import { ResultsService } from '../src/modules/results/results-service.ts';
import type { ScanEngine } from '../src/modules/scans/engine/engine-types.ts';
import { ScanProcessor } from '../src/modules/scans/scan-job.ts';
import type { TestApp } from './app.ts';

const silent = { warn: () => {}, info: () => {}, error: () => {}, debug: () => {} };

/** The `scans:process` job as the server builds it, on the test app's database and DATA_DIR. */
export function scanProcessor(t: TestApp, engine: () => Promise<ScanEngine>): ScanProcessor {
  const objects = new LocalObjectStore(t.config.dataDir);
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
export async function runScanJobs(t: TestApp, processor: ScanProcessor): Promise<void> {
  const pool = new pg.Pool({ connectionString: t.connectionString, max: 2 });
  try {
    await runOnce({
      pgPool: pool,
      taskList: jobDefinitions(t.db, silent as never, { scans: processor }).tasks,
    });
  } finally {
    await pool.end();
  }
}
