import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { tasks, taskSites, workOrders } from '../../db/schema.ts';

/** A site's judged counts as the link queries answer them. */
export interface LinkCounts {
  qualified: number;
  warning: number;
  unqualified: number;
  exploded: number;
  unjudged: number;
  explodedSite: boolean;
}

/** One site of a re-measure task with the original site it re-measures (both with their counts). */
export interface TaskLinkRow {
  pointIndex: number;
  name: string;
  buildingNumber: string;
  floor: number;
  household: number;
  after: LinkCounts;
  originalPointIndex: number;
  originalName: string;
  before: LinkCounts;
}

const counts = (alias: 'c' | 'o', prefix: string) =>
  sql.raw(
    ['qualified', 'warning', 'unqualified', 'exploded', 'unjudged']
      .map((column) => `${alias}.${column} as ${prefix}${column}`)
      .concat(`${alias}.exploded_site as ${prefix}exploded_site`)
      .join(', '),
  );

type CountsRow = Record<string, number | boolean>;
const countsOf = (row: CountsRow, prefix: string): LinkCounts => ({
  qualified: row[`${prefix}qualified`] as number,
  warning: row[`${prefix}warning`] as number,
  unqualified: row[`${prefix}unqualified`] as number,
  exploded: row[`${prefix}exploded`] as number,
  unjudged: row[`${prefix}unjudged`] as number,
  explodedSite: row[`${prefix}exploded_site`] as boolean,
});

/**
 * The original of the re-measure site `c` of task `ct` (aliases of the enclosing query), as the
 * lateral `o`: a site of the parent task in the same household (`task_sites_place_idx`) and the same
 * room, or for a site without a room one without a room of the same name; a facade panel's is the
 * parent's panel it overlaps on the same side and floor. Several walls of a room
 * match; the one of the same name wins, then a site the task re-measures by name
 * (`tasks.remeasure_point_indexes`), then the site the work order that made the task names
 * (found through `work_orders_site_idx`), then the lowest PointIndex, so every re-measure site has
 * exactly one original and reading either way agrees.
 */
const originalOf = (companyId: string) => sql`
  join lateral (
    select p.point_index, p.name, p.qualified, p.warning, p.unqualified, p.exploded, p.unjudged, p.exploded_site
    from ${taskSites} p
    where p.company_id = ${companyId} and p.task_id = ct.parent_task_id
      and p.building_id = c.building_id and p.floor = c.floor
      and (case
        -- A facade panel re-measures the parent's panel it overlaps on the same side (names may differ).
        when c.side is not null then p.side = c.side
          and least(p.x1, c.x1) > greatest(p.x0, c.x0) and least(p.z1, c.z1) > greatest(p.z0, c.z0)
        when c.room_id is null then p.household = c.household and p.room_id is null and p.name = c.name
        else p.household = c.household and p.room_id = c.room_id end)
    order by (p.name = c.name) desc,
      (p.point_index = any(coalesce(ct.remeasure_point_indexes, '{}'))) desc,
      (p.point_index is not distinct from (select w.point_index from ${workOrders} w
        where w.company_id = ${companyId} and w.task_id = ct.parent_task_id and w.remeasure_task_id = ct.id
          and w.point_index is not null
        order by w.created_at limit 1)) desc,
      p.point_index
    limit 1
  ) o on true`;

/**
 * Before and after of re-measures, computed on read (nothing is stored at ingestion): a re-measure
 * task (`tasks.parent_task_id`) re-measures the sites of its parent as `originalOf` matches them.
 * Every query filters by company.
 */
export class SiteLinksRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The original a site of a re-measure task re-measures: the parent task and its PointIndex. */
  async original(companyId: string, taskId: string, pointIndex: number) {
    const result = await this.db.execute<{ task_id: string; point_index: number }>(sql`
      select ct.parent_task_id as task_id, o.point_index
      from ${taskSites} c
      join ${tasks} ct on ct.company_id = ${companyId} and ct.id = c.task_id and ct.parent_task_id is not null
      ${originalOf(companyId)}
      where c.company_id = ${companyId} and c.task_id = ${taskId} and c.point_index = ${pointIndex}`);
    const row = result.rows[0];
    return row ? { taskId: row.task_id, pointIndex: row.point_index } : undefined;
  }

  /**
   * The sites of the re-measure tasks of a task (not cancelled) that re-measure one of its sites,
   * oldest task first: only the re-measure sites of the same household are matched.
   */
  async remeasures(companyId: string, taskId: string, pointIndex: number) {
    const result = await this.db.execute<{ task_id: string; point_index: number }>(sql`
      select c.task_id, c.point_index
      from ${taskSites} s
      join ${tasks} ct on ct.company_id = ${companyId} and ct.parent_task_id = s.task_id and ct.state <> 'cancelled'
      join ${taskSites} c on c.company_id = ${companyId} and c.task_id = ct.id
        and c.building_id = s.building_id and c.floor = s.floor
        and (c.household = s.household or c.side = s.side)
      ${originalOf(companyId)}
      where s.company_id = ${companyId} and s.task_id = ${taskId} and s.point_index = ${pointIndex}
        and o.point_index = s.point_index
      order by ct.created_at, ct.id, c.point_index`);
    return result.rows.map((row) => ({ taskId: row.task_id, pointIndex: row.point_index }));
  }

  /** Every site of a re-measure task with its original, in PointIndex order (none for other tasks). */
  async taskLinks(companyId: string, taskId: string): Promise<TaskLinkRow[]> {
    const result = await this.db.execute<
      CountsRow & {
        point_index: number;
        name: string;
        building_number: string;
        floor: number;
        household: number;
        original_point_index: number;
        original_name: string;
      }
    >(sql`
      select c.point_index, c.name, c.building_number, c.floor, c.household, ${counts('c', 'a_')},
        o.point_index as original_point_index, o.name as original_name, ${counts('o', 'b_')}
      from ${taskSites} c
      join ${tasks} ct on ct.company_id = ${companyId} and ct.id = c.task_id and ct.parent_task_id is not null
      ${originalOf(companyId)}
      where c.company_id = ${companyId} and c.task_id = ${taskId}
      order by c.point_index`);
    return result.rows.map((row) => ({
      pointIndex: row.point_index,
      name: row.name,
      buildingNumber: row.building_number,
      floor: row.floor,
      household: row.household,
      after: countsOf(row, 'a_'),
      originalPointIndex: row.original_point_index,
      originalName: row.original_name,
      before: countsOf(row, 'b_'),
    }));
  }
}
