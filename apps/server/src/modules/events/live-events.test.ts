import { apiRoutes } from '@measure/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../db/schema.ts';
import { AuditRepository } from '../audit/audit-repository.ts';
import { DevicesService } from '../devices/devices-service.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRouteOk } from '../../../test/call-route.ts';
import { listenAs, type OpenedStream, type ReadEvent } from '../../../test/event-stream-client.ts';
import {
  assignHouseType,
  buildCompany,
  buildDevice,
  buildHouseType,
  buildProject,
  buildUser,
  type BuiltUser,
} from '../../../test/factories.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { pngBytes } from '../../../test/plan-files.ts';
import { buildTask, buildWorkOrder } from '../../../test/task-factories.ts';

/** Where events are raised: devices, task moves, reports, work orders and messages. */
let t: TestApp;
let url: string;
let companyId: string;
let companyAdmin: BuiltUser;
let measureAdmin: BuiltUser;
let surveyor: BuiltUser;
let projectId: string;
const streams: OpenedStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  companyId = (await buildCompany(t)).id;
  companyAdmin = await buildUser(t, { companyId, roles: ['CompanyAdmin'] });
  measureAdmin = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  surveyor = await buildUser(t, { companyId, roles: ['Surveyor'] });
  projectId = (await buildProject(t, { companyId, staff: [surveyor] })).id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 2 });
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

const listen = (user: BuiltUser) => listenAs(url, user.token, streams);

const named = (name: string) => (event: ReadEvent) => event.event === name;
const others = (stream: OpenedStream) => stream.events.filter((event) => event.event !== 'resync');
/** Waits a moment in which nothing (more) should arrive. */
const quiet = () => new Promise((resolve) => setTimeout(resolve, 300));

const heartbeat = (key: string, battery: number) =>
  callRouteOk(
    t.app,
    apiRoutes.deviceApi.heartbeat,
    { Battery: battery },
    {
      headers: { authorization: `Device ${key}` },
    },
  );

describe('raised events', () => {
  it('device: on coming online and on a battery change only, to device distributors', async () => {
    const device = await buildDevice(t, { companyId });
    const admin = await listen(companyAdmin);
    const noDevices = await listen(measureAdmin);
    await heartbeat(device.key, 80);
    expect((await admin.next(named('device'))).data).toEqual({
      DeviceGuid: device.id,
      Online: true,
      Battery: 80,
    });
    const shown = (online: boolean, battery: number) => ({
      DeviceGuid: device.id,
      Online: online,
      Battery: battery,
    });
    // The same battery as shown (79.6 shows as 80): nothing.
    await heartbeat(device.key, 80);
    await heartbeat(device.key, 79.6);
    await heartbeat(device.key, 79);
    expect((await admin.next(named('device'))).data).toEqual(shown(true, 79));
    await quiet();
    expect(others(admin).filter(named('device'))).toHaveLength(2);

    // Silent for longer than the offline limit: announced offline once by the presence sweep.
    await t.db
      .update(devices)
      .set({ lastSeenAt: new Date(Date.now() - 120_000) })
      .where(and(eq(devices.companyId, companyId), eq(devices.id, device.id)));
    const sweeper = new DevicesService({ db: t.db, audit: new AuditRepository(t.db), offlineSeconds: 30 });
    await sweeper.announceSilent();
    await sweeper.announceSilent();
    expect((await admin.next(named('device'))).data).toEqual(shown(false, 79));
    // Back: online again.
    await heartbeat(device.key, 79);
    expect((await admin.next(named('device'))).data).toEqual(shown(true, 79));
    await quiet();
    expect(others(admin).filter(named('device'))).toHaveLength(4);
    expect(others(noDevices)).toEqual([]);
  });

  it('task and report: a device starts and finishes a task; the report is queued', async () => {
    const device = await buildDevice(t, { companyId });
    const taskId = await buildTask(t, measureAdmin, {
      ProjectId: projectId,
      Households: [{ BuildingNumber: '1#', Floor: 1, Household: 1 }],
      ItemCodes: ['PL-01'],
      DeviceGuid: device.id,
    });
    const stream = await listen(surveyor);
    const asDevice = { headers: { authorization: `Device ${device.key}` } };
    await callRouteOk(t.app, apiRoutes.taskDevice.start, { TaskId: taskId }, asDevice);
    // The planning's own `pending` event may still arrive after the stream opened: wait for the start.
    const started = await stream.find(
      (event) => named('task')(event) && (event.data as { State?: string }).State === 'inProgress',
      5_000,
    );
    expect(started.data).toMatchObject({ TaskId: taskId, State: 'inProgress' });
    await callRouteOk(t.app, apiRoutes.taskDevice.finish, { TaskId: taskId }, asDevice);
    const finished = await stream.find(
      (event) => named('task')(event) && (event.data as { State?: string }).State === 'uploaded',
      5_000,
    );
    expect(finished.data).toMatchObject({ TaskId: taskId, ProjectId: projectId, State: 'uploaded' });
    const report = await stream.find(named('report'));
    expect(report.data).toMatchObject({ TaskId: taskId, ProjectId: projectId, Status: 'queued' });
    expect(typeof (report.data as { ReportId: string }).ReportId).toBe('string');
  });

  it('work order and message: the assignee hears of both, nobody else of the message', async () => {
    const assignee = await listen(surveyor);
    const planner = await listen(measureAdmin);
    const workOrderId = await buildWorkOrder(t, measureAdmin, {
      ProjectId: projectId,
      AssigneeId: surveyor.id,
    });
    const expected = { WorkOrderId: workOrderId, ProjectId: projectId, TaskId: null, State: 'unstart' };
    expect((await assignee.find(named('workOrder'))).data).toEqual(expected);
    expect((await planner.next(named('workOrder'))).data).toEqual(expected);
    const message = await assignee.find(named('message'));
    expect(message.data).toMatchObject({
      Kind: 'workOrderAssigned',
      ProjectId: projectId,
      TaskId: null,
      WorkOrderId: workOrderId,
    });
    await callRouteOk(t.app, apiRoutes.workOrders.start, { WorkOrderId: workOrderId }, { as: surveyor });
    expect((await planner.next(named('workOrder'))).data).toEqual({ ...expected, State: 'start' });
    await quiet();
    expect(others(planner).filter(named('message'))).toEqual([]);
  });
  it('task deletion: the task event says Deleted, with its last state, to those who see the project', async () => {
    const taskId = await buildTask(t, measureAdmin, {
      ProjectId: projectId,
      Households: [{ BuildingNumber: '1#', Floor: 2, Household: 1 }],
      ItemCodes: ['PL-01'],
    });
    const stream = await listen(surveyor);
    await callRouteOk(t.app, apiRoutes.tasks.deleteTask, { Ids: [taskId] }, { as: measureAdmin });
    // (The task's creation may still be on its way: wait for the deletion.)
    const deleted = await stream.find((event) => named('task')(event) && 'Deleted' in (event.data as object));
    expect(deleted.data).toMatchObject({
      TaskId: taskId,
      ProjectId: projectId,
      State: 'pending',
      Deleted: true,
    });
    // A change that is not a deletion does not carry the field.
    const kept = await buildTask(t, measureAdmin, {
      ProjectId: projectId,
      Households: [{ BuildingNumber: '1#', Floor: 2, Household: 1 }],
      ItemCodes: ['PL-01'],
    });
    await callRouteOk(t.app, apiRoutes.tasks.cancelTask, { TaskId: kept }, { as: measureAdmin });
    const cancelled = await stream.find(
      (event) => named('task')(event) && (event.data as { State: string }).State === 'cancelled',
    );
    expect(cancelled.data).toMatchObject({ TaskId: kept, State: 'cancelled' });
    expect(cancelled.data).not.toHaveProperty('Deleted');
  });

  it("message read: the reader's other streams hear it (one message), nobody else does", async () => {
    const workOrderIds = [
      await buildWorkOrder(t, measureAdmin, { ProjectId: projectId, AssigneeId: surveyor.id }),
      await buildWorkOrder(t, measureAdmin, { ProjectId: projectId, AssigneeId: surveyor.id }),
    ];
    const otherTab = await listen(surveyor);
    const planner = await listen(measureAdmin);
    const list = await callRouteOk(
      t.app,
      apiRoutes.notifications.getMessageList,
      { UnreadOnly: true, PageSize: 50, CurrentPage: 1 },
      { as: surveyor },
    );
    const first = list.Items.find((item) => item.WorkOrderId === workOrderIds[0]);
    if (!first) throw new Error('no message for the first work order');
    const read = (body: object) =>
      callRouteOk(t.app, apiRoutes.notifications.setMessageReaded, body, { as: surveyor });
    // (The messages of the orders' creation may still be on their way: wait for a read one.)
    const wasRead = (event: ReadEvent) => named('message')(event) && 'Read' in (event.data as object);
    await read({ MessageId: first.MessageId });
    expect((await otherTab.find(wasRead)).data).toEqual({
      MessageId: first.MessageId,
      Kind: 'workOrderAssigned',
      ProjectId: projectId,
      TaskId: null,
      WorkOrderId: workOrderIds[0],
      Read: true,
    });
    // Read again: nothing changes, nothing is raised.
    await read({ MessageId: first.MessageId });
    await quiet();
    expect(others(otherTab).filter(wasRead)).toHaveLength(1);
    // "All read" marks the second one: one event naming it; all read again raises none.
    const second = list.Items.find((item) => item.WorkOrderId === workOrderIds[1]);
    await read({});
    await read({});
    await quiet();
    expect(
      others(otherTab)
        .filter(wasRead)
        .map((event) => event.data),
    ).toEqual([
      expect.objectContaining({ MessageId: first.MessageId }),
      {
        MessageId: second?.MessageId,
        Kind: 'workOrderAssigned',
        ProjectId: projectId,
        TaskId: null,
        WorkOrderId: workOrderIds[1],
        Read: true,
      },
    ]);
    expect(others(planner).filter(named('message'))).toEqual([]);
  });

  it('work order: a photo uploaded before completion raises its event', async () => {
    const workOrderId = await buildWorkOrder(t, measureAdmin, {
      ProjectId: projectId,
      Household: 1,
      X: 20,
      Y: 15,
      AssigneeId: surveyor.id,
    });
    await callRouteOk(t.app, apiRoutes.workOrders.start, { WorkOrderId: workOrderId }, { as: surveyor });
    const planner = await listen(measureAdmin);
    const body = multipartBody([{ name: 'wall.png', data: pngBytes(64, 48), type: 'image/png' }], {
      WorkOrderId: workOrderId,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: apiRoutes.workOrders.uploadPicture.path,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${surveyor.token}` },
    });
    expect(response.json()).toMatchObject({ Code: 0 });
    expect((await planner.next(named('workOrder'))).data).toEqual({
      WorkOrderId: workOrderId,
      ProjectId: projectId,
      TaskId: null,
      State: 'start',
    });
  });
});
