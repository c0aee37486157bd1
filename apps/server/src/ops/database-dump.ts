/**
 * The database half of a backup, from one REPEATABLE READ, READ ONLY transaction (one consistent
 * snapshot while the server keeps running): PostgreSQL's pg_dump (data only, custom format, on that
 * transaction's exported snapshot) when a new enough one is found (pg-dump-tool.ts), else every
 * table copied out with the COPY protocol, which works with any server version (the embedded
 * PostgreSQL 18 ships no pg_dump, Debian 12's is 15). Either way the manifest lists every table's
 * row count in that snapshot.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  DATABASE_DIR,
  PG_DUMP_FILE,
  tableFileName,
  type BackupManifest,
  type TableEntry,
} from './backup-manifest.ts';
import { OpsError } from './command-database.ts';
import { choosePgDump, toolConnection, type VersionProbe } from './pg-dump-tool.ts';
import { listSequences, listTables, qualified, quoteName, readMigrationLevels } from './database-catalog.ts';
import { formatBytes, type Progress } from './progress.ts';

export type DatabaseDump = Pick<
  BackupManifest,
  'postgresVersionNum' | 'migrations' | 'tables' | 'sequences' | 'pgDump'
>;

export interface DumpOptions {
  /** Where PG_DUMP is read (process.env). */
  env?: NodeJS.ProcessEnv;
  probe?: VersionProbe;
}

/**
 * Streams `source` (through `transform`, if given) into a new file, never over an existing one;
 * returns the file's sha256 and size.
 */
export async function writeHashedFile(
  file: string,
  source: Readable,
  transform?: Transform,
): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  const hashing = async function* (chunks: AsyncIterable<Buffer>) {
    for await (const chunk of chunks) {
      hash.update(chunk);
      bytes += chunk.length;
      yield chunk;
    }
  };
  // flush: fsync before close, so a finished file is on disk.
  const sink = createWriteStream(file, { flags: 'wx', mode: 0o600, flush: true });
  if (transform) await pipeline(source, transform, hashing, sink);
  else await pipeline(source, hashing, sink);
  return { sha256: hash.digest('hex'), bytes };
}

export async function dumpDatabase(
  connectionString: string,
  dir: string,
  progress: Progress,
  options: DumpOptions = {},
): Promise<DatabaseDump> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  await fs.mkdir(path.join(dir, DATABASE_DIR));
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const version = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    const versionNum = Number(version.rows[0]?.server_version_num);
    const migrations = await readMigrationLevels(client);
    if (migrations.schema.count === 0)
      throw new Error('the database has no migrations applied: nothing to back up');
    const tool = await choosePgDump(versionNum, options.env ?? process.env, options.probe);
    let tables: TableEntry[];
    let pgDump: DatabaseDump['pgDump'];
    if (tool.use === 'tool') {
      progress.step(`database: ${tool.version} (${tool.program}), data only, custom format`);
      const { rows } = await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
      const written = await runPgDump(tool.program, connectionString, rows[0]?.snapshot ?? '', dir);
      pgDump = { file: PG_DUMP_FILE, ...written, version: tool.version, major: tool.major };
      tables = await countTables(client, progress);
    } else {
      progress.step(
        `database: COPY of every table (no pg_dump for PostgreSQL ${Math.floor(versionNum / 10_000)}: ${tool.reason})`,
      );
      tables = await copyTablesOut(client, dir, progress);
    }
    const rows = tables.reduce((sum, table) => sum + table.rows, 0);
    const bytes = pgDump?.bytes ?? tables.reduce((sum, table) => sum + (table.bytes ?? 0), 0);
    const sequences: DatabaseDump['sequences'] = [];
    for (const { schema, name } of await listSequences(client)) {
      const value = await client.query<{ last_value: string; is_called: boolean }>(
        `SELECT last_value, is_called FROM ${qualified(schema, name)}`,
      );
      const row = value.rows[0];
      if (row) sequences.push({ schema, name, lastValue: String(row.last_value), isCalled: row.is_called });
    }
    await client.query('COMMIT');
    progress.step(
      `database: ${tables.length} tables, ${rows} rows, ${sequences.length} sequences (${formatBytes(bytes)})`,
    );
    return { postgresVersionNum: versionNum, migrations, tables, sequences, ...(pgDump ? { pgDump } : {}) };
  } finally {
    await client.end();
  }
}

async function copyTablesOut(client: pg.Client, dir: string, progress: Progress): Promise<TableEntry[]> {
  const tables: TableEntry[] = [];
  for (const { schema, table, columns } of await listTables(client)) {
    const file = tableFileName(schema, table);
    const copy = client.query(
      copyTo(`COPY ${qualified(schema, table)} (${columns.map(quoteName).join(', ')}) TO STDOUT`),
    );
    const written = await writeHashedFile(path.join(dir, DATABASE_DIR, file), copy, createGzip());
    tables.push({ schema, table, columns, rows: copy.rowCount, file, ...written });
    progress.step(`table ${schema}.${table}: ${copy.rowCount} rows (${formatBytes(written.bytes)})`);
  }
  return tables;
}

/** Row counts of every table in the transaction's snapshot (the one pg_dump read). */
async function countTables(client: pg.Client, progress: Progress): Promise<TableEntry[]> {
  const tables: TableEntry[] = [];
  for (const { schema, table, columns } of await listTables(client)) {
    const { rows } = await client.query<{ count: string }>(
      `SELECT count(*) FROM ${qualified(schema, table)}`,
    );
    tables.push({ schema, table, columns, rows: Number(rows[0]?.count) });
    progress.step(`table ${schema}.${table}: ${rows[0]?.count} rows`);
  }
  return tables;
}

/**
 * pg_dump of the product's tables (schemas public and graphile_worker, without the migration
 * bookkeeping, as database-catalog.ts lists them), data only, on the snapshot `snapshot`.
 */
async function runPgDump(program: string, connectionString: string, snapshot: string, dir: string) {
  const { dbname, env } = toolConnection(connectionString);
  const child = spawn(
    program,
    [
      '--format=custom',
      '--data-only',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${snapshot}`,
      '--schema=public',
      '--schema=graphile_worker',
      '--exclude-table=graphile_worker.migrations*',
      `--dbname=${dbname}`,
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (errors += text));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const written = await writeHashedFile(path.join(dir, DATABASE_DIR, PG_DUMP_FILE), child.stdout);
  const code = await exited;
  if (code !== 0) throw new OpsError(`pg_dump failed (exit ${code}): ${errors.trim()}`);
  return written;
}
