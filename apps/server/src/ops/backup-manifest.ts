/**
 * The layout of a backup directory and its manifest, and the check that a directory is a complete,
 * unaltered backup. A backup directory holds:
 *
 *   manifest.json            written last: without it the backup is incomplete
 *   database/<schema>.<table>.copy.gz   each table as PostgreSQL COPY text, gzip'd, or
 *   database/database.pgdump            the tables' data by pg_dump (custom format)
 *   objects.ndjson           one line per stored object: {"key","size","sha256"}
 *   objects/<key>            the object's bytes
 *
 * The manifest records the sha256 and size of every file, so a restore can refuse a damaged
 * backup before it writes anything.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { assertKey } from '../core/storage/object-store.ts';
import { OpsError } from './command-database.ts';

export const MANIFEST_FILE = 'manifest.json';
export const OBJECTS_LIST_FILE = 'objects.ndjson';
export const OBJECTS_DIR = 'objects';
export const DATABASE_DIR = 'database';
export const PG_DUMP_FILE = 'database.pgdump';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const name = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a plain SQL name');
const count = z.number().int().min(0);

/** A file name inside the backup: no path, no leading dot. */
const fileEntry = { file: z.string().regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/), bytes: count, sha256 };

const manifestSchema = z.object({
  format: z.literal('measure-cloud-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  postgresVersionNum: z.number().int(),
  migrations: z.object({
    /** drizzle.__drizzle_migrations: how many, and the newest one's folderMillis and hash. */
    schema: z.object({ count, lastCreatedAt: z.number().int(), lastHash: z.string() }),
    /** graphile_worker.migrations: the newest id. */
    jobs: count,
  }),
  /** Each table's row count; with its COPY file (absent when `pgDump` holds the data). */
  tables: z.array(
    z.object({
      schema: name,
      table: name,
      columns: z.array(name).min(1),
      rows: count,
      ...z.object(fileEntry).partial().shape,
    }),
  ),
  /** The data as pg_dump wrote it (custom format, data only), and which pg_dump. */
  pgDump: z
    .object({ ...fileEntry, file: z.literal(PG_DUMP_FILE), version: z.string(), major: count })
    .optional(),
  sequences: z.array(
    z.object({ schema: name, name, lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() }),
  ),
  /** objects.ndjson (file, bytes, sha256), how many objects it lists and their bytes in all. */
  objects: z.object({ count, totalBytes: count, ...fileEntry, file: z.literal(OBJECTS_LIST_FILE) }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type TableEntry = BackupManifest['tables'][number];

/** A stored object's key, as the storage module accepts it (no "..", not absolute). */
const objectKey = z.string().refine((key) => {
  try {
    assertKey(key);
    return true;
  } catch {
    return false;
  }
}, 'must be a storage key');

const objectEntrySchema = z.object({ key: objectKey, size: count, sha256 });
export type ObjectEntry = z.infer<typeof objectEntrySchema>;

export function tableFileName(schema: string, table: string): string {
  return `${schema}.${table}.copy.gz`;
}

export function objectPath(dir: string, key: string): string {
  return path.join(dir, OBJECTS_DIR, ...key.split('/'));
}

/** sha256 and size of a file, streamed. */
export async function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(createReadStream(file), async function* (chunks: AsyncIterable<Buffer>) {
    for await (const chunk of chunks) {
      hash.update(chunk);
      bytes += chunk.length;
    }
    yield* [];
  });
  return { sha256: hash.digest('hex'), bytes };
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const file = path.join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new OpsError(`${file} is missing: ${dir} is not a complete backup`);
    }
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new OpsError(`${file} is not valid JSON`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new OpsError(`${file} is not a backup manifest this version reads:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/** The objects listed in a backup, one at a time (the list may be long), each line checked. */
export async function* readObjectEntries(dir: string): AsyncGenerator<ObjectEntry> {
  const lines = readline.createInterface({
    input: createReadStream(path.join(dir, OBJECTS_LIST_FILE)),
    crlfDelay: Infinity,
  });
  let number = 0;
  for await (const line of lines) {
    number += 1;
    if (!line) continue;
    let parsed;
    try {
      parsed = objectEntrySchema.safeParse(JSON.parse(line));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) throw new OpsError(`${OBJECTS_LIST_FILE} line ${number} is not an object entry`);
    yield parsed.data;
  }
}

async function expectFile(file: string, expected: { sha256: string; bytes: number }): Promise<void> {
  let actual;
  try {
    actual = await hashFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new OpsError(`${file} is missing`);
    throw error;
  }
  if (actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes) {
    throw new OpsError(
      `${file} does not match the manifest (sha256 ${actual.sha256}, ${actual.bytes} bytes; ` +
        `expected ${expected.sha256}, ${expected.bytes} bytes): the backup is damaged`,
    );
  }
}

/**
 * Reads every file of the backup and compares it with the manifest; throws on the first one that
 * differs or is missing. Nothing is written anywhere.
 */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  const manifest = await readManifest(dir);
  if (manifest.pgDump) await expectFile(path.join(dir, DATABASE_DIR, manifest.pgDump.file), manifest.pgDump);
  for (const table of manifest.tables) {
    const { file, sha256, bytes } = table;
    if (file !== undefined && sha256 !== undefined && bytes !== undefined)
      await expectFile(path.join(dir, DATABASE_DIR, file), { sha256, bytes });
    else if (!manifest.pgDump)
      throw new OpsError(`the manifest names no file for ${table.schema}.${table.table}`);
  }
  await expectFile(path.join(dir, manifest.objects.file), manifest.objects);
  let objects = 0;
  for await (const entry of readObjectEntries(dir)) {
    await expectFile(objectPath(dir, entry.key), { sha256: entry.sha256, bytes: entry.size });
    objects += 1;
  }
  if (objects !== manifest.objects.count) {
    throw new OpsError(
      `${OBJECTS_LIST_FILE} lists ${objects} objects, the manifest ${manifest.objects.count}`,
    );
  }
  return manifest;
}
