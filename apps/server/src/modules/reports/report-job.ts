import { createHash } from 'node:crypto';
import { formatMessage, GRADE_NAMES, LANGUAGES, type Language, type TaskDetail } from '@measure/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStore } from '../../core/file-store.ts';
import type { Database } from '../../db/client.ts';
import { figuresOf } from '../results/judge-readings.ts';
import { loadTaskDetail } from '../tasks/task-detail.ts';
import { loadExternalWallTask } from '../external-walls/external-wall-task.ts';
import { type TaskRecord, TasksRepository } from '../tasks/tasks-repository.ts';
import { loadPlanView } from '../review/plan-view-data.ts';
import type { ReportSource, ReportVersion } from './report-document.ts';
import { pictureSites, type ReportPicture } from './report-pictures.ts';
import { reportBeforeAfter } from '../review/site-links.ts';
import { renderReport } from './report-render.ts';
import { ReportRenditionsRepository } from './report-renditions-repository.ts';
import { type ReportVerificationMark, verificationMarks } from './report-verification.ts';
import { raiseReportEvent } from '../events/live-events.ts';
import { ReportsRepository, storedNames } from './reports-repository.ts';

export type ReportExtension = 'pdf' | 'xlsx';

/** Every report is rendered in each language (Chinese, the reference language, and English). */
export const REPORT_LANGUAGES: readonly Language[] = LANGUAGES;

/** What the render job is given (graphile-worker payload). */
export interface RenderPayload {
  companyId: string;
  taskId: string;
}

/** A report's data read in one snapshot: everything but the pictures and the verification marks. */
type ReportSnapshot = Omit<ReportSource, 'pictures' | 'versions'> & {
  versions: Omit<ReportVersion, 'verification'>[];
};

/** Where the public pages are when no setting says (tests): the default HOST and PORT. */
const DEFAULT_PUBLIC_BASE = 'http://127.0.0.1:8080/';

export const isRenderPayload = (value: unknown): value is RenderPayload =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RenderPayload).companyId === 'string' &&
  typeof (value as RenderPayload).taskId === 'string';

/**
 * The `reports:render` job: queued -> rendering, the task's data read in one snapshot, PDF and
 * workbook rendered in each language in a worker thread, all written atomically under the
 * store's reports/ keys (DATA_DIR or the S3_URL bucket: any instance serves them), then ready with each PDF's SHA-256 in one commit (so ready means every language's
 * files exist; the files it replaces are removed after the commit) or failed with the reason.
 * A rendering overtaken by a newer change is dropped (the newer job renders). Each language's PDF
 * prints a fresh verification code (drawn before rendering); the commit that makes the report ready
 * records one rendition per language under its code and marks the renditions it replaces superseded.
 */
export class ReportRenderer {
  constructor(
    private readonly deps: {
      db: Database;
      files: FileStore<ReportExtension>;
      log?: FastifyBaseLogger;
      /** Origin and base path of the public pages (`<origin><BASE_PATH>`), printed in the PDFs. */
      publicBase?: string;
      /** A site's first wall picture, annotated (ReviewService.firstAnnotatedPicture); none: no pictures. */
      sitePicture?: (companyId: string, task: TaskRecord, pointIndex: number) => Promise<Buffer | null>;
    },
  ) {}

  async render({ companyId, taskId }: RenderPayload): Promise<'ready' | 'failed' | 'skipped'> {
    const started = await this.deps.db.transaction(async (tx) => {
      const marked = await new ReportsRepository(tx).startRendering(companyId, taskId);
      if (marked) await raiseReportEvent(tx, companyId, taskId);
      return marked;
    });
    if (!started) return 'skipped';
    let written: string[] = [];
    try {
      const read = await this.source(companyId, taskId, started.id);
      if (!read) return 'skipped';
      const marks = verificationMarks(REPORT_LANGUAGES, this.deps.publicBase ?? DEFAULT_PUBLIC_BASE);
      const versions = read.source.versions.map((version) => ({
        ...version,
        verification: marks.get(version.language) as ReportVerificationMark,
      }));
      // Pictures are read and annotated after the snapshot (files, sharp): no long transaction.
      const pictures = await this.pictures(companyId, read.task, read.source);
      const source: ReportSource = { ...read.source, versions, pictures };
      const rendered = await renderReport(source);
      const stored = new Map<Language, { pdf: string; xlsx: string; sha256: string }>();
      for (const files of rendered) {
        const pdf = await this.deps.files.write(files.pdf, 'pdf');
        written.push(pdf);
        const xlsx = await this.deps.files.write(files.xlsx, 'xlsx');
        written.push(xlsx);
        stored.set(files.language, {
          pdf,
          xlsx,
          sha256: createHash('sha256').update(files.pdf).digest('hex'),
        });
      }
      const zh = stored.get('zh-CN');
      const en = stored.get('en-US');
      if (!zh || !en) throw new Error('report rendering missed a language');
      const replaced = await this.deps.db.transaction(async (tx) => {
        const old = await new ReportsRepository(tx).finishRendering(companyId, taskId, started.mark, {
          pdfName: zh.pdf,
          xlsxName: zh.xlsx,
          pdfSha256: zh.sha256,
          pdfNameEn: en.pdf,
          xlsxNameEn: en.xlsx,
          pdfSha256En: en.sha256,
        });
        if (old) {
          const renditions = new ReportRenditionsRepository(tx);
          for (const version of versions) {
            const sha256 = stored.get(version.language)?.sha256 as string;
            await renditions.record(
              renditionOf(companyId, taskId, source, version, sha256),
              old.queuedReason ?? 'other',
            );
          }
          await raiseReportEvent(tx, companyId, taskId);
        }
        return old;
      });
      if (!replaced) return 'skipped';
      written = storedNames(replaced);
      return 'ready';
    } catch (error) {
      this.deps.log?.error({ component: 'reports', taskId, err: error }, 'report rendering failed');
      await this.deps.db.transaction(async (tx) => {
        await new ReportsRepository(tx).failRendering(
          companyId,
          taskId,
          started.mark,
          (error as Error).message,
        );
        await raiseReportEvent(tx, companyId, taskId);
      });
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

  /**
   * Ready reports rendered before English existed are queued again (at start-up), so every ready
   * report soon has its files in both languages; until then readers of English get the Chinese files.
   */
  async queueMissingLanguages(): Promise<number> {
    const rows = await new ReportsRepository(this.deps.db).readyWithoutEnglish();
    for (const row of rows) {
      await this.deps.db.transaction((tx) =>
        new ReportsRepository(tx).queue(row.companyId, row.taskId, 'languages'),
      );
    }
    return rows.length;
  }

  /**
   * The report's data read in one repeatable-read snapshot, so figures, readings and plans agree: the
   * task's detail in each language, the plans of the measured households whose plan has rooms.
   */
  private async pictures(companyId: string, task: TaskRecord, source: ReportSnapshot) {
    const sitePicture = this.deps.sitePicture;
    const detail = source.versions[0]?.task;
    if (!sitePicture || !detail) return [];
    const pictures: ReportPicture[] = [];
    for (const site of pictureSites(detail)) {
      const png = await sitePicture(companyId, task, site.PointIndex);
      pictures.push({ PointIndex: site.PointIndex, png: png ? new Uint8Array(png) : null });
    }
    return pictures;
  }

  private async source(
    companyId: string,
    taskId: string,
    reportId: string,
  ): Promise<{ task: TaskRecord; source: ReportSnapshot } | null> {
    return this.deps.db.transaction(
      async (tx) => {
        const task = await new TasksRepository(tx).find(companyId, taskId);
        if (!task) return null;
        const repository = new ReportsRepository(tx);
        // One transaction (one snapshot): its reads run one after the other.
        const details: TaskDetail[] = [];
        for (const language of REPORT_LANGUAGES) {
          details.push(await loadTaskDetail(tx, companyId, task, language, { inTransaction: true }));
        }
        const households = await repository.householdCounts(companyId, taskId);
        const readings = await repository.readings(companyId, taskId);
        const plans = await loadPlanView(tx, companyId, taskId);
        const source = {
          reportId,
          renderedAt: new Date().toISOString(),
          audited: task.state === 'completed',
          versions: REPORT_LANGUAGES.map((language, i) => ({ language, task: details[i] as TaskDetail })),
          plans: plans
            .filter((plan) => plan.Sites.length > 0 && plan.MeasurePoints.Rooms.length > 0)
            .map((plan) => ({ ...plan, MeasurePoints: { ...plan.MeasurePoints, Points: [] } })),
          beforeAfter: await reportBeforeAfter(tx, companyId, task),
          facades:
            task.taskKind === 'externalWall'
              ? (await loadExternalWallTask(tx, companyId, task, 'zh-CN', { inTransaction: true })).Sides
              : null,
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
            RoomId: row.roomId,
            SiteName: row.name,
            ItemCode: row.itemCode,
            Values: row.vals,
            Grades: (row.grades ?? []).map((code) => GRADE_NAMES[code] ?? 'exploded'),
            Valid: row.valid,
          })),
        };
        return { task, source };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
}

/** The rendition row of one language's PDF: what its verification page answers. */
function renditionOf(
  companyId: string,
  taskId: string,
  source: ReportSource,
  version: ReportVersion,
  sha256: string,
) {
  return {
    code: version.verification.code,
    companyId,
    reportId: source.reportId,
    taskId,
    language: version.language,
    reportName: `${formatMessage(version.language, 'reports.doc.title')} ${version.task.Name}`,
    projectName: version.task.ProjectName,
    taskName: version.task.Name,
    figures: version.task.Figures,
    sha256,
    renderedAt: new Date(source.renderedAt),
  };
}
