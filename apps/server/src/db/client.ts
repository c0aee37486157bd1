/** Connection pool and Drizzle instance for one PostgreSQL database. */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export function createDatabaseClient(connectionString: string, options: { max?: number } = {}) {
  // PostgreSQL's own plan choice: a one-off statement with parameters is planned for its values.
  // Analysis aggregates depend on them (a year's rollup rows against a week's): planned blind, a
  // generic plan nested-looped over thousands of rows and took three times as long.
  const pool = newPool(connectionString, options.max ?? 10, []);
  // Named (prepared) statements such as the project page use one generic plan: their optional
  // filters ("$2 is null or ...") kept PostgreSQL re-planning every execution (~0.25 ms each).
  // No connection opens until one of them runs.
  const genericPlans = newPool(connectionString, Math.min(options.max ?? 10, 4), [
    '-c plan_cache_mode=force_generic_plan',
  ]);
  const db = drizzle(pool, { schema });
  let closing: Promise<void> | undefined;
  // pool.end() throws when called twice, so close() is memoised.
  const close = async (): Promise<void> => {
    await Promise.all([pool.end(), genericPlans.end()]);
  };
  return { db, pool, genericPlans, close: (): Promise<void> => (closing ??= close()) };
}

function newPool(connectionString: string, max: number, settings: string[]): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    ...(settings.length ? { options: settings.join(' ') } : {}),
  });
  // An idle client losing its connection (server restart) emits 'error' on the pool, and an
  // unhandled 'error' event would crash the process; the next query simply gets a new connection.
  pool.on('error', () => {});
  // The same for a client whose connection drops while checked out: its query fails, nothing crashes.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

export type Database = ReturnType<typeof createDatabaseClient>['db'];

/** SELECT 1 with a 2 s limit, for readiness checks; never throws. */
export async function pingDatabase(pool: pg.Pool): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), 2_000);
  });
  const query = pool.query('SELECT 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
