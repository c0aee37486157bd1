import { createHash, randomBytes } from 'node:crypto';
import {
  ErrorCode,
  type Language,
  type PageResult,
  REPORT_LIMITS,
  type ReportFormat,
  type ReportRow,
  type ReportShare,
  type ReportStatus,
  type RouteBody,
  type reportsRoutes,
  type SharedReport,
  taskNameIn,
  XLSX_CONTENT_TYPE,
} from '@measure/contract';
import { zipSync } from 'fflate';
import QRCode from 'qrcode';
import { AppError, fieldError, notFound } from '../../core/app-error.ts';
import type { FileStore } from '../../core/file-store.ts';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { visibleProject } from '../projects/project-access.ts';
import { figuresOf } from '../results/judge-readings.ts';
import { ResultsRepository } from '../results/results-repository.ts';
import { ScansRepository } from '../scans/scans-repository.ts';
import { visibleTask } from '../tasks/task-access.ts';
import { loadTaskDetail } from '../tasks/task-detail.ts';
import { noFigures } from '../tasks/task-rows.ts';
import { TasksRepository } from '../tasks/tasks-repository.ts';
import type { ReportExtension } from './report-job.ts';
import { ReportProjectsRepository } from './report-projects-repository.ts';
import { queueReport } from './report-queue.ts';
import { reportFilesIn } from './report-files.ts';
import { ReportsRepository, storedNames } from './reports-repository.ts';
import { HouseholdReportsRepository } from './household-reports-repository.ts';

type ListBody = RouteBody<typeof reportsRoutes.getReportList>;
/** A task report, or a household report (GetApartmentReports) with its place, for downloads. */
type Row = Awaited<ReturnType<ReportsRepository['visibleMany']>>[number] & {
  buildingNumber?: string;
  floor?: number;
  household?: number;
};

/** A download's file name: the task's, and a household report's place after it. */
const fileNameOf = (row: Row, language: Language) =>
  row.buildingNumber === undefined
    ? taskNameIn(row, language)
    : `${taskNameIn(row, language)} ${row.buildingNumber}-${row.floor}-${row.household}`;

/** A file answered by a download address. */
export interface ReportFile {
  fileName: string;
  contentType: string;
  data: Buffer;
}

const CONTENT_TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: XLSX_CONTENT_TYPE,
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** A file name without characters file systems refuse. */
const safeName = (name: string) =>
  [...name]
    .map((char) => (char.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(char) ? '_' : char))
    .join('')
    .slice(0, 80);

/** A report row; `Sha256` is that of the PDF in the reader's language (the file they download). */
const toRow = (row: Row, lang: Language, figures = noFigures(), unread = false): ReportRow => ({
  ReportId: row.id,
  TaskId: row.taskId,
  ProjectId: row.projectId,
  ProjectName: row.projectName,
  Name: taskNameIn(row, lang),
  UploadTime: row.uploadedAt?.toISOString() ?? null,
  UpdateTime: row.updatedAt.toISOString(),
  Audited: row.audited,
  Status: row.status as ReportStatus,
  Error: row.error,
  Sha256: row.status === 'ready' ? reportFilesIn(row, lang).sha256 : null,
  Figures: figures,
  Unread: unread,
});

/**
 * Reports (measurement-api.md section 5): the list of the projects the caller sees, download
 * addresses (256-bit tokens stored hashed, 10 minutes), deleting, rendering again, and shares.
 */
export class ReportsService {
  constructor(
    private readonly deps: {
      db: Database;
      files: FileStore<ReportExtension>;
      downloadMax: number;
      /** The web app's base path (starts and ends with '/'). */
      basePath: string;
    },
  ) {}

  async list(auth: AuthContext, body: ListBody, lang: Language): Promise<PageResult<ReportRow>> {
    const { rows, total } = await new ReportsRepository(this.deps.db).page(
      auth,
      { projectId: body.ProjectId, taskId: body.TaskId, audited: body.Audited ?? null },
      body.PageSize,
      (body.CurrentPage - 1) * body.PageSize,
    );
    const counts = await new ResultsRepository(this.deps.db).taskCounts(
      auth.companyId,
      rows.map((row) => row.taskId),
    );
    const figures = new Map(counts.map((row) => [row.taskId, figuresOf(row)]));
    const unread = await new ReportProjectsRepository(this.deps.db).unread(
      auth.companyId,
      auth.userId,
      rows.map((row) => row.id),
    );
    return {
      Items: rows.map((row) => toRow(row, lang, figures.get(row.taskId), unread.has(row.id))),
      Total: total,
      PageSize: body.PageSize,
      CurrentPage: body.CurrentPage,
    };
  }

  /** Reports the caller sees, all of `ids` or 404: task reports, and household reports among the rest. */
  private async visible(auth: AuthContext, ids: readonly string[]): Promise<Row[]> {
    const unique = [...new Set(ids)];
    const rows: Row[] = await new ReportsRepository(this.deps.db).visibleMany(auth, unique);
    const found = new Set(rows.map((row) => row.id));
    const rest = unique.filter((id) => !found.has(id));
    rows.push(...(await new HouseholdReportsRepository(this.deps.db).visibleMany(auth, rest)));
    if (rows.length !== unique.length) throw notFound();
    return rows;
  }

  async download(
    auth: AuthContext,
    ids: readonly string[],
    format: ReportFormat,
    origin: string,
    lang: Language,
  ): Promise<{ Url: string; ExpiresAt: string }> {
    const unique = [...new Set(ids)];
    if (unique.length > this.deps.downloadMax) {
      throw new AppError(ErrorCode.BadRequest, 'reports.downloadMax', { 0: this.deps.downloadMax });
    }
    const rows = await this.visible(auth, unique);
    const notReady = rows.find((row) => {
      const files = reportFilesIn(row, lang);
      return row.status !== 'ready' || !files.pdf || !files.xlsx;
    });
    if (notReady) throw new AppError(ErrorCode.Conflict, 'reports.notReady', { name: notReady.name });
    const token = randomBytes(32).toString('base64url');
    const { expiresAt } = await new ReportsRepository(this.deps.db).addDownload({
      tokenHash: hashOf(token),
      companyId: auth.companyId,
      reportIds: unique,
      format,
      language: lang,
      minutes: REPORT_LIMITS.downloadMinutes,
    });
    return { Url: `${origin}/api/ms/statis/ReportFile/${token}`, ExpiresAt: expiresAt.toISOString() };
  }

  /**
   * The file of a download address, in the language of its requester: one report, or a zip of
   * several; unknown or expired 404.
   */
  async file(token: string): Promise<ReportFile> {
    const repository = new ReportsRepository(this.deps.db);
    const download = await repository.download(hashOf(token));
    if (!download) throw notFound();
    const format = download.format as ReportFormat;
    const language: Language = download.language === 'en-US' ? 'en-US' : 'zh-CN';
    const rows: Row[] = await repository.ofCompany(download.companyId, download.reportIds);
    const found = new Set(rows.map((row) => row.id));
    rows.push(
      ...(await new HouseholdReportsRepository(this.deps.db).ofCompany(
        download.companyId,
        download.reportIds.filter((id) => !found.has(id)),
      )),
    );
    const files = await Promise.all(
      rows.map(async (row) => {
        const stored = reportFilesIn(row, language)[format];
        if (!stored) return null;
        try {
          return { name: safeName(fileNameOf(row, language)), data: await this.deps.files.read(stored) };
        } catch {
          return null;
        }
      }),
    );
    const present = files.filter((file) => file !== null);
    if (present.length === 0 || present.length !== download.reportIds.length) throw notFound();
    if (present.length === 1) {
      const [only] = present as [{ name: string; data: Buffer }];
      return { fileName: `${only.name}.${format}`, contentType: CONTENT_TYPES[format], data: only.data };
    }
    const used = new Set<string>();
    const entries: Record<string, Uint8Array> = {};
    for (const file of present) {
      let name = `${file.name}.${format}`;
      for (let n = 2; used.has(name); n += 1) name = `${file.name} (${n}).${format}`;
      used.add(name);
      entries[name] = file.data;
    }
    // PDF and xlsx are compressed already: stored, not deflated again.
    return {
      fileName: 'reports.zip',
      contentType: 'application/zip',
      data: Buffer.from(zipSync(entries, { level: 0 })),
    };
  }

  async delete(auth: AuthContext, ids: readonly string[]): Promise<number> {
    const removed = await this.deps.db.transaction(async (tx) => {
      const rows = await new ReportsRepository(tx).visibleMany(auth, [...new Set(ids)]);
      if (rows.length !== new Set(ids).size) throw notFound();
      return new ReportsRepository(tx).delete(
        auth.companyId,
        rows.map((row) => row.id),
      );
    });
    await this.deps.files.remove(removed.flatMap(storedNames));
    return removed.length;
  }

  async retry(auth: AuthContext, taskId: string, lang: Language): Promise<ReportRow> {
    return this.deps.db.transaction(async (tx) => {
      const { task } = await visibleTask(tx, auth, taskId, true);
      await visibleProject(tx, auth, task.projectId);
      if (!(await queueReport(tx, auth.companyId, task.id, 'retry'))) {
        throw new AppError(ErrorCode.Conflict, 'reports.taskNotFinished');
      }
      const row = await new ReportsRepository(tx).ofTask(auth.companyId, task.id);
      return toRow(row as Row, lang);
    });
  }

  private async shareOf(id: string, expiresAt: Date, origin: string): Promise<ReportShare> {
    const url = `${origin}${this.deps.basePath}supplement/taskReportList/${id}`;
    return {
      ShareId: id,
      Url: url,
      QrCode: await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 256 }),
      ExpiresAt: expiresAt.toISOString(),
    };
  }

  /** `origin`: scheme and host of the request, for the absolute address of the public page. */
  /** `scanId`: a scan of the task the share opens on (Code 400 on ScanId for any other). */
  async share(
    auth: AuthContext,
    taskId: string,
    days: number | null | undefined,
    origin: string,
    scanId: string | null = null,
  ) {
    const { task } = await visibleTask(this.deps.db, auth, taskId);
    await visibleProject(this.deps.db, auth, task.projectId);
    if (scanId !== null) {
      const scan = await new ScansRepository(this.deps.db).find(auth.companyId, scanId);
      if (scan?.taskId !== task.id) throw fieldError('ScanId', 'scans.notFound');
    }
    const share = await new ReportsRepository(this.deps.db).addShare({
      id: randomBytes(32).toString('base64url'),
      companyId: auth.companyId,
      taskId: task.id,
      scanId,
      createdBy: auth.userId,
      days: days ?? REPORT_LIMITS.shareDefaultDays,
    });
    return this.shareOf(share.id, share.expiresAt, origin);
  }

  async shares(auth: AuthContext, taskId: string, origin: string): Promise<ReportShare[]> {
    const { task } = await visibleTask(this.deps.db, auth, taskId);
    await visibleProject(this.deps.db, auth, task.projectId);
    const rows = await new ReportsRepository(this.deps.db).openShares(auth.companyId, task.id);
    return Promise.all(rows.map((row) => this.shareOf(row.id, row.expiresAt, origin)));
  }

  async revoke(auth: AuthContext, shareId: string): Promise<boolean> {
    const repository = new ReportsRepository(this.deps.db);
    const share = await repository.share(auth.companyId, shareId);
    if (!share) throw notFound();
    await visibleProject(this.deps.db, auth, share.projectId);
    await repository.revokeShare(auth.companyId, shareId);
    return true;
  }

  /** The public read of a share: what it names, nothing else; expired, revoked or unknown alike 404. */
  async shared(shareId: string, lang: Language): Promise<SharedReport> {
    const repository = new ReportsRepository(this.deps.db);
    const share = await repository.openShare(shareId);
    if (!share) throw notFound();
    const task = await new TasksRepository(this.deps.db).find(share.companyId, share.taskId);
    if (!task) throw notFound();
    const [detail, households, report] = await Promise.all([
      loadTaskDetail(this.deps.db, share.companyId, task, lang),
      repository.householdCounts(share.companyId, task.id),
      repository.ofTask(share.companyId, task.id),
    ]);
    return {
      TaskId: detail.TaskId,
      Name: detail.Name,
      ProjectName: detail.ProjectName,
      Stage: detail.Stage,
      StageName: detail.StageName,
      StartedAt: detail.StartedAt,
      FinishedAt: detail.FinishedAt,
      Audited: task.state === 'completed',
      Figures: detail.Figures,
      Items: detail.Items.map((item) => ({
        ItemCode: item.ItemCode,
        Name: item.Name,
        Figures: item.Figures,
      })),
      Households: households.map((row) => ({
        BuildingNumber: row.buildingNumber,
        Floor: row.floor,
        Household: row.household,
        Figures: figuresOf(row),
      })),
      Sites: detail.Sites.map((site) => ({
        PointIndex: site.PointIndex,
        BuildingNumber: site.BuildingNumber,
        Floor: site.Floor,
        Household: site.Household,
        Side: site.Side,
        Name: site.Name,
        Figures: site.Figures,
      })),
      Status: (report?.status as ReportStatus | undefined) ?? null,
      Sha256: report?.status === 'ready' ? reportFilesIn(report, lang).sha256 : null,
      ExpiresAt: share.expiresAt.toISOString(),
    };
  }
}
