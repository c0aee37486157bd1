import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { taskSites } from '../../db/schema.ts';
import type { FacadePanel } from './facade-placement.ts';

/** A site's place columns (the one place model, tasks' `sitePlace` maps them to the contract). */
export const sitePlaceColumns = {
  pointIndex: taskSites.pointIndex,
  buildingNumber: taskSites.buildingNumber,
  floor: taskSites.floor,
  household: taskSites.household,
  roomId: taskSites.roomId,
  side: taskSites.side,
  x0: taskSites.x0,
  x1: taskSites.x1,
  z0: taskSites.z0,
  z1: taskSites.z1,
  name: taskSites.name,
};

/** Where a task's sites are: the facade panels the placement rules read. Every query filters by company. */
export class SitePlacesRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The facade panels of an external-wall task now (its sites with a side). */
  async facadePanels(companyId: string, taskId: string): Promise<FacadePanel[]> {
    const rows = await this.db
      .select({
        pointIndex: taskSites.pointIndex,
        side: taskSites.side,
        x0: taskSites.x0,
        x1: taskSites.x1,
        z0: taskSites.z0,
        z1: taskSites.z1,
      })
      .from(taskSites)
      .where(
        and(eq(taskSites.companyId, companyId), eq(taskSites.taskId, taskId), isNotNull(taskSites.side)),
      );
    // task_sites_place_ck holds a facade site's side and rectangle non-null.
    return rows as FacadePanel[];
  }
}
