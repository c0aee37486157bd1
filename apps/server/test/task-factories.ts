import { type AddTaskBodyInput, apiRoutes } from '@measure/contract';
import { sql } from 'drizzle-orm';
import { runOnce } from 'graphile-worker';
import pg from 'pg';
import { jobDefinitions } from '../src/jobs/jobs.ts';
import { TasksRepository } from '../src/modules/tasks/tasks-repository.ts';
import type { ReportRenderer } from '../src/modules/reports/report-job.ts';
import type { TestApp } from './app.ts';
import { type Caller, callRoute, callRouteOk, type RouteInput } from './call-route.ts';
import { assignHouseType, buildHouseType, buildProject } from './factories.ts';

/** What most tests' tasks are: a first plaster measurement, inspected by the builder itself. */
const TASK_DEFAULTS = { Stage: 'plaster', MeasureKind: 'first', InspectionKind: 'self' } as const;

/** Households of one position on several floors of a building (the task's `Households`). */
export const householdsOn = (floors: readonly number[], building = '1#', household = 1) =>
  floors.map((floor) => ({ BuildingNumber: building, Floor: floor, Household: household }));

type TaskBody = Omit<AddTaskBodyInput, keyof typeof TASK_DEFAULTS | 'Households'> &
  Partial<Pick<AddTaskBodyInput, keyof typeof TASK_DEFAULTS | 'Households'>>;

/**
 * A task made through AddTask by `as` (so its standard is frozen as in production), with the
 * defaults above and household 1 of floor 1 of building 1#; answers its TaskId.
 */
export function buildTask(t: TestApp, as: Caller, body: TaskBody): Promise<string> {
  return callRouteOk(
    t.app,
    apiRoutes.tasks.addTask,
    { ...TASK_DEFAULTS, Households: householdsOn([1]), ...body },
    { as },
  );
}

/**
 * A project of one building 1# whose floors (all, or the first `plannedFloors`) have one house type,
 * so that tasks plan its households and work orders pin on its plan; answers its id.
 */
export async function buildPlannedProject(
  t: TestApp,
  options: {
    companyId: string;
    stories: number;
    households: number;
    staff?: Array<{ id: string }>;
    name?: string;
    plannedFloors?: number;
  },
): Promise<string> {
  const { companyId, stories, households, staff, name } = options;
  const projectId = (
    await buildProject(t, { companyId, name, buildings: [{ number: '1#', stories, households }], staff })
  ).id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, {
    projectId,
    houseMapId,
    floorFrom: 1,
    floorTo: options.plannedFloors ?? stories,
  });
  return projectId;
}

/** What most tests' work orders are: a rectification of plastering on floor 1 of building 1#. */
const WORK_ORDER_DEFAULTS = { Type: 'rectify', Process: 'plaster', BuildingNumber: '1#', Floor: 1 } as const;

type WorkOrderInput = RouteInput<typeof apiRoutes.workOrders.add>;
type WorkOrderBody = Omit<WorkOrderInput, keyof typeof WORK_ORDER_DEFAULTS> &
  Partial<Pick<WorkOrderInput, keyof typeof WORK_ORDER_DEFAULTS>>;

/** WorkOrderMap/Add by `as` with the defaults above; answers the envelope (for tests of refusals). */
export function addWorkOrder(t: TestApp, as: Caller, body: WorkOrderBody, lang?: string) {
  return callRoute(t.app, apiRoutes.workOrders.add, { ...WORK_ORDER_DEFAULTS, ...body }, { as, lang });
}

/** A work order made through WorkOrderMap/Add by `as` with the defaults above; answers its WorkOrderId. */
export function buildWorkOrder(t: TestApp, as: Caller, body: WorkOrderBody): Promise<string> {
  return callRouteOk(t.app, apiRoutes.workOrders.add, { ...WORK_ORDER_DEFAULTS, ...body }, { as });
}

const silent = { warn: () => {}, info: () => {}, error: () => {}, debug: () => {} };

/**
 * Runs the queued jobs now with the report renderer given, as the server's worker would (a render
 * job's run_at is a moment ahead, to coalesce bursts of results; the test does not wait for it).
 */
export async function runQueuedRenders(t: TestApp, renderer: ReportRenderer): Promise<void> {
  await t.db.execute(sql`update graphile_worker._private_jobs set run_at = now()`);
  await runJobsOnce(t, { reports: renderer });
}

/** Runs the jobs queued and due once, as the server's worker would, with the services given. */
export async function runJobsOnce(t: TestApp, services: Parameters<typeof jobDefinitions>[2]): Promise<void> {
  const pool = new pg.Pool({ connectionString: t.connectionString, max: 2 });
  try {
    await runOnce({ pgPool: pool, taskList: jobDefinitions(t.db, silent as never, services).tasks });
  } finally {
    await pool.end();
  }
}

/**
 * Sets when a task started and finished (history measured before the test ran): readings outside
 * this window are flagged, and efficiency counts no time outside it.
 */
export async function setTaskWindow(
  t: TestApp,
  companyId: string,
  taskId: string,
  startedAt: string,
  finishedAt: string | null,
): Promise<void> {
  await new TasksRepository(t.db).setWindow(
    companyId,
    taskId,
    new Date(startedAt),
    finishedAt ? new Date(finishedAt) : null,
  );
}

/** Starts and completes a work order as its assignee `worker` (the way to a re-measure task). */
export async function finishWorkOrder(
  t: TestApp,
  orderId: string,
  worker: Caller,
  remark = 'fixed',
): Promise<void> {
  await callRouteOk(t.app, apiRoutes.workOrders.start, { WorkOrderId: orderId }, { as: worker });
  await callRouteOk(
    t.app,
    apiRoutes.workOrders.complete,
    { WorkOrderId: orderId, Remark: remark },
    { as: worker },
  );
}
