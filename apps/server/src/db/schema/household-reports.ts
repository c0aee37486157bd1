/** Per-household reports of a task (GetApartmentReports, measurement-api.md section 8). */
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { companyId } from './companies.ts';
import { projects } from './projects.ts';
import { tasks } from './tasks.ts';

/**
 * One household's own report of a task: its sites, readings, pictures and, where the household has a
 * ready scan, a rendered view of it; rendered by the `reports:render-household` job into a PDF and a
 * workbook per language (the task report's files, under the same reports/ keys). `stamp` is what it
 * was rendered from (the household's figures and its ready scans): a different stamp queues it again.
 */
export const householdReports = pgTable(
  'household_reports',
  {
    id: id(),
    companyId: companyId(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    buildingNumber: text('building_number').notNull(),
    floor: integer('floor').notNull(),
    household: integer('household').notNull(),
    /** queued | rendering | ready | failed */
    status: text('status').notNull().default('queued'),
    error: text('error'),
    stamp: text('stamp').notNull(),
    /** Bumped at every queueing: a rendering commits only if no newer queueing happened meanwhile. */
    mark: integer('mark').notNull().default(0),
    hasModelView: boolean('has_model_view').notNull().default(false),
    pdfName: text('pdf_name'),
    xlsxName: text('xlsx_name'),
    pdfSha256: text('pdf_sha256'),
    pdfNameEn: text('pdf_name_en'),
    xlsxNameEn: text('xlsx_name_en'),
    pdfSha256En: text('pdf_sha256_en'),
    renderedAt: timestamp('rendered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('household_reports_place_idx').on(
      table.companyId,
      table.taskId,
      table.buildingNumber,
      table.floor,
      table.household,
    ),
    index('household_reports_task_idx').on(table.companyId, table.taskId),
  ],
);
