import type { FastifyBaseLogger } from 'fastify';
import { Logger, run, type Runner, type TaskList } from 'graphile-worker';
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
  return run({
    pgPool: pool,
    taskList: jobs.tasks,
    crontab: jobs.crontab,
    concurrency: 2,
    noHandleSignals: true,
    pollInterval: 2000,
    logger: workerLogger(log),
  });
}
