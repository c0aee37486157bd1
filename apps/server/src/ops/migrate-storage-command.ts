/** Entry of `npm run storage:migrate`: DATA_DIR's objects into the bucket of S3_URL (migrate-objects.ts). */
import { LocalObjectStore } from '../core/storage/local-object-store.ts';
import { migrateObjects } from './migrate-objects.ts';
import { runCommand } from './run-command.ts';

await runCommand({}, async ({ config, progress, openStore }) => {
  const { store: target } = await openStore();
  progress.step(`copying the objects under DATA_DIR ${config.dataDir} into the bucket of S3_URL`);
  await migrateObjects({
    source: new LocalObjectStore(config.dataDir),
    target,
    dataDir: config.dataDir,
    progress,
  });
});
