/**
 * The database half of a backup: every table copied out with PostgreSQL's COPY protocol inside one
 * REPEATABLE READ, READ ONLY transaction, so all tables come from one consistent snapshot while the
 * server keeps running. COPY works with any server version, where pg_dump must be at least the
 * server's version (the embedded PostgreSQL 18 ships no pg_dump).
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { DATABASE_DIR, tableFileName, type BackupManifest, type TableEntry } from './backup-manifest.ts';
import { listSequences, listTables, qualified, quoteName, readMigrationLevels } from './database-catalog.ts';
import { formatBytes, type Progress } from './progress.ts';

export type DatabaseDump = Pick<BackupManifest, 'postgresVersionNum' | 'migrations' | 'tables' | 'sequences'>;

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
): Promise<DatabaseDump> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  await fs.mkdir(path.join(dir, DATABASE_DIR));
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const version = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    const migrations = await readMigrationLevels(client);
    if (migrations.schema.count === 0)
      throw new Error('the database has no migrations applied: nothing to back up');
    const tables: TableEntry[] = [];
    let rows = 0;
    let bytes = 0;
    for (const { schema, table, columns } of await listTables(client)) {
      const file = tableFileName(schema, table);
      const copy = client.query(
        copyTo(`COPY ${qualified(schema, table)} (${columns.map(quoteName).join(', ')}) TO STDOUT`),
      );
      const written = await writeHashedFile(path.join(dir, DATABASE_DIR, file), copy, createGzip());
      tables.push({ schema, table, columns, rows: copy.rowCount, file, ...written });
      rows += copy.rowCount;
      bytes += written.bytes;
      progress.step(`table ${schema}.${table}: ${copy.rowCount} rows (${formatBytes(written.bytes)})`);
    }
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
    return { postgresVersionNum: Number(version.rows[0]?.server_version_num), migrations, tables, sequences };
  } finally {
    await client.end();
  }
}
