import {
  EFFICIENCY_LIMITS,
  type EfficiencyDay,
  type EfficiencyRow,
  type EfficiencySubject,
  type EfficiencySummary,
} from '@measure/contract';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { DAY_MS, DEFAULT_PERIOD_DAYS, periodOf, visibleAnalysisProject } from './analysis-scope.ts';
import {
  type EfficiencyCounts,
  EfficiencyRepository,
  type EfficiencyScope,
} from './efficiency-repository.ts';

type Filter = { ProjectId?: string | null; StartDate: string | null; EndDate: string | null };

const round2 = (value: number) => Math.round(value * 100) / 100;
const perHour = (amount: number, centiHours: number) =>
  centiHours > 0 ? round2(amount / (centiHours / 100)) : null;

/** The measures of some sums (domain.md section 10). */
const measuresOf = (row: EfficiencyCounts) => ({
  Tasks: row.tasks,
  Sites: row.sites,
  Readings: row.readings,
  AreaM2: round2(row.area),
  WorkingHours: row.centiHours / 100,
  AreaPerHour: perHour(row.area, row.centiHours),
  ReadingsPerHour: perHour(row.readings, row.centiHours),
  DaysWorked: row.days,
});

const none: EfficiencyCounts = { key: '', tasks: 0, sites: 0, readings: 0, area: 0, centiHours: 0, days: 0 };

/**
 * Efficiency per person, device and project over a period, from the sites' times and areas. Working
 * time is counted per task-day (efficiency-repository.ts): the totals equal the sums over days,
 * devices (with the tasks without one) and projects; people are credited differently (PeopleWorkingHours).
 */
export class EfficiencyService {
  constructor(private readonly deps: { db: Database }) {}

  private get repository() {
    return new EfficiencyRepository(this.deps.db);
  }

  private async scope(auth: AuthContext, filter: Filter): Promise<EfficiencyScope> {
    if (filter.ProjectId) await visibleAnalysisProject(this.deps.db, auth, filter.ProjectId);
    // Without dates: the last 30 days; with only an end: the longest allowed period up to it.
    const { start, end } = periodOf(
      filter,
      filter.EndDate ? DEFAULT_PERIOD_DAYS.longest : DEFAULT_PERIOD_DAYS.recent,
    );
    return { auth, projectId: filter.ProjectId ?? null, start, end };
  }

  async summary(auth: AuthContext, filter: Filter): Promise<EfficiencySummary> {
    const scope = await this.scope(auth, filter);
    const [totals, days, people, devices] = await Promise.all([
      this.repository.sums(scope, 'none'),
      this.repository.sums(scope, 'day'),
      this.repository.sums(scope, 'user'),
      this.repository.sums(scope, 'device'),
    ]);
    return {
      StartDate: scope.start,
      EndDate: scope.end,
      Totals: measuresOf(totals[0] ?? none),
      People: people.length,
      // The empty key holds the tasks without a device: in the device list's sum, not a device.
      Devices: devices.filter((row) => row.key !== '').length,
      PeopleWorkingHours: people.reduce((sum, row) => sum + row.centiHours, 0) / 100,
      ByDay: this.daysOf(days),
    };
  }

  async list(auth: AuthContext, subject: EfficiencySubject, filter: Filter): Promise<EfficiencyRow[]> {
    const scope = await this.scope(auth, filter);
    const rows = await this.repository.sums(scope, subject);
    const names = await this.repository.names(
      auth.companyId,
      subject,
      rows.map((row) => row.key),
    );
    const periodDays = Math.round((Date.parse(scope.end) - Date.parse(scope.start)) / DAY_MS) + 1;
    const available = periodDays * EFFICIENCY_LIMITS.deviceDayHours * 100;
    return rows
      .map((row) => ({
        Id: row.key,
        Name: names.get(row.key) ?? '',
        ...measuresOf(row),
        Utilisation:
          subject === 'device' && row.key !== '' ? round2((row.centiHours / available) * 100) : null,
      }))
      .sort((a, b) => b.AreaM2 - a.AreaM2 || a.Name.localeCompare(b.Name));
  }

  async detail(
    auth: AuthContext,
    subject: EfficiencySubject,
    filter: Filter & { Id: string },
  ): Promise<EfficiencyDay[]> {
    const scope = await this.scope(auth, filter);
    return this.daysOf(await this.repository.sums({ ...scope, only: { by: subject, id: filter.Id } }, 'day'));
  }

  private daysOf(rows: EfficiencyCounts[]): EfficiencyDay[] {
    return rows
      .sort((a, b) => a.key.localeCompare(b.key))
      .map((row) => ({ Day: row.key, ...measuresOf(row) }));
  }
}
