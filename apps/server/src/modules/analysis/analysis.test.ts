import { apiRoutes, dayIn } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  expectedFigures,
  measureTask,
  type SentFilter,
  type SentSite,
} from '../../../test/analysis-readings.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import {
  assignHouseType,
  buildCompany,
  buildDevice,
  buildHouseType,
  buildProject,
  buildUser,
  type BuiltUser,
} from '../../../test/factories.ts';
import { readExport } from '../../../test/read-sheet.ts';
import { DEFAULT_MEASURE_ITEMS } from '../standards/default-items.ts';

/**
 * Issue 17: every figure of the analysis calls equals the test's own recomputation from the
 * readings it sent, with and without each filter; cancelled tasks count nowhere.
 */
let t: TestApp;
let admin: BuiltUser;
let pm: BuiltUser;
let device: { id: string; key: string };
const projects: Record<'A' | 'B', string> = { A: '', B: '' };

/** Every site sent, with what the filters look at. */
const sent: SentSite[] = [];

const DAY_MS = 86_400_000;
/** Reading days relative to today in Asia/Shanghai, so "this month" has data. */
const dayBefore = (days: number) => dayIn('Asia/Shanghai', new Date(Date.now() - days * DAY_MS));
const days = [dayBefore(2), dayBefore(1), dayBefore(0)];

/** Deterministic values that reach every grade of a 0..4 or 0..8 standard. */
let seed = 7;
const nextValue = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return [0.5, 1, 2, 3.5, 3.9, 4.5, 6, 9, 13, 25][seed % 10] as number;
};

async function runTask(spec: {
  project: 'A' | 'B';
  stage: 'plaster' | 'masonry';
  kind: 'self' | 'third';
  codes: string[];
  places: { building: string; floor: number; day: string }[];
  cancel?: boolean;
}) {
  const { project, kind, ...rest } = spec;
  const task = { ...rest, projectId: projects[project], inspectionKind: kind };
  sent.push(...(await measureTask(t, admin, device, task, () => [nextValue(), nextValue(), nextValue()])));
}

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  admin = await buildUser(t, { companyId, roles: ['CompanyAdmin'] });
  pm = await buildUser(t, { companyId, roles: ['ProjectAdmin'] });
  device = await buildDevice(t, { companyId });
  const buildings = [
    { number: '1#', stories: 4, households: 1 },
    { number: '2#', stories: 4, households: 1 },
  ];
  projects.A = (await buildProject(t, { companyId, name: '分析甲', buildings, staff: [pm] })).id;
  projects.B = (await buildProject(t, { companyId, name: '分析乙', buildings })).id;
  for (const projectId of Object.values(projects)) {
    const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
    for (const building of ['1#', '2#']) {
      await assignHouseType(t, { projectId, houseMapId, building, floorFrom: 1, floorTo: 4 });
    }
  }
  const plasterItems = ['PL-01', 'PL-02', 'PL-03'];
  const at = (building: string, floor: number, day: number) => ({ building, floor, day: days[day]! });
  await runTask({
    project: 'A',
    stage: 'plaster',
    kind: 'self',
    codes: plasterItems,
    places: [at('1#', 1, 0), at('1#', 2, 0), at('2#', 1, 1), at('1#', 1, 1)],
  });
  await runTask({
    project: 'A',
    stage: 'plaster',
    kind: 'third',
    codes: ['PL-01'],
    places: [at('1#', 3, 2)],
  });
  await runTask({
    project: 'A',
    stage: 'masonry',
    kind: 'self',
    codes: ['MA-01', 'MA-02'],
    places: [at('2#', 2, 1)],
  });
  await runTask({
    project: 'B',
    stage: 'plaster',
    kind: 'self',
    codes: plasterItems,
    places: [at('1#', 1, 2), at('2#', 4, 0)],
  });
  await runTask({
    project: 'A',
    stage: 'plaster',
    kind: 'self',
    codes: ['PL-01'],
    places: [at('1#', 4, 1)],
    cancel: true,
  });
});
afterAll(async () => t.close());

type Filter = SentFilter;

/** The test's own figures of the sites a filter selects, summed (item filter: only those readings). */
const expected = (filter: Filter, where?: (row: SentSite) => boolean) => expectedFigures(sent, filter, where);

const quality = (filter: Filter, as = admin) =>
  callRouteOk(t.app, apiRoutes.analysis.getQualityAnalysisData, filter, { as });

describe('quality analysis', () => {
  const range = { StartDate: days[0]!, EndDate: days[2]! };

  it('equals a recomputation overall and per stage, inspection kind, item, project and day', async () => {
    for (const filter of [
      { Stage: 'plaster', ...range },
      { InspectionKind: 'self', ...range },
      { InspectionKind: 'third', EndDate: days[2] },
      { ItemCodes: ['PL-01', 'ma-01'], ...range },
      { Stage: 'plaster', StartDate: days[1], EndDate: days[1] },
      { Stage: 'plaster', ProjectId: projects.B, ...range },
    ] as Filter[]) {
      const answer = await quality(filter);
      const label = JSON.stringify(filter);
      expect(answer.Figures, label).toEqual(expected(filter));
      for (const row of answer.ByStage)
        expect(row.Figures, label).toEqual(expected({ ...filter, Stage: row.Stage }));
      for (const row of answer.ByInspectionKind) {
        expect(row.Figures, label).toEqual(expected({ ...filter, InspectionKind: row.InspectionKind }));
      }
      for (const row of answer.ByItem) {
        const codes = filter.ItemCodes
          ? filter.ItemCodes.filter((c) => c.toLowerCase() === row.ItemCode.toLowerCase())
          : [row.ItemCode];
        expect(row.Figures, `${label} ${row.ItemCode}`).toEqual(expected({ ...filter, ItemCodes: codes }));
      }
      for (const row of answer.ByProject) {
        expect(row.Figures, label).toEqual(expected({ ...filter, ProjectId: row.ProjectId }));
      }
      for (const row of answer.Trend) {
        expect(row.Figures, label).toEqual(expected({ ...filter, StartDate: row.Day, EndDate: row.Day }));
      }
      const rates = answer.ByItem.map((row) => row.Figures.PassRate ?? Infinity);
      expect(rates, 'worst item first').toEqual([...rates].sort((a, b) => a - b));
    }
    const all = await quality({ Stage: 'plaster', ...range });
    expect(all.ByStage.map((row) => row.Stage)).toEqual(['plaster']);
    expect(all.ByProject.map((row) => row.ProjectName).sort()).toEqual(['分析乙', '分析甲']);
    expect(all.Trend.map((row) => row.Day)).toEqual(days);
  });

  it('names each item in the language of the call, and each project', async () => {
    const filter: Filter = { Stage: 'plaster', ...range };
    const zh = await quality(filter);
    const en = await callRouteOk(t.app, apiRoutes.analysis.getQualityAnalysisData, filter, {
      as: admin,
      lang: 'en-US',
    });
    const named = (language: 'zh' | 'en') => (code: string) => {
      const item = DEFAULT_MEASURE_ITEMS.find((row) => row.code.toLowerCase() === code.toLowerCase());
      return language === 'zh' ? item?.nameZh : item?.nameEn;
    };
    expect(zh.ByItem.length).toBeGreaterThan(0);
    expect(zh.ByItem.map((row) => row.Name)).toEqual(zh.ByItem.map((row) => named('zh')(row.ItemCode)));
    expect(en.ByItem.map((row) => row.Name)).toEqual(en.ByItem.map((row) => named('en')(row.ItemCode)));
    expect(en.ByProject.map((row) => row.ProjectName).sort()).toEqual(['分析乙', '分析甲']);
  });

  it('pages projects and breaks one project down by building and floor', async () => {
    const filter: Filter = { Stage: 'plaster', ...range };
    const page = await callRouteOk(
      t.app,
      apiRoutes.analysis.getProjectOverallPassRatePage,
      { ...filter, PageSize: 1, CurrentPage: 2, OrderBy: 'Name', AscDesc: 'asc' },
      { as: admin },
    );
    expect(page.Total).toBe(2);
    expect(page.Items.map((row) => row.ProjectName)).toEqual(['分析甲']);
    expect(page.Items[0]?.Figures).toEqual(expected({ ...filter, ProjectId: projects.A }));
    const rating =
      page.Items[0]!.Figures.PassRate! >= 90
        ? 'high'
        : page.Items[0]!.Figures.PassRate! >= 80
          ? 'middle'
          : 'low';
    expect(page.Items[0]?.Rating).toBe(rating);

    const buildings = await callRouteOk(
      t.app,
      apiRoutes.analysis.getQualityAnalysisBuildingData,
      { ...filter, ProjectId: projects.A },
      { as: admin },
    );
    expect(buildings.Figures).toEqual(expected({ ...filter, ProjectId: projects.A }));
    expect(buildings.Buildings.map((row) => row.BuildingNumber)).toEqual(['1#', '2#']);
    for (const building of buildings.Buildings) {
      const inBuilding = (row: SentSite) => row.building === building.BuildingNumber;
      expect(building.Figures).toEqual(expected({ ...filter, ProjectId: projects.A }, inBuilding));
      for (const floor of building.Floors) {
        expect(floor.Figures).toEqual(
          expected(
            { ...filter, ProjectId: projects.A },
            (row) => inBuilding(row) && row.floor === floor.Floor,
          ),
        );
      }
    }
    expect(buildings.Buildings[0]?.Floors.map((row) => row.Floor)).toEqual([1, 2, 3]);
  });

  it('keeps a project administrator to the assigned projects', async () => {
    const mine = await quality({ Stage: 'plaster', ...range }, pm);
    expect(mine.ByProject.map((row) => row.ProjectId)).toEqual([projects.A]);
    expect(mine.Figures).toEqual(expected({ Stage: 'plaster', ProjectId: projects.A, ...range }));
    const other = await callRoute(
      t.app,
      apiRoutes.analysis.getQualityAnalysisData,
      { Stage: 'plaster', ProjectId: projects.B, ...range },
      { as: pm, lang: 'en-US' },
    );
    expect(other.Code).toBe(404);
    expect(other.Message).toMatch(/outside the projects you may see/);
  });

  it('refuses filters without a scope or a date, reversed dates and ranges over five years', async () => {
    const cases: [Filter, string, RegExp][] = [
      [{ StartDate: days[0] }, 'Stage', /stage, an inspection kind or a measure item/],
      [{ Stage: 'plaster' }, 'StartDate', /start date or an end date/],
      [{ Stage: 'plaster', StartDate: '2026-03-02', EndDate: '2026-03-01' }, 'EndDate', /cannot be before/],
      [{ Stage: 'plaster', StartDate: '2020-01-01', EndDate: '2026-01-01' }, 'EndDate', /5 years/],
    ];
    for (const [filter, field, message] of cases) {
      const answer = await callRoute(t.app, apiRoutes.analysis.getQualityAnalysisData, filter, {
        as: admin,
        lang: 'en-US',
      });
      expect(answer.Code, JSON.stringify(filter)).toBe(400);
      const problems = answer.Result as unknown as { Field: string; Message: string }[];
      expect(problems).toContainEqual({ Field: field, Message: expect.stringMatching(message) });
    }
  });

  it('exports the same figures to Excel', async () => {
    const filter: Filter = { Stage: 'plaster', ...range };
    const rows = await readExport(t, '/api/ms/statis/QualityDataToExcelFile', admin.token, filter, 'en-US');
    expect(rows[0]?.[0]).toBe('Pass rate (%)');
    const figures = expected(filter);
    expect(rows[1]?.slice(0, 10)).toEqual([
      figures.PassRate,
      figures.Qualified,
      figures.Warning,
      figures.Unqualified,
      figures.Exploded,
      figures.Total,
      figures.Unjudged,
      figures.Sites,
      figures.ExplodedSites,
      figures.ExplodedRate,
    ]);
  });
});

describe('home statistics', () => {
  it('sums the period, counts tasks by state and the households measured this month', async () => {
    const stats = await callRouteOk(
      t.app,
      apiRoutes.analysis.getStatisticsData,
      { StartDate: days[0], EndDate: days[2] },
      { as: admin },
    );
    // Without a stage, inspection kind or item home takes quality's default, self inspection.
    const self = { InspectionKind: 'self' } as const;
    expect(stats.AppliedFilters.Defaults).toEqual(['InspectionKind']);
    expect(stats.Figures).toEqual(expected(self));
    expect(stats.Projects).toBe(2);
    expect(stats.Tasks).toMatchObject({ inProgress: 4, cancelled: 1, pending: 0 });
    const monthStart = `${dayBefore(0).slice(0, 8)}01`;
    const households = new Set(
      sent
        .filter((row) => !row.cancelled && row.day >= monthStart)
        .map((row) => `${row.projectId}/${row.building}/${row.floor}`),
    );
    expect(stats.HouseholdsThisMonth).toBe(households.size);
    expect(stats.Trend.map((row) => row.Figures)).toEqual(
      days.map((day) => expected({ ...self, StartDate: day, EndDate: day })),
    );
    expect(stats.WorstItems.length).toBeLessThanOrEqual(5);
    const worst = stats.WorstItems[0];
    if (worst) expect(worst.Figures).toEqual(expected({ ...self, ItemCodes: [worst.ItemCode] }));
    const pmStats = await callRouteOk(t.app, apiRoutes.analysis.getStatisticsData, {}, { as: pm });
    expect(pmStats.Projects).toBe(1);
    expect(pmStats.Figures).toEqual(expected({ ...self, ProjectId: projects.A }));
  });
});
