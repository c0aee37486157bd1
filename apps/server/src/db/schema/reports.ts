/** Data-pool exports, task reports with their renditions, shares, reads and download addresses. */
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DataPoolExportFilter } from '../json-types.ts';
import { id, createdAt, updatedAt } from './columns.ts';
import { companyId } from './companies.ts';
import { users } from './identity.ts';
import { projects } from './projects.ts';
import { scans } from './scans.ts';
import { tasks } from './tasks.ts';

/**
 * Data pool exports (issue 14 item 6): a workbook written by a background job, its progress, and
 * the finished file (DATA_DIR/exports/data-pool/<uuid>.xlsx) downloadable once by the user who
 * asked for it until `expiresAt`.
 */
export const dataPoolExports = pgTable(
  'data_pool_exports',
  {
    id: id(),
    companyId: companyId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The caller's project scope when asked: company | assigned (the job reads the same rows). */
    projectScope: text('project_scope').notNull(),
    /** The export body's filters, as the route validated them. */
    filter: jsonb('filter').$type<DataPoolExportFilter>().notNull(),
    language: text('language').notNull(),
    /** queued | running | ready | failed */
    state: text('state').notNull().default('queued'),
    rowsWritten: integer('rows_written').notNull().default(0),
    rowsTotal: integer('rows_total'),
    /** A message key when failed. */
    error: text('error'),
    storedName: text('stored_name'),
    fileSize: bigint('file_size', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
  },
  (table) => [
    index('data_pool_exports_user_idx').on(table.companyId, table.userId),
    index('data_pool_exports_expires_idx').on(table.expiresAt),
  ],
);

/**
 * The data report of a task (one per task): rendered by the `reports:render` job into a PDF and an
 * Excel workbook under DATA_DIR/reports, again whenever the task's data or state changes.
 */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    companyId: companyId(),
    taskId: uuid('task_id')
      .notNull()
      .unique()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** queued | rendering | ready | failed */
    status: text('status').notNull().default('queued'),
    error: text('error'),
    /** The Chinese files (the reference language) and the Chinese PDF's SHA-256. */
    pdfName: text('pdf_name'),
    xlsxName: text('xlsx_name'),
    pdfSha256: text('pdf_sha256'),
    /** The English files, rendered with the Chinese ones (null for reports rendered before English). */
    pdfNameEn: text('pdf_name_en'),
    xlsxNameEn: text('xlsx_name_en'),
    pdfSha256En: text('pdf_sha256_en'),
    /** Mirrors the task's state `completed` when last queued. */
    audited: boolean('audited').notNull().default(false),
    /** When the task was finished (uploaded). */
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    /** Why the report was last queued (finished, results, correction, audit, retry...): the next
     * rendition supersedes the earlier ones for this reason. */
    queuedReason: text('queued_reason'),
    renderedAt: timestamp('rendered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('reports_company_project_idx').on(table.companyId, table.projectId, table.updatedAt)],
);

/**
 * One rendered PDF (one language of one rendering) and its public verification code
 * (`/supplement/verify/{code}`, >= 64 random bits). The code is printed in the PDF's footer, so it is
 * made before the file; the SHA-256 and the figures are those of the file. A later rendering
 * supersedes it (when, why, and the code of the current rendition). Kept when the report is deleted,
 * so a printout stays checkable; it goes with its company.
 */
export const reportRenditions = pgTable(
  'report_renditions',
  {
    code: text('code').primaryKey(),
    companyId: companyId(),
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'set null' }),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    language: text('language').notNull(),
    reportName: text('report_name').notNull(),
    projectName: text('project_name').notNull(),
    taskName: text('task_name').notNull(),
    figures: jsonb('figures').$type<Record<string, number | null>>().notNull(),
    sha256: text('sha256').notNull(),
    renderedAt: timestamp('rendered_at', { withTimezone: true }).notNull(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    /** The queued reason of the rendering that superseded it. */
    supersededReason: text('superseded_reason'),
    supersededBy: text('superseded_by'),
    createdAt: createdAt(),
  },
  (table) => [index('report_renditions_report_idx').on(table.reportId, table.renderedAt)],
);

/** Public shares of a task's report (`/supplement/taskReportList/{id}`): the id is 256 random bits. */
export const reportShares = pgTable(
  'report_shares',
  {
    id: text('id').primaryKey(),
    companyId: companyId(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** The scan the share names (`SharingReport` with `ScanId`): the model preview opens it first. */
    scanId: uuid('scan_id').references(() => scans.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('report_shares_task_idx').on(table.companyId, table.taskId)],
);

/**
 * When a user last opened a report (UserIsReadedTask): a ready report is unread for them until a row
 * here is at least as new as its rendering.
 */
export const reportReads = pgTable(
  'report_reads',
  {
    companyId: companyId(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.reportId, table.userId] })],
);

/** Short-lived download addresses of report files (10 minutes); the token is stored as its SHA-256. */
export const reportDownloads = pgTable('report_downloads', {
  tokenHash: text('token_hash').primaryKey(),
  companyId: companyId(),
  reportIds: uuid('report_ids').array().notNull(),
  /** pdf | xlsx */
  format: text('format').notNull(),
  /** The language of the files (the requester's, when the address was made). */
  language: text('language').notNull().default('zh-CN'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
