import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import {
  floorRollups,
  householdDays,
  itemRollups,
  siteReadings,
  taskDayRollups,
  taskItemDayRollups,
  taskSites,
  tasks,
} from '../../db/schema.ts';
import type { Bucket } from './results-repository.ts';
import type { RollupDelta } from './rollup-deltas.ts';

/** The task's columns the day rollups carry (copied from the task, see migration 0020)... */
const TASK_ATTRIBUTES = sql.raw('stage, inspection_kind, measure_kind, task_kind, cancelled');
/** ...and their values on the task (alias t), in the same order. */
const TASK_ATTRIBUTE_VALUES = sql.raw(
  "t.stage, t.inspection_kind, t.measure_kind, t.task_kind, t.state = 'cancelled'",
);

/** Counts of a rollup row, in the order the statements below list them. */
const COUNT_COLUMNS = [
  'qualified',
  'warning',
  'unqualified',
  'exploded',
  'unjudged',
  'readings',
  'sites',
  'exploded_sites',
] as const;

/** `col = table.col + excluded.col` for every count column (and the area of floor rollups). */
const addExcluded = (table: string, columns: readonly string[]) =>
  sql.raw(columns.map((column) => `${column} = ${table}.${column} + excluded.${column}`).join(', '));

/**
 * The rollups of tasks (`item_rollups`, `floor_rollups`): additive counts per task, building, floor
 * and day (and item), kept current in the transaction that changes readings. Every query filters by
 * company. The caller holds the task row's lock, so no other writer changes a task's rollups meanwhile.
 */
export class RollupsRepository {
  constructor(private readonly db: DbExecutor) {}

  /**
   * Adds a batch's rollup changes (`rollupDeltas`): one upsert per rollup table whatever the size of
   * the batch or the task, so a batch costs what its own sites cost. Follow with `dropEmpty` when
   * sites were taken out.
   */
  async applyDeltas(
    companyId: string,
    projectId: string,
    taskId: string,
    deltas: readonly RollupDelta[],
  ): Promise<void> {
    const upsert = async (rows: readonly RollupDelta[], items: boolean) => {
      if (rows.length === 0) return;
      const column = <K extends keyof RollupDelta>(key: K) => sql.param(rows.map((row) => row[key]));
      const counts = sql`${column('qualified')}::int[], ${column('warning')}::int[], ${column('unqualified')}::int[],
        ${column('exploded')}::int[], ${column('unjudged')}::int[], ${column('readings')}::int[],
        ${column('sites')}::int[], ${column('explodedSites')}::int[]`;
      await this.db.execute(
        items
          ? sql`insert into ${itemRollups} as t (company_id, project_id, task_id, item_code, building_id, floor, day,
              qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites)
            select ${companyId}::uuid, ${projectId}::uuid, ${taskId}::uuid, d.*
            from unnest(${column('itemCode')}::text[], ${column('buildingId')}::uuid[], ${column('floor')}::int[],
              ${column('day')}::date[], ${counts}) as d
            on conflict (task_id, item_code, building_id, floor, day) do update set ${addExcluded('t', COUNT_COLUMNS)}`
          : sql`insert into ${floorRollups} as t (company_id, project_id, task_id, building_id, floor, day,
              qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites, area_m2)
            select ${companyId}::uuid, ${projectId}::uuid, ${taskId}::uuid, d.*
            from unnest(${column('buildingId')}::uuid[], ${column('floor')}::int[], ${column('day')}::date[],
              ${counts}, ${column('areaM2')}::float8[]) as d
            on conflict (task_id, building_id, floor, day) do update set ${addExcluded('t', [...COUNT_COLUMNS, 'area_m2'])}`,
      );
    };
    await upsert(
      deltas.filter((row) => row.itemCode !== null),
      true,
    );
    await upsert(
      deltas.filter((row) => row.itemCode === null),
      false,
    );
  }

  /** Removes a task's rollup rows that no site counts in any more (after sites moved or were replaced). */
  async dropEmpty(companyId: string, taskId: string): Promise<void> {
    await this.db.execute(
      sql`delete from ${itemRollups} where company_id = ${companyId} and task_id = ${taskId} and sites <= 0`,
    );
    await this.db.execute(
      sql`delete from ${floorRollups} where company_id = ${companyId} and task_id = ${taskId} and sites <= 0`,
    );
  }

  /**
   * Rewrites the rollup rows of the given buckets of a task from its sites and readings. The task row
   * is locked by the caller, so no other writer changes these buckets meanwhile.
   */
  async rebuild(
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
    await this.rewriteDayRollups(companyId, taskId, buckets === 'all' ? 'all' : unique.map((b) => b.day));
  }

  /**
   * Rewrites the day rollups of a task's days from its floor and item rollups, and its household
   * days from its sites. Triggers keep them in step with every change of those; this repairs a row
   * that drifted by itself.
   */
  private async rewriteDayRollups(companyId: string, taskId: string, days: string[] | 'all'): Promise<void> {
    const inDays = days === 'all' ? sql`true` : sql`x.day = any(${sql.param([...new Set(days)])}::date[])`;
    const counts = sql.raw(COUNT_COLUMNS.join(', '));
    const sums = sql.raw(COUNT_COLUMNS.map((column) => `sum(x.${column})`).join(', '));
    await this.db.execute(
      sql`delete from ${taskDayRollups} x where x.company_id = ${companyId} and x.task_id = ${taskId} and ${inDays}`,
    );
    await this.db.execute(
      sql`delete from ${taskItemDayRollups} x where x.company_id = ${companyId} and x.task_id = ${taskId} and ${inDays}`,
    );
    await this.db.execute(sql`
      insert into ${taskDayRollups} (company_id, project_id, task_id, day, ${TASK_ATTRIBUTES}, ${counts}, area_m2)
      select x.company_id, x.project_id, x.task_id, x.day, ${TASK_ATTRIBUTE_VALUES}, ${sums}, sum(x.area_m2)
      from ${floorRollups} x join ${tasks} t on t.id = x.task_id and t.company_id = ${companyId}
      where x.company_id = ${companyId} and x.task_id = ${taskId} and ${inDays}
      group by x.company_id, x.project_id, x.task_id, x.day, t.id`);
    await this.db.execute(sql`
      insert into ${taskItemDayRollups} (company_id, project_id, task_id, item_code, day, ${TASK_ATTRIBUTES}, ${counts})
      select x.company_id, x.project_id, x.task_id, x.item_code, x.day, ${TASK_ATTRIBUTE_VALUES}, ${sums}
      from ${itemRollups} x join ${tasks} t on t.id = x.task_id and t.company_id = ${companyId}
      where x.company_id = ${companyId} and x.task_id = ${taskId} and ${inDays}
      group by x.company_id, x.project_id, x.task_id, x.item_code, x.day, t.id`);
    await this.db.execute(
      sql`delete from ${householdDays} x where x.company_id = ${companyId} and x.task_id = ${taskId} and ${inDays}`,
    );
    await this.db.execute(sql`
      insert into ${householdDays} (company_id, task_id, building_id, floor, household, day, sites, judged_sites)
      select company_id, task_id, building_id, floor, household, day, count(*),
        count(*) filter (where qualified + warning + unqualified + exploded > 0)
      from ${taskSites} x where x.company_id = ${companyId} and x.task_id = ${taskId} and ${inDays}
        and x.household is not null
      group by company_id, task_id, building_id, floor, household, day`);
  }

  /**
   * Tasks of a company whose stored rollups differ from a recomputation from their sites and
   * readings, with the number of differing rows (item, floor and day rollups and household days together).
   */
  async differences(companyId: string): Promise<{ taskId: string; projectId: string; rows: number }[]> {
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
      task_attributes as (
        select t.id task_id, row(${TASK_ATTRIBUTE_VALUES})::text attributes
        from ${tasks} t where t.company_id = ${companyId}),
      day_expected as (
        select task_id, day, sum(q)::int q, sum(w)::int w, sum(u)::int u, sum(e)::int e, sum(j)::int j,
          sum(n)::int n, sum(sites)::int sites, sum(xs)::int xs, sum(area)::float8 area, min(attributes) attributes
        from floor_expected join task_attributes using (task_id) group by 1, 2),
      day_stored as (
        select task_id, day, qualified q, warning w, unqualified u, exploded e, unjudged j, readings n, sites,
          exploded_sites xs, area_m2 area, row(${TASK_ATTRIBUTES})::text attributes
        from ${taskDayRollups} where company_id = ${companyId}),
      item_day_expected as (
        select task_id, item_code, day, sum(q)::int q, sum(w)::int w, sum(u)::int u, sum(e)::int e,
          sum(j)::int j, sum(n)::int n, sum(sites)::int sites, sum(xs)::int xs, min(attributes) attributes
        from item_expected join task_attributes using (task_id) group by 1, 2, 3),
      item_day_stored as (
        select task_id, item_code, day, qualified q, warning w, unqualified u, exploded e, unjudged j,
          readings n, sites, exploded_sites xs, row(${TASK_ATTRIBUTES})::text attributes
        from ${taskItemDayRollups} where company_id = ${companyId}),
      household_expected as (
        select task_id, building_id, floor, household, day, count(*)::int sites,
          (count(*) filter (where qualified + warning + unqualified + exploded > 0))::int judged
        from ${taskSites} where company_id = ${companyId} and household is not null
        group by 1, 2, 3, 4, 5),
      household_stored as (
        select task_id, building_id, floor, household, day, sites, judged_sites judged
        from ${householdDays} where company_id = ${companyId}),
      differing as (
        select task_id from household_expected a
          full join household_stored b using (task_id, building_id, floor, household, day)
        where (a.sites, a.judged) is distinct from (b.sites, b.judged)
        union all
        select task_id from day_expected a full join day_stored b using (task_id, day)
        where (a.q, a.w, a.u, a.e, a.j, a.n, a.sites, a.xs, a.attributes)
          is distinct from (b.q, b.w, b.u, b.e, b.j, b.n, b.sites, b.xs, b.attributes)
          or abs(coalesce(a.area, 0) - coalesce(b.area, 0)) > 1e-6
        union all
        select task_id from item_day_expected a full join item_day_stored b using (task_id, item_code, day)
        where (a.q, a.w, a.u, a.e, a.j, a.n, a.sites, a.xs, a.attributes)
          is distinct from (b.q, b.w, b.u, b.e, b.j, b.n, b.sites, b.xs, b.attributes)
        union all
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
    // eslint-disable-next-line measure/company-scoped-sql -- every company: the nightly check lists the companies it then visits one by one
    const result = await this.db.execute<{ company_id: string }>(sql`
      select company_id from ${taskSites} union select company_id from ${floorRollups}
      union select company_id from ${itemRollups}`);
    return result.rows.map((row) => row.company_id);
  }
}
