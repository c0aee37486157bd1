import type { Readable } from 'node:stream';
import {
  DATA_BACKUP_LIMITS,
  type DataBackup,
  type DataBackupState,
  type DataRestore,
  formatMessage,
  isMessageKey,
  type Language,
  type MessageKey,
  type StartBackupBody,
} from '@measure/contract';
import { badRequest, fieldError, notFound } from '../../core/app-error.ts';
import type { ObjectStore } from '../../core/storage/object-store.ts';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { raiseBackupEvent } from '../events/live-events.ts';
import { emptyCounts } from './backup-job.ts';
import {
  BACKUP_JOB,
  type DataBackupRecord,
  DataBackupRepository,
  type DataRestoreRecord,
  RESTORE_JOB,
} from './data-backup-repository.ts';

/** Backups listed at most (newest first). */
const LIST_LIMIT = 200;

const translated = (
  language: Language,
  key: string | null,
  params?: Record<string, string | number> | null,
) =>
  key
    ? formatMessage(
        language,
        isMessageKey(key) ? key : ('dataBackup.failed' satisfies MessageKey),
        params ?? {},
      )
    : null;

/**
 * Data backups of a company (issue 34 item 4): a request is checked (what it names is the caller's,
 * it holds at least one task) and queued; the jobs (backup-job.ts, restore-job.ts) do the work. Every
 * read and write is the caller's company's.
 */
export class DataBackupService {
  constructor(private readonly deps: { db: Database; objects: ObjectStore }) {}

  async start(auth: AuthContext, body: StartBackupBody): Promise<string> {
    const repository = new DataBackupRepository(this.deps.db);
    if ((await repository.unseen(auth, 'projects', body.ProjectIds ?? [])).length > 0)
      throw fieldError('ProjectIds', 'dataBackup.notFound');
    if ((await repository.unseen(auth, 'tasks', body.TaskIds ?? [])).length > 0)
      throw fieldError('TaskIds', 'dataBackup.notFound');
    const selection = {
      ProjectIds: body.ProjectIds ?? null,
      TaskIds: body.TaskIds ?? null,
      StartDate: body.StartDate ?? null,
      EndDate: body.EndDate ?? null,
    };
    const tasks = await repository.selectTasks(auth, selection, DATA_BACKUP_LIMITS.tasks);
    if (tasks.length === 0) throw fieldError('ProjectIds', 'dataBackup.nothingFound');
    if (tasks.length > DATA_BACKUP_LIMITS.tasks)
      throw fieldError('ProjectIds', 'dataBackup.tooManyTasks', { max: DATA_BACKUP_LIMITS.tasks });
    const createdByName = await repository.userName(auth.companyId, auth.userId);
    return this.deps.db.transaction(async (tx) => {
      const backupId = await new DataBackupRepository(tx).insertBackup({
        companyId: auth.companyId,
        backupDir: body.backupDir,
        selection,
        projectScope: auth.projectScope,
        createdBy: auth.userId,
        createdByName,
      });
      await new DataBackupRepository(tx).queue(BACKUP_JOB, auth.companyId, backupId);
      await raiseBackupEvent(tx, auth.companyId, {
        BackupId: backupId,
        RestoreId: null,
        State: 'queued',
        Progress: 0,
      });
      return backupId;
    });
  }

  async list(auth: AuthContext, language: Language): Promise<{ List: DataBackup[] }> {
    const repository = new DataBackupRepository(this.deps.db);
    const rows = await repository.listBackups(auth.companyId, LIST_LIMIT);
    const restores = await repository.latestRestores(
      auth.companyId,
      rows.map((row) => row.id),
    );
    return { List: rows.map((row) => toBackup(row, restores.get(row.id), language)) };
  }

  /** A ready backup's archive, streamed from the object store. */
  async download(
    auth: AuthContext,
    backupId: string,
  ): Promise<{ stream: Readable; fileName: string; size: number }> {
    const backup = await this.ready(auth, backupId);
    return {
      stream: await this.deps.objects.openRead(backup.objectKey ?? ''),
      fileName: `${backup.backupDir}.tar`,
      size: backup.size ?? 0,
    };
  }

  async restore(auth: AuthContext, backupId: string): Promise<string> {
    const backup = await this.ready(auth, backupId);
    const repository = new DataBackupRepository(this.deps.db);
    if (await repository.busy(auth.companyId, backup.id)) throw badRequest('dataBackup.busy');
    const createdByName = await repository.userName(auth.companyId, auth.userId);
    return this.deps.db.transaction(async (tx) => {
      const restoreId = await new DataBackupRepository(tx).insertRestore({
        companyId: auth.companyId,
        backupId: backup.id,
        createdBy: auth.userId,
        createdByName,
      });
      await new DataBackupRepository(tx).queue(RESTORE_JOB, auth.companyId, restoreId);
      await raiseBackupEvent(tx, auth.companyId, {
        BackupId: backup.id,
        RestoreId: restoreId,
        State: 'queued',
        Progress: 0,
      });
      return restoreId;
    });
  }

  async delete(auth: AuthContext, backupId: string): Promise<void> {
    const repository = new DataBackupRepository(this.deps.db);
    const backup = await repository.findBackup(auth.companyId, backupId);
    if (!backup) throw notFound('dataBackup.notFound');
    if (
      backup.state === 'queued' ||
      backup.state === 'running' ||
      (await repository.busy(auth.companyId, backupId))
    )
      throw badRequest('dataBackup.busy');
    await repository.deleteBackup(auth.companyId, backupId);
    if (backup.objectKey) await this.deps.objects.remove([backup.objectKey]);
  }

  /**
   * The sweep (job `dataBackup:sweep`, every 5 minutes from every instance's worker): backups and
   * restores a stop left queued or running whose job will not run again are failed with the
   * translated `dataBackup.interrupted`, each with its live event. Answers how many.
   */
  async sweepInterrupted(): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      const failed = await new DataBackupRepository(tx).failInterrupted();
      for (const row of failed)
        await raiseBackupEvent(tx, row.companyId, {
          BackupId: row.backupId,
          RestoreId: row.restore ? row.id : null,
          State: 'failed',
          Progress: row.progress,
        });
      return failed.length;
    });
  }

  private async ready(auth: AuthContext, backupId: string): Promise<DataBackupRecord> {
    const backup = await new DataBackupRepository(this.deps.db).findBackup(auth.companyId, backupId);
    if (!backup) throw notFound('dataBackup.notFound');
    if (backup.state !== 'ready' || !backup.objectKey) throw badRequest('dataBackup.notReady');
    return backup;
  }
}

function toRestore(row: DataRestoreRecord, language: Language): DataRestore {
  return {
    RestoreId: row.id,
    State: row.state as DataBackupState,
    Progress: row.progress,
    Added: row.added ? { ...emptyCounts(), ...row.added } : null,
    Error: translated(language, row.error, row.errorParams),
    CreatedByName: row.createdByName,
    CreatedAt: row.createdAt.toISOString(),
    FinishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function toBackup(
  row: DataBackupRecord,
  restore: DataRestoreRecord | undefined,
  language: Language,
): DataBackup {
  return {
    BackupId: row.id,
    backupDir: row.backupDir,
    State: row.state as DataBackupState,
    Progress: row.progress,
    Selection: {
      ProjectIds: row.selection.ProjectIds ?? null,
      TaskIds: row.selection.TaskIds ?? null,
      StartDate: row.selection.StartDate ?? null,
      EndDate: row.selection.EndDate ?? null,
    },
    // Archives made before plans and standards were kept count none of them.
    Counts: row.counts ? { ...emptyCounts(), ...row.counts } : null,
    Size: row.size,
    Sha256: row.sha256,
    FileName: `${row.backupDir}.tar`,
    Error: translated(language, row.error),
    CreatedByName: row.createdByName,
    CreatedAt: row.createdAt.toISOString(),
    FinishedAt: row.finishedAt?.toISOString() ?? null,
    LastRestore: restore ? toRestore(restore, language) : null,
  };
}
