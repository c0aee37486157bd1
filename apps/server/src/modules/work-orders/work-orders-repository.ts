import type { WorkOrderState } from '@measure/contract';
import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import {
  householdAssignments,
  houseMaps,
  projects,
  tasks,
  taskSites,
  users,
  workOrderEvents,
  workOrders,
} from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { assignedProjectCondition } from '../projects/project-access-repository.ts';

export type WorkOrderRecord = typeof workOrders.$inferSelect;
export type NewWorkOrder = Omit<
  typeof workOrders.$inferInsert,
  'id' | 'companyId' | 'orderNumber' | 'createdAt' | 'updatedAt'
>;

export interface WorkOrderQuery {
  projectId?: string | null;
  state?: WorkOrderState | null;
  type?: string | null;
  assigneeId?: string | null;
  buildingNumber?: string;
  floor?: number | null;
  taskId?: string | null;
}

/** The contract's work order filters (WorkOrder/List, GetPinnedPlaces) as a query. */
export function filterQuery(body: {
  ProjectId?: string | null;
  State?: WorkOrderState | null;
  Type?: string | null;
  AssigneeId?: string | null;
  BuildingNumber?: string;
  Floor?: number | null;
  TaskId?: string | null;
}): WorkOrderQuery {
  return {
    projectId: body.ProjectId,
    state: body.State,
    type: body.Type,
    assigneeId: body.AssigneeId,
    buildingNumber: body.BuildingNumber,
    floor: body.Floor,
    taskId: body.TaskId,
  };
}

/** A work order row with its project's and assignee's names. */
const rowColumns = {
  order: workOrders,
  projectName: projects.name,
  assigneeName: users.name,
  /** The names of the order's items in its task's frozen standard. */
  itemNames: sql<{ Code: string; NameZh: string; NameEn: string }[] | null>`(
    select jsonb_agg(jsonb_build_object('Code', i->>'Code', 'NameZh', i->>'NameZh', 'NameEn', i->>'NameEn'))
    from ${tasks} t cross join jsonb_array_elements(t.standard->'Items') i
    where t.company_id = ${workOrders}.company_id and t.id = ${workOrders}.task_id
      and i->>'Code' = any(${workOrders}.item_codes))`,
};

/** The work orders' queries; every one filters by company. */
export class WorkOrdersRepository {
  constructor(private readonly db: DbExecutor) {}

  /**
   * What the caller sees: the orders of the projects of their scope, the task rule (`visibleTask`).
   * Being an order's assignee never widens it: one taken off the project's staff loses its orders.
   * Every query using it also filters `work_orders.company_id`, so only an assigned scope adds a condition.
   */
  private visible(auth: AuthContext): SQL {
    return assignedProjectCondition(auth, workOrders.projectId);
  }

  private conditions(auth: AuthContext, query: WorkOrderQuery): SQL | undefined {
    return and(
      eq(workOrders.companyId, auth.companyId),
      this.visible(auth),
      query.projectId ? eq(workOrders.projectId, query.projectId) : undefined,
      query.state ? eq(workOrders.state, query.state) : undefined,
      query.type ? eq(workOrders.type, query.type) : undefined,
      query.assigneeId ? eq(workOrders.assigneeId, query.assigneeId) : undefined,
      query.buildingNumber ? eq(workOrders.buildingNumber, query.buildingNumber) : undefined,
      query.floor ? eq(workOrders.floor, query.floor) : undefined,
      query.taskId ? eq(workOrders.taskId, query.taskId) : undefined,
    );
  }

  async page(auth: AuthContext, query: WorkOrderQuery, limit: number, offset: number) {
    const where = this.conditions(auth, query);
    const rows = await this.db
      .select(rowColumns)
      .from(workOrders)
      .innerJoin(projects, eq(projects.id, workOrders.projectId))
      .leftJoin(users, eq(users.id, workOrders.assigneeId))
      .where(where)
      .orderBy(desc(workOrders.createdAt), desc(workOrders.orderNumber))
      .limit(limit)
      .offset(offset);
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(workOrders)
      .where(where);
    return { rows, total: count?.n ?? 0 };
  }

  /** One visible work order (`forUpdate` locks it). */
  async find(auth: AuthContext, id: string, forUpdate = false) {
    const query = this.db
      .select(rowColumns)
      .from(workOrders)
      .innerJoin(projects, eq(projects.id, workOrders.projectId))
      .leftJoin(users, eq(users.id, workOrders.assigneeId))
      .where(and(eq(workOrders.companyId, auth.companyId), eq(workOrders.id, id), this.visible(auth)));
    const [row] = forUpdate ? await query.for('update', { of: workOrders }) : await query;
    return row;
  }

  async events(companyId: string, workOrderId: string) {
    return this.db
      .select()
      .from(workOrderEvents)
      .where(and(eq(workOrderEvents.companyId, companyId), eq(workOrderEvents.workOrderId, workOrderId)))
      .orderBy(workOrderEvents.at);
  }

  /**
   * Inserts work orders with the next order numbers of the day (WO + YYYYMMDD + 3 digits), under a
   * transaction lock per company and day so that concurrent creations never take the same number.
   */
  async insert(companyId: string, day: string, rows: readonly NewWorkOrder[]): Promise<string[]> {
    if (rows.length === 0) return [];
    const prefix = `WO${day.replaceAll('-', '')}`;
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`${companyId}/${prefix}`}))`);
    const [last] = await this.db
      .select({ n: sql<number>`coalesce(max(substr(${workOrders.orderNumber}, 11)::int), 0)::int` })
      .from(workOrders)
      .where(and(eq(workOrders.companyId, companyId), sql`${workOrders.orderNumber} like ${`${prefix}%`}`));
    const first = (last?.n ?? 0) + 1;
    const inserted = await this.db
      .insert(workOrders)
      .values(
        rows.map((row, index) => ({
          ...row,
          companyId,
          orderNumber: `${prefix}${String(first + index).padStart(3, '0')}`,
        })),
      )
      .returning({ id: workOrders.id });
    return inserted.map((row) => row.id);
  }

  async update(companyId: string, id: string, changes: Partial<NewWorkOrder>): Promise<void> {
    await this.db
      .update(workOrders)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(workOrders.companyId, companyId), eq(workOrders.id, id)));
  }

  async addEvents(
    companyId: string,
    events: readonly {
      workOrderId: string;
      action: string;
      userId: string;
      userName: string;
      remark?: string | null;
    }[],
  ): Promise<void> {
    if (events.length === 0) return;
    await this.db.insert(workOrderEvents).values(events.map((event) => ({ ...event, companyId })));
  }

  /** Projects the caller sees with work orders, and their counts per state. */
  async projectCounts(auth: AuthContext) {
    return this.db
      .select({
        projectId: workOrders.projectId,
        projectName: projects.name,
        state: workOrders.state,
        n: sql<number>`count(*)::int`,
      })
      .from(workOrders)
      .innerJoin(projects, eq(projects.id, workOrders.projectId))
      .where(and(eq(workOrders.companyId, auth.companyId), this.visible(auth)))
      .groupBy(workOrders.projectId, projects.name, workOrders.state);
  }

  /** The house type of a household of a project, with its plan size and MeasurePoints. */
  async houseTypeOf(companyId: string, buildingId: string, floor: number, household: number) {
    const [row] = await this.db
      .select({
        id: houseMaps.id,
        name: houseMaps.name,
        mapType: houseMaps.mapType,
        width: houseMaps.width,
        height: houseMaps.height,
        measurePoints: houseMaps.measurePoints,
      })
      .from(householdAssignments)
      .innerJoin(houseMaps, eq(houseMaps.id, householdAssignments.houseMapId))
      .where(
        and(
          eq(householdAssignments.companyId, companyId),
          eq(householdAssignments.buildingId, buildingId),
          eq(householdAssignments.floor, floor),
          eq(householdAssignments.household, household),
        ),
      );
    return row;
  }

  /** The pinned work orders of a household the caller sees. */
  async pins(
    auth: AuthContext,
    place: { projectId: string; buildingId: string; floor: number; household: number },
  ) {
    return this.db
      .select({
        id: workOrders.id,
        orderNumber: workOrders.orderNumber,
        state: workOrders.state,
        x: workOrders.x,
        y: workOrders.y,
      })
      .from(workOrders)
      .where(
        and(
          eq(workOrders.companyId, auth.companyId),
          this.visible(auth),
          eq(workOrders.projectId, place.projectId),
          eq(workOrders.buildingId, place.buildingId),
          eq(workOrders.floor, place.floor),
          eq(workOrders.household, place.household),
          isNotNull(workOrders.x),
          isNotNull(workOrders.y),
        ),
      )
      .orderBy(asc(workOrders.orderNumber));
  }

  /**
   * The households where visible work orders of the filter are pinned, with their counts, the one with
   * the newest pinned order first; at most `limit`, and how many there are.
   */
  async pinnedPlaces(auth: AuthContext, query: WorkOrderQuery, limit: number) {
    const where = and(
      this.conditions(auth, query),
      isNotNull(workOrders.household),
      isNotNull(workOrders.x),
      isNotNull(workOrders.y),
    );
    const rows = await this.db
      .select({
        projectId: workOrders.projectId,
        projectName: projects.name,
        buildingNumber: workOrders.buildingNumber,
        floor: workOrders.floor,
        household: sql<number>`${workOrders.household}`,
        count: sql<number>`count(*)::int`,
      })
      .from(workOrders)
      .innerJoin(projects, eq(projects.id, workOrders.projectId))
      .where(where)
      .groupBy(
        workOrders.projectId,
        projects.name,
        workOrders.buildingId,
        workOrders.buildingNumber,
        workOrders.floor,
        workOrders.household,
      )
      .orderBy(
        desc(sql`max(${workOrders.createdAt})`),
        asc(workOrders.buildingNumber),
        asc(workOrders.floor),
        asc(workOrders.household),
      )
      .limit(limit);
    const [total] = await this.db
      .select({
        n: sql<number>`count(distinct (${workOrders.projectId}, ${workOrders.buildingId}, ${workOrders.floor}, ${workOrders.household}))::int`,
      })
      .from(workOrders)
      .where(where);
    return { rows, total: total?.n ?? 0 };
  }

  /** A site of a task with its place. */
  async site(companyId: string, taskId: string, pointIndex: number) {
    const [row] = await this.db
      .select({
        buildingId: taskSites.buildingId,
        buildingNumber: taskSites.buildingNumber,
        floor: taskSites.floor,
        household: taskSites.household,
        side: taskSites.side,
        x0: taskSites.x0,
        x1: taskSites.x1,
        z0: taskSites.z0,
        z1: taskSites.z1,
      })
      .from(taskSites)
      .where(
        and(
          eq(taskSites.companyId, companyId),
          eq(taskSites.taskId, taskId),
          eq(taskSites.pointIndex, pointIndex),
        ),
      );
    return row;
  }

  /** Sites of a task with an exploded (or, with `unqualified`, an unqualified) valid reading (their items: `failedAt`). */
  async failedSites(companyId: string, taskId: string, unqualified: boolean) {
    const result = await this.db.execute<{
      point_index: number;
      building_id: string;
      building_number: string;
      floor: number;
      household: number | null;
      side: string | null;
      x0: number | null;
      x1: number | null;
      z0: number | null;
      z1: number | null;
      open: boolean;
    }>(sql`
      select s.point_index, s.building_id, s.building_number, s.floor, s.household, s.side, s.x0, s.x1, s.z0, s.z1,
        exists (select 1 from ${workOrders} w where w.company_id = ${companyId} and w.task_id = s.task_id
          and w.point_index = s.point_index and w.state <> 'completed') open
      from ${taskSites} s
      where s.company_id = ${companyId} and s.task_id = ${taskId}
        and (s.exploded > 0 ${unqualified ? sql`or s.unqualified > 0` : sql``})
      order by s.point_index`);
    return result.rows;
  }

  async userName(companyId: string, userId: string): Promise<string> {
    const [row] = await this.db
      .select({ name: users.name })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
    return row?.name ?? '';
  }
}
