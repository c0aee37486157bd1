import { apiRoutes } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk, callRouteResponse } from '../../../test/call-route.ts';
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
import { buildTask } from '../../../test/task-factories.ts';

/**
 * Issue 17 item 4 (domain.md section 10): efficiency per person, device and project from the sites'
 * times and areas. Robot A (held by the surveyor) measures 4 sites at 09:00, 09:10, 09:20 and 10:30
 * Shanghai time on 11-20 (20 minutes of work: the 70-minute gap is a break), 8 m² and 3 readings
 * each; robot B (held by nobody) 2 sites at 09:00 and 09:30 on 11-21 (30 minutes), 10 m² each.
 */
let t: TestApp;
let admin: BuiltUser;
let surveyor: BuiltUser;
let robotA: { id: string; key: string; number: string };
let robotB: { id: string; key: string; number: string };
let projectId: string;
const period = { StartDate: '2026-11-19', EndDate: '2026-11-21' };

async function measure(robot: { id: string; key: string }, times: string[], area: number) {
  const taskId = await buildTask(t, admin, {
    ProjectId: projectId,
    ItemCodes: ['PL-01'],
    DeviceGuid: robot.id,
  });
  const sites = times.map((at, index) => ({
    PointIndex: index + 1,
    BuildingNumber: '1#',
    Floor: 1,
    Household: 1,
    AreaM2: area,
    MeasuredAt: at,
    Readings: [{ ItemCode: 'PL-01', Values: [1, 2, 3] }],
  }));
  const answer = await callRouteResponse(
    t.app,
    apiRoutes.resultsDevice.results,
    { TaskId: taskId, Source: 'robot', Sites: sites } as never,
    { headers: { authorization: `Device ${robot.key}`, 'idempotency-key': `eff-${taskId}` } },
  );
  expect(answer.body.Code).toBe(0);
}

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  admin = await buildUser(t, { companyId, roles: ['CompanyAdmin'] });
  surveyor = await buildUser(t, { companyId, roles: ['Surveyor'] });
  robotA = await buildDevice(t, { companyId });
  robotB = await buildDevice(t, { companyId });
  await callRouteOk(
    t.app,
    apiRoutes.devices.assignDeviceUser,
    { DeviceGuid: robotA.id, DeviceUserId: surveyor.id, DeviceUserName: surveyor.name },
    { as: admin },
  );
  projectId = (
    await buildProject(t, {
      companyId,
      name: '效率项目',
      buildings: [{ number: '1#', stories: 2, households: 1 }],
    })
  ).id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 2 });
  await measure(
    robotA,
    ['2026-11-20T01:00:00Z', '2026-11-20T01:10:00Z', '2026-11-20T01:20:00Z', '2026-11-20T02:30:00Z'],
    8,
  );
  await measure(robotB, ['2026-11-21T01:00:00Z', '2026-11-21T01:30:00Z'], 10);
});
afterAll(async () => t.close());

const robotAMeasures = {
  Tasks: 1,
  Sites: 4,
  Readings: 12,
  AreaM2: 32,
  WorkingHours: 0.33,
  AreaPerHour: 96,
  ReadingsPerHour: 36,
  DaysWorked: 1,
};
const robotBMeasures = {
  Tasks: 1,
  Sites: 2,
  Readings: 6,
  AreaM2: 20,
  WorkingHours: 0.5,
  AreaPerHour: 40,
  ReadingsPerHour: 12,
  DaysWorked: 1,
};

describe('efficiency', () => {
  it('per person, device and project: area, readings and working time without breaks', async () => {
    const people = await callRouteOk(t.app, apiRoutes.analysis.getUserEfficiencyList, period, { as: admin });
    expect(people).toEqual([{ Id: surveyor.id, Name: surveyor.name, ...robotAMeasures, Utilisation: null }]);
    const devices = await callRouteOk(t.app, apiRoutes.analysis.getDeviceEfficiencyList, period, {
      as: admin,
    });
    // Utilisation: working seconds / (3 days x 8 h).
    expect(devices).toEqual([
      { Id: robotA.id, Name: robotA.number, ...robotAMeasures, Utilisation: 1.39 },
      { Id: robotB.id, Name: robotB.number, ...robotBMeasures, Utilisation: 2.08 },
    ]);
    const projects = await callRouteOk(t.app, apiRoutes.analysis.getProjectEfficiencyList, period, {
      as: admin,
    });
    expect(projects).toEqual([
      {
        Id: projectId,
        Name: '效率项目',
        Tasks: 2,
        Sites: 6,
        Readings: 18,
        AreaM2: 52,
        WorkingHours: 0.83,
        AreaPerHour: 62.4,
        ReadingsPerHour: 21.6,
        DaysWorked: 2,
        Utilisation: null,
      },
    ]);
  });

  it('sums per day and for one subject, and exports', async () => {
    const summary = await callRouteOk(t.app, apiRoutes.analysis.getEfficiencySummaryData, period, {
      as: admin,
    });
    expect(summary).toMatchObject({
      People: 1,
      Devices: 2,
      Totals: { Sites: 6, AreaM2: 52, WorkingHours: 0.83 },
    });
    expect(summary.ByDay).toEqual([
      { Day: '2026-11-20', ...robotAMeasures },
      { Day: '2026-11-21', ...robotBMeasures },
    ]);
    const mine = await callRouteOk(
      t.app,
      apiRoutes.analysis.getUserEfficiencyDetail,
      { ...period, Id: surveyor.id },
      { as: admin },
    );
    expect(mine).toEqual([{ Day: '2026-11-20', ...robotAMeasures }]);
    const narrow = await callRouteOk(
      t.app,
      apiRoutes.analysis.getDeviceEfficiencyList,
      { StartDate: '2026-11-21', EndDate: '2026-11-21' },
      { as: admin },
    );
    expect(narrow.map((row) => row.Id)).toEqual([robotB.id]);
    const sheet = await readExport(
      t,
      '/api/ms/statis/EfficiencyDataToExcelFile',
      admin.token,
      { ...period, Subject: 'device' },
      'en-US',
    );
    expect(sheet[0]?.[0]).toBe('Device');
    expect(sheet.slice(1).map((row) => [row[0], row[4], row[9]])).toEqual([
      [robotA.number, 32, 1.39],
      [robotB.number, 20, 2.08],
    ]);
  });

  it('refuses reversed dates', async () => {
    const answer = await callRoute(
      t.app,
      apiRoutes.analysis.getUserEfficiencyList,
      { StartDate: '2026-11-21', EndDate: '2026-11-01' },
      { as: admin, lang: 'en-US' },
    );
    expect(answer.Code).toBe(400);
  });
});
