import { EFFICIENCY_LIMITS } from '@measure/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { devices, projects, tasks, taskSites, users } from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { assignedProjectCondition } from '../projects/project-access-repository.ts';

export interface EfficiencyScope {
  auth: AuthContext;
  projectId: string | null;
  start: string;
  end: string;
  /** Only this person's, device's or project's sites. */
  only?: { by: EfficiencyKey; id: string };
}

export type EfficiencyKey = 'user' | 'device' | 'project' | 'day' | 'none';

/** Each grouping's key over the timed sites below. */
const KEYS: Record<EfficiencyKey, string> = {
  user: 'user_id::text',
  device: 'device_id::text',
  project: 'project_id::text',
  day: "to_char(day, 'YYYY-MM-DD')",
  none: "''",
};

export interface EfficiencyCounts {
  key: string;
  tasks: number;
  sites: number;
  readings: number;
  area: number;
  seconds: number;
  days: number;
}

/**
 * Efficiency sums over the sites of a period (one range scan of the company's sites by day, never
 * readings). Working time: per task, day and actor (the device, else the person who typed the site
 * in), the time from each site to the next in MeasuredAt order, gaps over 30 minutes left out.
 */
export class EfficiencyRepository {
  constructor(private readonly db: DbExecutor) {}

  async sums(scope: EfficiencyScope, by: EfficiencyKey): Promise<EfficiencyCounts[]> {
    const { companyId } = scope.auth;
    const parts: SQL[] = [
      sql`s.company_id = ${companyId}`,
      sql`s.day between ${scope.start}::date and ${scope.end}::date`,
      sql`t.state <> 'cancelled'`,
      assignedProjectCondition(scope.auth, sql.raw('t.project_id')),
    ];
    if (scope.projectId) parts.push(sql`t.project_id = ${scope.projectId}::uuid`);
    const result = await this.db.execute<Record<string, unknown>>(sql`
      with picked as (
        select s.task_id, t.project_id, s.day, s.device_id, coalesce(s.user_id, d.device_user_id) user_id,
          s.measured_at, s.readings, coalesce(s.area_m2, 0) area,
          coalesce(s.device_id::text, 'user:' || s.user_id::text) actor
        from ${taskSites} s
        join ${tasks} t on t.id = s.task_id and t.company_id = ${companyId}
        left join ${devices} d on d.id = s.device_id and d.company_id = ${companyId}
        where ${sql.join(parts, sql` and `)}),
      timed as (
        select *, extract(epoch from measured_at - lag(measured_at)
          over (partition by task_id, day, actor order by measured_at)) gap
        from picked
        ${scope.only ? sql`where ${sql.raw(KEYS[scope.only.by])} = ${scope.only.id}` : sql``})
      select ${sql.raw(KEYS[by])} as key, count(distinct task_id)::int tasks, count(*)::int sites,
        coalesce(sum(readings), 0)::int readings, coalesce(sum(area), 0)::float8 area,
        coalesce(sum(gap) filter (where gap <= ${EFFICIENCY_LIMITS.maxGapMinutes * 60}), 0)::float8 seconds,
        count(distinct day)::int days
      from timed
      ${by === 'user' || by === 'device' ? sql`where ${sql.raw(KEYS[by])} is not null` : sql``}
      group by 1`);
    return result.rows.map((row) => ({
      key: String(row.key),
      tasks: Number(row.tasks),
      sites: Number(row.sites),
      readings: Number(row.readings),
      area: Number(row.area),
      seconds: Number(row.seconds),
      days: Number(row.days),
    }));
  }

  /** Names of people, device numbers or project names by id, of the company. */
  async names(companyId: string, by: 'user' | 'device' | 'project', ids: readonly string[]) {
    if (ids.length === 0) return new Map<string, string>();
    const source = {
      user: sql`select id::text, name from ${users}`,
      device: sql`select id::text, device_number as name from ${devices}`,
      project: sql`select id::text, name from ${projects}`,
    }[by];
    const result = await this.db.execute<{ id: string; name: string }>(
      sql`${source} where company_id = ${companyId} and id = any(${sql.param([...ids])}::uuid[])`,
    );
    return new Map(result.rows.map((row) => [row.id, row.name]));
  }
}
