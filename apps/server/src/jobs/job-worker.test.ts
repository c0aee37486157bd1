import type { FastifyBaseLogger } from 'fastify';
import { makeWorkerUtils, type WorkerUtils } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { createDatabaseClient } from '../db/client.ts';
import { startJobWorker, stopJobWorker } from './job-worker.ts';

const warnings: string[] = [];
const log = {
  debug: () => {},
  info: () => {},
  error: () => {},
  warn: (_meta: unknown, message: string) => void warnings.push(message),
} as unknown as FastifyBaseLogger;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let client: ReturnType<typeof createDatabaseClient>;
let utils: WorkerUtils;

beforeAll(async () => {
  database = await createTestDatabase();
  client = createDatabaseClient(database.connectionString, { max: 6 });
  utils = await makeWorkerUtils({ pgPool: client.pool });
});
afterAll(async () => {
  await utils.release();
  await client.close();
  await database.drop();
});

/** A task that signals its start and finishes only when told (or never). */
function slowTask() {
  let started: () => void = () => {};
  let finish: () => void = () => {};
  const startedPromise = new Promise<void>((resolve) => (started = resolve));
  const finishPromise = new Promise<void>((resolve) => (finish = resolve));
  let runs = 0;
  return {
    task: async () => {
      runs += 1;
      started();
      await finishPromise;
    },
    started: startedPromise,
    finish,
    runs: () => runs,
  };
}

const jobRow = async (id: string) =>
  (
    await client.pool.query<{ attempts: number; locked_by: string | null; last_error: string | null }>(
      'SELECT attempts, locked_by, last_error FROM graphile_worker.jobs WHERE id = $1',
      [id],
    )
  ).rows[0];

describe('stopping the job worker on drain', () => {
  it('lets a running job finish within the grace time, its completion written before the stop ends', async () => {
    const slow = slowTask();
    const runner = await startJobWorker(
      client.pool,
      { tasks: { 'test:finishes': slow.task }, crontab: '' },
      log,
    );
    const job = await utils.addJob('test:finishes', {});
    await slow.started;
    const stopped = stopJobWorker(runner, 10_000, log);
    slow.finish();
    await stopped;
    expect(await jobRow(job.id)).toBeUndefined();
    expect(slow.runs()).toBe(1);
  });

  it('hands a job that does not finish back to the queue, where another worker runs it', async () => {
    const stuck = slowTask();
    const runner = await startJobWorker(
      client.pool,
      { tasks: { 'test:stuck': stuck.task }, crontab: '' },
      log,
    );
    const job = await utils.addJob('test:stuck', {}, { maxAttempts: 5 });
    await stuck.started;
    warnings.length = 0;
    await stopJobWorker(runner, 100, log);
    expect(warnings).toContain('running jobs did not finish in time: handed back to the queue');
    const handedBack = await jobRow(job.id);
    expect(handedBack).toMatchObject({ attempts: 1, locked_by: null });
    expect(handedBack?.last_error).not.toBeNull();

    // Another instance's worker takes it (after graphile-worker's retry delay, skipped here).
    await client.pool.query('UPDATE graphile_worker._private_jobs SET run_at = now() WHERE id = $1', [
      job.id,
    ]);
    const again = slowTask();
    again.finish();
    const other = await startJobWorker(
      client.pool,
      { tasks: { 'test:stuck': again.task }, crontab: '' },
      log,
    );
    await again.started;
    await stopJobWorker(other, 10_000, log);
    expect(again.runs()).toBe(1);
    expect(await jobRow(job.id)).toBeUndefined();
    stuck.finish();
  });
});
