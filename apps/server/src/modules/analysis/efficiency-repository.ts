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

/** Each grouping's key over the credited rows below (a task without a device: the empty key). */
const KEYS: Record<EfficiencyKey, string> = {
  user: 'user_id::text',
  device: "coalesce(device_id::text, '')",
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
  /** Working time in hundredths of an hour (each task-day's rounded on its own, so sums add up). */
  centiHours: number;
  days: number;
}

/**
 * Efficiency sums over the sites of a period (one range scan of the company's sites by day, never
 * readings). Working time is counted per task and reading day: the sites in MeasuredAt order, each
 * step from one site to the next that is 30 minutes or shorter, clipped to the task's window
 * (started .. finished, or now while not finished), so no time outside the window counts; rounded
 * to 0.01 h per task-day. A task-day's time goes once to its project and once to the task's device;
 * each person who measured a site there (who typed it in, else who holds its device) is credited the
 * task-day's whole time with their own sites, so people's hours need not add up to the total.
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
    // People are credited per task-day they measured on; the others take each task-day once.
    const perPerson = by === 'user' || scope.only?.by === 'user';
    const result = await this.db.execute<Record<string, unknown>>(sql`
      with picked as (
        select s.task_id, t.project_id, t.device_id, s.day, coalesce(s.user_id, d.device_user_id) user_id,
          s.measured_at, s.readings, coalesce(s.area_m2, 0) area,
          coalesce(t.started_at, '-infinity') window_start, coalesce(t.finished_at, now()) window_end
        from ${taskSites} s
        join ${tasks} t on t.id = s.task_id and t.company_id = ${companyId}
        left join ${devices} d on d.id = s.device_id and d.company_id = ${companyId}
        where ${sql.join(parts, sql` and `)}),
      stepped as (
        select *, lag(measured_at) over (partition by task_id, day order by measured_at) previous
        from picked),
      task_days as (
        select task_id, day, min(project_id::text) project_id, min(device_id::text) device_id,
          round(coalesce(sum(greatest(0, extract(epoch from
            least(measured_at, window_end) - greatest(previous, window_start))))
            filter (where measured_at - previous <= ${`${EFFICIENCY_LIMITS.maxGapMinutes} minutes`}::interval),
            0) / 36)::int centi
        from stepped group by task_id, day),
      site_sums as (
        select task_id, day, ${perPerson ? sql`user_id` : sql`null::uuid user_id`},
          count(*)::int sites, sum(readings)::int readings, sum(area)::float8 area
        from picked ${perPerson ? sql`where user_id is not null` : sql``}
        group by 1, 2, 3),
      credited as (
        select td.task_id, td.day, td.project_id, td.device_id, ss.user_id, ss.sites, ss.readings,
          ss.area, td.centi
        from task_days td join site_sums ss using (task_id, day)
        ${scope.only ? sql`where ${sql.raw(KEYS[scope.only.by])} = ${scope.only.id}` : sql``})
      select ${sql.raw(KEYS[by])} as key, count(distinct task_id)::int tasks,
        coalesce(sum(sites), 0)::int sites, coalesce(sum(readings), 0)::int readings,
        coalesce(sum(area), 0)::float8 area, coalesce(sum(centi), 0)::int centi,
        count(distinct day)::int days
      from credited
      group by 1`);
    return result.rows.map((row) => ({
      key: String(row.key),
      tasks: Number(row.tasks),
      sites: Number(row.sites),
      readings: Number(row.readings),
      area: Number(row.area),
      centiHours: Number(row.centi),
      days: Number(row.days),
    }));
  }

  /** Names of people, device numbers or project names by id, of the company. */
  async names(companyId: string, by: 'user' | 'device' | 'project', ids: readonly string[]) {
    const known = ids.filter((id) => id !== '');
    if (known.length === 0) return new Map<string, string>();
    const source = {
      user: sql`select id::text, name from ${users} where company_id = ${companyId}`,
      device: sql`select id::text, device_number as name from ${devices} where company_id = ${companyId}`,
      project: sql`select id::text, name from ${projects} where company_id = ${companyId}`,
    }[by];
    const result = await this.db.execute<{ id: string; name: string }>(
      sql`${source} and id = any(${sql.param(known)}::uuid[])`,
    );
    return new Map(result.rows.map((row) => [row.id, row.name]));
  }
}
