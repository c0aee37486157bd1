import { COMPANY_TIME_ZONE, type Language, type TaskState } from '@measure/contract';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { FrozenStandard, TaskNameParts } from '../../db/json-types.ts';
import {
  devices,
  projectBuildings,
  projects,
  taskFacadeSides,
  taskHouseholds,
  tasks,
  taskSites,
  taskSurveyors,
  users,
} from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { visibleProjectCondition } from '../projects/project-access-repository.ts';
import { likePattern } from '../projects/project-repository.ts';
import { taskNameSql } from './task-name-repository.ts';

export type TaskOrderField = 'CreateTime' | 'PlannedDate' | 'Name' | 'State' | 'UpdateTime';

/** What each order field sorts by; Name: the name in the reader's language (task-name-repository.ts). */
const orderColumn = (field: TaskOrderField, language: Language) =>
  field === 'Name'
    ? taskNameSql(language)
    : {
        CreateTime: tasks.createdAt,
        PlannedDate: tasks.plannedDate,
        State: tasks.state,
        UpdateTime: tasks.updatedAt,
      }[field];

export interface TaskQuery {
  projectId?: string | null;
  state?: TaskState | null;
  stage?: string | null;
  /** indoor | externalWall; default both. */
  taskKind?: string | null;
  keyword?: string;
  startDate?: string | null;
  endDate?: string | null;
  /** Execution page: of the visible tasks, those of this surveyor or of a device held by them. */
  executorId?: string;
  /** Execution page default: pending and in progress. */
  states?: readonly TaskState[];
  orderBy: TaskOrderField;
  ascending: boolean;
  /** The reader's language: a name the system made is searched and sorted as they read it. */
  language: Language;
}

export interface NewTask {
  projectId: string;
  name: string;
  nameParts: TaskNameParts | null;
  stage: string;
  measureKind: string;
  inspectionKind: string;
  deviceId: string | null;
  plannedDate: string | null;
  parentTaskId: string | null;
  standard: FrozenStandard;
  createdBy: string;
  createdByName: string;
  /** Default indoor; an external-wall task also has its building and floor band. */
  taskKind?: string;
  buildingId?: string | null;
  floorFrom?: number | null;
  floorTo?: number | null;
}

/** A facade an external-wall task measures, in planned order. */
export interface NewFacadeSide {
  Side: string;
  Name?: string | null;
  WidthM: number;
}

export interface NewTaskHousehold {
  buildingId: string;
  buildingNumber: string;
  floor: number;
  household: number;
  houseMapId: string | null;
}

/** The surveyors of a task as a JSON array, in name order. */
const surveyorsJson = sql<{ UserId: string; Name: string }[]>`coalesce((
  select json_agg(json_build_object('UserId', ${users.id}, 'Name', ${users.name}) order by ${users.name})
  from ${taskSurveyors} join ${users} on ${users.id} = ${taskSurveyors.userId}
  where ${taskSurveyors.taskId} = ${tasks}.id and ${taskSurveyors.companyId} = ${tasks}.company_id
), '[]'::json)`;

/** A facade an external-wall task measures, as the contract names it. */
export interface FacadeSideRecord {
  Index: number;
  Side: string;
  Name: string | null;
  WidthM: number;
}

/** An external-wall task's sides as a JSON array in planned order (empty for indoor tasks). */
const facadeSidesJson = sql<FacadeSideRecord[]>`coalesce((
  select json_agg(json_build_object('Index', s.side_index, 'Side', s.side, 'Name', s.name, 'WidthM', s.width_m)
    order by s.side_index)
  from ${taskFacadeSides} s where s.task_id = ${tasks}.id and s.company_id = ${tasks}.company_id
), '[]'::json)`;

/** An external-wall task's building number (null for indoor tasks). */
const facadeBuildingNumber = sql<string | null>`(
  select b.building_number from ${projectBuildings} b
  where b.id = ${tasks}.building_id and b.company_id = ${tasks}.company_id
)`;

const rowColumns = {
  task: tasks,
  projectName: projects.name,
  deviceNumber: devices.deviceNumber,
  surveyors: surveyorsJson,
  facadeSides: facadeSidesJson,
  facadeBuildingNumber,
};

type JoinedRow = {
  task: typeof tasks.$inferSelect;
  projectName: string;
  deviceNumber: string | null;
  surveyors: { UserId: string; Name: string }[];
  facadeSides: FacadeSideRecord[];
  facadeBuildingNumber: string | null;
};

export type TaskRecord = typeof tasks.$inferSelect & Omit<JoinedRow, 'task'>;

const toRecord = (row: JoinedRow): TaskRecord => ({
  ...row.task,
  projectName: row.projectName,
  deviceNumber: row.deviceNumber,
  surveyors: row.surveyors,
  facadeSides: row.facadeSides,
  facadeBuildingNumber: row.facadeBuildingNumber,
});

/** The day a task counts on: its planned date, or its creation day in the company's time zone. */
const taskDay = sql`coalesce(${tasks.plannedDate}, (${tasks.createdAt} at time zone ${COMPANY_TIME_ZONE})::date)`;

/**
 * The task visibility rule of `visibleTask` (task-access.ts) as SQL on `tasks`: the tasks of the
 * projects the caller sees, whoever executes them. Every list of tasks or of their readings uses it.
 */
export const visibleTaskCondition = (auth: AuthContext) => visibleProjectCondition(auth, tasks.projectId);

/** Tasks, their households and surveyors. Every query filters by company. */
export class TasksRepository {
  constructor(private readonly db: DbExecutor) {}

  private joined() {
    return this.db
      .select(rowColumns)
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .leftJoin(devices, and(eq(devices.id, tasks.deviceId), eq(devices.companyId, tasks.companyId)));
  }

  private conditions(auth: AuthContext, query: TaskQuery): SQL {
    const conditions: SQL[] = [eq(tasks.companyId, auth.companyId), visibleTaskCondition(auth)];
    if (query.executorId) {
      conditions.push(sql`(${tasks.id} in (select ${taskSurveyors.taskId} from ${taskSurveyors}
        where ${taskSurveyors.userId} = ${query.executorId} and ${taskSurveyors.companyId} = ${auth.companyId})
        or ${tasks.deviceId} in (select ${devices.id} from ${devices}
        where ${devices.deviceUserId} = ${query.executorId} and ${devices.companyId} = ${auth.companyId}))`);
    }
    if (query.projectId) conditions.push(eq(tasks.projectId, query.projectId));
    if (query.state) conditions.push(eq(tasks.state, query.state));
    else if (query.states) conditions.push(inArray(tasks.state, [...query.states]));
    if (query.stage) conditions.push(eq(tasks.stage, query.stage));
    if (query.taskKind) conditions.push(eq(tasks.taskKind, query.taskKind));
    if (query.keyword) {
      const pattern = likePattern(query.keyword);
      conditions.push(
        sql`(${tasks.name} ilike ${pattern} or ${taskNameSql(query.language)} ilike ${pattern}
          or ${projects.name} ilike ${pattern} or ${devices.deviceNumber} ilike ${pattern})`,
      );
    }
    if (query.startDate) conditions.push(sql`${taskDay} >= ${query.startDate}::date`);
    if (query.endDate) conditions.push(sql`${taskDay} <= ${query.endDate}::date`);
    return and(...conditions) as SQL;
  }

  async page(auth: AuthContext, query: TaskQuery, limit: number, offset: number) {
    const column = orderColumn(query.orderBy, query.language);
    const rows = await this.db
      .select({ ...rowColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .leftJoin(devices, and(eq(devices.id, tasks.deviceId), eq(devices.companyId, tasks.companyId)))
      .where(this.conditions(auth, query))
      .orderBy(
        query.ascending ? sql`${column} asc nulls last` : sql`${column} desc nulls last`,
        desc(tasks.createdAt),
        asc(tasks.id),
      )
      .limit(limit)
      .offset(offset);
    return {
      rows: rows.map(toRecord),
      total: rows[0]?.total ?? (offset > 0 ? await this.count(auth, query) : 0),
    };
  }

  private async count(auth: AuthContext, query: TaskQuery): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .leftJoin(devices, and(eq(devices.id, tasks.deviceId), eq(devices.companyId, tasks.companyId)))
      .where(this.conditions(auth, query));
    return row?.total ?? 0;
  }

  async find(companyId: string, taskId: string, forUpdate = false): Promise<TaskRecord | undefined> {
    const query = this.joined().where(and(eq(tasks.companyId, companyId), eq(tasks.id, taskId)));
    const [row] = forUpdate ? await query.for('update', { of: tasks }) : await query;
    return row ? toRecord(row) : undefined;
  }

  /** The tasks of a device that it may work on (pending or in progress). */
  async ofDevice(companyId: string, deviceId: string, states: readonly TaskState[]): Promise<TaskRecord[]> {
    const rows = await this.joined()
      .where(
        and(eq(tasks.companyId, companyId), eq(tasks.deviceId, deviceId), inArray(tasks.state, [...states])),
      )
      .orderBy(asc(tasks.createdAt));
    return rows.map(toRecord);
  }

  /** The task's households (or only the one named). */
  async households(
    companyId: string,
    taskId: string,
    only?: { buildingNumber: string; floor: number; household: number },
  ) {
    return this.db
      .select()
      .from(taskHouseholds)
      .where(
        and(
          eq(taskHouseholds.companyId, companyId),
          eq(taskHouseholds.taskId, taskId),
          only && eq(taskHouseholds.buildingNumber, only.buildingNumber),
          only && eq(taskHouseholds.floor, only.floor),
          only && eq(taskHouseholds.household, only.household),
        ),
      )
      .orderBy(asc(taskHouseholds.buildingNumber), asc(taskHouseholds.floor), asc(taskHouseholds.household));
  }

  async isSurveyor(companyId: string, taskId: string, userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: taskSurveyors.userId })
      .from(taskSurveyors)
      .where(
        and(
          eq(taskSurveyors.companyId, companyId),
          eq(taskSurveyors.taskId, taskId),
          eq(taskSurveyors.userId, userId),
        ),
      );
    return row !== undefined;
  }

  async insert(
    companyId: string,
    task: NewTask,
    households: NewTaskHousehold[],
    surveyorIds: string[],
    facadeSides: readonly NewFacadeSide[] = [],
  ) {
    const [created] = await this.db
      .insert(tasks)
      .values({ companyId, ...task, householdCount: households.length })
      .returning({ id: tasks.id });
    const taskId = (created as { id: string }).id;
    // Set-based: one statement for all households, however many (each column one array parameter).
    await this.db.execute(sql`
      insert into ${taskHouseholds} (company_id, task_id, building_id, building_number, floor, household, house_map_id)
      select ${companyId}::uuid, ${taskId}::uuid, b, n, f, h, m
      from unnest(
        ${sql.param(households.map((row) => row.buildingId))}::uuid[],
        ${sql.param(households.map((row) => row.buildingNumber))}::text[],
        ${sql.param(households.map((row) => row.floor))}::int[],
        ${sql.param(households.map((row) => row.household))}::int[],
        ${sql.param(households.map((row) => row.houseMapId))}::uuid[]
      ) as t(b, n, f, h, m)`);
    if (facadeSides.length > 0) {
      await this.db.insert(taskFacadeSides).values(
        facadeSides.map((side, sideIndex) => ({
          companyId,
          taskId,
          sideIndex,
          side: side.Side,
          name: side.Name ?? null,
          widthM: side.WidthM,
        })),
      );
    }
    await this.setSurveyors(companyId, taskId, surveyorIds);
    return taskId;
  }

  async setSurveyors(companyId: string, taskId: string, userIds: readonly string[]): Promise<void> {
    await this.db
      .delete(taskSurveyors)
      .where(and(eq(taskSurveyors.companyId, companyId), eq(taskSurveyors.taskId, taskId)));
    if (userIds.length > 0) {
      await this.db.insert(taskSurveyors).values(userIds.map((userId) => ({ companyId, taskId, userId })));
    }
  }

  /** Makes a task a re-measure of the named sites of its parent (PointIndex), not of whole households. */
  async setRemeasurePointIndexes(companyId: string, taskId: string, pointIndexes: number[]): Promise<void> {
    await this.db
      .update(tasks)
      .set({ remeasurePointIndexes: pointIndexes })
      .where(and(eq(tasks.companyId, companyId), eq(tasks.id, taskId)));
  }

  /** The parent's sites a re-measure task measures again (`remeasure_point_indexes`), in PointIndex order. */
  async remeasureSites(companyId: string, task: Pick<TaskRecord, 'parentTaskId' | 'remeasurePointIndexes'>) {
    if (!task.parentTaskId || !task.remeasurePointIndexes) return null;
    return this.db
      .select()
      .from(taskSites)
      .where(
        and(
          eq(taskSites.companyId, companyId),
          eq(taskSites.taskId, task.parentTaskId),
          inArray(taskSites.pointIndex, task.remeasurePointIndexes),
        ),
      )
      .orderBy(asc(taskSites.pointIndex));
  }

  async setDevice(companyId: string, taskId: string, deviceId: string | null): Promise<void> {
    await this.db
      .update(tasks)
      .set({ deviceId, updatedAt: sql`now()` })
      .where(and(eq(tasks.companyId, companyId), eq(tasks.id, taskId)));
  }

  /** Moves a task to `state` when it is in one of `from`; answers whether it moved. */
  async transition(
    companyId: string,
    taskId: string,
    from: readonly TaskState[],
    state: TaskState,
  ): Promise<boolean> {
    const stamp =
      state === 'inProgress'
        ? { startedAt: sql`coalesce(${tasks.startedAt}, now())` }
        : state === 'uploaded'
          ? { finishedAt: sql`now()` }
          : state === 'cancelled'
            ? { cancelledAt: sql`now()` }
            : {};
    const moved = await this.db
      .update(tasks)
      .set({ state, updatedAt: sql`now()`, ...stamp })
      .where(and(eq(tasks.companyId, companyId), eq(tasks.id, taskId), inArray(tasks.state, [...from])))
      .returning({ id: tasks.id });
    return moved.length > 0;
  }

  /**
   * Sets when a task started and finished. Only for history made after the fact (the demo's tasks,
   * measured over past days, and tests); live tasks get their times from their transitions.
   */
  async setWindow(companyId: string, taskId: string, startedAt: Date, finishedAt: Date | null) {
    await this.db
      .update(tasks)
      .set({ startedAt, finishedAt })
      .where(and(eq(tasks.companyId, companyId), eq(tasks.id, taskId)));
  }

  /** Locks the named tasks of the company; answers the ones found with their state and name. */
  async lockMany(companyId: string, taskIds: readonly string[]) {
    return this.db
      .select({
        id: tasks.id,
        name: tasks.name,
        nameParts: tasks.nameParts,
        state: tasks.state,
        projectId: tasks.projectId,
      })
      .from(tasks)
      .where(and(eq(tasks.companyId, companyId), inArray(tasks.id, [...taskIds])))
      .for('update');
  }

  async delete(companyId: string, taskIds: readonly string[]): Promise<number> {
    const deleted = await this.db
      .delete(tasks)
      .where(and(eq(tasks.companyId, companyId), inArray(tasks.id, [...taskIds])))
      .returning({ id: tasks.id });
    return deleted.length;
  }
}
