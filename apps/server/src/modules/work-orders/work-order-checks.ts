import {
  isRole,
  pinOnPlan,
  projectScopeOfRoles,
  type RouteBody,
  type workOrdersRoutes,
} from '@measure/contract';
import { fieldError } from '../../core/app-error.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { TaskPlanRepository } from '../tasks/task-plan-repository.ts';
import { TasksRepository } from '../tasks/tasks-repository.ts';
import { WorkOrdersRepository } from './work-orders-repository.ts';

type AddBody = RouteBody<typeof workOrdersRoutes.add>;

/** An enabled person of the company who sees the project (company scope, or on its staff). */
export async function checkAssignee(
  db: DbExecutor,
  auth: AuthContext,
  projectId: string,
  userId: string,
  field: string,
): Promise<void> {
  const [person] = await new TaskPlanRepository(db).people(auth.companyId, projectId, [userId]);
  if (!person || (projectScopeOfRoles(person.roles.filter(isRole)) === 'assigned' && !person.onStaff)) {
    throw fieldError(field, 'workOrders.assigneeInvalid');
  }
}

/** The place of a new work order, checked against the project, the task's site and the plan. */
export async function checkPlace(tx: DbExecutor, auth: AuthContext, body: AddBody) {
  const buildings = await new TaskPlanRepository(tx).buildings(auth.companyId, body.ProjectId);
  const building = buildings.find((candidate) => candidate.number === body.BuildingNumber);
  if (!building)
    throw fieldError('BuildingNumber', 'tasks.buildingNotInProject', { building: body.BuildingNumber });
  if (body.Floor > building.stories) {
    throw fieldError('Floor', 'workOrders.floorOutsideBuilding', {
      building: building.number,
      floor: body.Floor,
    });
  }
  const household = body.Household ?? null;
  let panel: ReturnType<typeof panelOf> = {};
  if (household !== null && household > building.households) {
    throw fieldError('Household', 'tasks.householdOutsideBuilding', {
      building: building.number,
      floor: body.Floor,
      household,
    });
  }
  if (body.TaskId) {
    const task = await new TasksRepository(tx).find(auth.companyId, body.TaskId);
    if (!task || task.projectId !== body.ProjectId) throw fieldError('TaskId', 'workOrders.taskNotInProject');
    if (body.PointIndex) {
      const site = await new WorkOrdersRepository(tx).site(auth.companyId, body.TaskId, body.PointIndex);
      if (!site) throw fieldError('PointIndex', 'workOrders.siteNotInTask', { index: body.PointIndex });
      if (
        site.buildingId !== building.id ||
        site.floor !== body.Floor ||
        (household !== null && site.household !== household)
      ) {
        throw fieldError('PointIndex', 'workOrders.sitePlaceMismatch', {
          index: body.PointIndex,
          building: site.buildingNumber,
          floor: site.floor,
          household: site.household ?? '',
        });
      }
      panel = panelOf(site);
    }
  }
  const pinned = body.X !== null && body.X !== undefined;
  if (pinned !== (body.Y !== null && body.Y !== undefined) || (pinned && household === null)) {
    throw fieldError('X', 'workOrders.pinNeedsHousehold');
  }
  if (pinned && household !== null) {
    const plan = await new WorkOrdersRepository(tx).houseTypeOf(
      auth.companyId,
      building.id,
      body.Floor,
      household,
    );
    const place = { building: building.number, floor: body.Floor, household };
    if (!plan) throw fieldError('X', 'workOrders.noHouseType', place);
    const onPlan = pinOnPlan(
      { MapType: plan.mapType, Width: plan.width, Height: plan.height, MeasurePoints: plan.measurePoints },
      body.X as number,
      body.Y as number,
    );
    if (!onPlan) {
      throw fieldError('X', 'workOrders.pinOutsidePlan', { x: body.X as number, y: body.Y as number });
    }
  }
  return { building, household, panel };
}

/** A facade site's side and rectangle, as its work order keeps them (nothing for an indoor site). */
export function panelOf(site: {
  side: string | null;
  x0: number | null;
  x1: number | null;
  z0: number | null;
  z1: number | null;
}) {
  if (site.side === null) return {};
  return { side: site.side, x0: site.x0, x1: site.x1, z0: site.z0, z1: site.z1 };
}
