import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { SiteRuler } from '../../db/json-types.ts';
import { sitePlaceColumns } from './site-places-repository.ts';

/** Re-exported: callers of the foundation read the place columns from here. */
export { sitePlaceColumns };
import {
  floorRollups,
  itemRollups,
  resultBatches,
  siteHistory,
  siteReadings,
  taskSites,
} from '../../db/schema.ts';
import {
  boolColumn,
  flatBool,
  flatFloat8,
  flatInt2,
  flatText,
  float8Column,
  int4Column,
  textColumn,
  uuidColumn,
} from './binary-arrays.ts';
import { type SiteContribution, sumCounts as addUp, type ValueCounts } from './rollup-deltas.ts';

/** A site as written: its place, origin and the counts of its readings. */
export interface SiteRow {
  pointIndex: number;
  buildingId: string;
  buildingNumber: string;
  floor: number;
  /** Indoor sites; null on a facade site, which has its side and panel instead. */
  household: number | null;
  roomId: string | null;
  side: string | null;
  x0: number | null;
  x1: number | null;
  z0: number | null;
  z1: number | null;
  stationId: string | null;
  name: string;
  surface: string | null;
  areaM2: number | null;
  measuredAt: string;
  /** The calendar day of `measuredAt` in the company's time zone (the rollups' day). */
  day: string;
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

/** What a replaced site's archived snapshot holds of its counts (its readings' values left out). */
type ArchivedSite = {
  building_id: string;
  floor: number;
  day: string;
  area_m2: number | null;
  readings: (ValueCounts & { item_code: string })[];
};

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
   * removes them; answers each replaced site's version and what it counted in the rollups.
   */
  async archiveSites(
    companyId: string,
    taskId: string,
    pointIndexes: number[],
    replacedBy: string,
  ): Promise<{ pointIndex: number; version: number; contribution: SiteContribution }[]> {
    if (pointIndexes.length === 0) return [];
    const archived = await this.db.execute<{
      point_index: number;
      version: number;
      snapshot: ArchivedSite;
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
      returning point_index, version, snapshot - 'readings' || jsonb_build_object('readings', (
        select coalesce(jsonb_agg(r - 'vals' - 'judged' - 'grades' - 'valid' - 'rulers'), '[]'::jsonb)
        from jsonb_array_elements(snapshot->'readings') r)) as snapshot`);
    if (archived.rows.length > 0) {
      await this.db
        .delete(siteReadings)
        .where(
          and(
            eq(siteReadings.companyId, companyId),
            eq(siteReadings.taskId, taskId),
            sql`${siteReadings.pointIndex} = any(${sql.param(pointIndexes)}::int[])`,
          ),
        );
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
      contribution: {
        buildingId: row.snapshot.building_id,
        floor: row.snapshot.floor,
        day: row.snapshot.day,
        areaM2: row.snapshot.area_m2 ?? 0,
        // The snapshot's `readings` is the list of its readings, so the site's counts are their sum.
        counts: addUp(row.snapshot.readings),
        items: row.snapshot.readings.map((reading) => ({ itemCode: reading.item_code, counts: reading })),
      },
    }));
  }

  /**
   * The statements that write sites and their readings, encoded now (the costly part, done while the
   * caller still judges), run in order when the answer is called. The sites must be new to the task
   * (corrections archived first).
   */
  siteWrites(
    companyId: string,
    taskId: string,
    sites: readonly SiteRow[],
    readings: readonly ReadingRow[],
  ): () => Promise<void> {
    const statements: SQL[] = [];
    if (sites.length > 0) statements.push(this.insertSiteRows(companyId, taskId, sites));
    if (readings.length > 0) statements.push(this.insertReadingRows(companyId, taskId, readings));
    return async () => {
      for (const statement of statements) await this.db.execute(statement);
    };
  }

  private insertSiteRows(companyId: string, taskId: string, sites: readonly SiteRow[]): SQL {
    // One binary array per column (binary-arrays.ts): PostgreSQL receives the numbers and ids as they
    // are; texts go as UTF-8 without quoting. The pictures of all sites are one flat array, sliced.
    const ints = (key: 'pointIndex' | 'floor' | 'household' | 'version' | keyof ValueCounts) =>
      sql.param(int4Column(sites.map((site) => site[key])));
    const texts = (
      key:
        | 'buildingNumber'
        | 'roomId'
        | 'side'
        | 'stationId'
        | 'name'
        | 'surface'
        | 'measuredAt'
        | 'day'
        | 'source'
        | 'pointCloudFileId',
    ) => sql.param(textColumn(sites.map((site) => site[key])));
    const ids = (key: 'buildingId' | 'deviceId' | 'userId') =>
      sql.param(uuidColumn(sites.map((site) => site[key])));
    const floats = (key: 'areaM2' | 'x0' | 'x1' | 'z0' | 'z1') =>
      sql.param(float8Column(sites.map((site) => site[key])));
    const pictures = flatText(sites.map((site) => site.pictureFileIds));
    return sql`
      insert into ${taskSites} (company_id, task_id, point_index, building_id, building_number, floor, household,
        room_id, side, x0, x1, z0, z1, station_id, name, surface, area_m2, measured_at, day, source, device_id, user_id,
        picture_file_ids, point_cloud_file_id, version, exploded_site,
        qualified, warning, unqualified, exploded, unjudged, readings)
      select ${companyId}::uuid, ${taskId}::uuid, r.point_index, r.building_id, r.building_number, r.floor, r.household,
        r.room_id, r.side, r.x0, r.x1, r.z0, r.z1, r.station_id, r.name, r.surface, r.area_m2, r.measured_at::timestamptz, r.day::date, r.source,
        r.device_id, r.user_id, flat.pictures[r.pictures_from:r.pictures_to], r.point_cloud_file_id, r.version,
        r.exploded_site, r.qualified, r.warning, r.unqualified, r.exploded, r.unjudged, r.readings
      from (select ${sql.param(pictures.array)}::text[] pictures) flat,
        unnest(${ints('pointIndex')}::int[], ${ids('buildingId')}::uuid[], ${texts('buildingNumber')}::text[],
          ${ints('floor')}::int[], ${ints('household')}::int[], ${texts('roomId')}::text[], ${texts('side')}::text[],
          ${floats('x0')}::float8[], ${floats('x1')}::float8[], ${floats('z0')}::float8[], ${floats('z1')}::float8[],
          ${texts('stationId')}::text[], ${texts('name')}::text[], ${texts('surface')}::text[],
          ${floats('areaM2')}::float8[], ${texts('measuredAt')}::text[],
          ${texts('day')}::text[], ${texts('source')}::text[], ${ids('deviceId')}::uuid[], ${ids('userId')}::uuid[],
          ${sql.param(int4Column(pictures.from))}::int[], ${sql.param(int4Column(pictures.to))}::int[],
          ${texts('pointCloudFileId')}::text[], ${ints('version')}::int[],
          ${sql.param(boolColumn(sites.map((site) => site.explodedSite)))}::boolean[],
          ${ints('qualified')}::int[], ${ints('warning')}::int[], ${ints('unqualified')}::int[],
          ${ints('exploded')}::int[], ${ints('unjudged')}::int[], ${ints('readings')}::int[])
        as r(point_index, building_id, building_number, floor, household, room_id, side, x0, x1, z0, z1, station_id,
          name, surface, area_m2,
          measured_at, day, source, device_id, user_id, pictures_from, pictures_to, point_cloud_file_id, version,
          exploded_site, qualified, warning, unqualified, exploded, unjudged, readings)`;
  }

  private insertReadingRows(companyId: string, taskId: string, readings: readonly ReadingRow[]): SQL {
    // Each array column goes as one flat binary array (binary-arrays.ts) and each row takes its slice:
    // PostgreSQL parses no text; values and validity share their bounds, as judged values and grades do.
    const vals = flatFloat8(readings.map((row) => row.vals));
    const valid = flatBool(readings.map((row) => row.valid));
    const judged = flatFloat8(readings.map((row) => row.judged));
    const grades = flatInt2(readings.map((row) => row.grades));
    const column = <K extends keyof ReadingRow>(key: K) => sql.param(readings.map((row) => row[key]));
    return sql`
      insert into ${siteReadings} (company_id, task_id, point_index, item_code, vals, judged, grades, valid, rulers,
        design_value, qualified, warning, unqualified, exploded, unjudged, readings)
      select ${companyId}::uuid, ${taskId}::uuid, r.point_index, r.item_code, flat.vals[r.vals_from:r.vals_to],
        case when r.judged_from is null then null else flat.judged[r.judged_from:r.judged_to] end,
        case when r.judged_from is null then null else flat.grades[r.judged_from:r.judged_to] end,
        flat.valid[r.vals_from:r.vals_to], r.rulers::jsonb, r.design_value, r.qualified, r.warning,
        r.unqualified, r.exploded, r.unjudged, r.readings
      from (select ${sql.param(vals.array)}::float8[] vals, ${sql.param(valid.array)}::boolean[] valid,
          ${sql.param(judged.array)}::float8[] judged, ${sql.param(grades.array)}::smallint[] grades) flat,
        unnest(${column('pointIndex')}::int[], ${column('itemCode')}::text[],
          ${sql.param(vals.from)}::int[], ${sql.param(vals.to)}::int[],
          ${sql.param(judged.from)}::int[], ${sql.param(judged.to)}::int[],
          ${sql.param(readings.map((row) => (row.rulers ? JSON.stringify(row.rulers) : null)))}::text[],
          ${column('designValue')}::float8[], ${column('qualified')}::int[], ${column('warning')}::int[],
          ${column('unqualified')}::int[], ${column('exploded')}::int[], ${column('unjudged')}::int[],
          ${column('readings')}::int[])
        as r(point_index, item_code, vals_from, vals_to, judged_from, judged_to, rulers, design_value, qualified,
          warning, unqualified, exploded, unjudged, readings)`;
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

  /** Figures counts of a task per building and floor from its floor rollups (summed over days). */
  async floorCounts(companyId: string, taskId: string) {
    return this.db
      .select({ buildingId: floorRollups.buildingId, floor: floorRollups.floor, ...sumCounts })
      .from(floorRollups)
      .where(and(eq(floorRollups.companyId, companyId), eq(floorRollups.taskId, taskId)))
      .groupBy(floorRollups.buildingId, floorRollups.floor);
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
        ...sitePlaceColumns,
        measuredAt: taskSites.measuredAt,
        qualified: taskSites.qualified,
        warning: taskSites.warning,
        unqualified: taskSites.unqualified,
        exploded: taskSites.exploded,
        unjudged: taskSites.unjudged,
        explodedSite: taskSites.explodedSite,
        source: taskSites.source,
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
