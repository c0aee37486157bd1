import { apiRoutes } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk, callRouteResponse } from '../../../test/call-route.ts';
import { readExport } from '../../../test/read-sheet.ts';
import {
  assignHouseType,
  buildCompany,
  buildDevice,
  buildHouseType,
  buildProject,
  buildUser,
  type BuiltUser,
} from '../../../test/factories.ts';
import { buildTask } from '../../../test/task-factories.ts';

/**
 * Issue 17 item 3, issue 28 item 4: households measured / dispatched / of the whole project per
 * project and stage, the floor matrix and the per-person figures, against what the test planned and
 * sent. Building 1# has 5 floors of 2 households, building 2# (never dispatched) 3 floors of 2: the
 * project has 16 households. A re-measure of floor 1 adds no household.
 */
let t: TestApp;
let admin: BuiltUser;
let surveyor: BuiltUser;
let outsider: BuiltUser;
let device: { id: string; key: string };
let projectId: string;

const households = (floors: number[]) =>
  floors.flatMap((floor) =>
    [1, 2].map((household) => ({ BuildingNumber: '1#', Floor: floor, Household: household })),
  );

async function task(stage: 'plaster' | 'masonry', floors: number[], measureKind: 'first' | 're' = 'first') {
  return buildTask(t, admin, {
    ProjectId: projectId,
    Stage: stage,
    MeasureKind: measureKind,
    Households: households(floors),
    ItemCodes: stage === 'plaster' ? ['PL-01'] : ['MA-01'],
    DeviceGuid: device.id,
    SurveyorIds: [surveyor.id],
  });
}

const headers = () => ({ authorization: `Device ${device.key}` });

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  admin = await buildUser(t, { companyId, roles: ['CompanyAdmin'] });
  surveyor = await buildUser(t, { companyId, roles: ['Surveyor'] });
  outsider = await buildUser(t, { companyId, roles: ['ProjectAdmin'] });
  device = await buildDevice(t, { companyId });
  projectId = (
    await buildProject(t, {
      companyId,
      name: '进度项目',
      buildings: [
        { number: '1#', stories: 5, households: 2 },
        { number: '2#', stories: 3, households: 2 },
      ],
      staff: [surveyor],
    })
  ).id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 5 });

  // Floors 1-2: floor 1 measured by the robot, floor 2 household 1 typed in by the surveyor.
  const measuring = await task('plaster', [1, 2]);
  const sites = [1, 2].map((household) => ({
    PointIndex: household,
    BuildingNumber: '1#',
    Floor: 1,
    Household: household,
    Readings: [{ ItemCode: 'PL-01', Values: [1, 2] }],
  }));
  const robotSends = async (taskId: string) => {
    const sent = await callRouteResponse(
      t.app,
      apiRoutes.resultsDevice.results,
      { TaskId: taskId, Source: 'robot', Sites: sites } as never,
      { headers: { ...headers(), 'idempotency-key': `progress-${taskId}` } },
    );
    expect(sent.body.Code).toBe(0);
  };
  await robotSends(measuring);
  await callRouteOk(
    t.app,
    apiRoutes.results.updates,
    {
      TaskId: measuring,
      BuildingNumber: '1#',
      Floor: 2,
      Household: 1,
      Readings: [{ ItemCode: 'PL-01', Values: [3] }],
    },
    { as: surveyor },
  );
  // A re-measure of floor 1: the same two households measured again, still two households.
  await robotSends(await task('plaster', [1], 're'));
  // Floor 3: a task the robot started; floor 5: planned only; floor 4 and masonry: cancelled.
  await callRouteOk(
    t.app,
    apiRoutes.taskDevice.start,
    { TaskId: await task('plaster', [3]) },
    { headers: headers() },
  );
  await task('plaster', [5]);
  for (const cancelled of [await task('plaster', [4]), await task('masonry', [1])]) {
    await callRouteOk(t.app, apiRoutes.tasks.cancelTask, { TaskId: cancelled }, { as: admin });
  }
});
afterAll(async () => t.close());

describe('progress', () => {
  // The project: 5 x 2 + 3 x 2 households; dispatched: floors 1, 2, 3 and 5 of 1# (floor 4's task
  // is cancelled); measured: floor 1's two (first and re-measure: once each) and floor 2's first.
  const projectHouseholds = 5 * 2 + 3 * 2;
  const [dispatched, measured] = [4 * 2, 3];

  it('counts households of the project, dispatched and measured per stage, cancelled tasks aside', async () => {
    const page = await callRouteOk(t.app, apiRoutes.analysis.getProjectProgressPageInfo, {}, { as: admin });
    expect(page.Items).toEqual([
      {
        ProjectId: projectId,
        ProjectName: '进度项目',
        Stage: 'plaster',
        ProjectHouseholds: projectHouseholds,
        DispatchedHouseholds: dispatched,
        PlannedHouseholds: dispatched,
        MeasuredHouseholds: measured,
        ProjectProgress: (measured / projectHouseholds) * 100,
        Progress: (measured / dispatched) * 100,
        Tasks: { pending: 1, inProgress: 3, uploaded: 0, completed: 0, cancelled: 1 },
      },
    ]);
    expect(page.Items[0]).toMatchObject({ ProjectProgress: 18.75, Progress: 37.5 });
    const rows = await readExport(t, '/api/ms/statis/ExportProgressToExcelFile', admin.token, {}, 'en-US');
    expect(rows[0]?.slice(0, 7)).toEqual([
      'Project',
      'Stage',
      'Households of the project',
      'Households dispatched',
      'Households measured',
      'Measured of the project (%)',
      'Measured of dispatched (%)',
    ]);
    expect(rows[1]?.slice(0, 7)).toEqual(['进度项目', 'Plaster', 16, 8, 3, 18.75, 37.5]);
  });

  it('shows every floor of every building against its households, not dispatched as not planned', async () => {
    const detail = await callRouteOk(
      t.app,
      apiRoutes.analysis.getProjectProgressDetail,
      { ProjectId: projectId, Stage: 'plaster' },
      { as: admin },
    );
    expect(detail).toMatchObject({
      ProjectHouseholds: 16,
      DispatchedHouseholds: 8,
      PlannedHouseholds: 8,
      MeasuredHouseholds: 3,
      ProjectProgress: 18.75,
      Progress: 37.5,
    });
    expect(detail.Buildings[0]?.Floors).toEqual([
      { Floor: 1, Households: 2, Planned: 2, Measured: 2, Progress: 100, State: 'measured' },
      { Floor: 2, Households: 2, Planned: 2, Measured: 1, Progress: 50, State: 'inProgress' },
      { Floor: 3, Households: 2, Planned: 2, Measured: 0, Progress: 0, State: 'inProgress' },
      { Floor: 4, Households: 2, Planned: 0, Measured: 0, Progress: 0, State: 'notPlanned' },
      { Floor: 5, Households: 2, Planned: 2, Measured: 0, Progress: 0, State: 'planned' },
    ]);
    expect(detail.Buildings[1]?.BuildingNumber).toBe('2#');
    expect(detail.Buildings[1]?.Floors.map((floor) => floor.State)).toEqual([
      'notPlanned',
      'notPlanned',
      'notPlanned',
    ]);
    // The matrix adds up to the headline: its households and measured households are the project's.
    const floors = detail.Buildings.flatMap((building) => building.Floors);
    expect(floors.reduce((sum, floor) => sum + floor.Households, 0)).toBe(detail.ProjectHouseholds);
    expect(floors.reduce((sum, floor) => sum + floor.Measured, 0)).toBe(detail.MeasuredHouseholds);
    const masonry = await callRouteOk(
      t.app,
      apiRoutes.analysis.getProjectProgressDetail,
      { ProjectId: projectId, Stage: 'masonry' },
      { as: admin },
    );
    expect(masonry.PlannedHouseholds).toBe(0);
    expect(masonry.Progress).toBeNull();
    expect(masonry).toMatchObject({ ProjectHouseholds: 16, MeasuredHouseholds: 0, ProjectProgress: 0 });
  });

  it('credits typed-in sites to the person and keeps others to their projects', async () => {
    const people = await callRouteOk(t.app, apiRoutes.analysis.getUserProgress, {}, { as: admin });
    expect(people).toEqual([
      { UserId: surveyor.id, Name: surveyor.name, Tasks: 1, Households: 1, Sites: 1, Readings: 1 },
    ]);
    const none = await callRouteOk(
      t.app,
      apiRoutes.analysis.getProjectProgressPageInfo,
      {},
      { as: outsider },
    );
    expect(none.Items).toEqual([]);
    const refused = await callRoute(
      t.app,
      apiRoutes.analysis.getProjectProgressDetail,
      { ProjectId: projectId, Stage: 'plaster' },
      { as: outsider },
    );
    expect(refused.Code).toBe(404);
  });
});
