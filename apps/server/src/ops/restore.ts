/**
 * `npm run restore -- DIR`: brings a backup back into an empty database and an empty object store.
 * Order: verify every file of the backup against its manifest and check both targets are empty
 * (nothing written yet), then the objects (each read back and checked), then the database in one
 * transaction. A failure anywhere removes what was written, so the targets stay as they were.
 */
import type { ObjectStore } from '../core/storage/object-store.ts';
import { verifyBackup, type BackupManifest } from './backup-manifest.ts';
import {
  checkDatabaseEmpty,
  checkMigrationLevel,
  requirePgRestore,
  restoreDatabase,
} from './database-restore.ts';
import { checkStoreEmpty, removeObjects, restoreObjects } from './object-copy.ts';
import { formatBytes, type Progress } from './progress.ts';

export interface RestoreOptions {
  database: { connectionString: string; description: string };
  store: ObjectStore;
  storeDescription: string;
  dataDir: string;
  backupDir: string;
  progress: Progress;
}

export async function runRestore(options: RestoreOptions): Promise<BackupManifest> {
  const { progress, backupDir, store } = options;
  const started = Date.now();
  progress.step(`checking ${backupDir}`);
  const manifest = await verifyBackup(backupDir);
  progress.step(
    `backup of ${manifest.createdAt} is whole: ${manifest.tables.length} tables, ` +
      `${manifest.objects.count} objects (${formatBytes(manifest.objects.totalBytes)})`,
  );
  checkMigrationLevel(manifest);
  // A pg_dump backup needs a pg_restore as new as its pg_dump: known before anything is written.
  if (manifest.pgDump) await requirePgRestore(manifest, process.env);
  await checkDatabaseEmpty(options.database.connectionString, options.database.description);
  await checkStoreEmpty(store, options.dataDir, options.storeDescription);

  const written = await restoreObjects(store, backupDir, progress);
  try {
    await restoreDatabase(options.database, backupDir, manifest, progress);
  } catch (error) {
    await removeObjects(store, written, progress);
    throw error;
  }
  progress.step(`restore complete in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return manifest;
}
