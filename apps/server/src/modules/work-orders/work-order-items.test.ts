import { apiRoutes, type Figures } from '@measure/contract';
import { runRobot } from '@measure/robot';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRouteOk, callRouteResponse } from '../../../test/call-route.ts';
import { buildCompany, buildDevice, buildUser, type BuiltUser } from '../../../test/factories.ts';
import {
  addWorkOrder,
  buildPlannedProject,
  buildTask,
  finishWorkOrder,
} from '../../../test/task-factories.ts';
import { reportBeforeAfter } from '../review/site-links.ts';
import { TasksRepository } from '../tasks/tasks-repository.ts';

/**
 * Issue 28 item 1: a work order names the item(s) that failed at its site (by default, refused
 * otherwise unless typed by hand, then marked so), bulk creation records them, the re-measure task
 * measures those items at that site, and the before/after compares the same items and sites.
 */
let t: TestApp;
let companyId: string;
let admin: BuiltUser;
let worker: BuiltUser;
let device: { id: string; key: string };
let projectId: string;
let taskId: string;

type Reading = { ItemCode: string; Values: number[] };
async function send(
  task: string,
  sites: { PointIndex: number; Floor: number; Name: string; Readings: Reading[] }[],
  key: string,
) {
  const answer = await callRouteResponse(
    t.app,
    apiRoutes.resultsDevice.results,
    {
      TaskId: task,
      Source: 'robot',
      Sites: sites.map((site) => ({ ...site, BuildingNumber: '1#', Household: 1 })),
    } as never,
    { headers: { authorization: `Device ${device.key}`, 'idempotency-key': key } },
  );
  expect(answer.body.Code).toBe(0);
}

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t)).id;
  admin = await buildUser(t, { companyId, roles: ['CompanyAdmin'] });
  worker = await buildUser(t, { companyId, roles: ['Surveyor'] });
  device = await buildDevice(t, { companyId });
  projectId = await buildPlannedProject(t, { companyId, stories: 2, households: 1, staff: [worker] });
  taskId = await buildTask(t, admin, {
    ProjectId: projectId,
    Households: [1, 2].map((floor) => ({ BuildingNumber: '1#', Floor: floor, Household: 1 })),
    ItemCodes: ['PL-01', 'PL-02', 'PL-03'],
    DeviceGuid: device.id,
  });
  // Absolute items 0..4 mm, exploded beyond 12 mm: site 1 fails only on its last item (PL-03, 30 mm),
  // site 2 on PL-01 (6 mm, unqualified) and PL-02 (30 mm), site 3 nowhere.
  await send(
    taskId,
    [
      {
        PointIndex: 1,
        Floor: 1,
        Name: 'Living',
        Readings: [
          { ItemCode: 'PL-01', Values: [1, 2] },
          { ItemCode: 'PL-02', Values: [2] },
          { ItemCode: 'PL-03', Values: [30] },
        ],
      },
      {
        PointIndex: 2,
        Floor: 1,
        Name: 'Bed',
        Readings: [
          { ItemCode: 'PL-01', Values: [6] },
          { ItemCode: 'PL-02', Values: [30] },
          { ItemCode: 'PL-03', Values: [1] },
        ],
      },
      { PointIndex: 3, Floor: 2, Name: 'Living', Readings: [{ ItemCode: 'PL-01', Values: [1] }] },
    ],
    'first',
  );
}, 60_000);
afterAll(async () => t.close());

const add = (body: Record<string, unknown>, lang: 'en-US' | 'zh-CN' = 'en-US') =>
  addWorkOrder(t, admin, { ProjectId: projectId, ...body } as never, lang);
const get = (id: string) => callRouteOk(t.app, apiRoutes.workOrders.get, { WorkOrderId: id }, { as: admin });
const items = (order: { ItemCode: string | null; ItemCodes: string[]; ItemsByHand: boolean }) => ({
  ItemCode: order.ItemCode,
  ItemCodes: order.ItemCodes,
  ItemsByHand: order.ItemsByHand,
});
const PL03 = { ItemCode: 'PL-03', Name: '阴阳角方正', NameEn: 'Internal/external corner square' };
/** An order made, given to the worker, started and completed; answers its id. */
async function completed(body: Record<string, unknown>) {
  const id = (await add({ ...body, AssigneeId: worker.id })).Result as string;
  await finishWorkOrder(t, id, worker);
  return id;
}
/** The order's re-measure task, given to the device. */
async function remeasureOf(id: string) {
  const taskId = await callRouteOk(
    t.app,
    apiRoutes.workOrders.createRemeasureTask,
    { WorkOrderId: id },
    { as: admin },
  );
  await callRouteOk(
    t.app,
    apiRoutes.tasks.reassignTask,
    { TaskId: taskId, DeviceGuid: device.id, SurveyorIds: [] },
    { as: admin },
  );
  return taskId;
}
/** Figures of one judged value at one site, of the grade given. */
const one = (grade: 'qualified' | 'unqualified' | 'exploded'): Figures => ({
  Qualified: grade === 'qualified' ? 1 : 0,
  Warning: 0,
  Unqualified: grade === 'unqualified' ? 1 : 0,
  Exploded: grade === 'exploded' ? 1 : 0,
  Total: 1,
  Unjudged: 0,
  PassRate: grade === 'qualified' ? 100 : 0,
  Sites: 1,
  ExplodedSites: grade === 'exploded' ? 1 : 0,
  ExplodedRate: grade === 'exploded' ? 100 : 0,
});

describe('work orders name the failure', () => {
  it('records each failed site with the items that failed there when made in bulk', async () => {
    const made = await callRouteOk(
      t.app,
      apiRoutes.workOrders.addFromTask,
      { TaskId: taskId, Unqualified: true },
      { as: admin },
    );
    expect(made).toEqual({ Created: 2, Skipped: 0 });
    const list = await callRouteOk(t.app, apiRoutes.workOrders.list, { TaskId: taskId }, { as: admin });
    const byIndex = list.Items.map((row) => [row.PointIndex, items(row)]).sort();
    expect(byIndex).toEqual([
      [1, { ItemCode: 'PL-03', ItemCodes: ['PL-03'], ItemsByHand: false }],
      [2, { ItemCode: 'PL-01', ItemCodes: ['PL-01', 'PL-02'], ItemsByHand: false }],
    ]);
    expect(list.Items.find((row) => row.PointIndex === 1)?.Items).toEqual([PL03]);
  });

  it('takes the failed items of the site when none is given (the last item too)', async () => {
    const first = await add({ Household: 1, TaskId: taskId, PointIndex: 1 });
    expect(first.Code).toBe(0);
    const order = await get(first.Result as string);
    expect(items(order)).toEqual({ ItemCode: 'PL-03', ItemCodes: ['PL-03'], ItemsByHand: false });
    expect(order.Items).toEqual([PL03]);
    const second = await get((await add({ TaskId: taskId, PointIndex: 2 })).Result as string);
    expect(items(second)).toEqual({ ItemCode: 'PL-01', ItemCodes: ['PL-01', 'PL-02'], ItemsByHand: false });
  });

  it('refuses an item that did not fail there, naming the field, in both languages, storing nothing', async () => {
    const before = (await callRouteOk(t.app, apiRoutes.workOrders.list, {}, { as: admin })).Total;
    const cases: [Record<string, unknown>, string, string, string][] = [
      [
        { ItemCodes: ['PL-03', 'pl-01'] },
        'ItemCodes[1]',
        'Item pl-01 did not fail at site 1: choose it as typed by hand to record it anyway',
        '测量项 pl-01 在测区 1 没有不合格：如仍要记录，请选择“手动指定”',
      ],
      [
        { ItemCode: 'PL-02' },
        'ItemCode',
        'Item PL-02 did not fail at site 1: choose it as typed by hand to record it anyway',
        '测量项 PL-02 在测区 1 没有不合格：如仍要记录，请选择“手动指定”',
      ],
      [
        { ItemCodes: ['PL-09'], ItemsByHand: true },
        'ItemCodes[0]',
        'Site 1 has no readings of item PL-09',
        '测区 1 没有测量项 PL-09 的读数',
      ],
    ];
    for (const [body, field, english, chinese] of cases) {
      for (const [lang, message] of [
        ['en-US', english],
        ['zh-CN', chinese],
      ] as const) {
        const answer = await add({ TaskId: taskId, PointIndex: 1, ...body }, lang);
        expect(answer.Code, JSON.stringify(body)).toBe(400);
        expect(answer.Result, lang).toEqual([{ Field: field, Message: message }]);
      }
    }
    expect((await callRouteOk(t.app, apiRoutes.workOrders.list, {}, { as: admin })).Total).toBe(before);
  });

  it('takes an item typed by hand and marks the order so (only when one did not fail)', async () => {
    const byHand = await get(
      (await add({ TaskId: taskId, PointIndex: 1, ItemCodes: ['pl-01', 'PL-03'], ItemsByHand: true }))
        .Result as string,
    );
    expect(items(byHand)).toEqual({ ItemCode: 'PL-01', ItemCodes: ['PL-01', 'PL-03'], ItemsByHand: true });
    const failedAnyway = await get(
      (await add({ TaskId: taskId, PointIndex: 1, ItemCodes: ['PL-03'], ItemsByHand: true }))
        .Result as string,
    );
    expect(items(failedAnyway)).toEqual({ ItemCode: 'PL-03', ItemCodes: ['PL-03'], ItemsByHand: false });
    // Without a site nothing can be checked: the items are recorded as typed by hand.
    const placeOnly = await get((await add({ ItemCode: 'PL-02' })).Result as string);
    expect(items(placeOnly)).toEqual({ ItemCode: 'PL-02', ItemCodes: ['PL-02'], ItemsByHand: true });
  });

  it('exports the items with their names and the typed-by-hand mark', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/rs/WorkOrder/ExportList',
      headers: { authorization: `Bearer ${admin.token}`, 'accept-language': 'en-US' },
      payload: { TaskId: taskId },
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => rows.push([10, 11, 12].map((cell) => row.getCell(cell).value)));
    expect(rows[0]).toEqual(['Site', 'Items', 'Items typed by hand']);
    expect(rows.slice(1).sort()).toEqual(
      [
        [1, 'PL-03 Internal/external corner square', 'No'],
        [1, 'PL-03 Internal/external corner square', 'No'],
        [1, 'PL-03 Internal/external corner square', 'No'],
        [1, 'PL-01 Wall flatness; PL-03 Internal/external corner square', 'Yes'],
        [2, 'PL-01 Wall flatness; PL-02 Wall verticality', 'No'],
        [2, 'PL-01 Wall flatness; PL-02 Wall verticality', 'No'],
      ].sort(),
    );
  });

  it('re-measures the order items at its site only (task, task detail, work package, robot)', async () => {
    const id = await completed({ TaskId: taskId, PointIndex: 1 });
    const remeasureId = await remeasureOf(id);
    const task = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: remeasureId }, { as: admin });
    expect(task.Items.map((item) => item.ItemCode)).toEqual(['PL-03']);
    expect(task.HouseholdList.map((row) => [row.BuildingNumber, row.Floor, row.Household])).toEqual([
      ['1#', 1, 1],
    ]);
    const sites = [
      {
        PointIndex: 1,
        BuildingNumber: '1#',
        Floor: 1,
        Household: 1,
        RoomId: null,
        Side: null,
        X0: null,
        X1: null,
        Z0: null,
        Z1: null,
        Name: 'Living',
        Surface: null,
        ItemCodes: ['PL-03'],
      },
    ];
    expect(task.RemeasureSites).toEqual(sites);
    const parent = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: admin });
    expect(parent.RemeasureSites).toBeNull();
    const work = await callRouteOk(
      t.app,
      apiRoutes.taskDevice.workPackage,
      { TaskId: remeasureId },
      { headers: { authorization: `Device ${device.key}` } },
    );
    expect(work.RemeasureSites).toEqual(sites);
    expect(work.Items.map((item) => item.ItemCode)).toEqual(['PL-03']);
    // The robot simulator measures that site alone, under its name, with its item only.
    const server = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const report = await runRobot({
      server,
      key: device.key,
      task: remeasureId,
      pictures: false,
      errorRate: 0,
    });
    const walked = report.tasks[0]?.sites ?? [];
    expect(walked.map((site) => [site.Floor, site.Household, site.RoomId, site.Name, site.Surface])).toEqual([
      [1, 1, null, 'Living', 'wall'],
    ]);
    expect(walked[0]?.Readings.map((reading) => reading.ItemCode)).toEqual(['PL-03']);
    const remeasured = (await get(id)).Remeasured;
    expect(remeasured).toMatchObject({ ItemCodes: ['PL-03'], PointIndexes: [1], RemeasurePointIndexes: [1] });
    expect(remeasured?.Before).toEqual(one('exploded'));
    expect(remeasured?.After?.Total).toBe(walked[0]?.Readings[0]?.Values.length);
    // An order without a site re-measures whole households, as before.
    const placeOnly = await remeasureOf(await completed({ Household: 1 }));
    const whole = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: placeOnly }, { as: admin });
    expect(whole.RemeasureSites).toBeNull();
  });

  it('compares the same items and sites before and after, naming an item not measured again', async () => {
    const id = await completed({ TaskId: taskId, PointIndex: 2 });
    const remeasureId = await remeasureOf(id);
    const task = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: remeasureId }, { as: admin });
    expect(task.Items.map((item) => item.ItemCode)).toEqual(['PL-01', 'PL-02']);
    expect(task.RemeasureSites?.map((site) => [site.PointIndex, site.Name, site.ItemCodes])).toEqual([
      [2, 'Bed', ['PL-01', 'PL-02']],
    ]);
    // Only PL-01 measured again: PL-02 is named as not measured again, and the figures leave it out.
    const bed = { PointIndex: 1, Floor: 1, Name: 'Bed' };
    await send(remeasureId, [{ ...bed, Readings: [{ ItemCode: 'PL-01', Values: [1] }] }], 're-1');
    expect((await get(id)).Remeasured).toEqual({
      TaskId: remeasureId,
      TaskName: task.Name,
      Before: one('unqualified'),
      After: one('qualified'),
      ItemCodes: ['PL-01'],
      NotMeasuredAgain: ['PL-02'],
      PointIndexes: [2],
      RemeasurePointIndexes: [1],
      Items: [
        { ItemCode: 'PL-01', Before: one('unqualified'), After: one('qualified') },
        { ItemCode: 'PL-02', Before: one('exploded'), After: null },
      ],
    });
    // The re-measure task's report compares the same items: PL-01 at the original, not PL-02 too.
    const record = await new TasksRepository(t.db).find(companyId, remeasureId);
    const report = await reportBeforeAfter(t.db, companyId, record!);
    expect(report?.Sites.map((site) => [site.PointIndex, site.OriginalPointIndex, site.ItemCodes])).toEqual([
      [1, 2, ['PL-01']],
    ]);
    expect(report?.Sites[0]?.Before).toEqual(one('unqualified'));
    expect(report?.Sites[0]?.After).toEqual(one('qualified'));
    // Both measured again (the site replaced): both compared, one value each side.
    await send(
      remeasureId,
      [
        {
          ...bed,
          Readings: [
            { ItemCode: 'PL-01', Values: [1] },
            { ItemCode: 'PL-02', Values: [30] },
          ],
        },
      ],
      're-2',
    );
    const both = (await get(id)).Remeasured;
    expect(both).toMatchObject({ ItemCodes: ['PL-01', 'PL-02'], NotMeasuredAgain: [] });
    expect(both?.Before).toMatchObject({ Unqualified: 1, Exploded: 1, Total: 2, PassRate: 0, Sites: 1 });
    expect(both?.After).toMatchObject({ Qualified: 1, Exploded: 1, Total: 2, PassRate: 50, Sites: 1 });
    expect(both?.Items[1]).toEqual({ ItemCode: 'PL-02', Before: one('exploded'), After: one('exploded') });
  });
});
