import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { openDatabase } from './open-database.ts';

const embeddedStarts = { count: 0 };
const startEmbedded = async (): Promise<never> => {
  embeddedStarts.count += 1;
  throw new Error('the embedded PostgreSQL must not start when DATABASE_URL is set');
};

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-open-db-'));
});
afterAll(async () => fs.rm(dataDir, { recursive: true, force: true }));

describe('openDatabase with DATABASE_URL (several instances share one PostgreSQL)', () => {
  it('uses that database and never starts the embedded one', async () => {
    const database = await createTestDatabase();
    const opened = await openDatabase({
      databaseUrl: database.connectionString,
      dataDir,
      logger: quiet,
      startEmbedded,
    });
    try {
      expect(opened.connectionString).toBe(database.connectionString);
      const answer = await opened.pool.query<{ name: string }>('SELECT current_database() AS name');
      expect(answer.rows[0]?.name).toBe(new URL(database.connectionString).pathname.slice(1));
    } finally {
      await opened.close();
      await database.drop();
    }
    expect(embeddedStarts.count).toBe(0);
    expect(existsSync(path.join(dataDir, 'pg'))).toBe(false);
  });

  it('starts the embedded one only without DATABASE_URL', async () => {
    await expect(openDatabase({ dataDir, logger: quiet, startEmbedded })).rejects.toThrow('must not start');
    expect(embeddedStarts.count).toBe(1);
  });
});
