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
 * Issue 17 item 3: households measured / planned per project and stage, the floor matrix and the
 * per-person figures, against what the test planned and sent. Building 1# has 5 floors of 2.
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

async function task(stage: 'plaster' | 'masonry', floors: number[]) {
  return buildTask(t, admin, {
    ProjectId: projectId,
    Stage: stage,
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
      buildings: [{ number: '1#', stories: 5, households: 2 }],
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
  const sent = await callRouteResponse(
    t.app,
    apiRoutes.resultsDevice.results,
    { TaskId: measuring, Source: 'robot', Sites: sites } as never,
    { headers: { ...headers(), 'idempotency-key': 'progress-1' } },
  );
  expect(sent.body.Code).toBe(0);
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
  it('counts planned and measured households per project and stage, cancelled tasks aside', async () => {
    const page = await callRouteOk(t.app, apiRoutes.analysis.getProjectProgressPageInfo, {}, { as: admin });
    expect(page.Items).toEqual([
      {
        ProjectId: projectId,
        ProjectName: '进度项目',
        Stage: 'plaster',
        PlannedHouseholds: 8,
        MeasuredHouseholds: 3,
        Progress: 37.5,
        Tasks: { pending: 1, inProgress: 2, uploaded: 0, completed: 0, cancelled: 1 },
      },
    ]);
    const rows = await readExport(t, '/api/ms/statis/ExportProgressToExcelFile', admin.token, {}, 'en-US');
    expect(rows[0]?.slice(0, 5)).toEqual([
      'Project',
      'Stage',
      'Households planned',
      'Households measured',
      'Progress (%)',
    ]);
    expect(rows[1]?.slice(0, 5)).toEqual(['进度项目', 'Plaster', 8, 3, 37.5]);
  });

  it('shows every floor as not planned, planned, in progress or measured', async () => {
    const detail = await callRouteOk(
      t.app,
      apiRoutes.analysis.getProjectProgressDetail,
      { ProjectId: projectId, Stage: 'plaster' },
      { as: admin },
    );
    expect(detail).toMatchObject({ PlannedHouseholds: 8, MeasuredHouseholds: 3, Progress: 37.5 });
    expect(detail.Buildings[0]?.Floors).toEqual([
      { Floor: 1, Planned: 2, Measured: 2, State: 'measured' },
      { Floor: 2, Planned: 2, Measured: 1, State: 'inProgress' },
      { Floor: 3, Planned: 2, Measured: 0, State: 'inProgress' },
      { Floor: 4, Planned: 0, Measured: 0, State: 'notPlanned' },
      { Floor: 5, Planned: 2, Measured: 0, State: 'planned' },
    ]);
    const masonry = await callRouteOk(
      t.app,
      apiRoutes.analysis.getProjectProgressDetail,
      { ProjectId: projectId, Stage: 'masonry' },
      { as: admin },
    );
    expect(masonry.PlannedHouseholds).toBe(0);
    expect(masonry.Progress).toBeNull();
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
