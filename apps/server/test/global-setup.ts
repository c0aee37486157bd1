/**
 * Runs once per `vitest run`: one PostgreSQL server (embedded in a temp dir, or TEST_DATABASE_URL)
 * and a migrated template database `mc_template` that test files clone (see database.ts).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../src/db/embedded-postgres.ts';
import { queryOnce as admin } from './sql.ts';
import { prepareTemplate, TEMPLATE_DATABASE } from './template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    /** Where the first test file writes the OpenAPI document for the others (openapi-check.ts). */
    openapiDocumentFile: string;
  }
}

// Only problems are shown; postgres' chatter would drown the test output.
const logger = { info: () => {}, warn: () => {}, error: (msg: string) => console.error(msg) };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let tempDir: string | undefined;
  let embedded: EmbeddedPostgresHandle | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-test-pg-'));
    embedded = await startEmbeddedPostgres({ dataDir: path.join(tempDir, 'pg'), logger });
    adminUrl = withDatabase(embedded.connectionString, 'postgres');
  }
  const openapiDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-test-openapi-'));
  const teardown = async () => {
    await fs.rm(openapiDir, { recursive: true, force: true });
    if (embedded) await embedded.stop();
    else await admin(adminUrl, `DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
  };
  try {
    // A previous run against TEST_DATABASE_URL may have left its template behind.
    await admin(adminUrl, `DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin(adminUrl, `CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await prepareTemplate(withDatabase(adminUrl, TEMPLATE_DATABASE));
    // Nobody may connect to the template from now on (a connection would block every clone).
    await admin(adminUrl, `ALTER DATABASE ${TEMPLATE_DATABASE} WITH ALLOW_CONNECTIONS false`);
    await admin(
      adminUrl,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${TEMPLATE_DATABASE}'`,
    );
  } catch (err) {
    await teardown();
    throw err;
  }
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('openapiDocumentFile', path.join(openapiDir, 'openapi.json'));
  return teardown;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
