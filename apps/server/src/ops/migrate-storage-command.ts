/** Entry of `npm run storage:migrate`: DATA_DIR's objects into the bucket of S3_URL (migrate-objects.ts). */
import { LocalObjectStore } from '../core/storage/local-object-store.ts';
import { OpsError } from './command-database.ts';
import { migrateObjects } from './migrate-objects.ts';
import { runCommand } from './run-command.ts';

await runCommand({}, async ({ config, progress, openStore }) => {
  if (!config.s3) throw new OpsError('S3_URL is not set: there is no bucket to copy DATA_DIR into');
  const { store: target } = await openStore();
  progress.step(`copying the objects under DATA_DIR ${config.dataDir} into the bucket of S3_URL`);
  await migrateObjects({
    source: new LocalObjectStore(config.dataDir),
    target,
    dataDir: config.dataDir,
    progress,
  });
});
