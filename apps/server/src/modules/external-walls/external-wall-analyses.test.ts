import { apiRoutes, type ResultBatch, type TaskDetail } from '@measure/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRouteOk, callRouteResponse } from '../../../test/call-route.ts';
import {
  type FacadeSite,
  makeExternalWallTask,
  setExternalWall,
  storeFacadePanels,
} from '../../../test/external-wall-factories.ts';
import { buildCompany, buildDevice, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { figuresOfTally, tally } from '../../../test/recompute.ts';
import { asDevice } from '../../../test/scan-testbed.ts';
import { buildPlannedProject, buildTask } from '../../../test/task-factories.ts';
import { devices } from '../../db/schema.ts';

/**
 * External-wall figures in the analyses (measurement-api.md section 9): under their own TaskKind
 * filter (default both), never in a household's figures.
 */
const analysis = apiRoutes.analysis;
let t: TestApp;
let admin: BuiltUser;
let projectId: string;
let items: TaskDetail['Items'];

const DAY = '2026-11-27';
const MEASURED_AT = `${DAY}T04:00:00.000Z`;
const range = { StartDate: '2026-11-20', EndDate: '2026-11-28' };

const INDOOR: ResultBatch['Sites'] = [1, 2].map((floor) => ({
  PointIndex: floor,
  BuildingNumber: '1#',
  Floor: floor,
  Household: 1,
  Surface: 'wall' as const,
  MeasuredAt: MEASURED_AT,
  Readings: [{ ItemCode: 'PL-01', Values: [1, 2, 5] }],
}));

const facade = (pointIndex: number, side: string, floor: number, values: number[]): FacadeSite => ({
  PointIndex: pointIndex,
  BuildingNumber: '1#',
  Floor: floor,
  Side: side,
  X0: pointIndex,
  X1: pointIndex + 1,
  Z0: floor * 3 - 3,
  Z1: floor * 3,
  Surface: 'facade',
  MeasuredAt: MEASURED_AT,
  Readings: [{ ItemCode: 'PL-01', Values: values }],
});
const FACADE: FacadeSite[] = [
  facade(1, 'N', 1, [1, 1.5]),
  facade(2, 'N', 2, [7, 20]),
  facade(3, 'E', 2, [0.5, 3.5, 2]),
  facade(4, 'E', 3, [1]),
];

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  await setExternalWall(t, companyId, true);
  admin = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  const device = await buildDevice(t, { companyId });
  await t.db.update(devices).set({ deviceUserId: admin.id }).where(eq(devices.id, device.id));
  projectId = await buildPlannedProject(t, { companyId, stories: 6, households: 1 });
  const indoorTaskId = await buildTask(t, admin, {
    ProjectId: projectId,
    Households: [1, 2].map((floor) => ({ BuildingNumber: '1#', Floor: floor, Household: 1 })),
    ItemCodes: ['PL-01'],
    DeviceGuid: device.id,
  });
  const sent = await callRouteResponse(
    t.app,
    apiRoutes.resultsDevice.results,
    { TaskId: indoorTaskId, Source: 'robot', Sites: INDOOR } as never,
    asDevice(device.key, 'indoor-1'),
  );
  expect(sent.body.Code, JSON.stringify(sent.body)).toBe(0);
  const facadeTaskId = await buildTask(t, admin, { ProjectId: projectId, ItemCodes: ['PL-01'] });
  items = (await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: facadeTaskId }, { as: admin })).Items;
  await makeExternalWallTask(t, facadeTaskId, {
    buildingNumber: '1#',
    sides: [
      { Side: 'N', WidthM: 20 },
      { Side: 'E', WidthM: 10 },
    ],
    floorFrom: 1,
    floorTo: 3,
  });
  await storeFacadePanels(t, facadeTaskId, FACADE, device.id);
}, 60_000);
afterAll(async () => t.close());

const figuresOf = (sites: Parameters<typeof tally>[1]) => figuresOfTally(tally(items, sites));
const BOTH = [...INDOOR, ...FACADE];

describe('analyses by TaskKind', () => {
  it('quality: externalWall counts only facade panels, indoor only indoor sites, no filter both', async () => {
    for (const [kind, sites] of [
      ['externalWall', FACADE],
      ['indoor', INDOOR],
      [undefined, BOTH],
    ] as const) {
      const answer = await callRouteOk(
        t.app,
        analysis.getQualityAnalysisData,
        { ProjectId: projectId, Stage: 'plaster', TaskKind: kind, ...range },
        { as: admin },
      );
      expect(answer.Figures, String(kind)).toEqual(figuresOf(sites));
      expect(answer.AppliedFilters.TaskKind).toBe(kind ?? null);
      // The item rollups answer the same.
      expect(answer.ByItem.map((row) => [row.ItemCode, row.Figures])).toEqual([['PL-01', figuresOf(sites)]]);
    }
  });

  it('per building and floor and on home, under the same filter', async () => {
    const buildings = await callRouteOk(
      t.app,
      analysis.getQualityAnalysisBuildingData,
      { ProjectId: projectId, Stage: 'plaster', TaskKind: 'externalWall', ...range },
      { as: admin },
    );
    expect(buildings.Figures).toEqual(figuresOf(FACADE));
    expect(buildings.Buildings[0]?.Floors.map((row) => [row.Floor, row.Figures])).toEqual(
      [1, 2, 3].map((floor) => [floor, figuresOf(FACADE.filter((site) => site.Floor === floor))]),
    );
    const home = await callRouteOk(
      t.app,
      analysis.getStatisticsData,
      { ProjectId: projectId, Stage: 'plaster', TaskKind: 'indoor', ...range },
      { as: admin },
    );
    expect(home.Figures).toEqual(figuresOf(INDOOR));
    expect(home.AppliedFilters).toMatchObject({ TaskKind: 'indoor', Stage: 'plaster' });
  });

  it('refuses a TaskKind that is neither, naming it', async () => {
    const refused = await callRouteResponse(
      t.app,
      analysis.getQualityAnalysisData,
      { ProjectId: projectId, Stage: 'plaster', TaskKind: 'roof', ...range } as never,
      { as: admin },
    );
    expect(refused.body.Code).toBe(400);
    expect(refused.body.Result).toEqual([expect.objectContaining({ Field: 'TaskKind' })]);
  });

  it('the data pool drill-down takes the same filter', async () => {
    for (const [kind, sites] of [
      ['externalWall', FACADE],
      ['indoor', INDOOR],
    ] as const) {
      const pool = await callRouteOk(
        t.app,
        apiRoutes.results.getDataPool,
        { ProjectId: projectId, TaskKind: kind, ...range },
        { as: admin },
      );
      expect(pool.Total, kind).toBe(sites.length);
      expect(pool.Figures).toEqual(figuresOf(sites));
    }
  });
});

describe('households never hold external-wall figures', () => {
  it('home counts measured households of indoor sites only', async () => {
    const home = await callRouteOk(
      t.app,
      analysis.getStatisticsData,
      { ProjectId: projectId, Stage: 'plaster', ...range },
      { as: admin },
    );
    expect(home.HouseholdsThisMonth).toBe(2);
  });

  it("progress: a person's households are indoor ones; facade panels count as sites", async () => {
    const users = await callRouteOk(
      t.app,
      analysis.getUserProgress,
      { ProjectId: projectId, ...range },
      { as: admin },
    );
    expect(users.map((row) => [row.Name, row.Tasks, row.Households, row.Sites])).toEqual([
      [admin.name, 2, 2, INDOOR.length + FACADE.length],
    ]);
    const detail = await callRouteOk(
      t.app,
      analysis.getProjectProgressDetail,
      { ProjectId: projectId, Stage: 'plaster' },
      { as: admin },
    );
    expect(detail).toMatchObject({ PlannedHouseholds: 2, MeasuredHouseholds: 2 });
  });
});
