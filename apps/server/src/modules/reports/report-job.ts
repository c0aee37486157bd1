import { createHash } from 'node:crypto';
import { GRADE_NAMES, type Language } from '@measure/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStore } from '../../core/file-store.ts';
import type { Database } from '../../db/client.ts';
import { figuresOf } from '../results/judge-readings.ts';
import { loadTaskDetail } from '../tasks/task-detail.ts';
import { TasksRepository } from '../tasks/tasks-repository.ts';
import { reportBeforeAfter } from '../review/site-links.ts';
import type { ReportDocument } from './report-document.ts';
import { renderReport } from './report-render.ts';
import { ReportsRepository } from './reports-repository.ts';

export type ReportExtension = 'pdf' | 'xlsx';

/** Reports are rendered in the reference language of the catalogue (Chinese). */
export const REPORT_LANGUAGE: Language = 'zh-CN';

/** What the render job is given (graphile-worker payload). */
export interface RenderPayload {
  companyId: string;
  taskId: string;
}

export const isRenderPayload = (value: unknown): value is RenderPayload =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RenderPayload).companyId === 'string' &&
  typeof (value as RenderPayload).taskId === 'string';

/**
 * The `reports:render` job: queued -> rendering, the task's data read in one snapshot, PDF and
 * workbook rendered in a worker thread, written atomically under DATA_DIR/reports, then ready with
 * the PDF's SHA-256 (the files it replaces are removed after the commit) or failed with the reason.
 * A rendering overtaken by a newer change is dropped (the newer job renders).
 */
export class ReportRenderer {
  constructor(
    private readonly deps: { db: Database; files: FileStore<ReportExtension>; log?: FastifyBaseLogger },
  ) {}

  async render({ companyId, taskId }: RenderPayload): Promise<'ready' | 'failed' | 'skipped'> {
    const started = await new ReportsRepository(this.deps.db).startRendering(companyId, taskId);
    if (!started) return 'skipped';
    let written: string[] = [];
    try {
      const doc = await this.document(companyId, taskId, started.id);
      if (!doc) return 'skipped';
      const rendered = await renderReport(doc);
      const pdfName = await this.deps.files.write(rendered.pdf, 'pdf');
      written.push(pdfName);
      const xlsxName = await this.deps.files.write(rendered.xlsx, 'xlsx');
      written.push(xlsxName);
      const pdfSha256 = createHash('sha256').update(rendered.pdf).digest('hex');
      const replaced = await this.deps.db.transaction((tx) =>
        new ReportsRepository(tx).finishRendering(companyId, taskId, started.mark, {
          pdfName,
          xlsxName,
          pdfSha256,
        }),
      );
      if (!replaced) return 'skipped';
      written = [replaced.pdfName, replaced.xlsxName].filter((name): name is string => name !== null);
      return 'ready';
    } catch (error) {
      this.deps.log?.error({ component: 'reports', taskId, err: error }, 'report rendering failed');
      await new ReportsRepository(this.deps.db).failRendering(
        companyId,
        taskId,
        started.mark,
        (error as Error).message,
      );
      return 'failed';
    } finally {
      // New files nobody refers to (superseded or failed), or the old files replaced.
      await this.deps.files.remove(written);
    }
  }

  /**
   * Removes report files no row refers to (a deleted task or report takes its row with it; a crash
   * between a commit and a removal): at start-up and every hour. Files younger than 10 minutes are
   * kept, so a rendering between writing its files and committing is never touched.
   */
  async sweepOrphanFiles(olderThanMs = 600_000): Promise<string[]> {
    return this.deps.files.sweep(await new ReportsRepository(this.deps.db).allStoredNames(), olderThanMs);
  }

  /** The report's data read in one repeatable-read snapshot, so figures and readings agree. */
  private async document(
    companyId: string,
    taskId: string,
    reportId: string,
  ): Promise<ReportDocument | null> {
    return this.deps.db.transaction(
      async (tx) => {
        const task = await new TasksRepository(tx).find(companyId, taskId);
        if (!task) return null;
        const repository = new ReportsRepository(tx);
        const [detail, households, readings] = await Promise.all([
          loadTaskDetail(tx, companyId, task, REPORT_LANGUAGE),
          repository.householdCounts(companyId, taskId),
          repository.readings(companyId, taskId),
        ]);
        return {
          reportId,
          language: REPORT_LANGUAGE,
          renderedAt: new Date().toISOString(),
          audited: task.state === 'completed',
          task: detail,
          beforeAfter: await reportBeforeAfter(tx, companyId, task),
          households: households.map((row) => ({
            BuildingNumber: row.buildingNumber,
            Floor: row.floor,
            Household: row.household,
            Figures: figuresOf(row),
          })),
          readings: readings.map((row) => ({
            PointIndex: row.pointIndex,
            BuildingNumber: row.buildingNumber,
            Floor: row.floor,
            Household: row.household,
            SiteName: row.name,
            ItemCode: row.itemCode,
            Values: row.vals,
            Grades: (row.grades ?? []).map((code) => GRADE_NAMES[code] ?? 'exploded'),
            Valid: row.valid,
          })),
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
}
