import type { DbExecutor } from '../../db/database-handle.ts';
import { TaskPlanRepository } from '../tasks/task-plan-repository.ts';
import type { TaskRecord } from '../tasks/tasks-repository.ts';
import type { WorkOrderRecord } from './work-orders-repository.ts';

/** An indoor order's re-measure: its household, or every household of its floor assigned a house type. */
export async function indoorRemeasurePlace(
  tx: DbExecutor,
  companyId: string,
  order: WorkOrderRecord,
  household: number | null,
) {
  const assigned = (await new TaskPlanRepository(tx).assignments(companyId, order.projectId)).filter(
    (row) =>
      row.buildingId === order.buildingId &&
      row.floor === order.floor &&
      (household === null || row.household === household),
  );
  return {
    TaskKind: 'indoor' as const,
    Sides: [],
    Households: (assigned.length > 0 ? assigned : [{ household: household ?? 1 }]).map((row) => ({
      BuildingNumber: order.buildingNumber,
      Floor: order.floor,
      Household: row.household,
    })),
  };
}

/**
 * A facade order's re-measure: an external-wall task of its building, its side (named and as wide as
 * the parent planned it; without the parent, as wide as the panel reaches) and its floor.
 */
export function facadeRemeasurePlace(order: WorkOrderRecord, side: string, parent: TaskRecord | undefined) {
  const planned = parent?.facadeSides.find((row) => row.Side === side);
  return {
    TaskKind: 'externalWall' as const,
    Households: [],
    BuildingNumber: order.buildingNumber,
    Sides: [{ Side: side, Name: planned?.Name ?? undefined, WidthM: planned?.WidthM ?? order.x1 ?? 1 }],
    FloorFrom: order.floor,
    FloorTo: order.floor,
  };
}
