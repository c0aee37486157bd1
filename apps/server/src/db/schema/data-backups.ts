/** Data backups of a company (issue 34 item 4): archives in the object store, and their restores. */
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns.ts';
import { companyId } from './companies.ts';
import { users } from './identity.ts';

/** What a backup holds (the request's selection, as validated by the contract). */
export interface BackupSelectionRecord {
  ProjectIds?: string[] | null;
  TaskIds?: string[] | null;
  StartDate?: string | null;
  EndDate?: string | null;
}

/** Counted contents of an archive, or of what a restore added. */
export type BackupCountsRecord = Record<
  'Tasks' | 'Sites' | 'Readings' | 'SiteHistory' | 'Pictures' | 'Scans' | 'Reports' | 'Files',
  number
> &
  /** Kept since plans and standards are archived; absent in older rows (read as 0). */
  Partial<Record<'Plans' | 'Standards', number>>;

/**
 * One backup: the `dataBackup:run` job writes one tar archive under `objectKey`
 * (`backups/<companyId>/<id>/<backupDir>.tar`); state queued | running | ready | failed; progress
 * 0..100 written at most once a second.
 */
export const dataBackups = pgTable(
  'data_backups',
  {
    id: id(),
    companyId: companyId(),
    backupDir: text('backup_dir').notNull(),
    selection: jsonb('selection').$type<BackupSelectionRecord>().notNull(),
    /** The project scope of the requester (company | assigned), applied when the job runs. */
    projectScope: text('project_scope').notNull(),
    state: text('state').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    counts: jsonb('counts').$type<BackupCountsRecord>(),
    objectKey: text('object_key'),
    size: bigint('size', { mode: 'number' }),
    sha256: text('sha256'),
    /** A message key (translated when read). */
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('data_backups_company_idx').on(table.companyId, table.createdAt)],
);

/** One restore of a backup into its company (the `dataBackup:restore` job): what it added. */
export const dataRestores = pgTable(
  'data_restores',
  {
    id: id(),
    companyId: companyId(),
    backupId: uuid('backup_id')
      .notNull()
      .references(() => dataBackups.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    added: jsonb('added').$type<BackupCountsRecord>(),
    /** A message key and its parameters (translated when read). */
    error: text('error'),
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('data_restores_backup_idx').on(table.companyId, table.backupId, table.createdAt)],
);
