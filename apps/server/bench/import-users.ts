/**
 * Benchmark (issue 4): import 5,000 users from an in-memory .xlsx through the real API
 * (ImportPreview + ImportCommit) against a fresh embedded PostgreSQL. The bar is under 10 s.
 *
 *   npm run bench
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Envelope, ImportPreview } from '@measure/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabaseClient } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { seedDatabase } from '../src/demo/seed.ts';
import { encodeLoginField } from '../src/modules/auth/login-cipher.ts';
import { PasswordHasher } from '../src/modules/auth/password-hasher.ts';
import { importRows, importWorkbook } from '../test/import-workbook.ts';
import { multipartBody } from '../test/multipart.ts';

const ROWS = 5000;
const LIMIT_MS = 10_000;
const quiet = { info: () => {}, warn: () => {}, error: (message: string) => console.error(message) };

async function main(): Promise<number> {
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-bench-'));
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(tempDir, 'pg'), logger: quiet });
  const client = createDatabaseClient(postgres.connectionString, { max: 10 });
  try {
    await runMigrations(client.db);
    // Demo seed at a low hash cost (like the tests); the import itself hashes at production cost.
    await seedDatabase(client.db, new PasswordHasher(10), {
      demo: true,
      adminEmail: undefined,
      adminPassword: undefined,
      dataDir: tempDir,
    });
    const config = loadConfig({});
    const app = await buildApp(config, { database: client });
    await app.ready();
    try {
      const key = config.loginAesKey;
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/sys/Auth/AuthLogin',
        payload: {
          Email: encodeLoginField('admin@example.com', key),
          Password: encodeLoginField('Admin@123456', key),
        },
      });
      const token = signIn.json<Envelope<string>>().Result;
      const file = await importWorkbook(importRows(ROWS, 'bench'));
      const upload = multipartBody([{ name: 'users.xlsx', data: file }]);

      const started = performance.now();
      const previewResponse = await app.inject({
        method: 'POST',
        url: '/api/sys/user/ImportPreview',
        payload: upload.payload,
        headers: { ...upload.headers, authorization: `Bearer ${token}` },
      });
      const previewed = performance.now();
      const preview = previewResponse.json<Envelope<ImportPreview>>();
      if (preview.Code !== 0 || preview.Result.Valid !== ROWS) {
        throw new Error(`preview failed: ${JSON.stringify(preview).slice(0, 500)}`);
      }
      const commitResponse = await app.inject({
        method: 'POST',
        url: '/api/sys/user/ImportCommit',
        payload: { ImportId: preview.Result.ImportId, InitialPassword: 'Import@2026' },
        headers: { authorization: `Bearer ${token}` },
      });
      const committed = performance.now();
      const commit = commitResponse.json<Envelope<{ Imported: number }>>();
      if (commit.Code !== 0 || commit.Result.Imported !== ROWS) {
        throw new Error(`commit failed: ${JSON.stringify(commit).slice(0, 500)}`);
      }
      const ms = (value: number) => Math.round(value);
      const total = committed - started;
      console.log(
        `import ${ROWS} users (${(file.length / 1024).toFixed(0)} KB xlsx): preview ${ms(previewed - started)} ms, ` +
          `commit ${ms(committed - previewed)} ms, total ${ms(total)} ms (limit ${LIMIT_MS} ms)`,
      );
      return total < LIMIT_MS ? 0 : 1;
    } finally {
      await app.close();
    }
  } finally {
    await client.close();
    await postgres.stop();
    await fs.rm(tempDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
