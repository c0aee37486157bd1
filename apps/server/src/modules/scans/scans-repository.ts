import { COMPANY_TIME_ZONE } from '@measure/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { projects, scans, taskSites, tasks } from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { visibleTaskCondition } from '../tasks/tasks-repository.ts';

/** The processing job's name (graphile-worker task). */
export const SCAN_JOB = 'scans:process';

export type ScanRecord = typeof scans.$inferSelect;
export type NewScan = Omit<
  typeof scans.$inferInsert,
  'id' | 'status' | 'progress' | 'createdAt' | 'updatedAt' | 'points' | 'format'
>;

/** A scan with the names lists show. */
export type ScanListRow = ScanRecord & {
  taskName: string;
  taskNameParts: unknown;
  projectName: string;
};

export interface ScanFilter {
  projectId?: string | null;
  taskId?: string | null;
  buildingNumber?: string | null;
  floor?: number | null;
  kind?: string | null;
  status?: string | null;
  /** CreatedAt's day in the company's time zone, inclusive. */
  startDate?: string | null;
  endDate?: string | null;
}

export type ScanSortColumn = 'CreatedAt' | 'Name' | 'Size' | 'Points' | 'Floor' | 'Status';

const SORT_COLUMNS: Record<ScanSortColumn, SQL | typeof scans.name> = {
  CreatedAt: sql`${scans.createdAt}`,
  Name: scans.name,
  Size: sql`${scans.size}`,
  Points: sql`${scans.points}`,
  Floor: sql`${scans.floor}`,
  Status: sql`${scans.status}`,
};

const listColumns = {
  scan: scans,
  taskName: tasks.name,
  taskNameParts: tasks.nameParts,
  projectName: projects.name,
};

const flatten = (row: {
  scan: ScanRecord;
  taskName: string;
  taskNameParts: unknown;
  projectName: string;
}): ScanListRow => ({
  ...row.scan,
  taskName: row.taskName,
  taskNameParts: row.taskNameParts,
  projectName: row.projectName,
});

/** Scans: their registration, processing state and lists. Every query filters by company. */
export class ScansRepository {
  constructor(private readonly db: DbExecutor) {}

  /**
   * Registers a scan, or answers the one already registered with the same FileId (a device sending
   * again): `created` says which.
   */
  async register(scan: NewScan): Promise<{ scan: ScanRecord; created: boolean }> {
    const [inserted] = await this.db
      .insert(scans)
      .values(scan)
      .onConflictDoNothing({ target: [scans.companyId, scans.fileId] })
      .returning();
    if (inserted) return { scan: inserted, created: true };
    const existing = await this.byFile(scan.companyId, scan.fileId);
    if (!existing) throw new Error(`scan of file ${scan.fileId} vanished`);
    return { scan: existing, created: false };
  }

  async byFile(companyId: string, fileId: string): Promise<ScanRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(scans)
      .where(and(eq(scans.companyId, companyId), eq(scans.fileId, fileId)));
    return row;
  }

  async find(companyId: string, scanId: string, forUpdate = false): Promise<ScanRecord | undefined> {
    const query = this.db
      .select()
      .from(scans)
      .where(and(eq(scans.companyId, companyId), eq(scans.id, scanId)));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  }

  /** The scan with its names, when the caller sees its task. */
  async visible(auth: AuthContext, scanId: string): Promise<ScanListRow | undefined> {
    const [row] = await this.joined().where(
      and(eq(scans.companyId, auth.companyId), eq(scans.id, scanId), visibleTaskCondition(auth)),
    );
    return row ? flatten(row) : undefined;
  }

  /** Every scan of a task, newest first. */
  async ofTask(companyId: string, taskId: string): Promise<ScanListRow[]> {
    const rows = await this.joined()
      .where(and(eq(scans.companyId, companyId), eq(scans.taskId, taskId)))
      .orderBy(desc(scans.createdAt), desc(scans.id));
    return rows.map(flatten);
  }

  /** A page of the scans of the tasks the caller sees. */
  async page(
    auth: AuthContext,
    filter: ScanFilter,
    order: { column: ScanSortColumn; ascending: boolean },
    limit: number,
    offset: number,
  ): Promise<{ rows: ScanListRow[]; total: number }> {
    const where = this.conditions(auth, filter);
    const column = SORT_COLUMNS[order.column];
    const rows = await this.joined()
      .where(where)
      .orderBy(order.ascending ? asc(column) : desc(column), desc(scans.id))
      .limit(limit)
      .offset(offset);
    const [count] = await this.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(scans)
      .innerJoin(tasks, eq(tasks.id, scans.taskId))
      .where(where);
    return { rows: rows.map(flatten), total: count?.total ?? 0 };
  }

  private joined() {
    return this.db
      .select(listColumns)
      .from(scans)
      .innerJoin(tasks, and(eq(tasks.id, scans.taskId), eq(tasks.companyId, scans.companyId)))
      .innerJoin(projects, eq(projects.id, scans.projectId));
  }

  private conditions(auth: AuthContext, filter: ScanFilter): SQL | undefined {
    const day = sql`(${scans.createdAt} at time zone ${COMPANY_TIME_ZONE})::date`;
    return and(
      eq(scans.companyId, auth.companyId),
      visibleTaskCondition(auth),
      filter.projectId ? eq(scans.projectId, filter.projectId) : undefined,
      filter.taskId ? eq(scans.taskId, filter.taskId) : undefined,
      filter.buildingNumber ? eq(scans.buildingNumber, filter.buildingNumber) : undefined,
      filter.floor ? eq(scans.floor, filter.floor) : undefined,
      filter.kind ? eq(scans.kind, filter.kind) : undefined,
      filter.status ? eq(scans.status, filter.status) : undefined,
      filter.startDate ? sql`${day} >= ${filter.startDate}::date` : undefined,
      filter.endDate ? sql`${day} <= ${filter.endDate}::date` : undefined,
    );
  }

  /** Moves a scan on (status, progress, outputs, error); stamps updated_at. */
  async update(
    companyId: string,
    scanId: string,
    change: Partial<
      Pick<
        ScanRecord,
        | 'status'
        | 'progress'
        | 'errorKey'
        | 'errorParams'
        | 'format'
        | 'points'
        | 'tilesKey'
        | 'modelKey'
        | 'bounds'
      >
    >,
  ): Promise<void> {
    await this.db
      .update(scans)
      .set({ ...change, updatedAt: sql`now()` })
      .where(and(eq(scans.companyId, companyId), eq(scans.id, scanId)));
  }

  /**
   * Queues the processing job in the caller's transaction (it exists only if the change commits);
   * one job per scan (job key), retried by graphile-worker up to `attempts` times.
   */
  async queueProcessing(companyId: string, scanId: string, attempts: number): Promise<void> {
    await this.db.execute(sql`
      select graphile_worker.add_job(${SCAN_JOB}, json_build_object('companyId', ${companyId}::text,
        'scanId', ${scanId}::text), job_key := ${`scan:${scanId}`}, job_key_mode := 'replace',
        max_attempts := ${attempts})`);
  }

  async delete(companyId: string, scanId: string): Promise<void> {
    await this.db.delete(scans).where(and(eq(scans.companyId, companyId), eq(scans.id, scanId)));
  }

  /** Where a site of the task is (null: the task has no site with that PointIndex). */
  async siteAt(companyId: string, taskId: string, pointIndex: number) {
    const [row] = await this.db
      .select({
        buildingNumber: taskSites.buildingNumber,
        floor: taskSites.floor,
        household: taskSites.household,
        side: taskSites.side,
        source: taskSites.source,
      })
      .from(taskSites)
      .where(
        and(
          eq(taskSites.companyId, companyId),
          eq(taskSites.taskId, taskId),
          eq(taskSites.pointIndex, pointIndex),
        ),
      );
    return row ?? null;
  }
}
