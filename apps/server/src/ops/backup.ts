/**
 * `npm run backup -- --out DIR`: the database (one consistent snapshot, database-dump.ts) and then
 * every stored object, into a new or empty directory, with manifest.json written last. A failure
 * removes what this backup wrote, so a directory with a manifest is always a whole backup.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStore } from '../core/storage/object-store.ts';
import { MANIFEST_FILE, type BackupManifest } from './backup-manifest.ts';
import { OpsError } from './command-database.ts';
import { dumpDatabase } from './database-dump.ts';
import { backupObjects } from './object-copy.ts';
import { formatBytes, type Progress } from './progress.ts';

export interface BackupOptions {
  connectionString: string;
  store: ObjectStore;
  /** DATA_DIR: in local mode the store's root, of which pg/ and logs/ are never copied. */
  dataDir: string;
  outDir: string;
  progress: Progress;
}

export async function runBackup(options: BackupOptions): Promise<BackupManifest> {
  const { outDir, progress } = options;
  const created = await prepareEmptyDirectory(outDir);
  try {
    const started = Date.now();
    progress.step(`backup into ${outDir}`);
    const database = await dumpDatabase(options.connectionString, outDir, progress);
    const objects = await backupObjects(options.store, options.dataDir, outDir, progress);
    const manifest: BackupManifest = {
      format: 'measure-cloud-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      ...database,
      objects,
    };
    await writeFileDurably(path.join(outDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    progress.step(
      `backup complete in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        `${manifest.tables.length} tables, ${objects.count} objects (${formatBytes(objects.totalBytes)})`,
    );
    return manifest;
  } catch (error) {
    // Everything in the directory is this backup's (it was empty or new).
    const entries = await fs.readdir(outDir).catch(() => []);
    await Promise.all(
      entries.map((entry) => fs.rm(path.join(outDir, entry), { recursive: true, force: true })),
    );
    if (created) await fs.rmdir(outDir).catch(() => {});
    throw error;
  }
}

/** Creates the directory, or accepts an existing empty one; returns whether it was created. */
async function prepareEmptyDirectory(dir: string): Promise<boolean> {
  try {
    const entries = await fs.readdir(dir);
    if (entries.length > 0)
      throw new OpsError(`${dir} is not empty: a backup goes into a new or empty directory`);
    return false;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  return true;
}

async function writeFileDurably(file: string, text: string): Promise<void> {
  const handle = await fs.open(file, 'wx', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
