import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createDatabaseClient } from './client.ts';
import { runMigrations } from './migrate.ts';

/** An empty database (not cloned from the migrated template), dropped afterwards. */
async function withEmptyDatabase(work: (url: string) => Promise<void>): Promise<void> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `mc_migrate_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

describe('runMigrations', () => {
  it('lets several servers migrate one empty database at the same moment', async () => {
    await withEmptyDatabase(async (url) => {
      const clients = [1, 2, 3].map(() => createDatabaseClient(url, { max: 1 }));
      try {
        await Promise.all(clients.map((client) => runMigrations(client.db)));
        const applied = await clients[0]!.pool.query(
          'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
        );
        const files = (await import('node:fs')).readdirSync(new URL('../../drizzle', import.meta.url));
        expect(applied.rows[0].n).toBe(files.filter((file) => file.endsWith('.sql')).length);
      } finally {
        await Promise.all(clients.map((client) => client.close()));
      }
    });
  });
});
