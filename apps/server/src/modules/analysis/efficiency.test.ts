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
import { buildTask, setTaskWindow } from '../../../test/task-factories.ts';
import { TasksRepository } from '../tasks/tasks-repository.ts';

/**
 * Issue 17 item 4 and issue 28 item 5 (domain.md section 10): efficiency per person, device and
 * project from the sites' times and areas. Working time per task and day: from site to site in
 * MeasuredAt order, steps over 30 minutes left out, each step clipped to the task's window, rounded
 * to 0.01 h per task-day; a task-day counts once for its project and for the task's device.
 * - Task A (project 1, robot A held by the surveyor), window 11-20 00:55-01:15 UTC: sites at 01:00,
 *   01:10, 01:20 and 02:30, 8 m² and 3 readings each. 01:00-01:10 counts 600 s, 01:10-01:20 only up
 *   to the finish (300 s), 01:20-02:30 is a break: 900 s = 0.25 h (not 0.33 h unclipped).
 * - Task B (project 1, robot B held by nobody), started 11-21 00:50, not finished: 01:00 and 01:30,
 *   10 m² each: 1,800 s = 0.5 h.
 * - Task C (project 2, robot B, then left without a device), window 11-21 01:59-03:00: 02:00, 02:12
 *   and 02:13, 5 m² each: 780 s = 0.2167 h, 0.22 h.
 * Totals 0.25 + 0.5 + 0.22 = 0.97 h; people: the surveyor 0.25 h (robot B's time is nobody's).
 */
let t: TestApp;
let admin: BuiltUser;
let surveyor: BuiltUser;
let robotA: { id: string; key: string; number: string };
let robotB: { id: string; key: string; number: string };
let projectId: string;
let secondProjectId: string;
const period = { StartDate: '2026-11-19', EndDate: '2026-11-21' };

async function measure(
  robot: { id: string; key: string },
  project: string,
  times: string[],
  area: number,
  window: [string, string | null],
) {
  const taskId = await buildTask(t, admin, {
    ProjectId: project,
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
  await setTaskWindow(t, admin.companyId, taskId, ...window);
  return taskId;
}

async function projectWithHouseType(companyId: string, name: string) {
  const id = (
    await buildProject(t, { companyId, name, buildings: [{ number: '1#', stories: 2, households: 1 }] })
  ).id;
  const houseMapId = (await buildHouseType(t, { projectId: id })).HouseMapId;
  await assignHouseType(t, { projectId: id, houseMapId, floorFrom: 1, floorTo: 2 });
  return id;
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
  projectId = await projectWithHouseType(companyId, '效率项目');
  secondProjectId = await projectWithHouseType(companyId, '第二项目');
  const day = (date: string, times: string[]) => times.map((time) => `2026-11-${date}T${time}:00Z`);
  await measure(robotA, projectId, day('20', ['01:00', '01:10', '01:20', '02:30']), 8, [
    '2026-11-20T00:55:00Z',
    '2026-11-20T01:15:00Z',
  ]);
  await measure(robotB, projectId, day('21', ['01:00', '01:30']), 10, ['2026-11-21T00:50:00Z', null]);
  const taskC = await measure(robotB, secondProjectId, day('21', ['02:00', '02:12', '02:13']), 5, [
    '2026-11-21T01:59:00Z',
    '2026-11-21T03:00:00Z',
  ]);
  await new TasksRepository(t.db).setDevice(companyId, taskC, null);
});
afterAll(async () => t.close());

/** Measures of `sites` sites of 3 readings and `area` m² each over `hours`. */
const measures = (tasks: number, sites: number, area: number, hours: number, days = 1) => ({
  Tasks: tasks,
  Sites: sites,
  Readings: sites * 3,
  AreaM2: sites * area,
  WorkingHours: hours,
  AreaPerHour: Math.round(((sites * area) / hours) * 100) / 100,
  ReadingsPerHour: Math.round(((sites * 3) / hours) * 100) / 100,
  DaysWorked: days,
});
const taskA = measures(1, 4, 8, 0.25);
const taskB = measures(1, 2, 10, 0.5);
const taskC = measures(1, 3, 5, 0.22);
/** Utilisation: hours / (3 days x 8 h) in %, 2 decimals. */
const utilisation = (hours: number) => Math.round((hours / 24) * 10_000) / 100;
const add = (...values: number[]) => Math.round(values.reduce((sum, value) => sum + value, 0) * 100) / 100;

describe('efficiency', () => {
  it('per person, device and project: area, readings and working time clipped to the task window', async () => {
    const people = await callRouteOk(t.app, apiRoutes.analysis.getUserEfficiencyList, period, { as: admin });
    expect(people).toEqual([{ Id: surveyor.id, Name: surveyor.name, ...taskA, Utilisation: null }]);
    const devices = await callRouteOk(t.app, apiRoutes.analysis.getDeviceEfficiencyList, period, {
      as: admin,
    });
    // Most area first; the tasks without a device have the empty Id.
    expect(devices).toEqual([
      { Id: robotA.id, Name: robotA.number, ...taskA, Utilisation: utilisation(0.25) },
      { Id: robotB.id, Name: robotB.number, ...taskB, Utilisation: utilisation(0.5) },
      { Id: '', Name: '', ...taskC, Utilisation: null },
    ]);
    expect(utilisation(0.25)).toBe(1.04);
    const projects = await callRouteOk(t.app, apiRoutes.analysis.getProjectEfficiencyList, period, {
      as: admin,
    });
    expect(projects).toEqual([
      {
        Id: projectId,
        Name: '效率项目',
        ...measures(2, 6, 0, 0.75, 2),
        AreaM2: 52,
        AreaPerHour: 69.33,
        Utilisation: null,
      },
      { Id: secondProjectId, Name: '第二项目', ...taskC, Utilisation: null },
    ]);
  });

  it('the totals equal the sums over days, devices and projects; people are credited apart', async () => {
    const summary = await callRouteOk(t.app, apiRoutes.analysis.getEfficiencySummaryData, period, {
      as: admin,
    });
    expect(summary).toMatchObject({
      People: 1,
      Devices: 2,
      PeopleWorkingHours: 0.25,
      Totals: { Tasks: 3, Sites: 9, Readings: 27, AreaM2: 67, WorkingHours: 0.97, DaysWorked: 2 },
    });
    const lists = await Promise.all(
      [apiRoutes.analysis.getDeviceEfficiencyList, apiRoutes.analysis.getProjectEfficiencyList].map((route) =>
        callRouteOk(t.app, route, period, { as: admin }),
      ),
    );
    for (const rows of [summary.ByDay, ...lists]) {
      expect(add(...rows.map((row) => row.WorkingHours))).toBe(0.97);
      expect(rows.reduce((sum, row) => sum + row.Sites, 0)).toBe(9);
      expect(add(...rows.map((row) => row.AreaM2))).toBe(67);
    }
    expect(summary.ByDay).toEqual([
      { Day: '2026-11-20', ...taskA },
      { Day: '2026-11-21', ...measures(2, 5, 0, 0.72), AreaM2: 35, AreaPerHour: 48.61 },
    ]);
  });

  it('sums for one subject per day, and exports', async () => {
    const mine = await callRouteOk(
      t.app,
      apiRoutes.analysis.getUserEfficiencyDetail,
      { ...period, Id: surveyor.id },
      { as: admin },
    );
    expect(mine).toEqual([{ Day: '2026-11-20', ...taskA }]);
    const robotBDays = await callRouteOk(
      t.app,
      apiRoutes.analysis.getDeviceEfficiencyDetail,
      { ...period, Id: robotB.id },
      { as: admin },
    );
    expect(robotBDays).toEqual([{ Day: '2026-11-21', ...taskB }]);
    const narrow = await callRouteOk(
      t.app,
      apiRoutes.analysis.getDeviceEfficiencyList,
      { StartDate: '2026-11-21', EndDate: '2026-11-21' },
      { as: admin },
    );
    expect(narrow.map((row) => row.Id)).toEqual([robotB.id, '']);
    const sheet = await readExport(
      t,
      '/api/ms/statis/EfficiencyDataToExcelFile',
      admin.token,
      { ...period, Subject: 'device' },
      'en-US',
    );
    expect(sheet[0]?.[0]).toBe('Device');
    expect(sheet.slice(1).map((row) => [row[0], row[4], row[5], row[9]])).toEqual([
      [robotA.number, 32, 0.25, 1.04],
      [robotB.number, 20, 0.5, 2.08],
      ['(no device)', 15, 0.22, undefined],
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
