import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { assertKey, type ObjectStore } from '../../core/storage/object-store.ts';
import type { Database } from '../../db/client.ts';
import { type BackupManifest, FILE_ENTRY, MANIFEST_NAME, TABLE_ENTRY, throttled } from './backup-archive.ts';
import {
  type BackupJobPayload,
  COUNTED_TABLES,
  emptyCounts,
  type JobAttempt,
  JobStopped,
  stoppedOrFailed,
} from './backup-job.ts';
import { saveRestore } from './backup-progress.ts';
import {
  ARCHIVE_TABLES,
  type ArchiveTable,
  DataBackupRepository,
  isArchiveTable,
} from './data-backup-repository.ts';
import { RestoreRepository } from './restore-repository.ts';
import { DamagedArchiveError, readTar } from './tar-archive.ts';

const PROGRESS_INTERVAL_MS = 1000;
/** A manifest larger than this is not one a backup wrote (2000 tasks hold far fewer entries). */
const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;
/** One table entry holds one task's rows of one table; more than this is not a backup's. */
const TABLE_ENTRY_MAX_BYTES = 512 * 1024 * 1024;

/** A restore refused for a reason its owner can read (translated when the list is read). */
class RestoreRefusal extends Error {
  constructor(
    readonly key:
      | 'dataBackup.damaged'
      | 'dataBackup.otherCompany'
      | 'dataBackup.restoreFailed'
      | 'dataBackup.interrupted',
    readonly params: Record<string, string> = {},
  ) {
    super(key);
  }
}

const readAll = async (body: AsyncIterable<Buffer>, max: number) => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > max) throw new DamagedArchiveError('entry too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

/**
 * The `dataBackup:restore` job. First the whole archive is read and checked against its manifest
 * (every entry's size and SHA-256, nothing missing or extra, the company's); a damaged archive fails
 * the restore before anything is written. Then one transaction stages the rows, writes the files
 * that are not in the store (removed again if the transaction fails) and inserts what is not there
 * (rows keep their ids; present rows are skipped, so a second restore adds nothing).
 */
export class RestoreJob {
  constructor(private readonly deps: { db: Database; objects: ObjectStore; log: FastifyBaseLogger }) {}

  async run({ companyId, id }: BackupJobPayload, attempt: JobAttempt = { lastAttempt: true }): Promise<void> {
    const repository = new DataBackupRepository(this.deps.db);
    const restore = await repository.findRestore(companyId, id);
    // `running`: an earlier attempt was stopped mid-way (its transaction rolled back); this one starts over.
    if (!restore || (restore.state !== 'queued' && restore.state !== 'running')) return;
    const backup = await repository.findBackup(companyId, restore.backupId);
    const save = (values: Parameters<typeof saveRestore>[3]) =>
      saveRestore(this.deps.db, companyId, id, values);
    await save({ state: 'running', progress: 0, error: null });
    const written: string[] = [];
    try {
      if (!backup?.objectKey || backup.state !== 'ready')
        throw new RestoreRefusal('dataBackup.restoreFailed');
      let done = 0;
      const total = Math.max(1, (backup.size ?? 0) * 2);
      const saveProgress = throttled(PROGRESS_INTERVAL_MS, () =>
        save({ progress: Math.min(99, Math.floor((done * 100) / total)) }),
      );
      const count = async (bytes: number) => {
        if (attempt.signal?.aborted) throw new JobStopped('stopped by a drain');
        done += bytes;
        await saveProgress();
      };
      const manifest = await this.verify(backup.objectKey, backup.backupDir, companyId, count);
      const added = await this.deps.db.transaction(async (tx) => {
        const staging = new RestoreRepository(tx);
        const staged = new Set<ArchiveTable>();
        const counts = emptyCounts();
        const expected = new Map(manifest.entries.map((entry) => [entry.path, entry]));
        const pictures = new Set(manifest.pictureKeys);
        for await (const entry of readTar(await this.deps.objects.openRead(backup.objectKey ?? ''))) {
          const path = entry.path.slice(backup.backupDir.length + 1);
          const table = TABLE_ENTRY.exec(path)?.[1];
          if (table && isArchiveTable(table)) {
            const text = (await readAll(entry.body, TABLE_ENTRY_MAX_BYTES)).toString('utf8');
            await staging.stage(
              table,
              text.split('\n').filter((line) => line.length > 0),
            );
            staged.add(table);
          } else {
            const key = FILE_ENTRY.exec(path)?.[1];
            if (key && !(await this.deps.objects.stat(key))) {
              const stored = await this.deps.objects.put(key, entry.body);
              written.push(key);
              // The archive may have changed since it was checked: the bytes must still be the manifest's.
              if (stored.sha256 !== expected.get(path)?.sha256) throw new DamagedArchiveError('checksum');
              counts.Files += 1;
              if (pictures.has(key)) counts.Pictures += 1;
            }
          }
          await count(entry.size);
        }
        for (const { table } of ARCHIVE_TABLES) {
          if (!staged.has(table)) continue;
          if ((await staging.foreignRows(table, companyId)) > 0)
            throw new RestoreRefusal('dataBackup.otherCompany');
          const inserted = await staging.insertStaged(table);
          const counted = COUNTED_TABLES[table];
          if (counted) counts[counted] += inserted;
        }
        return counts;
      });
      await save({
        state: 'ready',
        progress: 100,
        added,
        finishedAt: new Date(),
      });
    } catch (error) {
      await this.deps.objects.remove(written).catch(() => {});
      if (stoppedOrFailed(attempt, '') === 'retry') {
        await save({ state: 'queued', progress: 0 });
        throw error;
      }
      const refusal =
        error instanceof RestoreRefusal
          ? error
          : error instanceof DamagedArchiveError
            ? new RestoreRefusal('dataBackup.damaged', { reason: error.reason })
            : new RestoreRefusal(
                attempt.signal?.aborted ? 'dataBackup.interrupted' : 'dataBackup.restoreFailed',
              );
      if (!(error instanceof RestoreRefusal || error instanceof DamagedArchiveError))
        this.deps.log.error({ err: error, component: 'data-backup', restoreId: id }, 'restore failed');
      await save({
        state: 'failed',
        error: refusal.key,
        errorParams: refusal.params,
        finishedAt: new Date(),
      });
    }
  }

  /**
   * Reads the whole archive once: each entry hashed, the manifest last, and the two compared. Answers
   * the manifest; throws DamagedArchiveError (or a refusal for another company's archive).
   */
  private async verify(
    key: string,
    directory: string,
    companyId: string,
    count: (bytes: number) => Promise<void>,
  ): Promise<BackupManifest> {
    const seen: { path: string; size: number; sha256: string }[] = [];
    let manifest: BackupManifest | undefined;
    for await (const entry of readTar(await this.deps.objects.openRead(key))) {
      if (manifest) throw new DamagedArchiveError('entry after the manifest');
      if (!entry.path.startsWith(`${directory}/`))
        throw new DamagedArchiveError(`entry outside ${directory}`);
      const path = entry.path.slice(directory.length + 1);
      if (path === MANIFEST_NAME) {
        manifest = parseManifest(await readAll(entry.body, MANIFEST_MAX_BYTES));
        continue;
      }
      const file = FILE_ENTRY.exec(path)?.[1];
      if (!TABLE_ENTRY.test(path) && !file) throw new DamagedArchiveError(`unknown entry ${path}`);
      if (file) assertKey(file);
      if (file?.startsWith('scans/') && !file.startsWith(`scans/${companyId}/`))
        throw new RestoreRefusal('dataBackup.otherCompany');
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of entry.body) {
        hash.update(chunk);
        size += chunk.length;
        await count(chunk.length);
      }
      seen.push({ path, size, sha256: hash.digest('hex') });
    }
    if (!manifest) throw new DamagedArchiveError('no manifest');
    if (manifest.companyId !== companyId) throw new RestoreRefusal('dataBackup.otherCompany');
    const listed = manifest.entries;
    if (listed.length !== seen.length) throw new DamagedArchiveError('entries missing');
    listed.forEach((entry, index) => {
      const actual = seen[index];
      if (!actual || actual.path !== entry.path || actual.size !== entry.size)
        throw new DamagedArchiveError(`entry ${entry.path}`);
      if (actual.sha256 !== entry.sha256) throw new DamagedArchiveError(`checksum of ${entry.path}`);
    });
    return manifest;
  }
}

function parseManifest(data: Buffer): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(data.toString('utf8'));
  } catch {
    throw new DamagedArchiveError('manifest unreadable');
  }
  const manifest = value as BackupManifest;
  if (
    manifest?.format !== 'measure-cloud-backup' ||
    manifest.version !== 1 ||
    typeof manifest.companyId !== 'string' ||
    !Array.isArray(manifest.entries) ||
    !Array.isArray(manifest.pictureKeys) ||
    typeof manifest.counts !== 'object'
  )
    throw new DamagedArchiveError('manifest unreadable');
  return manifest;
}
