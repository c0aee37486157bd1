import type pg from 'pg';
import type { Database } from './client.ts';

/** What the app needs of a database: the Drizzle instance and the pool (readiness pings). */
export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
}

/** The database or an open transaction: repositories accept either, so services can group writes. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
