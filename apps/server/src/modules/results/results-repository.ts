import { setImmediate as nextTurn } from 'node:timers/promises';
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
import { mapInTurns } from '../../core/in-turns.ts';
import { arrayLiteral, literalColumn, sameNumbers } from './array-literals.ts';
import { type SiteContribution, sumCounts as addUp, type ValueCounts } from './rollup-deltas.ts';

/** Readings encoded per turn of the event loop (a site's item: up to a few hundred values). */
const READINGS_PER_TURN = 40;

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
   * Writes sites in one statement. With `skipExisting`, a site whose PointIndex the task already has
   * is left alone (its primary key finds it, whatever the task's size) and the answer lists the
   * PointIndexes written, so only corrections pay for archiving.
   */
  async insertSiteRows(
    companyId: string,
    taskId: string,
    sites: readonly SiteRow[],
    skipExisting: boolean,
  ): Promise<number[]> {
    if (sites.length === 0) return [];
    const written = await this.db.execute<{ point_index: number }>(sql`
      insert into ${taskSites} (company_id, task_id, point_index, building_id, building_number, floor, household,
        room_id, station_id, name, surface, area_m2, measured_at, day, source, device_id, user_id,
        picture_file_ids, point_cloud_file_id, version, exploded_site,
        qualified, warning, unqualified, exploded, unjudged, readings)
      select ${companyId}::uuid, ${taskId}::uuid, r."pointIndex", r."buildingId", r."buildingNumber", r.floor, r.household,
        r."roomId", r."stationId", r.name, r.surface, r."areaM2", r."measuredAt",
        r.day, r.source, r."deviceId", r."userId",
        r."pictureFileIds", r."pointCloudFileId", r.version, r."explodedSite",
        r.qualified, r.warning, r.unqualified, r.exploded, r.unjudged, r.readings
      from json_to_recordset(${JSON.stringify(sites)}::json) as r("pointIndex" int, "buildingId" uuid,
        "buildingNumber" text, floor int, household int, "roomId" text, "stationId" text, name text, surface text,
        "areaM2" float8, "measuredAt" timestamptz, day date, source text, "deviceId" uuid, "userId" uuid,
        "pictureFileIds" text[], "pointCloudFileId" text, version int, "explodedSite" boolean,
        qualified int, warning int, unqualified int, exploded int, unjudged int, readings int)
      ${skipExisting ? sql`on conflict (task_id, point_index) do nothing` : sql``}
      returning point_index`);
    return written.rows.map((row) => row.point_index);
  }

  /** Writes the readings of written sites in one statement. */
  async insertReadingRows(companyId: string, taskId: string, readings: readonly ReadingRow[]): Promise<void> {
    if (readings.length === 0) return;
    // Readings as one array per column: PostgreSQL parses each value once (array input), which costs
    // a fraction of reading the same values out of JSON.
    const column = <K extends keyof ReadingRow>(key: K) => sql.param(readings.map((row) => row[key]));
    // Encoding the values is the batch's longest stretch of JavaScript: other requests get turns.
    const literals = await mapInTurns(readings, READINGS_PER_TURN, (row) => {
      const vals = arrayLiteral(row.vals) as string;
      return {
        vals,
        // Absolute items judge the values as measured: their judged literal is the values' one.
        judged: row.judged && sameNumbers(row.judged, row.vals) ? vals : arrayLiteral(row.judged),
        grades: arrayLiteral(row.grades),
        valid: arrayLiteral(row.valid),
      };
    });
    const arrays = (key: keyof (typeof literals)[number]) =>
      sql.param(literalColumn(literals.map((row) => row[key])));
    await nextTurn();
    await this.db.execute(sql`
      insert into ${siteReadings} (company_id, task_id, point_index, item_code, vals, judged, grades, valid, rulers,
        design_value, qualified, warning, unqualified, exploded, unjudged, readings)
      select ${companyId}::uuid, ${taskId}::uuid, r.point_index, r.item_code, r.vals::float8[], r.judged::float8[],
        r.grades::smallint[], r.valid::boolean[], r.rulers::jsonb, r.design_value, r.qualified, r.warning,
        r.unqualified, r.exploded, r.unjudged, r.readings
      from unnest(${column('pointIndex')}::int[], ${column('itemCode')}::text[], ${arrays('vals')}::text[],
        ${arrays('judged')}::text[], ${arrays('grades')}::text[],
        ${arrays('valid')}::text[],
        ${sql.param(readings.map((row) => (row.rulers ? JSON.stringify(row.rulers) : null)))}::text[],
        ${column('designValue')}::float8[], ${column('qualified')}::int[], ${column('warning')}::int[],
        ${column('unqualified')}::int[], ${column('exploded')}::int[], ${column('unjudged')}::int[],
        ${column('readings')}::int[])
        as r(point_index, item_code, vals, judged, grades, valid, rulers, design_value, qualified, warning,
          unqualified, exploded, unjudged, readings)`);
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
