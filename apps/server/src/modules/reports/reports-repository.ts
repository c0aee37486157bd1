import { and, desc, eq, gt, inArray, isNull, sql, type SQL, isNotNull } from 'drizzle-orm';
import type { ReportQueuedReason } from '@measure/contract';
import type { DbExecutor } from '../../db/database-handle.ts';
import {
  householdReports,
  projects,
  reportDownloads,
  reports,
  reportShares,
  siteReadings,
  taskSites,
  tasks,
} from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { visibleProjectCondition } from '../projects/project-access-repository.ts';

/** The graphile-worker task that renders a report, and how long a burst of changes is coalesced. */
export const RENDER_TASK = 'reports:render';
const RENDER_DELAY = sql`interval '2 seconds'`;

export interface ReportFilter {
  projectId: string | null;
  taskId: string | null;
  audited: boolean | null;
}

const rowColumns = {
  id: reports.id,
  taskId: reports.taskId,
  projectId: reports.projectId,
  projectName: projects.name,
  name: tasks.name,
  nameParts: tasks.nameParts,
  status: reports.status,
  error: reports.error,
  pdfName: reports.pdfName,
  xlsxName: reports.xlsxName,
  pdfSha256: reports.pdfSha256,
  pdfNameEn: reports.pdfNameEn,
  xlsxNameEn: reports.xlsxNameEn,
  pdfSha256En: reports.pdfSha256En,
  audited: reports.audited,
  uploadedAt: reports.uploadedAt,
  renderedAt: reports.renderedAt,
  updatedAt: reports.updatedAt,
};

/** A household report's files (GetApartmentReports) live under the same reports/ keys: never swept. */
const householdStoredColumns = {
  pdfName: householdReports.pdfName,
  xlsxName: householdReports.xlsxName,
  pdfNameEn: householdReports.pdfNameEn,
  xlsxNameEn: householdReports.xlsxNameEn,
};

/** The stored file names of a report (both languages). */
const storedColumns = {
  pdfName: reports.pdfName,
  xlsxName: reports.xlsxName,
  pdfNameEn: reports.pdfNameEn,
  xlsxNameEn: reports.xlsxNameEn,
};

/** The stored names among a report's file columns. */
export const storedNames = (row: Record<keyof typeof storedColumns, string | null>): string[] =>
  [row.pdfName, row.xlsxName, row.pdfNameEn, row.xlsxNameEn].filter((name) => name !== null);

/** The queries of reports, their shares and their download addresses. */
export class ReportsRepository {
  constructor(private readonly db: DbExecutor) {}

  /**
   * Marks the task's report queued (creating it) when the task is finished or audited, and queues
   * the render job in the same transaction; the job key per task coalesces a burst of changes into
   * one rendering (the last change's reason wins). Answers false for a task that is not finished (nothing to report yet).
   */
  async queue(companyId: string, taskId: string, reason: ReportQueuedReason): Promise<boolean> {
    const rows = await this.db.execute<{ id: string }>(sql`
      insert into ${reports} (company_id, task_id, project_id, status, audited, uploaded_at, queued_reason,
        updated_at)
      select company_id, id, project_id, 'queued', state = 'completed', finished_at, ${reason}, now()
      from ${tasks}
      where company_id = ${companyId} and id = ${taskId} and state in ('uploaded', 'completed')
      on conflict (task_id) do update set status = 'queued', error = null, audited = excluded.audited,
        uploaded_at = excluded.uploaded_at, queued_reason = excluded.queued_reason, updated_at = now()
      returning id`);
    if (rows.rows.length === 0) return false;
    await this.db.execute(sql`
      select graphile_worker.add_job(${RENDER_TASK}, json_build_object('companyId', ${companyId}::text,
        'taskId', ${taskId}::text), job_key := ${`report:${taskId}`}, job_key_mode := 'replace',
        run_at := now() + ${RENDER_DELAY}, max_attempts := 3)`);
    return true;
  }

  private visible(auth: AuthContext, filter: ReportFilter): SQL {
    const conditions: SQL[] = [
      eq(reports.companyId, auth.companyId),
      visibleProjectCondition(auth, reports.projectId),
    ];
    if (filter.projectId) conditions.push(eq(reports.projectId, filter.projectId));
    if (filter.taskId) conditions.push(eq(reports.taskId, filter.taskId));
    if (filter.audited !== null) conditions.push(eq(reports.audited, filter.audited));
    return and(...conditions) as SQL;
  }

  async page(auth: AuthContext, filter: ReportFilter, limit: number, offset: number) {
    const rows = await this.db
      .select({ ...rowColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(reports)
      .innerJoin(tasks, eq(tasks.id, reports.taskId))
      .innerJoin(projects, eq(projects.id, reports.projectId))
      .where(this.visible(auth, filter))
      .orderBy(desc(reports.updatedAt), desc(reports.id))
      .limit(limit)
      .offset(offset);
    return { rows, total: rows[0]?.total ?? 0 };
  }

  /** Reports the caller sees among `ids` (all or fewer). */
  async visibleMany(auth: AuthContext, ids: readonly string[]) {
    return this.db
      .select(rowColumns)
      .from(reports)
      .innerJoin(tasks, eq(tasks.id, reports.taskId))
      .innerJoin(projects, eq(projects.id, reports.projectId))
      .where(
        and(
          this.visible(auth, { projectId: null, taskId: null, audited: null }),
          sql`${reports.id} = any(${sql.param([...ids])}::uuid[])`,
        ),
      );
  }

  /** Reports of the company among `ids`, for a download address (no session: the company decides). */
  async ofCompany(companyId: string, ids: readonly string[]) {
    return this.db
      .select(rowColumns)
      .from(reports)
      .innerJoin(tasks, eq(tasks.id, reports.taskId))
      .innerJoin(projects, eq(projects.id, reports.projectId))
      .where(and(eq(reports.companyId, companyId), sql`${reports.id} = any(${sql.param([...ids])}::uuid[])`));
  }

  async ofTask(companyId: string, taskId: string) {
    const [row] = await this.db
      .select(rowColumns)
      .from(reports)
      .innerJoin(tasks, eq(tasks.id, reports.taskId))
      .innerJoin(projects, eq(projects.id, reports.projectId))
      .where(and(eq(reports.companyId, companyId), eq(reports.taskId, taskId)));
    return row;
  }

  async delete(companyId: string, ids: readonly string[]) {
    return this.db
      .delete(reports)
      .where(and(eq(reports.companyId, companyId), sql`${reports.id} = any(${sql.param([...ids])}::uuid[])`))
      .returning(storedColumns);
  }

  /**
   * queued (or rendering, after a crash) -> rendering; answers the report id and the time that marks
   * this rendering (a change meanwhile queues the report again and a newer rendering wins), or nothing
   * when the report was deleted or is neither queued nor rendering.
   */
  async startRendering(companyId: string, taskId: string) {
    const [row] = await this.db
      .update(reports)
      .set({ status: 'rendering', updatedAt: sql`clock_timestamp()` })
      .where(
        and(
          eq(reports.companyId, companyId),
          eq(reports.taskId, taskId),
          inArray(reports.status, ['queued', 'rendering']),
        ),
      )
      .returning({ id: reports.id, mark: sql<string>`${reports.updatedAt}::text` });
    return row;
  }

  /**
   * rendering (this one) -> ready with the new files; answers the files replaced and why this
   * rendering was queued, or null when superseded.
   */
  async finishRendering(
    companyId: string,
    taskId: string,
    mark: string,
    files: {
      pdfName: string;
      xlsxName: string;
      pdfSha256: string;
      pdfNameEn: string;
      xlsxNameEn: string;
      pdfSha256En: string;
    },
  ) {
    const [old] = await this.db
      .select({ ...storedColumns, queuedReason: reports.queuedReason })
      .from(reports)
      .where(this.rendering(companyId, taskId, mark))
      .for('update');
    if (!old) return null;
    await this.db
      .update(reports)
      .set({ status: 'ready', error: null, ...files, renderedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(reports.companyId, companyId), eq(reports.taskId, taskId)));
    return old;
  }

  private rendering(companyId: string, taskId: string, mark: string) {
    return and(
      eq(reports.companyId, companyId),
      eq(reports.taskId, taskId),
      eq(reports.status, 'rendering'),
      sql`${reports.updatedAt} = ${mark}::timestamptz`,
    );
  }

  async failRendering(companyId: string, taskId: string, mark: string, error: string): Promise<void> {
    await this.db
      .update(reports)
      .set({ status: 'failed', error: error.slice(0, 500), updatedAt: sql`now()` })
      .where(this.rendering(companyId, taskId, mark));
  }

  /** Every reading of a task with its site's place, in PointIndex and item order. */
  async readings(companyId: string, taskId: string) {
    return this.db
      .select({
        pointIndex: taskSites.pointIndex,
        buildingNumber: taskSites.buildingNumber,
        floor: taskSites.floor,
        household: taskSites.household,
        roomId: taskSites.roomId,
        name: taskSites.name,
        itemCode: siteReadings.itemCode,
        vals: siteReadings.vals,
        grades: siteReadings.grades,
        valid: siteReadings.valid,
      })
      .from(siteReadings)
      .innerJoin(
        taskSites,
        and(eq(taskSites.taskId, siteReadings.taskId), eq(taskSites.pointIndex, siteReadings.pointIndex)),
      )
      .where(and(eq(siteReadings.companyId, companyId), eq(siteReadings.taskId, taskId)))
      .orderBy(taskSites.pointIndex, siteReadings.itemCode);
  }

  /** Figures counts per household of a task, from the floor rollups' sites. */
  /** Figures per household: facade sites have none and never count here (measurement-api.md section 9). */
  async householdCounts(companyId: string, taskId: string) {
    return this.db
      .select({
        buildingNumber: taskSites.buildingNumber,
        floor: taskSites.floor,
        household: sql<number>`${taskSites.household}`,
        qualified: sql<number>`sum(${taskSites.qualified})::int`,
        warning: sql<number>`sum(${taskSites.warning})::int`,
        unqualified: sql<number>`sum(${taskSites.unqualified})::int`,
        exploded: sql<number>`sum(${taskSites.exploded})::int`,
        unjudged: sql<number>`sum(${taskSites.unjudged})::int`,
        sites: sql<number>`count(*)::int`,
        explodedSites: sql<number>`count(*) filter (where ${taskSites.explodedSite})::int`,
      })
      .from(taskSites)
      .where(
        and(eq(taskSites.companyId, companyId), eq(taskSites.taskId, taskId), isNotNull(taskSites.household)),
      )
      .groupBy(taskSites.buildingNumber, taskSites.floor, taskSites.household)
      .orderBy(taskSites.buildingNumber, taskSites.floor, taskSites.household);
  }

  async addShare(share: {
    id: string;
    companyId: string;
    taskId: string;
    scanId?: string | null;
    createdBy: string;
    days: number;
  }) {
    const [row] = await this.db
      .insert(reportShares)
      .values({
        id: share.id,
        companyId: share.companyId,
        taskId: share.taskId,
        scanId: share.scanId ?? null,
        createdBy: share.createdBy,
        expiresAt: sql`now() + make_interval(days => ${share.days})`,
      })
      .returning({ id: reportShares.id, expiresAt: reportShares.expiresAt });
    return row as { id: string; expiresAt: Date };
  }

  async openShares(companyId: string, taskId: string) {
    return this.db
      .select({ id: reportShares.id, expiresAt: reportShares.expiresAt })
      .from(reportShares)
      .where(
        and(
          eq(reportShares.companyId, companyId),
          eq(reportShares.taskId, taskId),
          isNull(reportShares.revokedAt),
          gt(reportShares.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(reportShares.createdAt));
  }

  /** A share of the company (any state), for revoking. */
  async share(companyId: string, shareId: string) {
    const [row] = await this.db
      .select({ id: reportShares.id, taskId: reportShares.taskId, projectId: tasks.projectId })
      .from(reportShares)
      .innerJoin(tasks, eq(tasks.id, reportShares.taskId))
      .where(and(eq(reportShares.companyId, companyId), eq(reportShares.id, shareId)));
    return row;
  }

  async revokeShare(companyId: string, shareId: string): Promise<void> {
    await this.db
      .update(reportShares)
      .set({ revokedAt: sql`coalesce(${reportShares.revokedAt}, now())` })
      .where(and(eq(reportShares.companyId, companyId), eq(reportShares.id, shareId)));
  }

  /** An open share by its id alone (the public read: the id is the secret); null when closed or unknown. */
  async openShare(shareId: string) {
    const [row] = await this.db
      .select({
        companyId: reportShares.companyId,
        taskId: reportShares.taskId,
        scanId: reportShares.scanId,
        expiresAt: reportShares.expiresAt,
      })
      .from(reportShares)
      .where(
        // eslint-disable-next-line measure/company-scoped-sql -- the public share read: the id is 256 random bits (the secret), and the answer's company is the share's own, which every later read of the share uses
        sql`${reportShares.id} = ${shareId} and ${reportShares.revokedAt} is null and ${reportShares.expiresAt} > now()`,
      );
    return row;
  }

  async addDownload(download: {
    tokenHash: string;
    companyId: string;
    reportIds: string[];
    format: string;
    language: string;
    minutes: number;
  }) {
    const [row] = await this.db
      .insert(reportDownloads)
      .values({
        tokenHash: download.tokenHash,
        companyId: download.companyId,
        reportIds: download.reportIds,
        format: download.format,
        language: download.language,
        expiresAt: sql`now() + make_interval(mins => ${download.minutes})`,
      })
      .returning({ expiresAt: reportDownloads.expiresAt });
    // eslint-disable-next-line measure/company-scoped-sql -- every company: expired download addresses are dropped as new ones are made
    await this.db.delete(reportDownloads).where(sql`${reportDownloads.expiresAt} < now() - interval '1 day'`);
    return row as { expiresAt: Date };
  }

  /** An unexpired download address by its token's hash (the token is the secret). */
  async download(tokenHash: string) {
    const [row] = await this.db
      .select()
      .from(reportDownloads)
      // eslint-disable-next-line measure/company-scoped-sql -- reached by its token's hash (the token is the secret) before any company context exists, like a session
      .where(sql`${reportDownloads.tokenHash} = ${tokenHash} and ${reportDownloads.expiresAt} > now()`);
    return row;
  }

  /** Stored file names of every report (all companies: the file sweep). */
  async allStoredNames(): Promise<Set<string>> {
    const rows = await this.db.select(storedColumns).from(reports);
    const households = await this.db.select(householdStoredColumns).from(householdReports);
    return new Set([...rows, ...households].flatMap(storedNames));
  }

  /** Ready reports rendered before English existed (all companies: queued again at start-up). */
  async readyWithoutEnglish() {
    return this.db
      .select({ companyId: reports.companyId, taskId: reports.taskId })
      .from(reports)
      .where(and(eq(reports.status, 'ready'), isNull(reports.pdfNameEn)));
  }
}
