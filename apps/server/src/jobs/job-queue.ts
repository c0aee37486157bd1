import { makeWorkerUtils, type WorkerUtils } from 'graphile-worker';
import type pg from 'pg';

/**
 * Adds jobs for the worker (graphile-worker's utilities on the app's pool, made on first use: that
 * also installs the worker's schema, so jobs can be queued where no worker runs, as in tests).
 */
export class JobQueue {
  private utils: Promise<WorkerUtils> | undefined;

  constructor(private readonly pool: pg.Pool) {}

  async add(task: string, payload: object, spec: { maxAttempts?: number; jobKey?: string } = {}) {
    this.utils ??= makeWorkerUtils({ pgPool: this.pool }).catch((error: unknown) => {
      this.utils = undefined;
      throw error;
    });
    await (await this.utils).addJob(task, payload, spec);
  }

  async close(): Promise<void> {
    const utils = this.utils;
    this.utils = undefined;
    if (utils) await (await utils.catch(() => undefined))?.release();
  }
}
