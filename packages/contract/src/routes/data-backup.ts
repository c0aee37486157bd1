import { z } from 'zod';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import type { FileAnswer } from './file-answers.ts';
import { checkAnalysisDates } from './analysis.ts';
import { taskDate } from './tasks.ts';

const tag = 'data-backup';

/** Limits of a backup request (issue 34 item 4). */
export const DATA_BACKUP_LIMITS = {
  /** Characters of `backupDir`, the archive's folder name. */
  dirLength: 64,
  /** Projects or tasks named in one request. */
  selected: 200,
  /** Tasks one backup may hold (a date range matching more is refused). */
  tasks: 2000,
} as const;

/** A safe folder name: letters, digits, `.`, `_`, `-`, not starting with a dot. */
export const BACKUP_DIR_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export const DATA_BACKUP_STATES = ['queued', 'running', 'ready', 'failed'] as const;
export type DataBackupState = (typeof DATA_BACKUP_STATES)[number];

const idList = z.array(rules.uuid).max(DATA_BACKUP_LIMITS.selected).nullish();

/** What a backup holds: chosen projects, tasks, or the tasks created in a date range (any, at least one). */
export const dataBackupSelectionShape = {
  ProjectIds: idList,
  TaskIds: idList,
  /** Inclusive, on the day a task was created (company time zone). */
  StartDate: taskDate,
  EndDate: taskDate,
};

export const startBackupBodySchema = z
  .object({
    backupDir: z
      .string('validation.required')
      .trim()
      .min(1, 'validation.required')
      .max(DATA_BACKUP_LIMITS.dirLength, 'validation.tooLong')
      .regex(BACKUP_DIR_PATTERN, 'dataBackup.dirInvalid'),
    ...dataBackupSelectionShape,
  })
  .superRefine((value, context) => {
    const chosen =
      (value.ProjectIds?.length ?? 0) > 0 ||
      (value.TaskIds?.length ?? 0) > 0 ||
      Boolean(value.StartDate) ||
      Boolean(value.EndDate);
    if (!chosen)
      context.addIssue({ code: 'custom', path: ['ProjectIds'], message: 'dataBackup.nothingChosen' });
    checkAnalysisDates(value, context);
  });
export type StartBackupBody = z.output<typeof startBackupBodySchema>;
export type DataBackupSelection = Pick<StartBackupBody, 'ProjectIds' | 'TaskIds' | 'StartDate' | 'EndDate'>;

/** Counted contents of an archive (its manifest), also of what a restore added. */
export const dataBackupCountsSchema = z.object({
  Tasks: z.number().int(),
  Sites: z.number().int(),
  Readings: z.number().int(),
  SiteHistory: z.number().int(),
  Pictures: z.number().int(),
  Scans: z.number().int(),
  Reports: z.number().int(),
  Files: z.number().int(),
  /** House types (floor plans) of the backed-up projects; their plan files count in Files. */
  Plans: z.number().int(),
  /** The projects' standards (one copy of the library per stage). */
  Standards: z.number().int(),
});
export type DataBackupCounts = z.infer<typeof dataBackupCountsSchema>;

const restoreSchema = z.object({
  RestoreId: z.string(),
  State: z.enum(DATA_BACKUP_STATES),
  /** 0..100. */
  Progress: z.number().int(),
  /** Rows added (rows already present are skipped); null until done. */
  Added: dataBackupCountsSchema.nullable(),
  Error: z.string().nullable(),
  CreatedByName: z.string(),
  CreatedAt: z.string(),
  FinishedAt: z.string().nullable(),
});
export type DataRestore = z.infer<typeof restoreSchema>;

export const dataBackupSchema = z.object({
  BackupId: z.string(),
  backupDir: z.string(),
  State: z.enum(DATA_BACKUP_STATES),
  /** 0..100, written at most once a second while it runs. */
  Progress: z.number().int(),
  Selection: z.object(dataBackupSelectionShape),
  /** The manifest's counts, once ready. */
  Counts: dataBackupCountsSchema.nullable(),
  /** Bytes of the archive, once ready. */
  Size: z.number().int().nullable(),
  Sha256: z.string().nullable(),
  FileName: z.string(),
  /** Why it failed, translated. */
  Error: z.string().nullable(),
  CreatedByName: z.string(),
  CreatedAt: z.string(),
  FinishedAt: z.string().nullable(),
  /** The latest restore of this backup, if any. */
  LastRestore: restoreSchema.nullable(),
});
export type DataBackup = z.infer<typeof dataBackupSchema>;

const backupIdBody = z.object({ BackupId: rules.uuid });

/** A backup archive (tar: the selected rows as JSON lines, the files, manifest.json last). */
export const backupArchive: FileAnswer = { contentTypes: ['application/x-tar'], disposition: 'attachment' };

export const dataBackupRoutes = {
  startBackup: defineRoute({
    method: 'POST',
    path: '/api/sys/Vision/Backup',
    access: 'data.backup',
    tag,
    summary:
      'Backs up chosen projects, tasks or the tasks created in a date range (at least one; a backup of nothing ' +
      'is refused on ProjectIds) into one archive in the object store under backupDir (the folder name: letters, ' +
      `digits, . _ -, at most ${DATA_BACKUP_LIMITS.dirLength}); queues the job and answers the BackupId`,
    body: startBackupBodySchema,
    result: z.object({ BackupId: z.string() }),
  }),
  getBackupList: defineRoute({
    method: 'POST',
    path: '/api/sys/Vision/GetBackupList',
    access: 'data.backup',
    tag,
    summary:
      "The company's backups, newest first: state, progress, counts, size, who and when, the last restore",
    body: z.object({}),
    result: z.object({ List: z.array(dataBackupSchema) }),
  }),
  downloadBackup: defineRoute({
    method: 'POST',
    path: '/api/sys/Vision/DownloadBackup',
    access: 'data.backup',
    tag,
    summary:
      "A ready backup's archive, streamed from the object store (not an envelope); another company's: 404",
    body: backupIdBody,
    result: z.null(),
    file: backupArchive,
  }),
  restoreBackup: defineRoute({
    method: 'POST',
    path: '/api/sys/Vision/RestoreBackup',
    access: 'data.backup',
    tag,
    summary:
      'Restores a ready backup into its own company as a job (rows present are kept, so restoring twice adds ' +
      'nothing; a damaged archive changes nothing); answers the RestoreId',
    body: backupIdBody,
    result: z.object({ RestoreId: z.string() }),
  }),
  deleteBackup: defineRoute({
    method: 'POST',
    path: '/api/sys/Vision/DeleteBackup',
    access: 'data.backup',
    tag,
    summary: 'Deletes a backup that is not running (its archive and its restores)',
    body: backupIdBody,
    result: z.null(),
  }),
};
