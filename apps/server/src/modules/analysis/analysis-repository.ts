import type { FigureCounts } from '@measure/contract';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { DbExecutor } from '../../db/database-handle.ts';
import { householdDays, measureItems, projectBuildings, projects, tasks } from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { assignedProjectCondition, assignedProjectText } from '../projects/project-access-repository.ts';

/** What an analysis call covers: the caller's visible projects, narrowed by the filters. */
export interface AnalysisScope {
  auth: AuthContext;
  projectId: string | null;
  stage: string | null;
  inspectionKind: string | null;
  measureKind: string | null;
  /** indoor | externalWall (the rollups carry the task's kind); null: both. */
  taskKind: string | null;
  /** Item codes, lower-cased; null for all items. */
  itemCodes: string[] | null;
  /** Inclusive reading days, YYYY-MM-DD. */
  start: string;
  end: string;
}

/** What figures are grouped by; `item` always reads the item rollups. */
export type Grouping =
  'none' | 'stage' | 'inspectionKind' | 'measureKind' | 'item' | 'project' | 'day' | 'floor';

export interface GroupCounts extends FigureCounts {
  /** The group's key (none: ''; floor: `<building id>/<floor>`). */
  key: string;
  /** A project's name (project grouping); an item's library names (item grouping); else null. */
  nameZh: string | null;
  nameEn: string | null;
}

/**
 * Where a statement reads the task's stage, kinds and state: the day rollups carry them (migration
 * 0020), so those are summed alone; the floor rollups join the tasks (alias t).
 */
type TaskAlias = 'r' | 't';

/**
 * Each grouping's columns (a grouping set) and its key over them, the task's columns read from `task`
 * (the tasks, or the day rollups that carry them). Days are formatted as timestamps without time
 * zone: `to_char(date)` would pick the time-zone variant and convert every row.
 */
function groupsOf(task: TaskAlias): Record<Grouping, { columns: string[]; key: string }> {
  return {
    none: { columns: [], key: "''" },
    stage: { columns: [`${task}.stage`], key: `${task}.stage` },
    inspectionKind: { columns: [`${task}.inspection_kind`], key: `${task}.inspection_kind` },
    measureKind: { columns: [`${task}.measure_kind`], key: `${task}.measure_kind` },
    item: { columns: ['r.item_code'], key: 'r.item_code' },
    project: { columns: ['r.project_id'], key: 'r.project_id::text' },
    day: { columns: ['r.day'], key: "to_char(r.day::timestamp, 'YYYY-MM-DD')" },
    floor: { columns: ['r.building_id', 'r.floor'], key: "r.building_id::text || '/' || r.floor" },
  };
}

/** Both alias choices, built once. */
const GROUPS: Record<TaskAlias, Record<Grouping, { columns: string[]; key: string }>> = {
  r: groupsOf('r'),
  t: groupsOf('t'),
};

/**
 * The coarsest rollup that answers: per task and day (`task_day_rollups`, `task_item_day_rollups`,
 * one row per task and day) unless figures per floor are asked for (`floor_rollups`, `item_rollups`).
 */
function rollupTable(items: boolean, perFloor: boolean): string {
  if (perFloor) return items ? 'item_rollups' : 'floor_rollups';
  return items ? 'task_item_day_rollups' : 'task_day_rollups';
}

/**
 * A row of an aggregate statement, read as an array in its select list's order (pg's row objects
 * are filled by column name into a copy of a dictionary-mode object: slower than the rest).
 */
function groupCountsOf(row: unknown[]): GroupCounts {
  const [, key, q, w, u, e, j, s, xs, projectName, itemNames] = row;
  const names = Array.isArray(itemNames) ? (itemNames as (string | null)[]) : null;
  return {
    key: String(key),
    nameZh: names ? (names[0] ?? null) : typeof projectName === 'string' ? projectName : null,
    nameEn: names ? (names[1] ?? null) : null,
    qualified: Number(q),
    warning: Number(w),
    unqualified: Number(u),
    exploded: Number(e),
    unjudged: Number(j),
    sites: Number(s),
    explodedSites: Number(xs),
  };
}

/** A statement's text and its parameters, numbered in the order they are added. */
class Statement {
  text = '';
  readonly values: unknown[] = [];

  /** The placeholder of a new parameter. */
  param(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The scope's conditions on the rollup rows `r` (and their task `t` when joined); `company` is its placeholder. */
function scopeConditions(
  statement: Statement,
  company: string,
  scope: AnalysisScope,
  items: boolean,
  task: TaskAlias,
): string {
  const parts = [
    `r.company_id = ${company}::uuid`,
    `r.day between ${statement.param(scope.start)}::date and ${statement.param(scope.end)}::date`,
    task === 't' ? `t.state <> 'cancelled'` : 'not r.cancelled',
  ];
  const assigned = assignedProjectText(scope.auth, 'r.project_id', company, (value) =>
    statement.param(value),
  );
  if (assigned) parts.push(assigned);
  if (scope.projectId) parts.push(`r.project_id = ${statement.param(scope.projectId)}::uuid`);
  if (scope.stage) parts.push(`${task}.stage = ${statement.param(scope.stage)}`);
  if (scope.inspectionKind) parts.push(`${task}.inspection_kind = ${statement.param(scope.inspectionKind)}`);
  if (scope.measureKind) parts.push(`${task}.measure_kind = ${statement.param(scope.measureKind)}`);
  if (scope.taskKind) parts.push(`${task}.task_kind = ${statement.param(scope.taskKind)}`);
  if (items && scope.itemCodes) {
    parts.push(`lower(r.item_code) = any(${statement.param(scope.itemCodes)}::text[])`);
  }
  return parts.join(' and ');
}

/**
 * One aggregate over a rollup table for several grouping sets, with the names of the groupings that
 * have them (a name subquery a statement never runs is still planned, so only those it carries).
 */
function aggregateStatement(
  scope: AnalysisScope,
  items: boolean,
  perFloor: boolean,
  sets: readonly Grouping[],
): Statement {
  const task: TaskAlias = perFloor ? 't' : 'r';
  const groups = GROUPS[task];
  const statement = new Statement();
  // A row's set is the one whose first column is grouped (grouping() = 0); none groups nothing.
  const grouped = sets.filter((grouping) => grouping !== 'none');
  const label = grouped.map(
    (grouping) => `when grouping(${groups[grouping].columns[0]}) = 0 then '${grouping}'`,
  );
  const key = grouped.map(
    (grouping) => `when grouping(${groups[grouping].columns[0]}) = 0 then ${groups[grouping].key}`,
  );
  const groupingSets = sets.map((grouping) => `(${groups[grouping].columns.join(', ')})`).join(', ');
  const company = statement.param(scope.auth.companyId);
  const projectName = sets.includes('project')
    ? `case when g.grouping = 'project' then (select p.name from projects p
        where p.company_id = ${company}::uuid and p.id = g.key::uuid) end`
    : 'null';
  const itemNames = sets.includes('item')
    ? `case when g.grouping = 'item' then (select array[m.name_zh, m.name_en] from measure_items m
        where m.company_id = ${company}::uuid and lower(m.code) = lower(g.key) limit 1) end`
    : 'null';
  const join = task === 't' ? `join tasks t on t.id = r.task_id and t.company_id = ${company}::uuid` : '';
  const where = scopeConditions(statement, company, scope, items, task);
  const caseOf = (whens: string[], otherwise: string) =>
    whens.length > 0 ? `case ${whens.join(' ')} else ${otherwise} end` : otherwise;
  // The select list is read by position (groupCountsOf).
  statement.text = `select g.grouping, g.key, g.q, g.w, g.u, g.e, g.j, g.s, g.xs,
    ${projectName} project_name, ${itemNames} item_names
from (select ${caseOf(label, "'none'")} as grouping, ${caseOf(key, "''")} as key,
    sum(r.qualified) q, sum(r.warning) w, sum(r.unqualified) u, sum(r.exploded) e, sum(r.unjudged) j,
    sum(r.sites) s, sum(r.exploded_sites) xs
  from ${rollupTable(items, perFloor)} r ${join}
  where ${where}
  group by grouping sets (${groupingSets})
  having count(*) > 0) g`;
  return statement;
}

/**
 * The queries of the analysis pages: sums over the rollups (per task and day, which carry their
 * task's stage, kinds and state, or per floor, joined to the tasks). Never reads readings. Every query filters by company.
 */
export class AnalysisRepository {
  /** `pool` runs the aggregates (statements built as text); `db` the rest. */
  constructor(
    private readonly db: DbExecutor,
    private readonly pool: Pick<pg.Pool, 'query'>,
  ) {}

  /**
   * Counts per group for several groupings at once, one statement per rollup table: the scope's
   * rollup rows are summed once per grouping set (`group by grouping sets`, one aggregate per rollup table).
   * Whole-site groupings read the task (or floor) rollups, the item grouping the item rollups; when
   * items are filtered every grouping reads the item rollups (see `rollupTable`). Project and item
   * groups carry their names.
   *
   * The statements are built as text with numbered parameters, not as Drizzle fragments: Drizzle's
   * walk over some fifty fragments per call cost about as much CPU as PostgreSQL's sums. They stay
   * unnamed, so each is planned for its values: prepared ones, on one generic plan after five runs,
   * made the one-year quality call about 10 % slower in the bench.
   */
  async countsBy(
    scope: AnalysisScope,
    groupings: readonly Grouping[],
  ): Promise<Map<Grouping, GroupCounts[]>> {
    const perFloor = groupings.includes('floor');
    const fromItems = (grouping: Grouping) => scope.itemCodes !== null || grouping === 'item';
    const statements: Statement[] = [];
    const siteSets = groupings.filter((grouping) => !fromItems(grouping));
    const itemSets = groupings.filter(fromItems);
    if (siteSets.length > 0) statements.push(aggregateStatement(scope, false, perFloor, siteSets));
    if (itemSets.length > 0) statements.push(aggregateStatement(scope, true, perFloor, itemSets));
    // The site and item rollups are aggregated by two statements at once, on two connections, so
    // PostgreSQL plans and runs them side by side (one statement ran them one after the other). Each
    // is consistent in itself; a batch landing between the two shows in the items a moment earlier.
    const results = await Promise.all(
      statements.map((statement) =>
        this.pool.query<unknown[]>({ text: statement.text, values: statement.values, rowMode: 'array' }),
      ),
    );
    const answer = new Map<Grouping, GroupCounts[]>(groupings.map((grouping) => [grouping, []]));
    for (const row of results.flatMap((result) => result.rows)) {
      answer.get(row[0] as Grouping)?.push(groupCountsOf(row));
    }
    return answer;
  }

  /** Counts per group of one grouping. */
  async counts(scope: AnalysisScope, grouping: Grouping): Promise<GroupCounts[]> {
    return (await this.countsBy(scope, [grouping])).get(grouping) ?? [];
  }

  /** Visible projects of the caller (for the home page's count), optionally one. */
  async visibleProjectCount(auth: AuthContext, projectId: string | null): Promise<number> {
    const result = await this.db.execute<{ n: number }>(sql`
      select count(*)::int n from ${projects}
      where company_id = ${auth.companyId} and ${assignedProjectCondition(auth, sql.raw('id'))}
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

  /** Tasks of the visible projects by state (all time). */
  async taskStates(auth: AuthContext, projectId: string | null): Promise<Map<string, number>> {
    const result = await this.db.execute<{ state: string; n: number }>(sql`
      select state, count(*)::int n from ${tasks}
      where company_id = ${auth.companyId} and ${assignedProjectCondition(auth, sql.raw('project_id'))}
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
          and t.state <> 'cancelled' and ${assignedProjectCondition(auth, sql.raw('t.project_id'))}
          and h.judged_sites > 0
          ${projectId ? sql`and t.project_id = ${projectId}::uuid` : sql``}) x`);
    return result.rows[0]?.n ?? 0;
  }
}

/** The stage of each of the codes the company's library has (lower-cased code -> stage). */
export async function itemStagesOf(
  db: DbExecutor,
  companyId: string,
  codes: readonly string[],
): Promise<Map<string, string>> {
  const result = await db.execute<{ code: string; stage: string }>(sql`
    select lower(code) code, stage from ${measureItems}
    where company_id = ${companyId} and lower(code) = any(${sql.param([...codes])}::text[])`);
  return new Map(result.rows.map((row) => [row.code, row.stage]));
}
