import type { FastifyBaseLogger } from 'fastify';
import { EventEmitter } from 'node:events';
import { Logger, run, type Runner, type TaskList, type WorkerEvents, type WorkerPool } from 'graphile-worker';
import type pg from 'pg';

/**
 * Background jobs on PostgreSQL (graphile-worker): tasks by name, and their schedule. A request
 * never waits on a job; CPU-heavy jobs hand their work to worker threads.
 */
export interface JobDefinitions {
  tasks: TaskList;
  /** graphile-worker crontab lines (`min hour dom month dow task`). */
  crontab: string;
}

/** graphile-worker's log lines through the app's pino logger. */
function workerLogger(log: FastifyBaseLogger): Logger {
  return new Logger(() => (level, message, meta) => {
    const method =
      level === 'error' ? 'error' : level === 'warning' ? 'warn' : level === 'debug' ? 'debug' : 'info';
    log[method]({ component: 'jobs', ...meta }, message);
  });
}

/** Starts the worker (installs its schema on first start); stop it with `runner.stop()`. */
export async function startJobWorker(
  pool: pg.Pool,
  jobs: JobDefinitions,
  log: FastifyBaseLogger,
): Promise<Runner> {
  // The worker pool is what can fail running jobs back to the queue (stopJobWorker).
  const events: WorkerEvents = new EventEmitter();
  let workers: WorkerPool | undefined;
  events.on('pool:create', ({ workerPool }) => (workers = workerPool));
  const runner = await run({
    events,
    pgPool: pool,
    taskList: jobs.tasks,
    crontab: jobs.crontab,
    concurrency: 2,
    noHandleSignals: true,
    pollInterval: 2000,
    logger: workerLogger(log),
    // Completions and failures go through graphile-worker's batcher (delay 0: at once), which its
    // stop waits for; unbatched, a job finished just before a stop could stay locked (drain).
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
  });
  if (workers) pools.set(runner, workers);
  return runner;
}

const pools = new WeakMap<Runner, WorkerPool>();

/**
 * Stops the worker on drain: no new jobs; running ones get `graceMs` to finish, then
 * graphile-worker's forceful stop fails them back to the queue (lock released, attempt counted), so
 * another instance runs them again after the retry delay.
 */
export async function stopJobWorker(runner: Runner, graceMs: number, log: FastifyBaseLogger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const graceful = runner.stop().then(
    () => 'stopped' as const,
    (error: unknown) => {
      log.warn({ component: 'jobs', err: error }, 'job worker had stopped already');
      return 'stopped' as const;
    },
  );
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceMs);
  });
  const outcome = await Promise.race([graceful, late]).finally(() => clearTimeout(timer));
  if (outcome === 'late') {
    log.warn({ component: 'jobs' }, 'running jobs did not finish in time: handed back to the queue');
    // runner.kill() does nothing once stop() has begun; the pool's forceful stop fails the jobs.
    await pools.get(runner)?.forcefulShutdown('the instance is stopping (drain)');
  }
}
