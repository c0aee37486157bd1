import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { checkRollups } from '../modules/results/rollup-check.ts';
import type { JobDefinitions } from './job-worker.ts';

/** Every background job of the product and when the scheduled ones run. */
export function jobDefinitions(db: Database, log: FastifyBaseLogger): JobDefinitions {
  return {
    tasks: {
      'results:checkRollups': async () => {
        await checkRollups(db, log);
      },
    },
    // Every night at 03:00 (server time): rollups recomputed from the readings, differences logged.
    crontab: '0 3 * * * results:checkRollups\n',
  };
}
