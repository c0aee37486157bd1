/**
 * The database half of a restore, into an empty database only: the server's own migrations build
 * the schema, then the data goes in (pg_restore for a pg_dump backup, below) or every table is
 * copied in with COPY FROM in one transaction (user triggers off,
 * so the rollup triggers do not count restored rows twice; tables in foreign-key order), sequences
 * are set to their backed-up values and every table's row count is checked before COMMIT. If
 * anything fails, the transaction rolls back and what the migrations created is dropped again, so
 * the database is as empty as it was.
 */
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createHash } from 'node:crypto';
import { createGunzip } from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createDatabaseClient } from '../db/client.ts';
import { migrationsFolder, runMigrations } from '../db/migrate.ts';
import { DATABASE_DIR, type BackupManifest, type TableEntry } from './backup-manifest.ts';
import { OpsError } from './command-database.ts';
import {
  foreignKeyOrder,
  listTables,
  listUserObjects,
  qualified,
  quoteName,
  readMigrationLevels,
} from './database-catalog.ts';
import { choosePgRestore, toolConnection } from './pg-dump-tool.ts';
import { formatBytes, type Progress } from './progress.ts';

/** A backup restores only into the schema version that made it (newer code migrates it afterwards). */
export function checkMigrationLevel(manifest: BackupManifest): void {
  const files = readMigrationFiles({ migrationsFolder });
  const newest = files.at(-1);
  const backup = manifest.migrations.schema;
  if (files.length !== backup.count || newest?.folderMillis !== backup.lastCreatedAt) {
    throw new OpsError(
      `the backup's database is at schema migration ${backup.count}, this version's is at ${files.length}: ` +
        'restore it with the version that made it, then start this version to migrate it',
    );
  }
}

async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Throws, naming what it found, unless the database holds nothing of its own. */
export async function checkDatabaseEmpty(connectionString: string, description: string): Promise<void> {
  const found = await withClient(connectionString, listUserObjects);
  if (found.length === 0) return;
  const named = found.slice(0, 5).map((object) => object.label);
  const more = found.length > named.length ? ` and ${found.length - named.length} more` : '';
  throw new OpsError(
    `the target database (${description}) is not empty: ${named.join(', ')}${more}. A restore writes only into an empty database`,
  );
}

export async function restoreDatabase(
  target: { connectionString: string; description: string },
  dir: string,
  manifest: BackupManifest,
  progress: Progress,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const { connectionString } = target;
  // Checked here too: the clean-up below drops everything, which is right only for an empty database.
  await checkDatabaseEmpty(connectionString, target.description);
  try {
    const database = createDatabaseClient(connectionString, { max: 2 });
    try {
      await runMigrations(database.db);
    } finally {
      await database.close();
    }
    progress.step('database: schema created by the migrations');
    const { pgDump } = manifest;
    if (pgDump) await pgRestoreTablesIn(connectionString, dir, { ...manifest, pgDump }, progress, env);
    else await withClient(connectionString, (client) => copyTablesIn(client, dir, manifest, progress));
  } catch (error) {
    await withClient(connectionString, dropEverything).catch((undo: unknown) =>
      progress.warn(`could not remove the schema the restore created: ${String(undo)}`),
    );
    throw error;
  }
}

/** Back to empty after a failed restore (the database was checked empty before it began). */
async function dropEverything(client: pg.Client): Promise<void> {
  await client.query('BEGIN');
  for (const object of await listUserObjects(client)) await client.query(object.drop);
  await client.query('COMMIT');
}

/** The backup's tables checked against the schema the migrations made, in foreign-key order. */
async function tablesInOrder(client: pg.Client, manifest: BackupManifest): Promise<TableEntry[]> {
  const levels = await readMigrationLevels(client);
  if (levels.jobs !== manifest.migrations.jobs) {
    throw new OpsError(
      `the backup's job queue schema is at migration ${manifest.migrations.jobs}, this version's at ${levels.jobs}`,
    );
  }
  const present = new Map(
    (await listTables(client)).map((table) => [`${table.schema}.${table.table}`, table]),
  );
  for (const entry of manifest.tables) {
    const target = present.get(`${entry.schema}.${entry.table}`);
    const missing = entry.columns.filter((column) => !target?.columns.includes(column));
    if (!target || missing.length > 0) {
      throw new OpsError(`table ${entry.schema}.${entry.table} of the backup does not fit this schema`);
    }
  }
  const byName = new Map(manifest.tables.map((entry) => [`${entry.schema}.${entry.table}`, entry]));
  return (await foreignKeyOrder(client, manifest.tables)).map(
    (table) => byName.get(`${table.schema}.${table.table}`) as TableEntry,
  );
}

async function setUserTriggers(
  client: pg.Client,
  tables: readonly TableEntry[],
  state: 'ENABLE' | 'DISABLE',
) {
  for (const entry of tables) {
    await client.query(`ALTER TABLE ${qualified(entry.schema, entry.table)} ${state} TRIGGER USER`);
  }
}

/** After the data is in (in the caller's transaction): job locks freed, triggers on, sequences, counts. */
async function finishTables(client: pg.Client, manifest: BackupManifest, ordered: readonly TableEntry[]) {
  await releaseJobLocks(client, manifest);
  await setUserTriggers(client, ordered, 'ENABLE');
  for (const sequence of manifest.sequences) {
    await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
      qualified(sequence.schema, sequence.name),
      sequence.lastValue,
      sequence.isCalled,
    ]);
  }
  for (const entry of ordered) {
    const { rows: counted } = await client.query<{ count: string }>(
      `SELECT count(*) FROM ${qualified(entry.schema, entry.table)}`,
    );
    if (Number(counted[0]?.count) !== entry.rows) {
      throw new Error(
        `${entry.schema}.${entry.table} holds ${counted[0]?.count} rows after the restore, not ${entry.rows}`,
      );
    }
  }
}

async function copyTablesIn(client: pg.Client, dir: string, manifest: BackupManifest, progress: Progress) {
  await client.query('BEGIN');
  try {
    const ordered = await tablesInOrder(client, manifest);
    await setUserTriggers(client, ordered, 'DISABLE');
    let rows = 0;
    for (const entry of ordered) {
      await copyTableIn(client, dir, entry);
      rows += entry.rows;
      progress.step(
        `table ${entry.schema}.${entry.table}: ${entry.rows} rows (${formatBytes(entry.bytes ?? 0)})`,
      );
    }
    await finishTables(client, manifest, ordered);
    await client.query('COMMIT');
    progress.step(
      `database: ${ordered.length} tables, ${rows} rows, ${manifest.sequences.length} sequences restored`,
    );
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/**
 * A pg_dump backup: pg_restore (data only, one transaction) into the tables the migrations made,
 * with their user triggers off meanwhile (ALTER by the tables' owner: pg_restore's own
 * --disable-triggers needs a superuser); then the same checks as a COPY restore. A failure leaves
 * the caller to drop everything, as for COPY.
 */
async function pgRestoreTablesIn(
  connectionString: string,
  dir: string,
  manifest: BackupManifest & { pgDump: NonNullable<BackupManifest['pgDump']> },
  progress: Progress,
  env: NodeJS.ProcessEnv,
) {
  const tool = await requirePgRestore(manifest, env);
  const ordered = await withClient(connectionString, async (client) => {
    const tables = await tablesInOrder(client, manifest);
    await setUserTriggers(client, tables, 'DISABLE');
    return tables;
  });
  progress.step(`database: ${tool.version} (${tool.program}) restores the data`);
  const { dbname, env: toolEnv } = toolConnection(connectionString);
  await runTool(
    tool.program,
    [
      '--data-only',
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      `--dbname=${dbname}`,
      path.join(dir, DATABASE_DIR, manifest.pgDump.file),
    ],
    toolEnv,
  );
  await withClient(connectionString, async (client) => {
    await client.query('BEGIN');
    try {
      await finishTables(client, manifest, ordered);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  });
  const rows = ordered.reduce((sum, entry) => sum + entry.rows, 0);
  progress.step(`database: ${ordered.length} tables, ${rows} rows restored`);
}

/** The pg_restore a pg_dump backup needs; refused (before anything is written) when there is none. */
export async function requirePgRestore(
  manifest: BackupManifest,
  env: NodeJS.ProcessEnv,
): Promise<{ program: string; version: string }> {
  const dump = manifest.pgDump;
  if (!dump) throw new Error('not a pg_dump backup');
  const tool = await choosePgRestore(dump.major, env);
  if ('missing' in tool) {
    throw new OpsError(
      `the backup's database was taken by ${dump.version}: restoring it needs pg_restore ${dump.major} or newer ` +
        `(PG_RESTORE, or on PATH): ${tool.missing}`,
    );
  }
  return tool;
}

function runTool(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (errors += text));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve()
        : reject(new OpsError(`${path.basename(program)} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

/**
 * Jobs (and job queues) that a worker held when the backup was taken: no worker of the restored
 * system holds them, so they are freed now instead of after graphile-worker's 4-hour lock expiry.
 */
async function releaseJobLocks(client: pg.Client, manifest: BackupManifest): Promise<void> {
  for (const entry of manifest.tables) {
    if (entry.schema !== 'graphile_worker') continue;
    if (!entry.columns.includes('locked_at') || !entry.columns.includes('locked_by')) continue;
    await client.query(
      `UPDATE ${qualified(entry.schema, entry.table)} SET locked_at = NULL, locked_by = NULL WHERE locked_by IS NOT NULL`,
    );
  }
}

/** COPY FROM one table's file, checking its sha256 on the way (it was verified, but may have changed since). */
async function copyTableIn(client: pg.Client, dir: string, entry: TableEntry): Promise<void> {
  if (!entry.file) throw new OpsError(`the manifest names no file for ${entry.schema}.${entry.table}`);
  const file = path.join(dir, DATABASE_DIR, entry.file);
  const hash = createHash('sha256');
  const copy = client.query(
    copyFrom(
      `COPY ${qualified(entry.schema, entry.table)} (${entry.columns.map(quoteName).join(', ')}) FROM STDIN`,
    ),
  );
  await pipeline(
    createReadStream(file),
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        yield chunk;
      }
      if (hash.digest('hex') !== entry.sha256) throw new OpsError(`${file} changed since it was verified`);
    },
    createGunzip(),
    copy,
  );
  if (copy.rowCount !== entry.rows) {
    throw new Error(
      `${entry.schema}.${entry.table}: ${copy.rowCount} rows copied, the backup lists ${entry.rows}`,
    );
  }
}
