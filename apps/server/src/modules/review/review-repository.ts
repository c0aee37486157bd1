import { and, asc, eq, inArray, sql, isNotNull } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { SiteRuler, SiteValueState } from '../../db/json-types.ts';
import { deviceFiles, siteChanges, siteReadings, taskSites, users } from '../../db/schema.ts';

export type ReviewSiteRow = typeof taskSites.$inferSelect;
export type ReviewReadingRow = typeof siteReadings.$inferSelect;

/** The judged state of one reading as a review writes it back. */
export interface ReadingUpdate {
  itemCode: string;
  vals: number[];
  judged: number[] | null;
  grades: number[] | null;
  valid: boolean[];
  rulers: SiteRuler[] | null;
  qualified: number;
  warning: number;
  unqualified: number;
  exploded: number;
  unjudged: number;
}

export interface SiteCountsUpdate {
  qualified: number;
  warning: number;
  unqualified: number;
  exploded: number;
  unjudged: number;
  explodedSite: boolean;
}

export interface NewSiteChange {
  kind: 'valid' | 'value';
  itemCode: string;
  rulerIndex: number;
  before: SiteValueState;
  after: SiteValueState;
  userId: string;
  userName: string;
}

/** Sites, readings and the review trail of a task. Every query filters by company and task. */
export class ReviewRepository {
  constructor(private readonly db: DbExecutor) {}

  async site(companyId: string, taskId: string, pointIndex: number): Promise<ReviewSiteRow | undefined> {
    const [row] = await this.db
      .select()
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

  async readings(companyId: string, taskId: string, pointIndex: number): Promise<ReviewReadingRow[]> {
    return this.db
      .select()
      .from(siteReadings)
      .where(
        and(
          eq(siteReadings.companyId, companyId),
          eq(siteReadings.taskId, taskId),
          eq(siteReadings.pointIndex, pointIndex),
        ),
      )
      .orderBy(asc(siteReadings.itemCode));
  }

  /** Writes one reading's values, validity, rulers, judged values, grades and counts back. */
  async updateReading(
    companyId: string,
    taskId: string,
    pointIndex: number,
    reading: ReadingUpdate,
  ): Promise<void> {
    await this.db
      .update(siteReadings)
      .set({
        vals: reading.vals,
        judged: reading.judged,
        grades: reading.grades,
        valid: reading.valid,
        rulers: reading.rulers,
        qualified: reading.qualified,
        warning: reading.warning,
        unqualified: reading.unqualified,
        exploded: reading.exploded,
        unjudged: reading.unjudged,
      })
      .where(
        and(
          eq(siteReadings.companyId, companyId),
          eq(siteReadings.taskId, taskId),
          eq(siteReadings.pointIndex, pointIndex),
          eq(siteReadings.itemCode, reading.itemCode),
        ),
      );
  }

  async updateSiteCounts(
    companyId: string,
    taskId: string,
    pointIndex: number,
    counts: SiteCountsUpdate,
  ): Promise<void> {
    await this.db
      .update(taskSites)
      .set({ ...counts, updatedAt: sql`now()` })
      .where(
        and(
          eq(taskSites.companyId, companyId),
          eq(taskSites.taskId, taskId),
          eq(taskSites.pointIndex, pointIndex),
        ),
      );
  }

  async addChange(companyId: string, taskId: string, pointIndex: number, change: NewSiteChange) {
    await this.db.insert(siteChanges).values({ companyId, taskId, pointIndex, ...change });
  }

  async changes(companyId: string, taskId: string, pointIndex: number) {
    return this.db
      .select()
      .from(siteChanges)
      .where(
        and(
          eq(siteChanges.companyId, companyId),
          eq(siteChanges.taskId, taskId),
          eq(siteChanges.pointIndex, pointIndex),
        ),
      )
      .orderBy(asc(siteChanges.changedAt), asc(siteChanges.id));
  }

  /** The name of a user of the company (the trail keeps it, so it survives the user). */
  async userName(companyId: string, userId: string): Promise<string> {
    const [row] = await this.db
      .select({ name: users.name })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
    return row?.name ?? '';
  }

  /** Every site of a task (or of one household) with its place on the plan and counts, in PointIndex order. */
  async planSites(
    companyId: string,
    taskId: string,
    only?: { buildingNumber: string; floor: number; household: number },
  ) {
    return this.db
      .select({
        pointIndex: taskSites.pointIndex,
        buildingNumber: taskSites.buildingNumber,
        floor: taskSites.floor,
        // Plans are per household: facade sites (no household) are never drawn on one.
        household: sql<number>`${taskSites.household}`,
        roomId: taskSites.roomId,
        stationId: taskSites.stationId,
        name: taskSites.name,
        qualified: taskSites.qualified,
        warning: taskSites.warning,
        unqualified: taskSites.unqualified,
        exploded: taskSites.exploded,
        unjudged: taskSites.unjudged,
        explodedSite: taskSites.explodedSite,
        // Qualified by hand: in a one-table select Drizzle writes `"task_id"`, which inside the
        // subquery would mean r.task_id (every reading of the company).
        itemCodes: sql<string[]>`coalesce((select array_agg(r.item_code order by r.item_code)
          from ${siteReadings} r where r.company_id = ${companyId} and r.task_id = ${taskSites}.task_id
          and r.point_index = ${taskSites}.point_index), '{}'::text[])`,
      })
      .from(taskSites)
      .where(
        and(
          eq(taskSites.companyId, companyId),
          eq(taskSites.taskId, taskId),
          isNotNull(taskSites.household),
          only && eq(taskSites.buildingNumber, only.buildingNumber),
          only && eq(taskSites.floor, only.floor),
          only && eq(taskSites.household, only.household),
        ),
      )
      .orderBy(asc(taskSites.pointIndex));
  }

  /** A finished picture upload of the company. */
  async picture(companyId: string, fileId: string) {
    return this.finishedFile(companyId, fileId, 'picture');
  }

  /** A finished device upload of the company of one kind (picture, pointcloud). */
  async finishedFile(companyId: string, fileId: string, kind: 'picture' | 'pointcloud') {
    const [row] = await this.db
      .select({ id: deviceFiles.id, fileName: deviceFiles.fileName })
      .from(deviceFiles)
      .where(
        and(
          eq(deviceFiles.companyId, companyId),
          eq(deviceFiles.id, fileId),
          eq(deviceFiles.kind, kind),
          eq(deviceFiles.complete, true),
        ),
      );
    return row;
  }

  /** Every site's readings of the given items with the site's area (the task's grinding). */
  async itemReadings(companyId: string, taskId: string, itemCodes: string[]) {
    if (itemCodes.length === 0) return [];
    return this.db
      .select({
        pointIndex: siteReadings.pointIndex,
        itemCode: siteReadings.itemCode,
        vals: siteReadings.vals,
        valid: siteReadings.valid,
        areaM2: taskSites.areaM2,
      })
      .from(siteReadings)
      .innerJoin(
        taskSites,
        and(
          eq(taskSites.companyId, siteReadings.companyId),
          eq(taskSites.taskId, siteReadings.taskId),
          eq(taskSites.pointIndex, siteReadings.pointIndex),
        ),
      )
      .where(
        and(
          eq(siteReadings.companyId, companyId),
          eq(siteReadings.taskId, taskId),
          inArray(siteReadings.itemCode, itemCodes),
        ),
      );
  }
}
