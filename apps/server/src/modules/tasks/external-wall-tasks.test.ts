import { apiRoutes } from '@measure/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskFacadeSides, tasks } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk, callRouteResponse } from '../../../test/call-route.ts';
import { buildCompany, buildDevice, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { buildFacadeTask, FACADE_DEFAULTS, setExternalWall } from '../../../test/facade-factories.ts';
import { buildPlannedProject, buildTask } from '../../../test/task-factories.ts';

/** Issue 33: planning external-wall tasks (measurement-api.md section 9), their items and names. */
const routes = apiRoutes.tasks;
let t: TestApp;
let companyId: string;
let planner: BuiltUser;
let device: { id: string; key: string };
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t)).id;
  await setExternalWall(t, companyId);
  planner = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  device = await buildDevice(t, { companyId });
  projectId = await buildPlannedProject(t, { companyId, stories: 6, households: 2 });
});
afterAll(async () => t.close());

const FACADE_PLAN = { ProjectId: '', ...FACADE_DEFAULTS };

const taskCount = async () =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tasks)
      .where(eq(tasks.projectId, projectId))
  )[0]?.n;

describe('external-wall tasks', () => {
  it('plans one: building, floor band, sides in order, the stage external items, a name of its own', async () => {
    const taskId = await buildFacadeTask(t, planner, { ProjectId: projectId, DeviceGuid: device.id });
    const detail = await callRouteOk(t.app, routes.getTask, { TaskId: taskId }, { as: planner });
    expect(detail).toMatchObject({
      TaskKind: 'externalWall',
      BuildingNumber: '1#',
      FloorFrom: 1,
      FloorTo: 3,
      Households: 0,
      Sides: 2,
      Name: '1# 外墙 N/E 1-3 层 主体结构',
      FacadeSides: [
        { Index: 0, Side: 'N', Name: '北立面', WidthM: 20 },
        { Index: 1, Side: 'E', Name: null, WidthM: 12 },
      ],
    });
    expect(detail.Items.map((item) => item.ItemCode)).toEqual(['EW-ST-01', 'EW-ST-02']);
    const english = await callRouteOk(
      t.app,
      routes.getTask,
      { TaskId: taskId },
      { as: planner, lang: 'en-US' },
    );
    expect(english.Name).toBe('1# facades N/E floors 1-3 Structure');

    const work = await callRouteOk(
      t.app,
      apiRoutes.taskDevice.workPackage,
      { TaskId: taskId },
      { headers: { authorization: `Device ${device.key}` } },
    );
    expect(work).toMatchObject({ TaskKind: 'externalWall', BuildingNumber: '1#', FloorFrom: 1, FloorTo: 3 });
    expect(work.Sides).toEqual(detail.FacadeSides);
    expect(work.Households).toEqual([]);
    expect(work.Items.map((item) => item.ItemCode)).toEqual(['EW-ST-01', 'EW-ST-02']);

    const check = await callRouteOk(
      t.app,
      routes.checkTask,
      { ...FACADE_PLAN, ProjectId: projectId },
      { as: planner },
    );
    expect(check.Households).toBe(0);
    expect(check.Items.map((item) => item.ItemCode)).toEqual(['EW-ST-01', 'EW-ST-02']);
  });

  it('keeps each kind to its own items: an indoor task never takes an external item by default', async () => {
    const indoor = await buildTask(t, planner, { ProjectId: projectId, Stage: 'structure' });
    const detail = await callRouteOk(t.app, routes.getTask, { TaskId: indoor }, { as: planner });
    expect(detail.TaskKind).toBe('indoor');
    expect(detail.Items.map((item) => item.ItemCode)).toEqual(['ST-01', 'ST-02', 'ST-03', 'ST-04', 'ST-05']);
    expect(detail.FacadeSides).toEqual([]);
    const plaster = await buildFacadeTask(t, planner, {
      ProjectId: projectId,
      Stage: 'plaster',
      ItemCodes: ['ew-pl-02'],
      Name: '外墙抹灰复核',
    });
    const named = await callRouteOk(t.app, routes.getTask, { TaskId: plaster }, { as: planner });
    expect(named.Name).toBe('外墙抹灰复核');
    expect(named.Items.map((item) => item.ItemCode)).toEqual(['EW-PL-02']);
  });

  it('refuses each bad plan naming its field and stores nothing', async () => {
    const before = await taskCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ BuildingNumber: '9#' }, 'BuildingNumber', '9#'],
      [{ FloorTo: 7 }, 'FloorTo', '1–6'],
      [{ FloorFrom: 3, FloorTo: 2 }, 'FloorTo', '结束楼层'],
      [{ ItemCodes: ['EW-ST-01', 'ST-01'] }, 'ItemCodes[1]', 'ST-01'],
      [{ Sides: [{ Side: 'N'.repeat(17), WidthM: 10 }] }, 'Sides[0].Side', '16'],
      [
        {
          Sides: [
            { Side: 'N', WidthM: 10 },
            { Side: 'n', WidthM: 8 },
          ],
        },
        'Sides[1].Side',
        '重复',
      ],
      [{ Sides: [{ Side: 'N', WidthM: 0 }] }, 'Sides[0].WidthM', '1000'],
      [{ Sides: [] }, 'Sides', '立面'],
      [{ Households: [{ BuildingNumber: '1#', Floor: 1, Household: 1 }] }, 'Households', '户'],
      [{ BuildingNumber: null }, 'BuildingNumber', ''],
      [{ TaskKind: 'roof' }, 'TaskKind', 'externalWall'],
    ];
    for (const [change, field, text] of cases) {
      for (const route of [routes.addTask, routes.checkTask]) {
        const answer = await callRoute(
          t.app,
          route,
          { ...FACADE_PLAN, ProjectId: projectId, ...change } as never,
          {
            as: planner,
          },
        );
        expect(answer.Code, `${field} ${JSON.stringify(change)}`).toBe(400);
        const problems = answer.Result as unknown as { Field: string; Message: string }[];
        expect(problems[0]?.Field, JSON.stringify(answer)).toBe(field);
        expect(problems[0]?.Message).toContain(text);
      }
    }
    const indoor = await callRoute(
      t.app,
      routes.addTask,
      {
        ProjectId: projectId,
        Stage: 'structure',
        MeasureKind: 'first',
        InspectionKind: 'self',
        Households: [{ BuildingNumber: '1#', Floor: 1, Household: 1 }],
        ItemCodes: ['ST-01', 'EW-ST-02'],
      },
      { as: planner },
    );
    expect(indoor.Code).toBe(400);
    expect(indoor.Result).toEqual([
      { Field: 'ItemCodes[1]', Message: '测量项 EW-ST-02 是外墙测量项，户内任务不能使用' },
    ]);
    expect(await taskCount()).toBe(before);
  });

  it('answers 403 to planning one while the company has external walls off; indoor planning goes on', async () => {
    const other = (await buildCompany(t)).id;
    const admin = await buildUser(t, { companyId: other, roles: ['MeasureAdmin'] });
    const project = await buildPlannedProject(t, { companyId: other, stories: 4, households: 1 });
    for (const route of [routes.addTask, routes.checkTask]) {
      const answer = await callRouteResponse(t.app, route, { ...FACADE_PLAN, ProjectId: project } as never, {
        as: admin,
        lang: 'en-US',
      });
      expect(answer.body.Code).toBe(403);
      expect(answer.body.Message).toContain('xternal');
    }
    expect(await buildTask(t, admin, { ProjectId: project })).toMatch(/^[0-9a-f-]{36}$/);
    await setExternalWall(t, other);
    expect(await buildFacadeTask(t, admin, { ProjectId: project, FloorTo: 4 })).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists and exports by TaskKind', async () => {
    const list = async (TaskKind?: 'indoor' | 'externalWall') =>
      (
        await callRouteOk(
          t.app,
          routes.getTaskList,
          { ProjectId: projectId, TaskKind, PageSize: 100, CurrentPage: 1 } as never,
          { as: planner, lang: 'en-US' },
        )
      ).Items;
    const all = await list();
    const facades = await list('externalWall');
    const indoors = await list('indoor');
    expect(facades.length).toBeGreaterThan(0);
    expect(indoors.length).toBeGreaterThan(0);
    expect(facades.every((row) => row.TaskKind === 'externalWall' && row.Households === 0)).toBe(true);
    expect(indoors.every((row) => row.TaskKind === 'indoor' && row.Sides === 0)).toBe(true);
    expect(facades.length + indoors.length).toBe(all.length);
    const stored = await t.db.select().from(taskFacadeSides).where(eq(taskFacadeSides.companyId, companyId));
    expect(stored.length).toBe(facades.length * 2);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ms/MsTask/ExportTaskList',
      headers: { authorization: `Bearer ${planner.token}`, 'accept-language': 'en-US' },
      payload: { ProjectId: projectId, TaskKind: 'externalWall' },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    const rows = (sheet?.getRows(2, facades.length) ?? []).map((row) =>
      Object.fromEntries(header.map((name, index) => [String(name), row.getCell(index + 1).value])),
    );
    expect(rows.map((row) => row['Task name']).sort()).toEqual(facades.map((row) => row.Name).sort());
    expect(rows[0]).toMatchObject({ 'Task kind': 'External wall', Households: 0, Building: '1#' });
    expect(sheet?.rowCount).toBe(facades.length + 1);
  });
});
