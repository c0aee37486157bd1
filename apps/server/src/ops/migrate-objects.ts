/**
 * `npm run storage:migrate`: copies the objects of a DATA_DIR (local disk) into the bucket named by
 * S3_URL. Each object is hashed at the source, put, and read back from the bucket to compare its
 * sha256. Re-running it is safe: an object already in the bucket with the same sha256 is skipped,
 * one that differs is copied again.
 */
import type { ObjectStore } from '../core/storage/object-store.ts';
import { OpsError } from './command-database.ts';
import { forEachObject, hashObject, listObjects, putVerified } from './object-copy.ts';
import { counter, type Progress } from './progress.ts';

export interface MigrationResult {
  copied: number;
  skipped: number;
  bytes: number;
}

export async function migrateObjects(options: {
  source: ObjectStore;
  target: ObjectStore;
  dataDir: string;
  progress: Progress;
}): Promise<MigrationResult> {
  const { source, target, progress } = options;
  if (target.kind === 'local')
    throw new OpsError('S3_URL is not set: there is no bucket to copy DATA_DIR into');
  await target.check();
  const copied = counter(progress, 'objects copied');
  const skipped = counter(progress, 'objects already in the bucket');
  await forEachObject(listObjects(source, options.dataDir), async (object) => {
    const wanted = await hashObject(source, object.key);
    const present = await target.stat(object.key);
    if (present?.size === wanted.size && (await hashObject(target, object.key)).sha256 === wanted.sha256) {
      skipped.add(wanted.size);
      return;
    }
    await putVerified(target, object.key, await source.openRead(object.key), wanted);
    copied.add(wanted.size, object.key);
  });
  copied.done();
  skipped.done();
  progress.step(
    `migration complete: ${copied.count + skipped.count} objects verified in the bucket ` +
      `(${copied.count} copied, ${skipped.count} already there)`,
  );
  return { copied: copied.count, skipped: skipped.count, bytes: copied.bytes };
}
