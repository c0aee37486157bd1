import { sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import {
  devices,
  projectBuildings,
  projects,
  taskHouseholds,
  tasks,
  taskSites,
  users,
} from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { assignedProjectCondition } from '../projects/project-access-repository.ts';

export interface ProgressScope {
  auth: AuthContext;
  projectId: string | null;
  stage: string | null;
}

/**
 * The queries of progress (domain.md section 10): planned households from the tasks' households,
 * measured ones from the sites with judged values (one row per measured surface, through the
 * sites' place index), never from readings. Every query filters by company.
 */
export class ProgressRepository {
  constructor(private readonly db: DbExecutor) {}

  /** Conditions on the tasks (alias t) of the scope: company, visible project, not cancelled. */
  private taskConditions(scope: ProgressScope): SQL {
    const parts: SQL[] = [
      sql`t.company_id = ${scope.auth.companyId}`,
      sql`t.state <> 'cancelled'`,
      assignedProjectCondition(scope.auth, sql.raw('t.project_id')),
    ];
    if (scope.projectId) parts.push(sql`t.project_id = ${scope.projectId}::uuid`);
    if (scope.stage) parts.push(sql`t.stage = ${scope.stage}`);
    return sql.join(parts, sql` and `);
  }

  /**
   * Planned and measured households per (project, stage, building, floor); `byFloor` false sums the
   * floors per (project, stage).
   */
  async households(scope: ProgressScope, byFloor: boolean) {
    const place = byFloor ? sql`, p.building_id, p.floor` : sql``;
    const result = await this.db.execute<{
      project_id: string;
      stage: string;
      building_id?: string;
      floor?: number;
      planned: number;
      measured: number;
    }>(sql`
      with planned as (
        select distinct t.project_id, t.stage, h.building_id, h.floor, h.household
        from ${taskHouseholds} h join ${tasks} t on t.id = h.task_id
        where h.company_id = ${scope.auth.companyId} and ${this.taskConditions(scope)}),
      measured as (
        select distinct t.project_id, t.stage, s.building_id, s.floor, s.household
        from ${taskSites} s join ${tasks} t on t.id = s.task_id
        where s.company_id = ${scope.auth.companyId} and ${this.taskConditions(scope)}
          and s.household is not null and s.qualified + s.warning + s.unqualified + s.exploded > 0)
      select p.project_id, p.stage ${place}, count(*)::int planned, count(m.project_id)::int measured
      from planned p left join measured m using (project_id, stage, building_id, floor, household)
      group by p.project_id, p.stage ${place}`);
    return result.rows;
  }

  /** Tasks per (project, stage, state) of the visible projects, cancelled included. */
  async taskStates(scope: ProgressScope) {
    const parts: SQL[] = [assignedProjectCondition(scope.auth, sql.raw('t.project_id'))];
    if (scope.projectId) parts.push(sql`t.project_id = ${scope.projectId}::uuid`);
    if (scope.stage) parts.push(sql`t.stage = ${scope.stage}`);
    const result = await this.db.execute<{ project_id: string; stage: string; state: string; n: number }>(sql`
      select t.project_id, t.stage, t.state, count(*)::int n from ${tasks} t
      where t.company_id = ${scope.auth.companyId} and ${sql.join(parts, sql` and `)} group by 1, 2, 3`);
    return result.rows;
  }

  /** Floors with a task in progress of the project and stage (building id / floor). */
  async floorsInProgress(scope: ProgressScope): Promise<Set<string>> {
    const result = await this.db.execute<{ building_id: string; floor: number }>(sql`
      select distinct h.building_id, h.floor from ${taskHouseholds} h join ${tasks} t on t.id = h.task_id
      where h.company_id = ${scope.auth.companyId} and ${this.taskConditions(scope)} and t.state = 'inProgress'`);
    return new Set(result.rows.map((row) => `${row.building_id}/${row.floor}`));
  }

  async projectNames(companyId: string, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const result = await this.db.execute<{ id: string; name: string }>(sql`
      select id, name from ${projects} where company_id = ${companyId} and id = any(${sql.param([...ids])}::uuid[])`);
    return new Map(result.rows.map((row) => [row.id, row.name]));
  }

  /** Every household of each project's buildings as configured (floors x households per floor). */
  async projectHouseholds(companyId: string, ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const result = await this.db.execute<{ project_id: string; n: number }>(sql`
      select project_id, coalesce(sum(stories * households), 0)::int n from ${projectBuildings}
      where company_id = ${companyId} and project_id = any(${sql.param([...ids])}::uuid[])
      group by project_id`);
    return new Map(result.rows.map((row) => [row.project_id, row.n]));
  }

  async buildings(companyId: string, projectId: string) {
    const result = await this.db.execute<{
      id: string;
      number: string;
      stories: number;
      households: number;
    }>(sql`
      select id, building_number as number, stories, households from ${projectBuildings}
      where company_id = ${companyId} and project_id = ${projectId}::uuid order by sort, building_number`);
    return result.rows;
  }

  /**
   * Per person over the days: tasks, households, sites and readings they measured. A site belongs to
   * the person who typed it in, else to the person holding the device that sent it. Facade sites
   * (household null) count as sites and readings, never as households.
   */
  async users(scope: ProgressScope, start: string, end: string) {
    const result = await this.db.execute<{
      user_id: string;
      name: string;
      tasks: number;
      households: number;
      sites: number;
      readings: number;
    }>(sql`
      select u.id user_id, u.name, count(distinct s.task_id)::int tasks,
        count(distinct (t.project_id, s.building_id, s.floor, s.household))
          filter (where s.household is not null)::int households,
        count(*)::int sites, coalesce(sum(s.readings), 0)::int readings
      from ${taskSites} s
      join ${tasks} t on t.id = s.task_id
      left join ${devices} d on d.id = s.device_id and d.company_id = ${scope.auth.companyId}
      join ${users} u on u.id = coalesce(s.user_id, d.device_user_id) and u.company_id = ${scope.auth.companyId}
      where s.company_id = ${scope.auth.companyId} and s.day between ${start}::date and ${end}::date
        and ${this.taskConditions(scope)}
      group by u.id, u.name
      order by sites desc, u.name`);
    return result.rows;
  }
}
