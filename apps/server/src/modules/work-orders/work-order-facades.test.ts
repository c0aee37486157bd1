import { apiRoutes, type WorkOrderRow } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk, callRouteResponse } from '../../../test/call-route.ts';
import { buildFacadeTask, facadeSite, setExternalWall } from '../../../test/facade-factories.ts';
import { buildCompany, buildDevice, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { pngBytes } from '../../../test/plan-files.ts';
import { readExport } from '../../../test/read-sheet.ts';
import { buildPlannedProject } from '../../../test/task-factories.ts';

/**
 * Work orders at facade panels (issue 33; measurement-api.md sections 7 and 9): an order made from a
 * failing panel keeps the panel's side and rectangle (no household), shows so in the list, the detail
 * and the Excel export, completes with photos, and re-measures as an external-wall task of its side
 * and floor whose panel is compared with the original.
 */
let t: TestApp;
let admin: BuiltUser;
let worker: BuiltUser;
let device: { id: string; key: string };
let projectId: string;
let taskId: string;

const routes = apiRoutes.workOrders;
/** Panel 1 (N, floor 1, 0-4 m) fails flatness (9 > 8 mm); panel 2 (N, floor 2, 4-8 m) passes. */
const PANELS = [
  facadeSite(1, 'N', 1, 0, 4, [{ ItemCode: 'EW-ST-01', Values: [3, 9] }]),
  facadeSite(2, 'N', 2, 4, 4, [{ ItemCode: 'EW-ST-01', Values: [2] }]),
];

const send = (task: string, sites: typeof PANELS, key: string) =>
  callRouteResponse(
    t.app,
    apiRoutes.resultsDevice.results,
    { TaskId: task, Source: 'robot', Sites: sites },
    { headers: { authorization: `Device ${device.key}`, 'idempotency-key': key } },
  );

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  await setExternalWall(t, companyId, true);
  admin = await buildUser(t, { companyId, roles: ['CompanyAdmin'] });
  worker = await buildUser(t, { companyId, roles: ['Surveyor'] });
  device = await buildDevice(t, { companyId });
  projectId = await buildPlannedProject(t, { companyId, stories: 6, households: 2, staff: [worker] });
  taskId = await buildFacadeTask(t, admin, {
    ProjectId: projectId,
    DeviceGuid: device.id,
    Name: 'facade wo',
  });
  expect((await send(taskId, PANELS, 'wo-facade')).body.Code).toBe(0);
}, 60_000);
afterAll(async () => t.close());

const FACADE_PLACE = { Household: null, Side: 'N', X0: 0, X1: 4, Z0: 0, Z1: 3 };

describe('work orders at facade panels', () => {
  let orderId: string;
  let row: WorkOrderRow;

  it('are made from the failing panels of an external-wall task, keeping side and rectangle', async () => {
    const made = await callRouteOk(t.app, routes.addFromTask, { TaskId: taskId }, { as: admin });
    expect(made).toEqual({ Created: 0, Skipped: 0 });
    const withUnqualified = await callRouteOk(
      t.app,
      routes.addFromTask,
      { TaskId: taskId, Unqualified: true },
      { as: admin },
    );
    expect(withUnqualified).toEqual({ Created: 1, Skipped: 0 });
    const list = await callRouteOk(
      t.app,
      routes.list,
      { ProjectId: projectId, PageSize: 20, CurrentPage: 1 },
      {
        as: admin,
      },
    );
    expect(list.Total).toBe(1);
    row = list.Items[0] as WorkOrderRow;
    orderId = row.WorkOrderId;
    expect(row).toMatchObject({
      BuildingNumber: '1#',
      Floor: 1,
      ...FACADE_PLACE,
      TaskId: taskId,
      PointIndex: 1,
      ItemCodes: ['EW-ST-01'],
      State: 'undistributed',
    });
  });

  it('one by one at a panel: the panel decides the place; a household sent with it is refused', async () => {
    const body = {
      ProjectId: projectId,
      Type: 'rectify' as const,
      Process: 'structure' as const,
      BuildingNumber: '1#',
      Floor: 2,
      TaskId: taskId,
      PointIndex: 2,
      ItemCodes: ['EW-ST-01'],
      ItemsByHand: true,
    };
    const id = await callRouteOk(t.app, routes.add, body, { as: admin });
    const detail = await callRouteOk(t.app, routes.get, { WorkOrderId: id }, { as: admin });
    expect(detail).toMatchObject({ Floor: 2, Household: null, Side: 'N', X0: 4, X1: 8, Z0: 3, Z1: 6 });
    const refused = await callRoute(t.app, routes.add, { ...body, Household: 1 }, { as: admin });
    expect(refused.Code).toBe(400);
    expect(refused.Result).toEqual([expect.objectContaining({ Field: 'PointIndex' })]);
  });

  it('export the side and the panel instead of a household, in both languages', async () => {
    for (const [language, side, panel] of [
      ['zh-CN', '立面', '面板位置 (m)'],
      ['en-US', 'Side', 'Panel (m)'],
    ] as const) {
      const rows = await readExport(
        t,
        routes.exportWorkOrderList.path,
        admin.token,
        { ProjectId: projectId },
        language,
      );
      const header = rows[0] as string[];
      const at = (name: string) => header.indexOf(name);
      const first = rows.find((cells) => cells[0] === row.OrderNumber) as unknown[];
      expect(at(side)).toBeGreaterThan(0);
      expect([first[at(side)], first[at(panel)]]).toEqual(['N', 'X 0–4, Z 0–3']);
    }
  });

  it('complete with photos and re-measure as an external-wall task of the side and floor, compared with the panel', async () => {
    await callRouteOk(t.app, routes.assign, { WorkOrderId: orderId, AssigneeId: worker.id }, { as: admin });
    await callRouteOk(t.app, routes.start, { WorkOrderId: orderId }, { as: worker });
    const form = multipartBody([{ name: 'after.png', data: pngBytes(64, 48), type: 'image/png' }], {
      WorkOrderId: orderId,
    });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: routes.uploadPicture.path,
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${worker.token}` },
    });
    const photo = uploaded.json<{ Code: number; Result: { FileId: string } }>();
    expect(photo.Code).toBe(0);
    const done = await callRouteOk(
      t.app,
      routes.complete,
      { WorkOrderId: orderId, Remark: 'ground flat', PictureFileIds: [photo.Result.FileId] },
      { as: worker },
    );
    expect(done).toMatchObject({ State: 'completed', Side: 'N', PictureFileIds: [photo.Result.FileId] });

    const remeasureId = await callRouteOk(
      t.app,
      routes.createRemeasureTask,
      { WorkOrderId: orderId },
      { as: admin },
    );
    const task = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: remeasureId }, { as: admin });
    expect(task).toMatchObject({
      TaskKind: 'externalWall',
      MeasureKind: 're',
      BuildingNumber: '1#',
      FloorFrom: 1,
      FloorTo: 1,
      ParentTaskId: taskId,
    });
    expect(task.FacadeSides.map((side) => [side.Side, side.Name, side.WidthM])).toEqual([
      ['N', '北立面', 20],
    ]);
    expect(task.Items.map((item) => item.ItemCode)).toEqual(['EW-ST-01']);

    // The re-measure's panel (another PointIndex and name, the same spot) is compared with panel 1.
    await callRouteOk(
      t.app,
      apiRoutes.tasks.reassignTask,
      { TaskId: remeasureId, DeviceGuid: device.id },
      {
        as: admin,
      },
    );
    const again = {
      ...facadeSite(7, 'N', 1, 0.5, 3, [{ ItemCode: 'EW-ST-01', Values: [2, 3] }]),
      Name: 'again',
    };
    expect((await send(remeasureId, [again], 'wo-again')).body.Code).toBe(0);
    const detail = await callRouteOk(t.app, routes.get, { WorkOrderId: orderId }, { as: admin });
    expect(detail.Remeasured).toMatchObject({
      TaskId: remeasureId,
      PointIndexes: [1],
      RemeasurePointIndexes: [7],
      ItemCodes: ['EW-ST-01'],
      Before: { Total: 2, Unqualified: 1, PassRate: 50 },
      After: { Total: 2, Unqualified: 0, PassRate: 100 },
    });
  });
});
