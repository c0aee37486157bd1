import { DATA_BACKUP_LIMITS, type DataBackupCounts } from '@measure/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ObjectStore } from '../../core/storage/object-store.ts';
import type { Database } from '../../db/client.ts';
import { DEVICE_FILES_PREFIX } from '../results/device-file-store.ts';
import { archiveBytes, type ArchiveEntry, throttled } from './backup-archive.ts';
import { saveBackup } from './backup-progress.ts';
import { ARCHIVE_TABLES, DataBackupRepository } from './data-backup-repository.ts';
import { PlanFileStore } from '../house-maps/file-store.ts';

/** What a backup or restore job's payload names. */
export interface BackupJobPayload {
  companyId: string;
  id: string;
}
export const isBackupJobPayload = (value: unknown): value is BackupJobPayload =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as BackupJobPayload).companyId === 'string' &&
  typeof (value as BackupJobPayload).id === 'string';

/** The job's attempt as graphile-worker runs it: a drain aborts `signal`; the last attempt cannot retry. */
export interface JobAttempt {
  signal?: AbortSignal;
  lastAttempt: boolean;
}

/** A job stopped by a drain: thrown so graphile-worker runs it again (from the start) later. */
export class JobStopped extends Error {}

/**
 * What a job's failure leaves: a drain's stop with attempts left goes back to `queued` and is thrown
 * again (the retry starts over: the archive is written atomically, a restore is one transaction); a
 * stop on the last attempt is `dataBackup.interrupted`; anything else is the job's own failure.
 */
export const stoppedOrFailed = (attempt: JobAttempt, failed: string) =>
  attempt.signal?.aborted ? (attempt.lastAttempt ? 'dataBackup.interrupted' : 'retry') : failed;

/** Where a backup's archive is kept: its folder name is the last segment's stem. */
export const archiveKeyOf = (companyId: string, backupId: string, backupDir: string) =>
  `backups/${companyId}/${backupId}/${backupDir}.tar`;

const PROGRESS_INTERVAL_MS = 1000;
/** What a table entry weighs against file bytes in the progress (its size is known only when read). */
const TABLE_ENTRY_WEIGHT = 64 * 1024;

/** Counts of nothing (what a restore adds when everything is there). */
export const emptyCounts = (): DataBackupCounts => ({
  Tasks: 0,
  Sites: 0,
  Readings: 0,
  SiteHistory: 0,
  Pictures: 0,
  Scans: 0,
  Reports: 0,
  Files: 0,
  Plans: 0,
  Standards: 0,
});

/** A stored file the archive will hold. */
interface PlannedFile {
  key: string;
  size: number;
  taskId: string;
  deviceFileId: string | undefined;
  picture: boolean;
}

/** Which count a table's rows add to. */
export const COUNTED_TABLES: Partial<Record<string, keyof DataBackupCounts>> = {
  tasks: 'Tasks',
  task_sites: 'Sites',
  site_readings: 'Readings',
  site_history: 'SiteHistory',
  scans: 'Scans',
  reports: 'Reports',
  house_maps: 'Plans',
  project_standards: 'Standards',
};

/**
 * The `dataBackup:run` job: the selected tasks' rows (table by table, one entry per task) and their
 * files (pictures, scan originals, rendered reports) streamed as one tar into the object store, the
 * manifest last. Progress is written at most once a second; a failure leaves no archive and the
 * backup failed (its owner starts another).
 */
export class BackupJob {
  constructor(private readonly deps: { db: Database; objects: ObjectStore; log: FastifyBaseLogger }) {}

  async run({ companyId, id }: BackupJobPayload, attempt: JobAttempt = { lastAttempt: true }): Promise<void> {
    const repository = new DataBackupRepository(this.deps.db);
    const backup = await repository.findBackup(companyId, id);
    // `running`: an earlier attempt was stopped mid-way (a drain); this one starts over.
    if (!backup || (backup.state !== 'queued' && backup.state !== 'running')) return;
    const key = archiveKeyOf(companyId, id, backup.backupDir);
    const save = (values: Parameters<typeof saveBackup>[3]) =>
      saveBackup(this.deps.db, companyId, id, values);
    await save({ state: 'running', progress: 0, error: null });
    try {
      const tasks = await repository.selectTasks(
        {
          companyId,
          userId: backup.createdBy ?? '',
          projectScope: backup.projectScope === 'assigned' ? 'assigned' : 'company',
        },
        backup.selection,
        DATA_BACKUP_LIMITS.tasks,
      );
      const taskIds = tasks.map((task) => task.id).slice(0, DATA_BACKUP_LIMITS.tasks);
      const projectIds = [...new Set(tasks.map((task) => task.projectId))];
      const counts = emptyCounts();
      const files = [
        ...(await this.planFiles(repository, companyId, projectIds, counts)),
        ...(await this.plannedFiles(repository, companyId, taskIds, counts)),
      ];
      const taskTables = ARCHIVE_TABLES.filter((entry) => entry.scope === 'task').length;
      const tableEntries = taskTables * taskIds.length + ARCHIVE_TABLES.length - taskTables;
      const total = files.reduce((sum, file) => sum + file.size, 0) + tableEntries * TABLE_ENTRY_WEIGHT;
      let done = 0;
      const saveProgress = throttled(PROGRESS_INTERVAL_MS, () =>
        save({ progress: Math.min(99, Math.floor((done * 100) / total)) }),
      );
      const entries = this.entries(repository, companyId, taskIds, projectIds, files, counts);
      const bytes = archiveBytes(
        backup.backupDir,
        entries,
        {
          format: 'measure-cloud-backup',
          version: 1,
          backupId: id,
          companyId,
          backupDir: backup.backupDir,
          createdAt: backup.createdAt.toISOString(),
          taskIds,
          counts,
          pictureKeys: files.filter((file) => file.picture).map((file) => file.key),
        },
        async (written) => {
          if (attempt.signal?.aborted) throw new JobStopped('stopped by a drain');
          done += written;
          await saveProgress();
        },
      );
      const stored = await this.deps.objects.put(key, bytes);
      await save({
        state: 'ready',
        progress: 100,
        counts,
        objectKey: key,
        size: stored.size,
        sha256: stored.sha256,
        finishedAt: new Date(),
      });
    } catch (error) {
      await this.deps.objects.remove([key]).catch(() => {});
      const outcome = stoppedOrFailed(attempt, 'dataBackup.failed');
      if (outcome === 'retry') {
        await save({ state: 'queued', progress: 0 });
        throw error;
      }
      this.deps.log.error({ err: error, component: 'data-backup', backupId: id }, 'backup failed');
      await save({ state: 'failed', error: outcome, finishedAt: new Date() });
    }
  }

  /** The plan files of the projects' house types (a file gone from the store is left out). */
  private async planFiles(
    repository: DataBackupRepository,
    companyId: string,
    projectIds: string[],
    counts: DataBackupCounts,
  ): Promise<PlannedFile[]> {
    const planned: PlannedFile[] = [];
    const plans = new PlanFileStore(this.deps.objects);
    for (const name of await repository.planNames(companyId, projectIds)) {
      const key = plans.keyOf(name);
      const stat = await this.deps.objects.stat(key);
      if (!stat) continue;
      planned.push({ key, size: stat.size, taskId: '', deviceFileId: undefined, picture: false });
      counts.Files += 1;
    }
    return planned;
  }

  /** The stored files of the tasks that exist (a file gone from the store is left out). */
  private async plannedFiles(
    repository: DataBackupRepository,
    companyId: string,
    taskIds: string[],
    counts: DataBackupCounts,
  ) {
    const planned: PlannedFile[] = [];
    const seen = new Set<string>();
    for (const taskId of taskIds) {
      const { pictureIds, scanFileIds, readyScanIds, reportNames } = await repository.taskFiles(
        companyId,
        taskId,
      );
      const keys = [
        ...pictureIds.map((fileId) => ({ key: `${DEVICE_FILES_PREFIX}/${fileId}`, fileId, picture: true })),
        ...scanFileIds.map((fileId) => ({ key: `${DEVICE_FILES_PREFIX}/${fileId}`, fileId, picture: false })),
        ...reportNames.map((name) => ({ key: `reports/${name}`, fileId: undefined, picture: false })),
      ];
      for (const file of keys) {
        if (seen.has(file.key)) continue;
        seen.add(file.key);
        const stat = await this.deps.objects.stat(file.key);
        if (!stat) continue;
        planned.push({
          key: file.key,
          size: stat.size,
          taskId,
          deviceFileId: file.fileId,
          picture: file.picture,
        });
        counts.Files += 1;
        if (file.picture) counts.Pictures += 1;
      }
      // A ready scan's tiles or model: restored with it, so its preview works without processing again.
      for (const scanId of readyScanIds)
        for await (const object of this.deps.objects.list(`scans/${companyId}/${scanId}/`)) {
          planned.push({
            key: object.key,
            size: object.size,
            taskId,
            deviceFileId: undefined,
            picture: false,
          });
          counts.Files += 1;
        }
    }
    return planned;
  }

  private async *entries(
    repository: DataBackupRepository,
    companyId: string,
    taskIds: string[],
    projectIds: string[],
    files: PlannedFile[],
    counts: DataBackupCounts,
  ): AsyncGenerator<ArchiveEntry> {
    for (const entry of ARCHIVE_TABLES) {
      const targets = entry.scope === 'projects' ? [undefined] : taskIds;
      for (const task of targets) {
        const deviceFiles = files.flatMap((file) =>
          file.taskId === task && file.deviceFileId ? [file.deviceFileId] : [],
        );
        const rows = await repository.dumpRows(companyId, entry.table, {
          task,
          projects: projectIds,
          files: deviceFiles,
        });
        const counted = COUNTED_TABLES[entry.table];
        if (counted) counts[counted] += rows.length;
        const path = task ? `tables/${entry.table}/${task}.jsonl` : `tables/${entry.table}.jsonl`;
        yield { kind: 'table', path, table: entry.table, rows };
      }
    }
    for (const file of files)
      yield {
        kind: 'file',
        path: `files/${file.key}`,
        size: file.size,
        open: () => this.deps.objects.openRead(file.key),
      };
  }
}
