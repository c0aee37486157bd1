import type pg from 'pg';
import type { Database } from './client.ts';

/**
 * What the app needs of a database: the Drizzle instance, its pool (readiness pings, jobs) and the
 * pool for named statements that run one generic plan (see `createDatabaseClient`).
 */
export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  genericPlans: pg.Pool;
}

/** The database or an open transaction: repositories accept either, so services can group writes. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
