import { apiRoutes } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk, callRouteResponse } from '../../../test/call-route.ts';
import { buildCompany, buildDevice, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { addWorkOrder, buildPlannedProject, buildTask } from '../../../test/task-factories.ts';

/**
 * Issue 18 (measurement-api.md section 7): work orders from a failed site, every transition allowed
 * and refused, who may move them, what each sees, bad places, and the re-measure task.
 */
let t: TestApp;
let admin: BuiltUser;
let worker: BuiltUser;
let stranger: BuiltUser;
let other: BuiltUser;
let projectId: string;
let taskId: string;

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  admin = await buildUser(t, { companyId, roles: ['CompanyAdmin'] });
  worker = await buildUser(t, { companyId, roles: ['Surveyor'] });
  stranger = await buildUser(t, { companyId, roles: ['Surveyor'] });
  other = await buildUser(t, { roles: ['CompanyAdmin'] });
  const device = await buildDevice(t, { companyId });
  projectId = await buildPlannedProject(t, { companyId, stories: 3, households: 2, staff: [worker] });
  taskId = await buildTask(t, admin, {
    ProjectId: projectId,
    Households: [1, 2].map((floor) => ({ BuildingNumber: '1#', Floor: floor, Household: 1 })),
    ItemCodes: ['PL-01', 'PL-02'],
    DeviceGuid: device.id,
  });
  // Site 1 exploded (30 mm), site 2 unqualified (6 mm), site 3 qualified (and the only PL-02).
  const sites = [
    [1, 1, [1, 30]],
    [2, 2, [6]],
    [3, 2, [1]],
  ].map(([index, floor, values]) => ({
    PointIndex: index as number,
    BuildingNumber: '1#',
    Floor: floor as number,
    Household: 1,
    Readings: [
      { ItemCode: 'PL-01', Values: values as number[] },
      ...(index === 3 ? [{ ItemCode: 'PL-02', Values: [1] }] : []),
    ],
  }));
  const sent = await callRouteResponse(
    t.app,
    apiRoutes.resultsDevice.results,
    { TaskId: taskId, Source: 'robot', Sites: sites } as never,
    { headers: { authorization: `Device ${device.key}`, 'idempotency-key': 'wo-1' } },
  );
  expect(sent.body.Code).toBe(0);
});
afterAll(async () => t.close());

const add = (body: Record<string, unknown>, as = admin, lang: 'en-US' | 'zh-CN' = 'en-US') =>
  addWorkOrder(t, as, { ProjectId: projectId, ...body } as never, lang);

describe('work orders', () => {
  it('goes undistributed -> unstart -> start -> completed, refusing every other move with 409', async () => {
    const created = await add({
      Household: 1,
      TaskId: taskId,
      PointIndex: 1,
      ItemCode: 'pl-01',
      Remark: '打磨',
    });
    expect(created.Code).toBe(0);
    const id = created.Result as string;
    let order = await callRouteOk(t.app, apiRoutes.workOrders.get, { WorkOrderId: id }, { as: admin });
    expect(order).toMatchObject({ State: 'undistributed', PointIndex: 1, Remark: '打磨' });
    expect(order.OrderNumber).toMatch(/^WO\d{8}\d{3}$/);

    const move = (route: 'start' | 'complete', as: BuiltUser) =>
      callRoute(t.app, apiRoutes.workOrders[route], { WorkOrderId: id, Remark: '已打磨' } as never, {
        as,
        lang: 'en-US',
      });
    expect((await move('start', admin)).Code).toBe(409);
    expect((await move('complete', admin)).Code).toBe(409);
    const remeasureEarly = await callRoute(
      t.app,
      apiRoutes.workOrders.createRemeasureTask,
      { WorkOrderId: id },
      { as: admin },
    );
    expect(remeasureEarly.Code).toBe(409);
    // Assign: only to someone who sees the project.
    const wrong = await callRoute(
      t.app,
      apiRoutes.workOrders.assign,
      { WorkOrderId: id, AssigneeId: stranger.id },
      { as: admin, lang: 'en-US' },
    );
    expect(wrong).toMatchObject({ Code: 400, Result: [{ Field: 'AssigneeId' }] });
    await callRouteOk(
      t.app,
      apiRoutes.workOrders.assign,
      { WorkOrderId: id, AssigneeId: worker.id },
      { as: admin },
    );
    const again = await callRoute(
      t.app,
      apiRoutes.workOrders.assign,
      { WorkOrderId: id, AssigneeId: worker.id },
      { as: admin, lang: 'en-US' },
    );
    expect(again.Code).toBe(409);
    expect(again.Message).toMatch(/"Not started": it cannot be assigned/);
    expect((await move('complete', worker)).Code).toBe(409);
    // The stranger (not on the project, not the assignee) sees nothing; the assignee starts and completes.
    expect((await move('start', stranger)).Code).toBe(404);
    expect((await move('start', worker)).Code).toBe(0);
    expect((await move('start', worker)).Code).toBe(409);
    const noRemark = await callRoute(
      t.app,
      apiRoutes.workOrders.complete,
      { WorkOrderId: id, Remark: ' ' },
      { as: worker, lang: 'en-US' },
    );
    expect(noRemark).toMatchObject({ Code: 400, Result: [{ Field: 'Remark' }] });
    const badPicture = await callRoute(
      t.app,
      apiRoutes.workOrders.complete,
      { WorkOrderId: id, Remark: '已打磨', PictureFileIds: ['nope'] },
      { as: worker, lang: 'en-US' },
    );
    expect(badPicture).toMatchObject({ Code: 400, Result: [{ Field: 'PictureFileIds[0]' }] });
    expect((await move('complete', worker)).Code).toBe(0);
    expect((await move('complete', worker)).Code).toBe(409);
    order = await callRouteOk(t.app, apiRoutes.workOrders.get, { WorkOrderId: id }, { as: worker });
    expect(order).toMatchObject({ State: 'completed', CompletionRemark: '已打磨', AssigneeId: worker.id });
    expect(order.History.map((event) => event.Action)).toEqual([
      'created',
      'assigned',
      'started',
      'completed',
    ]);

    // The re-measure task: the site's household, stage and item, child of the task; once.
    const remeasure = await callRouteOk(
      t.app,
      apiRoutes.workOrders.createRemeasureTask,
      { WorkOrderId: id },
      { as: admin },
    );
    const task = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: remeasure }, { as: admin });
    expect(task).toMatchObject({ MeasureKind: 're', Stage: 'plaster', Households: 1 });
    expect(task.Items.map((item) => item.ItemCode)).toEqual(['PL-01']);
    const twice = await callRoute(
      t.app,
      apiRoutes.workOrders.createRemeasureTask,
      { WorkOrderId: id },
      { as: admin },
    );
    expect(twice.Code).toBe(409);
    order = await callRouteOk(t.app, apiRoutes.workOrders.get, { WorkOrderId: id }, { as: admin });
    expect(order.RemeasureTaskId).toBe(remeasure);
  });

  it('creates one per exploded or unqualified site of a task, without doubles', async () => {
    const first = await callRouteOk(
      t.app,
      apiRoutes.workOrders.addFromTask,
      { TaskId: taskId, Unqualified: true, AssigneeId: worker.id },
      { as: admin },
    );
    // Site 1 had one (completed above, so it counts as closed and gets a new one), site 2 none.
    expect(first).toEqual({ Created: 2, Skipped: 0 });
    const second = await callRouteOk(
      t.app,
      apiRoutes.workOrders.addFromTask,
      { TaskId: taskId, Unqualified: true },
      { as: admin },
    );
    expect(second).toEqual({ Created: 0, Skipped: 2 });
    const list = await callRouteOk(
      t.app,
      apiRoutes.workOrders.list,
      { TaskId: taskId, State: 'unstart' },
      { as: worker },
    );
    expect(list.Items.map((row) => row.PointIndex).sort()).toEqual([1, 2]);
    const projects = await callRouteOk(t.app, apiRoutes.workOrders.getWorkOrderMapProjects, undefined, {
      as: admin,
    });
    expect(projects).toEqual([
      expect.objectContaining({
        ProjectId: projectId,
        Counts: { undistributed: 0, unstart: 2, start: 0, completed: 1 },
      }),
    ]);
    expect((await callRouteOk(t.app, apiRoutes.workOrders.list, {}, { as: stranger })).Total).toBe(0);
    expect((await callRouteOk(t.app, apiRoutes.workOrders.list, {}, { as: other })).Total).toBe(0);
  });

  it('refuses places outside the project, the task or the plan, with their messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ BuildingNumber: '9#' }, 'BuildingNumber'],
      [{ Floor: 4 }, 'Floor'],
      [{ Household: 3 }, 'Household'],
      [{ TaskId: taskId, PointIndex: 99 }, 'PointIndex'],
      [{ TaskId: taskId, PointIndex: 2, Floor: 1 }, 'PointIndex'],
      [{ TaskId: taskId, PointIndex: 1, ItemCode: 'PL-02' }, 'ItemCode'],
      [{ X: 5, Y: 5 }, 'X'],
      [{ Household: 1, X: 5 }, 'X'],
      [{ Household: 1, X: 100_000, Y: 5 }, 'X'],
      [{ AssigneeId: other.id }, 'AssigneeId'],
      [{ Type: 'paint' }, 'Type'],
    ];
    for (const [body, field] of cases) {
      const answer = await add(body);
      expect(answer.Code, JSON.stringify(body)).toBe(400);
      expect((answer.Result as unknown as { Field: string }[])[0]?.Field, JSON.stringify(body)).toBe(field);
    }
    expect((await add({ Household: 1, X: 1, Y: 1 })).Code).toBe(0);
    expect((await add({}, other)).Code).toBe(404);
  });

  it('refuses a place outside the project or a pin outside the plan with its own message in both languages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ BuildingNumber: '9#' }, 'Building 9# is not in this project', '楼栋 9# 不属于该项目'],
      [{ Floor: 4 }, 'Building 1# has no floor 4', '1# 没有第 4 层'],
      [{ Household: 3 }, 'Building 1# has no household 3 on floor 1', '楼栋 1# 没有第 1 层第 3 户'],
      [
        { Household: 1, X: 100_000, Y: 5 },
        'The pin (100000, 5) is outside the plan',
        '标注位置 (100000, 5) 不在户型图范围内',
      ],
    ];
    const before = (await callRouteOk(t.app, apiRoutes.workOrders.list, {}, { as: admin })).Total;
    for (const [body, english, chinese] of cases) {
      for (const [lang, message] of [
        ['en-US', english],
        ['zh-CN', chinese],
      ] as const) {
        const answer = await add(body, admin, lang);
        expect(answer.Code, JSON.stringify(body)).toBe(400);
        expect((answer.Result as unknown as { Message: string }[])[0]?.Message, lang).toBe(message);
      }
    }
    // Nothing was made by the refused ones.
    expect((await callRouteOk(t.app, apiRoutes.workOrders.list, {}, { as: admin })).Total).toBe(before);
  });
});
