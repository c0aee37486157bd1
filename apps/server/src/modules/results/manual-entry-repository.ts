import { and, asc, eq, isNull, max, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { siteReadings, taskSites } from '../../db/schema.ts';
import { sitePlaceColumns } from './site-places-repository.ts';

/** The manual sites of tasks (`source = 'manual'`) and where a new one goes. Every query filters by company. */
export class ManualEntryRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The task's manual sites with their counts, by PointIndex. */
  async sites(companyId: string, taskId: string, pointIndex?: number) {
    return this.db
      .select({
        ...sitePlaceColumns,
        measuredAt: taskSites.measuredAt,
        qualified: taskSites.qualified,
        warning: taskSites.warning,
        unqualified: taskSites.unqualified,
        exploded: taskSites.exploded,
        unjudged: taskSites.unjudged,
        explodedSite: taskSites.explodedSite,
      })
      .from(taskSites)
      .where(
        and(
          eq(taskSites.companyId, companyId),
          eq(taskSites.taskId, taskId),
          eq(taskSites.source, 'manual'),
          pointIndex === undefined ? undefined : eq(taskSites.pointIndex, pointIndex),
        ),
      )
      .orderBy(asc(taskSites.pointIndex));
  }

  /** The readings of the task's manual sites: values and grades per item. */
  async readings(companyId: string, taskId: string, pointIndexes: readonly number[]) {
    if (pointIndexes.length === 0) return [];
    return this.db
      .select({
        pointIndex: siteReadings.pointIndex,
        itemCode: siteReadings.itemCode,
        vals: siteReadings.vals,
        grades: siteReadings.grades,
        valid: siteReadings.valid,
      })
      .from(siteReadings)
      .where(
        and(
          eq(siteReadings.companyId, companyId),
          eq(siteReadings.taskId, taskId),
          sql`${siteReadings.pointIndex} = any(${sql.param([...pointIndexes])}::int[])`,
        ),
      )
      .orderBy(asc(siteReadings.pointIndex), asc(siteReadings.itemCode));
  }

  /**
   * The PointIndex of a room's manual site: the one it has, else one past the task's highest. The
   * caller holds the task row's lock, so no other writer takes the same index meanwhile.
   */
  async pointIndexFor(
    companyId: string,
    taskId: string,
    place: { buildingNumber: string; floor: number; household: number; roomId: string | null },
  ): Promise<number> {
    return this.manualSiteOrNext(companyId, taskId, [
      eq(taskSites.buildingNumber, place.buildingNumber),
      eq(taskSites.floor, place.floor),
      eq(taskSites.household, place.household),
      place.roomId === null ? isNull(taskSites.roomId) : eq(taskSites.roomId, place.roomId),
    ]);
  }

  /**
   * The PointIndex of a facade panel typed in: the manual site of the same side, floor and rectangle
   * (X0, X1, Z0, Z1), else one past the task's highest. The caller holds the task row's lock.
   */
  async panelPointIndexFor(
    companyId: string,
    taskId: string,
    panel: { side: string | null; floor: number; rectangle: (number | null | undefined)[] },
  ): Promise<number> {
    const [x0, x1, z0, z1] = panel.rectangle;
    if (panel.side === null || [x0, x1, z0, z1].some((value) => value === null || value === undefined)) {
      return this.nextPointIndex(companyId, taskId);
    }
    return this.manualSiteOrNext(companyId, taskId, [
      sql`upper(${taskSites.side}) = upper(${panel.side})`,
      eq(taskSites.floor, panel.floor),
      eq(taskSites.x0, x0 as number),
      eq(taskSites.x1, x1 as number),
      eq(taskSites.z0, z0 as number),
      eq(taskSites.z1, z1 as number),
    ]);
  }

  /** The PointIndex of the task's manual site at `place` (its conditions), else one past the highest. */
  private async manualSiteOrNext(companyId: string, taskId: string, place: SQL[]): Promise<number> {
    const [existing] = await this.db
      .select({ pointIndex: taskSites.pointIndex })
      .from(taskSites)
      .where(
        and(
          eq(taskSites.companyId, companyId),
          eq(taskSites.taskId, taskId),
          eq(taskSites.source, 'manual'),
          ...place,
        ),
      )
      .limit(1);
    return existing ? existing.pointIndex : this.nextPointIndex(companyId, taskId);
  }

  private async nextPointIndex(companyId: string, taskId: string): Promise<number> {
    const [highest] = await this.db
      .select({ value: max(taskSites.pointIndex) })
      .from(taskSites)
      .where(and(eq(taskSites.companyId, companyId), eq(taskSites.taskId, taskId)));
    return (highest?.value ?? 0) + 1;
  }
}
