/**
 * Backup and restore on the real parts: a cloned, seeded database with our own data (factories,
 * plan files through the API) and a local object store, restored into a fresh empty database and
 * an empty store. Bad targets and damaged backups are refused with nothing written.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { buildHouseType } from '../../test/factories.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { queryOnce } from '../../test/sql.ts';
import { createObjectStore } from '../core/storage/create-object-store.ts';
import { LocalObjectStore } from '../core/storage/local-object-store.ts';
import type { ObjectStore } from '../core/storage/object-store.ts';
import { parseS3Url, type S3Location } from '../core/storage/s3-url.ts';
import { DATABASE_DIR, MANIFEST_FILE, objectPath, type BackupManifest } from './backup-manifest.ts';
import { runBackup } from './backup.ts';
import { listTables, listUserObjects, qualified } from './database-catalog.ts';
import { hashObject, listObjects } from './object-copy.ts';
import { silentProgress } from './progress.ts';
import { runRestore } from './restore.ts';

const LOCK_JOBS = "UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'source-worker'";
const UNLOCK_JOBS = 'UPDATE graphile_worker._private_jobs SET locked_at = NULL, locked_by = NULL';

let t: TestApp;
let backupDir: string;
let manifest: BackupManifest;
const temporary: string[] = [];

async function tempDir(tag: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `mc-backup-test-${tag}-`));
  temporary.push(dir);
  return dir;
}

/** Row count and an md5 of every row (generated columns included) of each table of the database. */
async function tableFingerprints(connectionString: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const result: Record<string, string> = {};
    for (const { schema, table } of await listTables(client)) {
      const { rows } = await client.query<{ rows: number; digest: string }>(
        `SELECT count(*)::int AS rows, md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS digest
         FROM ${qualified(schema, table)} x`,
      );
      result[`${schema}.${table}`] = `${rows[0]?.rows} rows ${rows[0]?.digest}`;
    }
    return result;
  } finally {
    await client.end();
  }
}

async function objectHashes(store: ObjectStore, dataDir: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for await (const { key } of listObjects(store, dataDir))
    result[key] = (await hashObject(store, key)).sha256;
  return result;
}

async function userObjectCount(connectionString: string): Promise<number> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await listUserObjects(client)).length;
  } finally {
    await client.end();
  }
}

/** An empty database and an empty store (under a new DATA_DIR, or s3rver's bucket), removed after the tests. */
async function emptyTarget(options: { s3?: boolean } = {}) {
  const database = await createTestDatabase({ empty: true });
  afterAll(() => database.drop());
  const dataDir = await tempDir('target');
  if (!options.s3) return { database, dataDir, store: new LocalObjectStore(dataDir) as ObjectStore };
  const s3 = await startS3Server();
  afterAll(() => s3.stop());
  return { database, dataDir, store: createObjectStore({ dataDir, s3: parseS3Url(s3.s3Url) as S3Location }) };
}

function restoreInto(target: Awaited<ReturnType<typeof emptyTarget>>, dir = backupDir) {
  return runRestore({
    database: { connectionString: target.database.connectionString, description: 'test target' },
    store: target.store,
    storeDescription: 'test store',
    dataDir: target.dataDir,
    backupDir: dir,
    progress: silentProgress,
  });
}

/** A copy of the backup to damage. */
async function copyOfBackup(): Promise<string> {
  const dir = path.join(await tempDir('copy'), 'backup');
  await fs.cp(backupDir, dir, { recursive: true });
  return dir;
}

beforeAll(async () => {
  t = await createTestApp();
  // Our own data, with plan files stored through the API, and a bigger binary object beside them.
  await buildHouseType(t);
  await buildHouseType(t);
  await new LocalObjectStore(t.config.dataDir).put(
    'uploads/device-files/big-scan',
    randomBytes(3 * 1024 * 1024 + 17),
  );
  // A queued job that a worker of this (source) system holds at the time of the backup.
  await queryOnce(t.connectionString, "SELECT graphile_worker.add_job('backup-test-job', '{}')");
  await queryOnce(t.connectionString, LOCK_JOBS);
  // The server's own state under DATA_DIR: never part of a backup.
  await fs.mkdir(path.join(t.config.dataDir, 'pg'));
  await fs.writeFile(path.join(t.config.dataDir, 'pg', 'PG_VERSION'), '18\n');
  await fs.mkdir(path.join(t.config.dataDir, 'logs'));
  await fs.writeFile(path.join(t.config.dataDir, 'logs', 'server.log'), '{}\n');
  backupDir = path.join(await tempDir('out'), 'backup');
  manifest = await runBackup({
    connectionString: t.connectionString,
    store: new LocalObjectStore(t.config.dataDir),
    dataDir: t.config.dataDir,
    outDir: backupDir,
    progress: silentProgress,
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  for (const dir of temporary) await fs.rm(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('round trip: a fresh empty database and store get equal rows per table and equal object sha256s', async () => {
    const source = new LocalObjectStore(t.config.dataDir);
    const sourceObjects = await objectHashes(source, t.config.dataDir);
    // Two plans and the scan; the pg and logs directories are left out.
    expect(Object.keys(sourceObjects).filter((key) => key.startsWith('uploads/house-maps/'))).toHaveLength(2);
    expect(Object.keys(sourceObjects)).toContain('uploads/device-files/big-scan');
    expect(Object.keys(sourceObjects).some((key) => key.startsWith('pg/') || key.startsWith('logs/'))).toBe(
      false,
    );
    expect(manifest.objects.count).toBe(Object.keys(sourceObjects).length);

    const target = await emptyTarget();
    await restoreInto(target);

    // The job lock is released in the restored system (no worker of it holds the job)...
    expect(
      await queryOnce(
        target.database.connectionString,
        "SELECT locked_by FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks k ON k.id = j.task_id WHERE k.identifier = 'backup-test-job'",
      ),
    ).toEqual([{ locked_by: null }]);
    // ... and everything else is equal.
    await queryOnce(t.connectionString, UNLOCK_JOBS);
    const before = await tableFingerprints(t.connectionString);
    const after = await tableFingerprints(target.database.connectionString);
    await queryOnce(t.connectionString, LOCK_JOBS);
    expect(Object.keys(after)).toHaveLength(manifest.tables.length);
    expect(after).toEqual(before);
    expect(before['public.house_maps']).toMatch(/^[1-9]\d* rows /);
    expect(await objectHashes(target.store, target.dataDir)).toEqual(sourceObjects);
  });

  it('round trip into an S3 bucket: equal rows per table and equal object sha256s', async () => {
    const target = await emptyTarget({ s3: true });
    await restoreInto(target);
    await queryOnce(t.connectionString, UNLOCK_JOBS);
    const before = await tableFingerprints(t.connectionString);
    await queryOnce(t.connectionString, LOCK_JOBS);
    expect(await tableFingerprints(target.database.connectionString)).toEqual(before);
    expect(await objectHashes(target.store, target.dataDir)).toEqual(
      await objectHashes(new LocalObjectStore(t.config.dataDir), t.config.dataDir),
    );
  });

  it('refuses a database that is not empty and changes nothing in it or in the store', async () => {
    const target = await emptyTarget();
    const before = await tableFingerprints(t.connectionString);
    await expect(
      runRestore({
        database: { connectionString: t.connectionString, description: 'the test database' },
        store: target.store,
        storeDescription: 'test store',
        dataDir: target.dataDir,
        backupDir,
        progress: silentProgress,
      }),
    ).rejects.toThrow(
      /^the target database \(the test database\) is not empty: table public\.algorithm_templates, table public\.\w+, table public\.\w+, table public\.\w+, table public\.\w+ and \d+ more\. A restore writes only into an empty database$/,
    );
    expect(await tableFingerprints(t.connectionString)).toEqual(before);
    expect(await objectHashes(target.store, target.dataDir)).toEqual({});
  });

  it('refuses a store that is not empty and leaves the database empty', async () => {
    const target = await emptyTarget();
    await target.store.put('reports/left-over.pdf', Buffer.from('%PDF-1.7'));
    await expect(restoreInto(target)).rejects.toThrow(
      /^the target object store \(test store\) is not empty: it holds reports\/left-over\.pdf\. /,
    );
    expect(await userObjectCount(target.database.connectionString)).toBe(0);
    expect(Object.keys(await objectHashes(target.store, target.dataDir))).toEqual(['reports/left-over.pdf']);
  });

  it('refuses a damaged table file or object before writing anything', async () => {
    const target = await emptyTarget();
    const damagedTable = await copyOfBackup();
    const table = manifest.tables.find((entry) => entry.table === 'house_maps');
    const tableFile = path.join(damagedTable, DATABASE_DIR, table?.file ?? '');
    const bytes = await fs.readFile(tableFile);
    bytes[bytes.length - 5] = (bytes[bytes.length - 5] ?? 0) ^ 0xff;
    await fs.writeFile(tableFile, bytes);
    await expect(restoreInto(target, damagedTable)).rejects.toThrow(
      `${tableFile} does not match the manifest`,
    );

    const damagedObject = await copyOfBackup();
    await fs.appendFile(objectPath(damagedObject, 'uploads/device-files/big-scan'), 'x');
    await expect(restoreInto(target, damagedObject)).rejects.toThrow(/big-scan does not match the manifest/);

    expect(await userObjectCount(target.database.connectionString)).toBe(0);
    expect(await objectHashes(target.store, target.dataDir)).toEqual({});
  });

  it('a failure halfway (objects written, schema made) leaves database and store empty', async () => {
    const target = await emptyTarget();
    const wrong = await copyOfBackup();
    // The manifest's own count of a table is wrong: found only when that table is copied in.
    const altered = structuredClone(manifest);
    const table = altered.tables.find((entry) => entry.table === 'house_maps');
    if (table) table.rows += 1;
    await fs.writeFile(path.join(wrong, MANIFEST_FILE), JSON.stringify(altered));
    await expect(restoreInto(target, wrong)).rejects.toThrow(
      `public.house_maps: ${(table?.rows ?? 0) - 1} rows copied, the backup lists ${table?.rows}`,
    );
    expect(await userObjectCount(target.database.connectionString)).toBe(0);
    expect(await objectHashes(target.store, target.dataDir)).toEqual({});
  });

  it('a store failing mid-restore: the objects already written are removed, the database is not touched', async () => {
    const target = await emptyTarget();
    class FailingStore extends LocalObjectStore {
      override async put(...args: Parameters<LocalObjectStore['put']>) {
        if (args[0] === 'uploads/device-files/big-scan') throw new Error('the store went away');
        return super.put(...args);
      }
    }
    const failing = { ...target, store: new FailingStore(target.dataDir) };
    await expect(restoreInto(failing)).rejects.toThrow('the store went away');
    expect(await objectHashes(target.store, target.dataDir)).toEqual({});
    expect(await userObjectCount(target.database.connectionString)).toBe(0);
  });

  it('writes only into a new or empty directory', async () => {
    await expect(
      runBackup({
        connectionString: t.connectionString,
        store: new LocalObjectStore(t.config.dataDir),
        dataDir: t.config.dataDir,
        outDir: backupDir,
        progress: silentProgress,
      }),
    ).rejects.toThrow(`${backupDir} is not empty: a backup goes into a new or empty directory`);
    expect((await fs.readdir(backupDir)).sort()).toEqual([
      DATABASE_DIR,
      MANIFEST_FILE,
      'objects',
      'objects.ndjson',
    ]);
  });
});
