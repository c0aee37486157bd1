import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { siteReadings } from '../../db/schema.ts';

/** The judged counts of one item at one site (valid values only, as stored on the readings). */
export interface SiteItemCounts {
  pointIndex: number;
  itemCode: string;
  qualified: number;
  warning: number;
  unqualified: number;
  exploded: number;
  unjudged: number;
}

/** The items measured at sites of a task, for the items a work order names; filters by company. */
export class WorkOrderItemsRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The items measured at the given sites of a task, with their counts, by PointIndex then item. */
  async siteItems(
    companyId: string,
    taskId: string,
    pointIndexes: readonly number[],
  ): Promise<SiteItemCounts[]> {
    if (pointIndexes.length === 0) return [];
    return this.db
      .select({
        pointIndex: siteReadings.pointIndex,
        itemCode: siteReadings.itemCode,
        qualified: siteReadings.qualified,
        warning: siteReadings.warning,
        unqualified: siteReadings.unqualified,
        exploded: siteReadings.exploded,
        unjudged: siteReadings.unjudged,
      })
      .from(siteReadings)
      .where(
        and(
          eq(siteReadings.companyId, companyId),
          eq(siteReadings.taskId, taskId),
          inArray(siteReadings.pointIndex, [...pointIndexes]),
        ),
      )
      .orderBy(asc(siteReadings.pointIndex), asc(siteReadings.itemCode));
  }
}
