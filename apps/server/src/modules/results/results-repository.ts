import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { SiteRuler } from '../../db/json-types.ts';
import {
  floorRollups,
  itemRollups,
  resultBatches,
  siteHistory,
  siteReadings,
  taskSites,
} from '../../db/schema.ts';

/** A site as written: its place, origin and the counts of its readings. */
export interface SiteRow {
  pointIndex: number;
  buildingId: string;
  buildingNumber: string;
  floor: number;
  household: number;
  roomId: string | null;
  stationId: string | null;
  name: string;
  surface: string | null;
  areaM2: number | null;
  measuredAt: string;
  source: string;
  deviceId: string | null;
  userId: string | null;
  pictureFileIds: string[];
  pointCloudFileId: string | null;
  version: number;
  explodedSite: boolean;
  qualified: number;
  warning: number;
  unqualified: number;
  exploded: number;
  unjudged: number;
  readings: number;
}

/** One item's readings at a site as written. */
export interface ReadingRow {
  pointIndex: number;
  itemCode: string;
  vals: number[];
  judged: number[] | null;
  grades: number[] | null;
  valid: boolean[];
  rulers: SiteRuler[] | null;
  designValue: number | null;
  qualified: number;
  warning: number;
  unqualified: number;
  exploded: number;
  unjudged: number;
  readings: number;
}

/** A rollup bucket of a task: building, floor and day. */
export interface Bucket {
  buildingId: string;
  floor: number;
  day: string;
}

const sumCounts = {
  qualified: sql<number>`coalesce(sum(qualified), 0)`.mapWith(Number),
  warning: sql<number>`coalesce(sum(warning), 0)`.mapWith(Number),
  unqualified: sql<number>`coalesce(sum(unqualified), 0)`.mapWith(Number),
  exploded: sql<number>`coalesce(sum(exploded), 0)`.mapWith(Number),
  unjudged: sql<number>`coalesce(sum(unjudged), 0)`.mapWith(Number),
  sites: sql<number>`coalesce(sum(sites), 0)`.mapWith(Number),
  explodedSites: sql<number>`coalesce(sum(exploded_sites), 0)`.mapWith(Number),
};

/** Sites, readings, their history, idempotency records and rollups. Every query filters by company. */
export class ResultsRepository {
  constructor(private readonly db: DbExecutor) {}

  async storedBatch(companyId: string, taskId: string, key: string, hours: number) {
    const [row] = await this.db
      .select({ bodyHash: resultBatches.bodyHash, result: resultBatches.result })
      .from(resultBatches)
      .where(
        and(
          eq(resultBatches.companyId, companyId),
          eq(resultBatches.taskId, taskId),
          eq(resultBatches.idempotencyKey, key),
          gt(resultBatches.createdAt, sql`now() - make_interval(hours => ${hours})`),
        ),
      );
    return row;
  }

  async saveBatch(companyId: string, taskId: string, key: string, bodyHash: string, result: object) {
    await this.db
      .insert(resultBatches)
      .values({ companyId, taskId, idempotencyKey: key, bodyHash, result: { ...result } })
      .onConflictDoUpdate({
        target: [resultBatches.taskId, resultBatches.idempotencyKey],
        set: { bodyHash, result: { ...result }, createdAt: sql`now()` },
      });
  }

  /** Forgets keys older than the retention of the company. */
  async expireBatches(companyId: string, hours: number): Promise<void> {
    await this.db
      .delete(resultBatches)
      .where(
        and(
          eq(resultBatches.companyId, companyId),
          sql`${resultBatches.createdAt} < now() - make_interval(hours => ${hours})`,
        ),
      );
  }

  /**
   * Moves the current versions of the named sites into their history (with their readings) and
   * removes them; answers each replaced site's version and rollup bucket.
   */
  async archiveSites(companyId: string, taskId: string, pointIndexes: number[], replacedBy: string) {
    if (pointIndexes.length === 0) return [];
    const archived = await this.db.execute<{
      point_index: number;
      version: number;
      building_id: string;
      floor: number;
      day: string;
    }>(sql`
      insert into ${siteHistory} (company_id, task_id, point_index, version, snapshot, replaced_by)
      select s.company_id, s.task_id, s.point_index, s.version,
        (to_jsonb(s) - 'company_id' - 'task_id') || jsonb_build_object('readings', coalesce((
          select jsonb_agg(to_jsonb(r) - 'company_id' - 'task_id' order by r.item_code)
          from ${siteReadings} r where r.task_id = s.task_id and r.point_index = s.point_index
        ), '[]'::jsonb)),
        ${replacedBy}
      from ${taskSites} s
      where s.company_id = ${companyId} and s.task_id = ${taskId} and s.point_index = any(${sql.param(pointIndexes)}::int[])
      returning point_index, version, (snapshot->>'building_id') as building_id, (snapshot->>'floor')::int as floor, (snapshot->>'day') as day`);
    if (archived.rows.length > 0) {
      await this.db
        .delete(taskSites)
        .where(
          and(
            eq(taskSites.companyId, companyId),
            eq(taskSites.taskId, taskId),
            sql`${taskSites.pointIndex} = any(${sql.param(pointIndexes)}::int[])`,
          ),
        );
    }
    return archived.rows.map((row) => ({
      pointIndex: row.point_index,
      version: row.version,
      bucket: { buildingId: row.building_id, floor: row.floor, day: row.day },
    }));
  }

  /** Writes sites and their readings, each set in one statement; answers the sites' buckets. */
  async insertSites(companyId: string, taskId: string, sites: SiteRow[], readings: ReadingRow[]) {
    const written = await this.db.execute<{ building_id: string; floor: number; day: string }>(sql`
      insert into ${taskSites} (company_id, task_id, point_index, building_id, building_number, floor, household,
        room_id, station_id, name, surface, area_m2, measured_at, day, source, device_id, user_id,
        picture_file_ids, point_cloud_file_id, version, exploded_site,
        qualified, warning, unqualified, exploded, unjudged, readings)
      select ${companyId}::uuid, ${taskId}::uuid, r."pointIndex", r."buildingId", r."buildingNumber", r.floor, r.household,
        r."roomId", r."stationId", r.name, r.surface, r."areaM2", r."measuredAt",
        (r."measuredAt" at time zone 'Asia/Shanghai')::date, r.source, r."deviceId", r."userId",
        r."pictureFileIds", r."pointCloudFileId", r.version, r."explodedSite",
        r.qualified, r.warning, r.unqualified, r.exploded, r.unjudged, r.readings
      from json_to_recordset(${JSON.stringify(sites)}::json) as r("pointIndex" int, "buildingId" uuid,
        "buildingNumber" text, floor int, household int, "roomId" text, "stationId" text, name text, surface text,
        "areaM2" float8, "measuredAt" timestamptz, source text, "deviceId" uuid, "userId" uuid,
        "pictureFileIds" text[], "pointCloudFileId" text, version int, "explodedSite" boolean,
        qualified int, warning int, unqualified int, exploded int, unjudged int, readings int)
      returning building_id, floor, day::text as day`);
    await this.db.execute(sql`
      insert into ${siteReadings} (company_id, task_id, point_index, item_code, vals, judged, grades, valid, rulers,
        design_value, qualified, warning, unqualified, exploded, unjudged, readings)
      select ${companyId}::uuid, ${taskId}::uuid, r."pointIndex", r."itemCode", r.vals, r.judged, r.grades, r.valid,
        r.rulers, r."designValue", r.qualified, r.warning, r.unqualified, r.exploded, r.unjudged, r.readings
      from json_to_recordset(${JSON.stringify(readings)}::json) as r("pointIndex" int, "itemCode" text,
        vals float8[], judged float8[], grades smallint[], valid boolean[], rulers jsonb, "designValue" float8,
        qualified int, warning int, unqualified int, exploded int, unjudged int, readings int)`);
    return written.rows.map((row) => ({ buildingId: row.building_id, floor: row.floor, day: row.day }));
  }

  /**
   * Rewrites the rollup rows of the given buckets of a task from its sites and readings. The task row
   * is locked by the caller, so no other writer changes these buckets meanwhile.
   */
  async rebuildRollups(
    companyId: string,
    projectId: string,
    taskId: string,
    buckets: Bucket[] | 'all',
  ): Promise<void> {
    if (buckets !== 'all' && buckets.length === 0) return;
    const unique =
      buckets === 'all'
        ? []
        : [...new Map(buckets.map((b) => [`${b.buildingId}/${b.floor}/${b.day}`, b])).values()];
    const inBuckets = (alias: string) =>
      buckets === 'all'
        ? sql`true`
        : sql`(${sql.raw(alias)}.building_id, ${sql.raw(alias)}.floor, ${sql.raw(alias)}.day) in (
      select * from unnest(${sql.param(unique.map((b) => b.buildingId))}::uuid[],
        ${sql.param(unique.map((b) => b.floor))}::int[], ${sql.param(unique.map((b) => b.day))}::date[]))`;
    await this.db.execute(
      sql`delete from ${itemRollups} x where x.company_id = ${companyId} and x.task_id = ${taskId} and ${inBuckets('x')}`,
    );
    await this.db.execute(
      sql`delete from ${floorRollups} x where x.company_id = ${companyId} and x.task_id = ${taskId} and ${inBuckets('x')}`,
    );
    await this.db.execute(sql`
      insert into ${itemRollups} (company_id, project_id, task_id, item_code, building_id, floor, day,
        qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites)
      select s.company_id, ${projectId}::uuid, s.task_id, r.item_code, s.building_id, s.floor, s.day,
        sum(r.qualified), sum(r.warning), sum(r.unqualified), sum(r.exploded), sum(r.unjudged), sum(r.readings),
        count(*), count(*) filter (where r.exploded > 0)
      from ${taskSites} s join ${siteReadings} r on r.task_id = s.task_id and r.point_index = s.point_index
      where s.company_id = ${companyId} and s.task_id = ${taskId} and ${inBuckets('s')}
      group by s.company_id, s.task_id, r.item_code, s.building_id, s.floor, s.day`);
    await this.db.execute(sql`
      insert into ${floorRollups} (company_id, project_id, task_id, building_id, floor, day,
        qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites, area_m2)
      select s.company_id, ${projectId}::uuid, s.task_id, s.building_id, s.floor, s.day,
        sum(s.qualified), sum(s.warning), sum(s.unqualified), sum(s.exploded), sum(s.unjudged), sum(s.readings),
        count(*), count(*) filter (where s.exploded_site), coalesce(sum(s.area_m2), 0)
      from ${taskSites} s
      where s.company_id = ${companyId} and s.task_id = ${taskId} and ${inBuckets('s')}
      group by s.company_id, s.task_id, s.building_id, s.floor, s.day`);
  }

  /**
   * Tasks of a company whose stored rollups differ from a recomputation from their sites and
   * readings, with the number of differing rollup rows (item and floor rollups together).
   */
  async rollupDifferences(companyId: string): Promise<{ taskId: string; projectId: string; rows: number }[]> {
    const result = await this.db.execute<{ task_id: string; project_id: string; rows: number }>(sql`
      with item_expected as (
        select s.task_id, r.item_code, s.building_id, s.floor, s.day,
          sum(r.qualified)::int q, sum(r.warning)::int w, sum(r.unqualified)::int u, sum(r.exploded)::int e,
          sum(r.unjudged)::int j, sum(r.readings)::int n, count(*)::int sites, (count(*) filter (where r.exploded > 0))::int xs
        from ${taskSites} s join ${siteReadings} r on r.task_id = s.task_id and r.point_index = s.point_index
        where s.company_id = ${companyId}
        group by 1, 2, 3, 4, 5),
      item_stored as (
        select task_id, item_code, building_id, floor, day, qualified q, warning w, unqualified u, exploded e,
          unjudged j, readings n, sites, exploded_sites xs
        from ${itemRollups} where company_id = ${companyId}),
      floor_expected as (
        select task_id, building_id, floor, day, sum(qualified)::int q, sum(warning)::int w, sum(unqualified)::int u,
          sum(exploded)::int e, sum(unjudged)::int j, sum(readings)::int n, count(*)::int sites,
          (count(*) filter (where exploded_site))::int xs, coalesce(sum(area_m2), 0)::float8 area
        from ${taskSites} where company_id = ${companyId}
        group by 1, 2, 3, 4),
      floor_stored as (
        select task_id, building_id, floor, day, qualified q, warning w, unqualified u, exploded e, unjudged j,
          readings n, sites, exploded_sites xs, area_m2 area
        from ${floorRollups} where company_id = ${companyId}),
      differing as (
        select task_id from item_expected a full join item_stored b using (task_id, item_code, building_id, floor, day)
        where (a.q, a.w, a.u, a.e, a.j, a.n, a.sites, a.xs) is distinct from (b.q, b.w, b.u, b.e, b.j, b.n, b.sites, b.xs)
        union all
        select task_id from floor_expected a full join floor_stored b using (task_id, building_id, floor, day)
        where (a.q, a.w, a.u, a.e, a.j, a.n, a.sites, a.xs) is distinct from (b.q, b.w, b.u, b.e, b.j, b.n, b.sites, b.xs)
          or abs(coalesce(a.area, 0) - coalesce(b.area, 0)) > 1e-6)
      select d.task_id, t.project_id, count(*)::int as rows
      from differing d join tasks t on t.id = d.task_id and t.company_id = ${companyId}
      group by d.task_id, t.project_id`);
    return result.rows.map((row) => ({ taskId: row.task_id, projectId: row.project_id, rows: row.rows }));
  }

  /** Companies that have sites or rollups (the nightly check visits each). */
  async companiesWithResults(): Promise<string[]> {
    const result = await this.db.execute<{ company_id: string }>(sql`
      select company_id from ${taskSites} union select company_id from ${floorRollups}
      union select company_id from ${itemRollups}`);
    return result.rows.map((row) => row.company_id);
  }

  /** Figures counts of tasks from their floor rollups, by task id. */
  async taskCounts(companyId: string, taskIds: readonly string[]) {
    if (taskIds.length === 0) return [];
    return this.db
      .select({ taskId: floorRollups.taskId, ...sumCounts })
      .from(floorRollups)
      .where(
        and(
          eq(floorRollups.companyId, companyId),
          sql`${floorRollups.taskId} = any(${sql.param([...taskIds])}::uuid[])`,
        ),
      )
      .groupBy(floorRollups.taskId);
  }

  /** Figures counts of a task's items from the item rollups. */
  async itemCounts(companyId: string, taskId: string) {
    return this.db
      .select({ itemCode: itemRollups.itemCode, ...sumCounts })
      .from(itemRollups)
      .where(and(eq(itemRollups.companyId, companyId), eq(itemRollups.taskId, taskId)))
      .groupBy(itemRollups.itemCode);
  }

  /** The current sites of a task in PointIndex order, with their counts. */
  async sites(companyId: string, taskId: string) {
    return this.db
      .select({
        pointIndex: taskSites.pointIndex,
        buildingNumber: taskSites.buildingNumber,
        floor: taskSites.floor,
        household: taskSites.household,
        roomId: taskSites.roomId,
        name: taskSites.name,
        qualified: taskSites.qualified,
        warning: taskSites.warning,
        unqualified: taskSites.unqualified,
        exploded: taskSites.exploded,
        unjudged: taskSites.unjudged,
        explodedSite: taskSites.explodedSite,
      })
      .from(taskSites)
      .where(and(eq(taskSites.companyId, companyId), eq(taskSites.taskId, taskId)))
      .orderBy(asc(taskSites.pointIndex));
  }

  /** The readings of a task's site, by item code. */
  async siteReadings(companyId: string, taskId: string, pointIndex: number) {
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

  async history(companyId: string, taskId: string, pointIndex: number) {
    return this.db
      .select()
      .from(siteHistory)
      .where(
        and(
          eq(siteHistory.companyId, companyId),
          eq(siteHistory.taskId, taskId),
          eq(siteHistory.pointIndex, pointIndex),
        ),
      )
      .orderBy(asc(siteHistory.version));
  }
}
