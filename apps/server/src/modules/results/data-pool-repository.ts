import type { FigureCounts } from '@measure/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { projects, siteReadings, tasks, taskSites } from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { visibleTaskCondition } from '../tasks/tasks-repository.ts';

export interface DataPoolFilter {
  projectId: string | null;
  taskId: string | null;
  buildingNumber: string | null;
  floor: number | null;
  itemCode: string | null;
  grade: 'qualified' | 'warning' | 'unqualified' | 'exploded' | 'unjudged' | null;
  source: string | null;
  startDate: string | null;
  endDate: string | null;
  outsideTaskWindow?: boolean | null;
  stage: string | null;
  inspectionKind: string | null;
  measureKind: string | null;
  /** indoor | externalWall; null or absent: both. */
  taskKind?: string | null;
  /** Item codes, lower-cased; null for all. */
  itemCodes: string[] | null;
  /** Leave out cancelled tasks (their readings count in no figure). */
  countedOnly: boolean;
}

/** The site is stamped outside its task's window (task-window.ts says the same for one task). */
const OUTSIDE_TASK_WINDOW = sql<boolean>`(${taskSites.measuredAt} < coalesce(${tasks.startedAt}, '-infinity')
  or ${taskSites.measuredAt} > coalesce(${tasks.finishedAt}, now()))`;

/** The place in the data pool's order after which the next chunk starts (exports walk it so). */
export interface DataPoolKey {
  day: string;
  measuredAt: Date;
  taskId: string;
  pointIndex: number;
  itemCode: string;
}

const GRADE_COLUMN = {
  qualified: siteReadings.qualified,
  warning: siteReadings.warning,
  unqualified: siteReadings.unqualified,
  exploded: siteReadings.exploded,
  unjudged: siteReadings.unjudged,
} as const;

const rowColumns = {
  taskId: siteReadings.taskId,
  taskName: tasks.name,
  taskNameParts: tasks.nameParts,
  projectId: tasks.projectId,
  projectName: projects.name,
  stage: tasks.stage,
  pointIndex: siteReadings.pointIndex,
  buildingNumber: taskSites.buildingNumber,
  floor: taskSites.floor,
  household: taskSites.household,
  roomId: taskSites.roomId,
  side: taskSites.side,
  siteName: taskSites.name,
  itemCode: siteReadings.itemCode,
  source: taskSites.source,
  measuredAt: taskSites.measuredAt,
  day: taskSites.day,
  outsideTaskWindow: OUTSIDE_TASK_WINDOW,
  vals: siteReadings.vals,
  grades: siteReadings.grades,
  valid: siteReadings.valid,
  qualified: siteReadings.qualified,
  warning: siteReadings.warning,
  unqualified: siteReadings.unqualified,
  exploded: siteReadings.exploded,
  unjudged: siteReadings.unjudged,
};

/**
 * The data pool: readings (one row per site and item) of the tasks of the projects a user sees, newest
 * day first. Ordered by the day index of `task_sites` so a page reads only its rows; totals are
 * counted up to a cap, never over the whole company.
 */
export class DataPoolRepository {
  constructor(private readonly db: DbExecutor) {}

  private conditions(auth: AuthContext, filter: DataPoolFilter): SQL {
    const conditions: SQL[] = [eq(taskSites.companyId, auth.companyId), visibleTaskCondition(auth)];
    if (filter.projectId) conditions.push(eq(tasks.projectId, filter.projectId));
    if (filter.taskId) conditions.push(eq(taskSites.taskId, filter.taskId));
    if (filter.buildingNumber) conditions.push(eq(taskSites.buildingNumber, filter.buildingNumber));
    if (filter.floor) conditions.push(eq(taskSites.floor, filter.floor));
    if (filter.itemCode) conditions.push(sql`lower(${siteReadings.itemCode}) = lower(${filter.itemCode})`);
    if (filter.grade) conditions.push(sql`${GRADE_COLUMN[filter.grade]} > 0`);
    if (filter.source) conditions.push(eq(taskSites.source, filter.source));
    if (filter.startDate) conditions.push(sql`${taskSites.day} >= ${filter.startDate}::date`);
    if (filter.endDate) conditions.push(sql`${taskSites.day} <= ${filter.endDate}::date`);
    if (typeof filter.outsideTaskWindow === 'boolean') {
      conditions.push(filter.outsideTaskWindow ? OUTSIDE_TASK_WINDOW : sql`not ${OUTSIDE_TASK_WINDOW}`);
    }
    if (filter.stage) conditions.push(eq(tasks.stage, filter.stage));
    if (filter.inspectionKind) conditions.push(eq(tasks.inspectionKind, filter.inspectionKind));
    if (filter.measureKind) conditions.push(eq(tasks.measureKind, filter.measureKind));
    if (filter.taskKind) conditions.push(eq(tasks.taskKind, filter.taskKind));
    if (filter.itemCodes) {
      conditions.push(sql`lower(${siteReadings.itemCode}) = any(${sql.param(filter.itemCodes)}::text[])`);
    }
    if (filter.countedOnly) conditions.push(sql`${tasks.state} <> 'cancelled'`);
    return and(...conditions) as SQL;
  }

  private select(auth: AuthContext, filter: DataPoolFilter, extra?: SQL) {
    return this.db
      .select(rowColumns)
      .from(taskSites)
      .innerJoin(tasks, and(eq(tasks.id, taskSites.taskId), eq(tasks.companyId, taskSites.companyId)))
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .innerJoin(
        siteReadings,
        and(eq(siteReadings.taskId, taskSites.taskId), eq(siteReadings.pointIndex, taskSites.pointIndex)),
      )
      .where(extra ? and(this.conditions(auth, filter), extra) : this.conditions(auth, filter))
      .orderBy(
        sql`${taskSites.day} desc`,
        sql`${taskSites.measuredAt} desc`,
        taskSites.taskId,
        taskSites.pointIndex,
        siteReadings.itemCode,
      );
  }

  async page(auth: AuthContext, filter: DataPoolFilter, limit: number, offset: number) {
    return this.select(auth, filter).limit(limit).offset(offset);
  }

  /** How many rows match, counted up to `cap` + 1 (more than `cap` means "more than"). */
  async count(auth: AuthContext, filter: DataPoolFilter, cap: number): Promise<number> {
    const bounded = this.select(auth, filter)
      .limit(cap + 1)
      .as('bounded');
    const [row] = await this.db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(bounded);
    return row?.total ?? 0;
  }

  /**
   * What every matching row adds up to, as the analysis rollups count it: values by grade; sites once
   * each, or (with an item filter) once per item measured there, as with the analysis' ItemCodes.
   */
  async sums(auth: AuthContext, filter: DataPoolFilter): Promise<FigureCounts> {
    const perItem = filter.itemCode !== null || filter.itemCodes !== null;
    const site = sql`(${taskSites.taskId}, ${taskSites.pointIndex})`;
    const [row] = await this.db
      .select({
        qualified: sql<number>`coalesce(sum(${siteReadings.qualified}), 0)`.mapWith(Number),
        warning: sql<number>`coalesce(sum(${siteReadings.warning}), 0)`.mapWith(Number),
        unqualified: sql<number>`coalesce(sum(${siteReadings.unqualified}), 0)`.mapWith(Number),
        exploded: sql<number>`coalesce(sum(${siteReadings.exploded}), 0)`.mapWith(Number),
        unjudged: sql<number>`coalesce(sum(${siteReadings.unjudged}), 0)`.mapWith(Number),
        sites: (perItem ? sql<number>`count(*)` : sql<number>`count(distinct ${site})`).mapWith(Number),
        explodedSites: (perItem
          ? sql<number>`count(*) filter (where ${siteReadings.exploded} > 0)`
          : sql<number>`count(distinct ${site}) filter (where ${taskSites.exploded} > 0)`
        ).mapWith(Number),
      })
      .from(taskSites)
      .innerJoin(tasks, and(eq(tasks.id, taskSites.taskId), eq(tasks.companyId, taskSites.companyId)))
      .innerJoin(
        siteReadings,
        and(eq(siteReadings.taskId, taskSites.taskId), eq(siteReadings.pointIndex, taskSites.pointIndex)),
      )
      .where(this.conditions(auth, filter));
    return row as FigureCounts;
  }

  /** The rows after `after` in the pool's order (keyset paging, for exports). */
  async chunk(auth: AuthContext, filter: DataPoolFilter, after: DataPoolKey | null, limit: number) {
    const extra = after
      ? sql`(${taskSites.day} < ${after.day}::date or (${taskSites.day} = ${after.day}::date and
          (${taskSites.measuredAt} < ${after.measuredAt} or (${taskSites.measuredAt} = ${after.measuredAt} and
          (${taskSites.taskId}, ${taskSites.pointIndex}, ${siteReadings.itemCode}) >
          (${after.taskId}::uuid, ${after.pointIndex}, ${after.itemCode})))))`
      : undefined;
    return this.select(auth, filter, extra).limit(limit);
  }
}
