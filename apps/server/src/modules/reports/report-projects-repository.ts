import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import {
  floorRollups,
  itemRollups,
  projectBuildings,
  projects,
  reportReads,
  reports,
  taskHouseholds,
  tasks,
} from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { visibleProjectCondition } from '../projects/project-access-repository.ts';
import { likePattern } from '../projects/project-repository.ts';

const sumCounts = {
  qualified: sql<number>`coalesce(sum(qualified), 0)`.mapWith(Number),
  warning: sql<number>`coalesce(sum(warning), 0)`.mapWith(Number),
  unqualified: sql<number>`coalesce(sum(unqualified), 0)`.mapWith(Number),
  exploded: sql<number>`coalesce(sum(exploded), 0)`.mapWith(Number),
  unjudged: sql<number>`coalesce(sum(unjudged), 0)`.mapWith(Number),
  sites: sql<number>`coalesce(sum(sites), 0)`.mapWith(Number),
  explodedSites: sql<number>`coalesce(sum(exploded_sites), 0)`.mapWith(Number),
};

/** A ready report the user has not opened since its last rendering. */
const unreadBy = (userId: string) => sql`${reports.status} = 'ready' and not exists (
  select 1 from ${reportReads} where ${reportReads.reportId} = ${reports}.id
    and ${reportReads.userId} = ${userId} and ${reportReads.readAt} >= ${reports}.rendered_at)`;

/** The task states that have a report: finished (uploaded) and audited (completed). */
const REPORTED_STATES = ['uploaded', 'completed'] as const;

/** The queries of the data reports landing page, the read marks and the project summary report. */
export class ReportProjectsRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The visible projects with their report counts, newest report change first, then newest project. */
  async page(auth: AuthContext, nameContains: string | undefined, limit: number, offset: number) {
    const conditions: SQL[] = [
      eq(projects.companyId, auth.companyId),
      visibleProjectCondition(auth, projects.id),
    ];
    if (nameContains) conditions.push(ilike(projects.name, likePattern(nameContains)));
    const latest = sql`max(${reports.updatedAt})`;
    const rows = await this.db
      .select({
        id: projects.id,
        name: projects.name,
        address: projects.address,
        reports: sql<number>`count(${reports.id})`.mapWith(Number),
        ready: sql<number>`count(${reports.id}) filter (where ${reports.status} = 'ready')`.mapWith(Number),
        audited: sql<number>`count(${reports.id}) filter (where ${reports.audited})`.mapWith(Number),
        unread: sql<number>`count(${reports.id}) filter (where ${unreadBy(auth.userId)})`.mapWith(Number),
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(projects)
      .leftJoin(reports, and(eq(reports.projectId, projects.id), eq(reports.companyId, auth.companyId)))
      .where(and(...conditions))
      .groupBy(projects.id)
      .orderBy(sql`${latest} desc nulls last`, desc(projects.createdAt), desc(projects.id))
      .limit(limit)
      .offset(offset);
    return { rows, total: rows[0]?.total ?? 0 };
  }

  /** The newest report (by its last change) of each of the projects. */
  async latest(companyId: string, projectIds: readonly string[]) {
    if (projectIds.length === 0) return [];
    return this.db
      .selectDistinctOn([reports.projectId], {
        projectId: reports.projectId,
        id: reports.id,
        taskId: reports.taskId,
        name: tasks.name,
        nameParts: tasks.nameParts,
        status: reports.status,
        updatedAt: reports.updatedAt,
      })
      .from(reports)
      .innerJoin(tasks, eq(tasks.id, reports.taskId))
      .where(and(eq(reports.companyId, companyId), inArray(reports.projectId, [...projectIds])))
      .orderBy(reports.projectId, desc(reports.updatedAt), desc(reports.id));
  }

  /** Figures counts per project over the tasks that have a report, from the floor rollups. */
  async reportedCounts(companyId: string, projectIds: readonly string[]) {
    if (projectIds.length === 0) return [];
    return this.db
      .select({ projectId: floorRollups.projectId, ...sumCounts })
      .from(floorRollups)
      .where(
        and(
          eq(floorRollups.companyId, companyId),
          inArray(floorRollups.projectId, [...projectIds]),
          sql`${floorRollups.taskId} in (select ${reports.taskId} from ${reports}
            where ${reports.companyId} = ${companyId})`,
        ),
      )
      .groupBy(floorRollups.projectId);
  }

  /** Which of the reports are unread by the user. */
  async unread(companyId: string, userId: string, reportIds: readonly string[]): Promise<Set<string>> {
    if (reportIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.companyId, companyId), inArray(reports.id, [...reportIds]), unreadBy(userId)));
    return new Set(rows.map((row) => row.id));
  }

  /** Marks the report read by the user now. */
  async markRead(companyId: string, reportId: string, userId: string): Promise<void> {
    await this.db
      .insert(reportReads)
      .values({ companyId, reportId, userId })
      .onConflictDoUpdate({
        target: [reportReads.reportId, reportReads.userId],
        set: { readAt: sql`now()` },
      });
  }

  /**
   * The project's reported tasks (finished or audited; `auditedOnly`: audited), of one stage or all,
   * of one measure kind or all.
   */
  async summaryTasks(
    companyId: string,
    projectId: string,
    filter: { stage: string | null; measureKind: string | null; auditedOnly: boolean },
  ) {
    const conditions: SQL[] = [
      eq(tasks.companyId, companyId),
      eq(tasks.projectId, projectId),
      inArray(tasks.state, filter.auditedOnly ? ['completed'] : [...REPORTED_STATES]),
    ];
    if (filter.stage) conditions.push(eq(tasks.stage, filter.stage));
    if (filter.measureKind) conditions.push(eq(tasks.measureKind, filter.measureKind));
    return this.db
      .select({
        id: tasks.id,
        name: tasks.name,
        nameParts: tasks.nameParts,
        stage: tasks.stage,
        state: tasks.state,
        measureKind: tasks.measureKind,
        parentTaskId: tasks.parentTaskId,
        finishedAt: tasks.finishedAt,
        standard: tasks.standard,
      })
      .from(tasks)
      .where(and(...conditions))
      .orderBy(tasks.finishedAt, tasks.createdAt, tasks.id);
  }

  /** Counts per task of the tasks, from the floor rollups. */
  async taskCounts(companyId: string, taskIds: readonly string[]) {
    if (taskIds.length === 0) return [];
    return this.db
      .select({ taskId: floorRollups.taskId, ...sumCounts })
      .from(floorRollups)
      .where(and(eq(floorRollups.companyId, companyId), inArray(floorRollups.taskId, [...taskIds])))
      .groupBy(floorRollups.taskId);
  }

  /** The households of the tasks (a household is its building, floor and position on the floor). */
  async households(companyId: string, taskIds: readonly string[]) {
    if (taskIds.length === 0) return [];
    return this.db
      .select({
        taskId: taskHouseholds.taskId,
        buildingId: taskHouseholds.buildingId,
        floor: taskHouseholds.floor,
        household: taskHouseholds.household,
      })
      .from(taskHouseholds)
      .where(and(eq(taskHouseholds.companyId, companyId), inArray(taskHouseholds.taskId, [...taskIds])));
  }

  /** Counts per item over the tasks, from the item rollups. */
  async itemCounts(companyId: string, taskIds: readonly string[]) {
    if (taskIds.length === 0) return [];
    return this.db
      .select({ itemCode: itemRollups.itemCode, ...sumCounts })
      .from(itemRollups)
      .where(and(eq(itemRollups.companyId, companyId), inArray(itemRollups.taskId, [...taskIds])))
      .groupBy(itemRollups.itemCode)
      .orderBy(itemRollups.itemCode);
  }

  /** Counts per building over the tasks, from the floor rollups. */
  async buildingCounts(companyId: string, taskIds: readonly string[]) {
    if (taskIds.length === 0) return [];
    return this.db
      .select({ buildingNumber: projectBuildings.buildingNumber, ...sumCounts })
      .from(floorRollups)
      .innerJoin(
        projectBuildings,
        and(
          eq(projectBuildings.id, floorRollups.buildingId),
          eq(projectBuildings.companyId, floorRollups.companyId),
        ),
      )
      .where(and(eq(floorRollups.companyId, companyId), inArray(floorRollups.taskId, [...taskIds])))
      .groupBy(projectBuildings.buildingNumber)
      .orderBy(projectBuildings.buildingNumber);
  }
}
