import { apiRoutes, RESULT_LIMITS } from '@measure/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskSites } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRouteOk, callRouteResponse } from '../../../test/call-route.ts';
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

/**
 * Issue 28 item 2: a MeasuredAt more than 5 minutes after the server's time is refused (the whole
 * batch); readings stamped outside the task's window (started .. finished, or now) are stored but
 * flagged on the task (GetTask) and in the data pool (rows, filter, export).
 */
let t: TestApp;
let companyId: string;
let planner: BuiltUser;
let device: { id: string; key: string };
let projectId: string;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t)).id;
  planner = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  device = await buildDevice(t, { companyId });
  projectId = (await buildProject(t, { companyId, buildings: [{ number: '1#', stories: 2, households: 1 }] }))
    .id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 2 });
});
afterAll(async () => t.close());

const newTask = () =>
  buildTask(t, planner, { ProjectId: projectId, ItemCodes: ['PL-01'], DeviceGuid: device.id });

const site = (index: number, measuredAt: string | undefined) => ({
  PointIndex: index,
  BuildingNumber: '1#',
  Floor: 1,
  Household: 1,
  MeasuredAt: measuredAt,
  Readings: [{ ItemCode: 'PL-01', Values: [1, 2] }],
});

const send = (taskId: string, sites: object[], key: string, lang?: 'en-US' | 'zh-CN') =>
  callRouteResponse(
    t.app,
    apiRoutes.resultsDevice.results,
    { TaskId: taskId, Source: 'robot', Sites: sites } as never,
    { headers: { authorization: `Device ${device.key}`, 'idempotency-key': key }, lang },
  );

const getTask = (taskId: string) =>
  callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: planner });

describe('reading times', () => {
  it('refuses a batch with a MeasuredAt more than 5 minutes ahead of the server, whole, on its field', async () => {
    expect(RESULT_LIMITS.measuredAheadMinutes).toBe(5);
    const taskId = await newTask();
    const now = Date.now();
    const ahead = new Date(now + 6 * MINUTE).toISOString();
    const sites = [site(1, new Date(now - MINUTE).toISOString()), site(2, ahead)];
    const english = await send(taskId, sites, 'ahead-en', 'en-US');
    expect(english.body.Code).toBe(400);
    const problems = english.body.Result as unknown as { Field: string; Message: string }[];
    expect(problems.map((problem) => problem.Field)).toEqual(['Sites[1].MeasuredAt']);
    expect(problems[0]?.Message).toMatch(
      new RegExp(`^The measuring time ${ahead} is more than 5 minutes after the server's time `),
    );
    const chinese = await send(taskId, sites, 'ahead-zh', 'zh-CN');
    const chineseProblems = chinese.body.Result as unknown as { Field: string; Message: string }[];
    expect(chineseProblems[0]?.Message).toMatch(
      new RegExp(`^测量时间 ${ahead} 晚于服务器时间 .* 超过 5 分钟$`),
    );
    // Nothing of the batch was kept, not even its good first site, and the task did not start.
    expect(await t.db.select().from(taskSites).where(eq(taskSites.taskId, taskId))).toHaveLength(0);
    const task = await getTask(taskId);
    expect([task.State, task.StartedAt, task.Sites.length]).toEqual(['pending', null, 0]);
    // 4 minutes ahead is a clock's drift: accepted.
    const drift = await send(taskId, [site(1, new Date(Date.now() + 4 * MINUTE).toISOString())], 'drift');
    expect(drift.body.Code, JSON.stringify(drift.body)).toBe(0);
    expect(drift.body.Result?.Sites).toBe(1);
  });

  it('flags the sites stamped outside the task window on GetTask and in the data pool', async () => {
    const taskId = await newTask();
    // Window 09:00-10:00 Shanghai on 11-20: one site before, two inside, one after.
    const times = [
      '2026-11-20T00:59:59.000Z',
      '2026-11-20T01:00:00.000Z',
      '2026-11-20T02:00:00.000Z',
      '2026-11-20T02:53:00.000Z',
    ];
    const sent = await send(
      taskId,
      times.map((at, index) => site(index + 1, at)),
      'window',
    );
    expect(sent.body.Code, JSON.stringify(sent.body)).toBe(0);
    await setTaskWindow(t, companyId, taskId, '2026-11-20T01:00:00Z', '2026-11-20T02:00:00Z');
    const outside = [true, false, false, true];

    const task = await getTask(taskId);
    expect(task.SitesOutsideWindow).toBe(2);
    expect(task.Sites.map((row) => [row.PointIndex, row.MeasuredAt, row.OutsideTaskWindow])).toEqual(
      times.map((at, index) => [index + 1, at, outside[index]]),
    );

    const pool = (OutsideTaskWindow?: boolean) =>
      callRouteOk(
        t.app,
        apiRoutes.results.getDataPool,
        { TaskId: taskId, OutsideTaskWindow, PageSize: 50, CurrentPage: 1 },
        { as: planner },
      );
    // Newest first: sites 4, 3, 2, 1.
    const all = await pool();
    expect(all.Items.map((row) => [row.PointIndex, row.OutsideTaskWindow])).toEqual([
      [4, true],
      [3, false],
      [2, false],
      [1, true],
    ]);
    expect((await pool(true)).Items.map((row) => row.PointIndex)).toEqual([4, 1]);
    expect((await pool(true)).Total).toBe(2);
    expect((await pool(false)).Items.map((row) => row.PointIndex)).toEqual([3, 2]);

    const sheet = await readExport(
      t,
      apiRoutes.results.exportDataPool.path,
      planner.token,
      { TaskId: taskId },
      'en-US',
    );
    const column = sheet[0]?.indexOf('Outside task window') ?? -1;
    expect(column).toBeGreaterThan(0);
    // One row per value (two values a site), newest site first.
    expect(sheet.slice(1).map((row) => row[column] ?? '')).toEqual([
      'Yes',
      'Yes',
      '',
      '',
      '',
      '',
      'Yes',
      'Yes',
    ]);
  });

  it('counts a task that is not finished up to now: a site ahead of now is outside until then', async () => {
    const taskId = await newTask();
    const now = Date.now();
    const sites = [site(1, undefined), site(2, new Date(now + 3 * MINUTE).toISOString())];
    expect((await send(taskId, sites, 'open')).body.Code).toBe(0);
    // The first results started the task; the site without a time is stamped on arrival (inside).
    const task = await getTask(taskId);
    expect(task.State).toBe('inProgress');
    expect(task.Sites.map((row) => row.OutsideTaskWindow)).toEqual([false, true]);
    expect(task.SitesOutsideWindow).toBe(1);
  });
});
