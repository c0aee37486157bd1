/**
 * A fresh database per caller, cloned from the migrated template made in global-setup.ts, or with
 * `empty: true` a database with nothing in it (a restore's target).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { TEMPLATE_DATABASE } from './template.ts';

export async function createTestDatabase(
  options: { empty?: boolean } = {},
): Promise<{ connectionString: string; drop(): Promise<void> }> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `mc_test_${randomBytes(8).toString('hex')}`;
  await withAdmin(adminUrl, async (client) => {
    // Cloning fails while anything (e.g. autovacuum) is connected to the template: retry briefly.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(
          `CREATE DATABASE "${name}" TEMPLATE ${options.empty ? 'template0' : TEMPLATE_DATABASE}`,
        );
        return;
      } catch (err) {
        if (attempt >= 10 || (err as { code?: string }).code !== '55006') throw err; // 55006: object_in_use
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropping: Promise<void> | undefined;
  return {
    connectionString: url.toString(),
    // WITH (FORCE) terminates the connections still open on it (PostgreSQL 13+).
    drop: () =>
      (dropping ??= withAdmin(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      )),
  };
}

async function withAdmin(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
