import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase } from './database.ts';
import { queryOnce as query } from './sql.ts';

const dropAll: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(dropAll.map((drop) => drop()));
});

it('gives independent databases that already have the migrated tables', async () => {
  const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  dropAll.push(a.drop, b.drop);
  expect(a.connectionString).not.toBe(b.connectionString);
  for (const db of [a, b]) {
    expect(await query(db.connectionString, "SELECT to_regclass('public.companies') AS t")).toEqual([
      { t: 'companies' },
    ]);
  }
  await query(a.connectionString, 'CREATE TABLE only_in_a (id int)');
  expect(await query(b.connectionString, "SELECT to_regclass('public.only_in_a') AS t")).toEqual([
    { t: null },
  ]);
});

it('drop() removes the database even with connections still open', async () => {
  const db = await createTestDatabase();
  const open = new pg.Client({ connectionString: db.connectionString });
  open.on('error', () => {}); // it gets terminated by drop()
  await open.connect();
  await db.drop();
  await db.drop(); // idempotent
  await expect(query(db.connectionString, 'SELECT 1')).rejects.toThrow(/does not exist/);
});
