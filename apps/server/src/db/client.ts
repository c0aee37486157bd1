/** Connection pool and Drizzle instance for one PostgreSQL database. */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export function createDatabaseClient(connectionString: string, options: { max?: number } = {}) {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    // Named (prepared) statements such as the project page use one generic plan: their optional
    // filters ("$2 is null or ...") kept PostgreSQL re-planning every execution (~0.25 ms each).
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // An idle client losing its connection (server restart) emits 'error' on the pool, and an
  // unhandled 'error' event would crash the process; the next query simply gets a new connection.
  pool.on('error', () => {});
  // The same for a client whose connection drops while checked out: its query fails, nothing crashes.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema });
  let closing: Promise<void> | undefined;
  // pool.end() throws when called twice, so close() is memoised.
  return { db, pool, close: (): Promise<void> => (closing ??= pool.end()) };
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
