/** Builds the template database every test database is cloned from: migrated and demo-seeded. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDatabaseClient } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { seedDatabase } from '../src/demo/seed.ts';
import { PasswordHasher } from '../src/modules/auth/password-hasher.ts';

export const TEMPLATE_DATABASE = 'mc_template';

/**
 * Tests hash with a small scrypt cost so hundreds of sign-ins stay fast; the format records the
 * cost, and production hashes always use OWASP's N=2^17 (password-hasher.test.ts checks that).
 */
export const TEST_PASSWORD_HASH_LOG_N = 10;

export async function prepareTemplate(url: string): Promise<void> {
  const client = createDatabaseClient(url, { max: 4 });
  // The demo plan file lands here and is dropped: each test app has its own empty DATA_DIR.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-template-data-'));
  try {
    await runMigrations(client.db);
    await seedDatabase(client.db, new PasswordHasher(TEST_PASSWORD_HASH_LOG_N), {
      demo: true,
      adminEmail: undefined,
      adminPassword: undefined,
      dataDir,
    });
  } finally {
    // No connection may stay open on the template, or cloning it fails.
    await client.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
