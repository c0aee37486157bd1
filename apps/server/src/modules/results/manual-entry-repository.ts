import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
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
    const [existing] = await this.db
      .select({ pointIndex: taskSites.pointIndex })
      .from(taskSites)
      .where(
        and(
          eq(taskSites.companyId, companyId),
          eq(taskSites.taskId, taskId),
          eq(taskSites.source, 'manual'),
          eq(taskSites.buildingNumber, place.buildingNumber),
          eq(taskSites.floor, place.floor),
          eq(taskSites.household, place.household),
          place.roomId === null ? isNull(taskSites.roomId) : eq(taskSites.roomId, place.roomId),
        ),
      )
      .limit(1);
    if (existing) return existing.pointIndex;
    const [highest] = await this.db
      .select({ value: max(taskSites.pointIndex) })
      .from(taskSites)
      .where(and(eq(taskSites.companyId, companyId), eq(taskSites.taskId, taskId)));
    return (highest?.value ?? 0) + 1;
  }
}
