import type { FigureCounts } from '@measure/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { householdDays, measureItems, projectBuildings, projects, tasks } from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { visibleProjectCondition } from '../projects/project-access-repository.ts';

/** What an analysis call covers: the caller's visible projects, narrowed by the filters. */
export interface AnalysisScope {
  auth: AuthContext;
  projectId: string | null;
  stage: string | null;
  inspectionKind: string | null;
  measureKind: string | null;
  /** Item codes, lower-cased; null for all items. */
  itemCodes: string[] | null;
  /** Inclusive reading days, YYYY-MM-DD. */
  start: string;
  end: string;
}

/** What figures are grouped by; `item` always reads the item rollups. */
export type Grouping = 'none' | 'stage' | 'inspectionKind' | 'item' | 'project' | 'day' | 'floor';

export interface GroupCounts extends FigureCounts {
  /** The group's key (none: ''; floor: `<building id>/<floor>`). */
  key: string;
}

/** Each grouping's key over the picked rollup rows (see `countsBy`). */
const GROUP_KEYS: Record<Grouping, string> = {
  none: "''",
  stage: 'stage',
  inspectionKind: 'inspection_kind',
  item: 'item_code',
  project: 'project_id::text',
  day: "to_char(day, 'YYYY-MM-DD')",
  floor: "building_id::text || '/' || floor",
};

/**
 * The coarsest rollup that answers: per task and day (`task_day_rollups`, `task_item_day_rollups`,
 * one row per task and day) unless figures per floor are asked for (`floor_rollups`, `item_rollups`).
 */
function rollupTable(items: boolean, perFloor: boolean): string {
  if (perFloor) return items ? 'item_rollups' : 'floor_rollups';
  return items ? 'task_item_day_rollups' : 'task_day_rollups';
}

const countsOf = (row: Record<string, unknown>): FigureCounts => ({
  qualified: Number(row.q),
  warning: Number(row.w),
  unqualified: Number(row.u),
  exploded: Number(row.e),
  unjudged: Number(row.j),
  sites: Number(row.s),
  explodedSites: Number(row.xs),
});

/**
 * The queries of the analysis pages: sums over the rollups (per task and day, or per floor), joined to
 * the tasks for their stage, kinds and state. Never reads readings. Every query filters by company.
 */
export class AnalysisRepository {
  constructor(private readonly db: DbExecutor) {}

  /**
   * Counts per group for several groupings at once: the scope's rollup rows are picked once (item
   * rollups when items are filtered or grouped, else whole sites; per floor only when the floor
   * grouping asks, see `rollupTable`) and summed per grouping from there.
   */
  async countsBy(
    scope: AnalysisScope,
    groupings: readonly Grouping[],
  ): Promise<Map<Grouping, GroupCounts[]>> {
    const items = groupings.includes('item') || scope.itemCodes !== null;
    const table = sql.raw(rollupTable(items, groupings.includes('floor')));
    const itemCode = sql.raw(items ? 'r.item_code' : 'null::text');
    const place = sql.raw(
      groupings.includes('floor') ? 'r.building_id, r.floor' : 'null::uuid building_id, 0 floor',
    );
    const sums = sql`sum(qualified) q, sum(warning) w, sum(unqualified) u, sum(exploded) e, sum(unjudged) j,
      sum(sites) s, sum(exploded_sites) xs`;
    const selects = groupings.map(
      (grouping) =>
        sql`select ${grouping}::text as grouping, ${sql.raw(GROUP_KEYS[grouping])} as key, ${sums} from picked group by 2`,
    );
    const result = await this.db.execute<Record<string, unknown>>(sql`
      with picked as materialized (
        select t.stage, t.inspection_kind, ${itemCode} item_code, r.project_id, r.day, ${place},
          r.qualified, r.warning, r.unqualified, r.exploded, r.unjudged, r.sites, r.exploded_sites
        from ${table} r join ${tasks} t on t.id = r.task_id and t.company_id = ${scope.auth.companyId}
        where ${this.where(scope, items)})
      ${sql.join(selects, sql` union all `)}`);
    const answer = new Map<Grouping, GroupCounts[]>(groupings.map((grouping) => [grouping, []]));
    for (const row of result.rows) {
      answer.get(row.grouping as Grouping)?.push({ key: String(row.key), ...countsOf(row) });
    }
    return answer;
  }

  /** Counts per group of one grouping. */
  async counts(scope: AnalysisScope, grouping: Grouping): Promise<GroupCounts[]> {
    return (await this.countsBy(scope, [grouping])).get(grouping) ?? [];
  }

  private where(scope: AnalysisScope, items: boolean): SQL {
    const parts: SQL[] = [
      sql`r.company_id = ${scope.auth.companyId}`,
      sql`r.day between ${scope.start}::date and ${scope.end}::date`,
      sql`t.state <> 'cancelled'`,
      visibleProjectCondition(scope.auth, sql.raw('r.project_id')),
    ];
    if (scope.projectId) parts.push(sql`r.project_id = ${scope.projectId}::uuid`);
    if (scope.stage) parts.push(sql`t.stage = ${scope.stage}`);
    if (scope.inspectionKind) parts.push(sql`t.inspection_kind = ${scope.inspectionKind}`);
    if (scope.measureKind) parts.push(sql`t.measure_kind = ${scope.measureKind}`);
    if (items && scope.itemCodes) {
      parts.push(sql`lower(r.item_code) = any(${sql.param(scope.itemCodes)}::text[])`);
    }
    return sql.join(parts, sql` and `);
  }

  /** Names of the company's projects by id (only those asked for). */
  async projectNames(companyId: string, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const result = await this.db.execute<{ id: string; name: string }>(sql`
      select id, name from ${projects}
      where company_id = ${companyId} and id = any(${sql.param([...ids])}::uuid[])`);
    return new Map(result.rows.map((row) => [row.id, row.name]));
  }

  /** Visible projects of the caller (for the home page's count), optionally one. */
  async visibleProjectCount(auth: AuthContext, projectId: string | null): Promise<number> {
    const result = await this.db.execute<{ n: number }>(sql`
      select count(*)::int n from ${projects}
      where company_id = ${auth.companyId} and ${visibleProjectCondition(auth, sql.raw('id'))}
        ${projectId ? sql`and id = ${projectId}::uuid` : sql``}`);
    return result.rows[0]?.n ?? 0;
  }

  /** Buildings of a project of the company, in their order. */
  async buildings(companyId: string, projectId: string) {
    const result = await this.db.execute<{ id: string; number: string }>(sql`
      select id, building_number as number from ${projectBuildings}
      where company_id = ${companyId} and project_id = ${projectId}::uuid order by sort, building_number`);
    return result.rows;
  }

  /** Item names of the company's library by lower-cased code (frozen items keep their codes). */
  async itemNames(companyId: string): Promise<Map<string, { zh: string; en: string }>> {
    const result = await this.db.execute<{ code: string; zh: string; en: string }>(sql`
      select code, name_zh zh, name_en en from ${measureItems} where company_id = ${companyId}`);
    return new Map(result.rows.map((row) => [row.code.toLowerCase(), { zh: row.zh, en: row.en }]));
  }

  /** Tasks of the visible projects by state (all time). */
  async taskStates(auth: AuthContext, projectId: string | null): Promise<Map<string, number>> {
    const result = await this.db.execute<{ state: string; n: number }>(sql`
      select state, count(*)::int n from ${tasks}
      where company_id = ${auth.companyId} and ${visibleProjectCondition(auth, sql.raw('project_id'))}
        ${projectId ? sql`and project_id = ${projectId}::uuid` : sql``}
      group by state`);
    return new Map(result.rows.map((row) => [row.state, row.n]));
  }

  /**
   * Households (project, building, floor, position) with at least one judged value in the days, over
   * the household days (`household_days`, kept from the sites by triggers; not sites, not readings).
   */
  async householdsMeasured(
    auth: AuthContext,
    projectId: string | null,
    start: string,
    end: string,
  ): Promise<number> {
    const result = await this.db.execute<{ n: number }>(sql`
      select count(*)::int n from (
        select distinct t.project_id, h.building_id, h.floor, h.household
        from ${householdDays} h join ${tasks} t on t.id = h.task_id and t.company_id = ${auth.companyId}
        where h.company_id = ${auth.companyId} and h.day between ${start}::date and ${end}::date
          and t.state <> 'cancelled' and ${visibleProjectCondition(auth, sql.raw('t.project_id'))}
          and h.judged_sites > 0
          ${projectId ? sql`and t.project_id = ${projectId}::uuid` : sql``}) x`);
    return result.rows[0]?.n ?? 0;
  }
}
