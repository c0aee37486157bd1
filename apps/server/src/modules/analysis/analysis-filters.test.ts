import { apiRoutes, dayIn } from '@measure/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnalysisTaskSpec,
  expectedFigures,
  measureTask,
  type SentFilter,
  type SentSite,
} from '../../../test/analysis-readings.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import * as factories from '../../../test/factories.ts';

/**
 * Issue 28 items 3 and 6: the filters in force are echoed (defaults included), home and quality give
 * the same figure for the same filters, a drill-down to a floor opens data-pool rows that add up to
 * the floor's figure, contradicting filters are refused on their field, and first-measure and
 * re-measure figures come side by side.
 */
let t: TestApp;
let admin: factories.BuiltUser;
let device: { id: string; key: string };
let projectId: string;
const sent: SentSite[] = [];

const dayBefore = (days: number) => dayIn('Asia/Shanghai', new Date(Date.now() - days * 86_400_000));
const [yesterday, today] = [dayBefore(1), dayBefore(0)];

/** A task of the project on building 1#, its sites remembered. */
async function runTask(spec: Omit<AnalysisTaskSpec, 'projectId' | 'places'> & { places: Place[] }) {
  const places = spec.places.map((place) => ({ ...place, building: '1#' }));
  sent.push(...(await measureTask(t, admin, device, { ...spec, projectId, places }, () => [])));
}
type Place = { floor: number; day: string; values: number[] };

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await factories.buildCompany(t)).id;
  admin = await factories.buildUser(t, { companyId, roles: ['CompanyAdmin'] });
  device = await factories.buildDevice(t, { companyId });
  const buildings = [{ number: '1#', stories: 4, households: 1 }];
  projectId = (await factories.buildProject(t, { companyId, name: '筛选项目', buildings })).id;
  const houseMapId = (await factories.buildHouseType(t, { projectId })).HouseMapId;
  await factories.assignHouseType(t, { projectId, houseMapId, building: '1#', floorFrom: 1, floorTo: 4 });
  const plaster = { stage: 'plaster', inspectionKind: 'self' } as const;
  await runTask({
    ...plaster,
    measureKind: 'first',
    codes: ['PL-01', 'PL-02'],
    places: [
      { floor: 1, day: yesterday, values: [1, 3.5, 6, 25] },
      { floor: 2, day: today, values: [0.5, 2, 4.5] },
    ],
  });
  // The re-measure checks floor 1 again; a third party checks it too; a cancelled task counts nowhere.
  await runTask({
    ...plaster,
    measureKind: 're',
    codes: ['PL-01'],
    places: [{ floor: 1, day: today, values: [1, 2, 9] }],
  });
  await runTask({
    stage: 'plaster',
    inspectionKind: 'third',
    codes: ['PL-01'],
    places: [{ floor: 1, day: today, values: [13, 2] }],
  });
  await runTask({
    stage: 'masonry',
    inspectionKind: 'self',
    codes: ['MA-01'],
    places: [{ floor: 3, day: today, values: [1, 2, 3] }],
  });
  await runTask({
    ...plaster,
    codes: ['PL-01'],
    places: [{ floor: 2, day: today, values: [30] }],
    cancel: true,
  });
});
afterAll(async () => t.close());

type Filter = Omit<SentFilter, 'ProjectId'>;
const expected = (filter: Filter, where?: (row: SentSite) => boolean) => expectedFigures(sent, filter, where);

/** Every sheet of an export in English, by name, as rows of plain values (header first). */
async function readWorkbook(url: string, body: object): Promise<Map<string, unknown[][]>> {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${admin.token}`, 'accept-language': 'en-US' },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheets = new Map<string, unknown[][]>();
  for (const sheet of workbook.worksheets) {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    sheets.set(sheet.name, rows);
  }
  return sheets;
}

const range = () => ({ StartDate: yesterday, EndDate: today });
/** The quality and home answers of the project under the filter. */
const ofProject = (filter: Filter) => ({ ProjectId: projectId, ...filter });
const quality = (filter: Filter) =>
  callRouteOk(t.app, apiRoutes.analysis.getQualityAnalysisData, ofProject(filter), { as: admin });
const home = (filter: Filter) =>
  callRouteOk(t.app, apiRoutes.analysis.getStatisticsData, ofProject(filter), { as: admin });

describe('filters in force', () => {
  it('home takes the quality page default (self inspection), says so, and gives the same figure', async () => {
    const homeAnswer = await home(range());
    const qualityAnswer = await quality({ InspectionKind: 'self', ...range() });
    expect(homeAnswer.AppliedFilters).toEqual({
      ProjectId: projectId,
      Stage: null,
      InspectionKind: 'self',
      MeasureKind: null,
      TaskKind: null,
      ItemCodes: [],
      ...range(),
      Defaults: ['InspectionKind'],
    });
    expect(qualityAnswer.AppliedFilters).toEqual({ ...homeAnswer.AppliedFilters, Defaults: [] });
    expect(homeAnswer.Figures).toEqual(expected({ InspectionKind: 'self', ...range() }));
    expect(qualityAnswer.Figures).toEqual(homeAnswer.Figures);
    // The third party's reading is what made the two pages differ: it is not in either figure.
    expect(expected(range()).Total).toBe(homeAnswer.Figures.Total + 2);
  });

  it('gives the same figure on home and quality for every same filter, missing dates alike', async () => {
    for (const filter of [
      { Stage: 'plaster', ...range() },
      { InspectionKind: 'third', ...range() },
      { InspectionKind: 'self', MeasureKind: 're', ...range() },
      { Stage: 'plaster', ItemCodes: ['PL-02'], ...range() },
      { InspectionKind: 'self', EndDate: today },
    ] as Filter[]) {
      const [homeAnswer, qualityAnswer] = await Promise.all([home(filter), quality(filter)]);
      const label = JSON.stringify(filter);
      expect(qualityAnswer.Figures, label).toEqual(expected(filter));
      expect(homeAnswer.Figures, label).toEqual(qualityAnswer.Figures);
      expect(homeAnswer.AppliedFilters, label).toEqual(qualityAnswer.AppliedFilters);
      expect(homeAnswer.ByMeasureKind, label).toEqual(qualityAnswer.ByMeasureKind);
    }
    // A missing start is 30 days before the end on both, and named as a default.
    const applied = (await quality({ InspectionKind: 'self', EndDate: today })).AppliedFilters;
    const start = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    expect(applied).toMatchObject({ StartDate: start, EndDate: today, Defaults: ['StartDate'] });
  });

  it('shows first-measure and re-measure figures side by side, each on its own', async () => {
    const answer = await quality({ Stage: 'plaster', InspectionKind: 'self', ...range() });
    const filter: Filter = { Stage: 'plaster', InspectionKind: 'self', ...range() };
    expect(answer.ByMeasureKind).toEqual([
      { MeasureKind: 'first', Figures: expected({ ...filter, MeasureKind: 'first' }) },
      { MeasureKind: 're', Figures: expected({ ...filter, MeasureKind: 're' }) },
    ]);
    // First measure: 2 sites (4 + 4 values, 3 + 3 values), re-measure: 1 site of 3 values.
    expect(answer.ByMeasureKind.map((row) => [row.Figures.Sites, row.Figures.Total])).toEqual([
      [2, 14],
      [1, 3],
    ]);
    const sheets = await readWorkbook('/api/ms/statis/QualityDataToExcelFile', {
      ProjectId: projectId,
      ...filter,
    });
    const kinds = sheets.get('Measure kinds') ?? [];
    expect(kinds[0]?.slice(0, 2)).toEqual(['Measure kind', 'Pass rate (%)']);
    expect(kinds.slice(1).map((row) => [row[0], row[1]])).toEqual(
      answer.ByMeasureKind.map((row) => [
        row.MeasureKind === 'first' ? 'First measure' : 'Re-measure',
        row.Figures.PassRate,
      ]),
    );
    expect(sheets.get('Filters')).toEqual([
      [
        'Project',
        'Stage',
        'Inspection kind',
        'Measure kind',
        'Task kind',
        'Measure items',
        'Start date',
        'End date',
      ],
      [projectId, 'Plaster', 'Self inspection', 'All', 'All', 'All', yesterday, today],
    ]);
  });

  it('opens, for a floor, data-pool rows that add up to the floor figure of every filter', async () => {
    for (const filter of [
      { InspectionKind: 'self', ...range() },
      { Stage: 'plaster', MeasureKind: 'first', ...range() },
      { Stage: 'plaster', ItemCodes: ['PL-01'], ...range() },
      { InspectionKind: 'third', ...range() },
    ] as Filter[]) {
      const buildings = await callRouteOk(
        t.app,
        apiRoutes.analysis.getQualityAnalysisBuildingData,
        { ProjectId: projectId, ...filter },
        { as: admin },
      );
      expect(buildings.AppliedFilters).toMatchObject({ ...filter, Defaults: [] });
      for (const floor of buildings.Buildings[0]!.Floors) {
        const label = `${JSON.stringify(filter)} floor ${floor.Floor}`;
        const pool = await callRouteOk(
          t.app,
          apiRoutes.results.getDataPool,
          {
            ProjectId: projectId,
            ...filter,
            BuildingNumber: '1#',
            Floor: floor.Floor,
            CountedOnly: true,
            PageSize: 100,
            CurrentPage: 1,
          },
          { as: admin },
        );
        expect(floor.Figures, label).toEqual(expected(filter, (row) => row.floor === floor.Floor));
        expect(pool.Figures, label).toEqual(floor.Figures);
        // The rows themselves hold those values: their counts add up to the figure's.
        const sum = (key: 'Qualified' | 'Total') => pool.Items.reduce((n, row) => n + row.Figures[key], 0);
        expect([sum('Qualified'), sum('Total')], label).toEqual([
          floor.Figures.Qualified,
          floor.Figures.Total,
        ]);
      }
    }
    // Without CountedOnly the cancelled task's reading is listed too (and its value counted beside it).
    const all = await callRouteOk(
      t.app,
      apiRoutes.results.getDataPool,
      { ProjectId: projectId, Floor: 2, PageSize: 100, CurrentPage: 1 },
      { as: admin },
    );
    const counted = expected({}, (row) => row.floor === 2);
    expect(all.Figures?.Total).toBe(counted.Total + 1);
    const company = await callRouteOk(
      t.app,
      apiRoutes.results.getDataPool,
      { PageSize: 1, CurrentPage: 1 },
      { as: admin },
    );
    expect(company.Figures).toBeNull();
  });
});

describe('filters that contradict each other', () => {
  const refused = async (route: keyof typeof apiRoutes.analysis | 'getDataPool', body: object) => {
    const definition = route === 'getDataPool' ? apiRoutes.results.getDataPool : apiRoutes.analysis[route];
    const answers = await Promise.all(
      (['en-US', 'zh-CN'] as const).map((lang) =>
        callRoute(t.app, definition, body as never, { as: admin, lang }),
      ),
    );
    for (const answer of answers) expect(answer.Code, JSON.stringify(body)).toBe(400);
    return answers.map((answer) => answer.Result as unknown as { Field: string; Message: string }[]);
  };

  it('refuses an item of another stage than the chosen one, on ItemCodes, in both languages', async () => {
    const body = { ProjectId: projectId, Stage: 'masonry', ItemCodes: ['PL-01'], ...range() };
    for (const route of [
      'getQualityAnalysisData',
      'getQualityAnalysisBuildingData',
      'getStatisticsData',
    ] as const) {
      const [en, zh] = await refused(route, body);
      expect(en).toEqual([
        { Field: 'ItemCodes', Message: 'Measure item PL-01 is not an item of the chosen stage' },
      ]);
      expect(zh).toEqual([{ Field: 'ItemCodes', Message: '测量项 PL-01 不属于所选工序' }]);
    }
    const [pool] = await refused('getDataPool', {
      ProjectId: projectId,
      Stage: 'masonry',
      ItemCode: 'pl-02',
      PageSize: 10,
      CurrentPage: 1,
    });
    expect(pool).toEqual([
      { Field: 'ItemCode', Message: 'Measure item pl-02 is not an item of the chosen stage' },
    ]);
  });

  it('refuses a start after the end on home and the data pool, as on quality', async () => {
    const reversed = { StartDate: today, EndDate: yesterday };
    const [homeEn, homeZh] = await refused('getStatisticsData', reversed);
    expect(homeEn).toEqual([{ Field: 'EndDate', Message: 'The end date cannot be before the start date' }]);
    expect(homeZh).toEqual([{ Field: 'EndDate', Message: '结束日期不能早于开始日期' }]);
    const [pool] = await refused('getDataPool', { ...reversed, PageSize: 10, CurrentPage: 1 });
    expect(pool).toEqual(homeEn);
    const [quality] = await refused('getQualityAnalysisData', { Stage: 'plaster', ...reversed });
    expect(quality).toEqual(homeEn);
  });
});
