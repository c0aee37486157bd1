import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { householdReports, projects, reportRenditions, scans, scanSurfaces, tasks } from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { visibleProjectCondition } from '../projects/project-access-repository.ts';

/** The graphile-worker task that renders one household's report. */
export const HOUSEHOLD_RENDER_TASK = 'reports:renderHousehold';
/** The graphile-worker task that queues again the household reports of a task whose data changed. */
export const HOUSEHOLD_REFRESH_TASK = 'reports:refreshHouseholds';
/** A refresh waits this long after the first change, gathering the changes that follow. */
export const HOUSEHOLD_REFRESH_DELAY_SECONDS = 5;

export interface HouseholdRefreshPayload {
  companyId: string;
  taskId: string;
}

export const isHouseholdRefreshPayload = (value: unknown): value is HouseholdRefreshPayload =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as HouseholdRefreshPayload).companyId === 'string' &&
  typeof (value as HouseholdRefreshPayload).taskId === 'string';

export interface HouseholdPlace {
  buildingNumber: string;
  floor: number;
  household: number;
}

/** A household report as DownloadReport reads a task report (same columns), with its place. */
const downloadColumns = {
  id: householdReports.id,
  taskId: householdReports.taskId,
  projectId: householdReports.projectId,
  projectName: projects.name,
  name: tasks.name,
  nameParts: tasks.nameParts,
  status: householdReports.status,
  error: householdReports.error,
  pdfName: householdReports.pdfName,
  xlsxName: householdReports.xlsxName,
  pdfSha256: householdReports.pdfSha256,
  pdfNameEn: householdReports.pdfNameEn,
  xlsxNameEn: householdReports.xlsxNameEn,
  pdfSha256En: householdReports.pdfSha256En,
  audited: sql<boolean>`${tasks.state} = 'completed'`,
  uploadedAt: tasks.finishedAt,
  renderedAt: householdReports.renderedAt,
  updatedAt: householdReports.updatedAt,
  buildingNumber: householdReports.buildingNumber,
  floor: householdReports.floor,
  household: householdReports.household,
};

const storedColumns = {
  pdfName: householdReports.pdfName,
  xlsxName: householdReports.xlsxName,
  pdfNameEn: householdReports.pdfNameEn,
  xlsxNameEn: householdReports.xlsxNameEn,
};

/** The queries of per-household reports (GetApartmentReports) and of the scans their views draw. */
export class HouseholdReportsRepository {
  constructor(private readonly db: DbExecutor) {}

  /**
   * Makes a row per household (queued) and queues again those whose stamp changed or that failed
   * with another stamp; answers the ids queued, each with a job in this transaction. `existingOnly`
   * makes no new rows (a refresh after a data change renders only reports someone asked for).
   */
  async queue(
    companyId: string,
    task: { id: string; projectId: string },
    households: (HouseholdPlace & { stamp: string })[],
    options: { existingOnly?: boolean } = {},
  ): Promise<string[]> {
    const queued: string[] = [];
    for (const place of households) {
      const again = sql`status = 'queued', error = null, stamp = ${place.stamp}, mark = ${householdReports}.mark + 1,
            updated_at = now()`;
      const rows = options.existingOnly
        ? await this.db.execute<{ id: string }>(sql`
        update ${householdReports} set ${again}
          where company_id = ${companyId} and task_id = ${task.id} and building_number = ${place.buildingNumber}
            and floor = ${place.floor} and household = ${place.household} and stamp <> ${place.stamp}
        returning id`)
        : await this.db.execute<{ id: string }>(sql`
        insert into ${householdReports} (company_id, task_id, project_id, building_number, floor, household, stamp)
        values (${companyId}, ${task.id}, ${task.projectId}, ${place.buildingNumber}, ${place.floor},
          ${place.household}, ${place.stamp})
        on conflict (company_id, task_id, building_number, floor, household) do update set ${again}
          where ${householdReports}.stamp <> excluded.stamp
        returning id`);
      const id = rows.rows[0]?.id;
      if (!id) continue;
      queued.push(id);
      await this.db.execute(sql`
        select graphile_worker.add_job(${HOUSEHOLD_RENDER_TASK}, json_build_object('companyId', ${companyId}::text,
          'householdReportId', ${id}::text), job_key := ${`household-report:${id}`}, job_key_mode := 'replace',
          max_attempts := 3)`);
    }
    return queued;
  }

  /**
   * Queues the refresh of a task's household reports (`HOUSEHOLD_REFRESH_TASK`) in the transaction of
   * a change of its readings or scans, when the task has any: one job per task (job key), run a few
   * seconds after the first change, so a robot's run of batches refreshes once, not per batch.
   */
  async queueRefresh(companyId: string, taskId: string): Promise<void> {
    await this.db.execute(sql`
      select graphile_worker.add_job(${HOUSEHOLD_REFRESH_TASK}, json_build_object('companyId', ${companyId}::text,
        'taskId', ${taskId}::text), run_at := now() + ${`${HOUSEHOLD_REFRESH_DELAY_SECONDS} seconds`}::interval,
        job_key := ${`household-refresh:${taskId}`}, job_key_mode := 'preserve_run_at', max_attempts := 3)
      where exists (select 1 from ${householdReports} where company_id = ${companyId} and task_id = ${taskId})`);
  }

  /** What a `report` event says of household reports: their task, project and status. */
  async eventRows(companyId: string, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({
        id: householdReports.id,
        taskId: householdReports.taskId,
        projectId: householdReports.projectId,
        status: householdReports.status,
      })
      .from(householdReports)
      .where(
        and(
          eq(householdReports.companyId, companyId),
          sql`${householdReports.id} = any(${sql.param([...ids])}::uuid[])`,
        ),
      );
  }

  async ofTask(companyId: string, taskId: string) {
    return this.db
      .select()
      .from(householdReports)
      .where(and(eq(householdReports.companyId, companyId), eq(householdReports.taskId, taskId)));
  }

  async find(companyId: string, id: string) {
    const [row] = await this.db
      .select()
      .from(householdReports)
      .where(and(eq(householdReports.companyId, companyId), eq(householdReports.id, id)));
    return row;
  }

  /** queued -> rendering; answers the row (with its mark) or nothing when not queued. */
  async startRendering(companyId: string, id: string) {
    const [row] = await this.db
      .update(householdReports)
      .set({ status: 'rendering', updatedAt: sql`now()` })
      .where(
        and(
          eq(householdReports.companyId, companyId),
          eq(householdReports.id, id),
          eq(householdReports.status, 'queued'),
        ),
      )
      .returning();
    return row;
  }

  /** rendering -> ready with the files, unless queued again meanwhile; answers the replaced names. */
  async finishRendering(
    companyId: string,
    id: string,
    mark: number,
    files: Record<keyof typeof storedColumns | 'pdfSha256' | 'pdfSha256En', string> & {
      hasModelView: boolean;
    },
  ): Promise<string[] | null> {
    const [old] = await this.db
      .select({ ...storedColumns, mark: householdReports.mark })
      .from(householdReports)
      .where(and(eq(householdReports.companyId, companyId), eq(householdReports.id, id)))
      .for('update');
    if (!old || old.mark !== mark) return null;
    await this.db
      .update(householdReports)
      .set({ ...files, status: 'ready', error: null, renderedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(householdReports.companyId, companyId), eq(householdReports.id, id)));
    return [old.pdfName, old.xlsxName, old.pdfNameEn, old.xlsxNameEn].filter((name) => name !== null);
  }

  /**
   * The renditions of a household report's PDFs (one per language), so their printed codes verify.
   * Not chained to the task report's renditions (those supersede per task and language): no report id.
   */
  async recordRenditions(rows: Omit<typeof reportRenditions.$inferInsert, 'reportId' | 'createdAt'>[]) {
    if (rows.length > 0)
      await this.db.insert(reportRenditions).values(rows.map((row) => ({ ...row, reportId: null })));
  }

  /** rendering -> failed with the reason, unless queued again meanwhile; answers whether it was. */
  async failRendering(companyId: string, id: string, mark: number, error: string): Promise<boolean> {
    const rows = await this.db
      .update(householdReports)
      .set({ status: 'failed', error: error.slice(0, 500), updatedAt: sql`now()` })
      .where(
        and(
          eq(householdReports.companyId, companyId),
          eq(householdReports.id, id),
          eq(householdReports.mark, mark),
        ),
      )
      .returning({ id: householdReports.id });
    return rows.length > 0;
  }

  /** Household reports the caller sees among `ids`, shaped as DownloadReport reads task reports. */
  async visibleMany(auth: AuthContext, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return this.db
      .select(downloadColumns)
      .from(householdReports)
      .innerJoin(tasks, eq(tasks.id, householdReports.taskId))
      .innerJoin(projects, eq(projects.id, householdReports.projectId))
      .where(
        and(
          eq(householdReports.companyId, auth.companyId),
          visibleProjectCondition(auth, householdReports.projectId),
          sql`${householdReports.id} = any(${sql.param([...ids])}::uuid[])`,
        ),
      );
  }

  /** Household reports of the company among `ids` (a download address: the company decides). */
  async ofCompany(companyId: string, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return this.db
      .select(downloadColumns)
      .from(householdReports)
      .innerJoin(tasks, eq(tasks.id, householdReports.taskId))
      .innerJoin(projects, eq(projects.id, householdReports.projectId))
      .where(
        and(
          eq(householdReports.companyId, companyId),
          sql`${householdReports.id} = any(${sql.param([...ids])}::uuid[])`,
        ),
      );
  }

  /** Ready scans of a task's households, oldest first: what a household's view draws. */
  async readyScans(companyId: string, taskId: string) {
    return this.db
      .select({
        id: scans.id,
        kind: scans.kind,
        buildingNumber: scans.buildingNumber,
        floor: scans.floor,
        household: scans.household,
        modelKey: scans.modelKey,
      })
      .from(scans)
      .where(and(eq(scans.companyId, companyId), eq(scans.taskId, taskId), eq(scans.status, 'ready')))
      .orderBy(asc(scans.createdAt), asc(scans.id));
  }

  /** The surfaces found in the given scans (a cloud's walls, coloured by their deviation). */
  async surfaces(companyId: string, scanIds: readonly string[]) {
    if (scanIds.length === 0) return [];
    return this.db
      .select({
        scanId: scanSurfaces.scanId,
        kind: scanSurfaces.kind,
        corners: scanSurfaces.corners,
        maxMm: scanSurfaces.maxMm,
        minMm: scanSurfaces.minMm,
        outOfToleranceShare: scanSurfaces.outOfToleranceShare,
      })
      .from(scanSurfaces)
      .where(
        and(
          eq(scanSurfaces.companyId, companyId),
          sql`${scanSurfaces.scanId} = any(${sql.param([...scanIds])}::uuid[])`,
        ),
      );
  }
}
