import { apiRoutes, type MessageRow } from '@measure/contract';
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
import { buildTask } from '../../../test/task-factories.ts';

/**
 * Issue 18 item 4: the message list. Messages are written where the events happen (work order
 * assignment, task finish, audit), reach only their user, read in the reader's language, are marked
 * read one by one or all at once, and the version notices join the list.
 */
let t: TestApp;
let admin: BuiltUser;
let worker: BuiltUser;
let other: BuiltUser;
let projectId: string;
let device: { id: string; key: string };

const routes = apiRoutes.notifications;
const list = (as: BuiltUser, body: { UnreadOnly?: boolean; PageSize?: number } = {}, lang?: string) =>
  callRouteOk(t.app, routes.getMessageList, { PageSize: 50, ...body }, { as, lang });
const unread = async (as: BuiltUser) => (await callRouteOk(t.app, routes.getUnreadCount, {}, { as })).Unread;
const ofKind = async (as: BuiltUser, kind: MessageRow['Kind']) =>
  (await list(as)).Items.filter((item) => item.Kind === kind);

async function newTask(surveyors: BuiltUser[]): Promise<string> {
  const taskId = await buildTask(t, admin, {
    ProjectId: projectId,
    Name: `消息任务 ${Math.random().toString(36).slice(2, 8)}`,
    ItemCodes: ['PL-01'],
    DeviceGuid: device.id,
    SurveyorIds: surveyors.map((user) => user.id),
  });
  const sent = await callRouteResponse(
    t.app,
    apiRoutes.resultsDevice.results,
    {
      TaskId: taskId,
      Source: 'robot',
      Sites: [
        {
          PointIndex: 1,
          BuildingNumber: '1#',
          Floor: 1,
          Household: 1,
          Readings: [{ ItemCode: 'PL-01', Values: [1, 30] }],
        },
      ],
    } as never,
    { headers: { authorization: `Device ${device.key}`, 'idempotency-key': `msg-${taskId}` } },
  );
  expect(sent.body.Code).toBe(0);
  return taskId;
}

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  admin = await buildUser(t, { companyId, roles: ['CompanyAdmin'] });
  worker = await buildUser(t, { companyId, roles: ['Surveyor'] });
  other = await buildUser(t, { roles: ['CompanyAdmin'] });
  device = await buildDevice(t, { companyId });
  projectId = (
    await buildProject(t, {
      companyId,
      name: '消息项目',
      buildings: [{ number: '1#', stories: 2, households: 1 }],
      staff: [worker],
    })
  ).id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 2 });
  // Start from nothing unread: the version notices of the demo seed are read.
  for (const user of [admin, worker, other]) {
    expect((await callRoute(t.app, routes.setMessageReaded, {}, { as: user })).Code).toBe(0);
    expect(await unread(user)).toBe(0);
  }
});
afterAll(async () => t.close());

const addOrder = (body: Record<string, unknown> = {}) =>
  callRouteOk(
    t.app,
    apiRoutes.workOrders.add,
    { ProjectId: projectId, Type: 'rectify', Process: 'plaster', BuildingNumber: '1#', Floor: 1, ...body },
    { as: admin },
  );

describe('Messages', () => {
  it('tells the assignee of a new work order, in the reader’s language, and nobody else', async () => {
    const WorkOrderId = await addOrder({ AssigneeId: worker.id });
    const { OrderNumber } = await callRouteOk(
      t.app,
      apiRoutes.workOrders.get,
      { WorkOrderId },
      { as: admin },
    );
    expect(await unread(worker)).toBe(1);
    expect(await unread(admin)).toBe(0);
    const [zh] = await ofKind(worker, 'workOrderAssigned');
    expect(zh).toMatchObject({ Title: '新工单', IsReaded: false, WorkOrderId, ProjectId: projectId });
    expect(zh?.Content).toContain(OrderNumber);
    expect(zh?.Content).toContain('消息项目');
    const en = (await list(worker, {}, 'en-US')).Items.find((item) => item.MessageId === zh?.MessageId);
    expect(en?.Title).toBe('New work order');
    expect(en?.Content).toContain(`Work order ${OrderNumber}`);
  });

  it('tells the assignee when an order is assigned later, and not when the move is refused', async () => {
    const WorkOrderId = await addOrder();
    expect(await unread(worker)).toBe(1);
    const refused = await callRoute(
      t.app,
      apiRoutes.workOrders.assign,
      { WorkOrderId, AssigneeId: other.id },
      { as: admin },
    );
    expect(refused.Code).toBe(400);
    expect(await unread(worker)).toBe(1);
    expect(await unread(other)).toBe(0);
    await callRouteOk(
      t.app,
      apiRoutes.workOrders.assign,
      { WorkOrderId, AssigneeId: worker.id },
      { as: admin },
    );
    expect(await unread(worker)).toBe(2);
    const again = await callRoute(
      t.app,
      apiRoutes.workOrders.assign,
      { WorkOrderId, AssigneeId: worker.id },
      { as: admin },
    );
    expect(again.Code).toBe(409);
    expect(await unread(worker)).toBe(2);
    expect((await ofKind(worker, 'workOrderAssigned')).map((item) => item.WorkOrderId)).toContain(
      WorkOrderId,
    );
  });

  it('tells the assignee of each order made in bulk from a task', async () => {
    const taskId = await newTask([]);
    const before = await unread(worker);
    const made = await callRouteOk(
      t.app,
      apiRoutes.workOrders.addFromTask,
      { TaskId: taskId, AssigneeId: worker.id },
      { as: admin },
    );
    expect(made.Created).toBe(1);
    expect(await unread(worker)).toBe(before + 1);
  });

  it('tells the planner when a device or a person finishes a task, and the team when it is audited', async () => {
    const byDevice = await newTask([worker]);
    const before = { admin: await unread(admin), worker: await unread(worker) };
    const finished = await callRouteResponse(
      t.app,
      apiRoutes.taskDevice.finish,
      { TaskId: byDevice },
      { headers: { authorization: `Device ${device.key}` } },
    );
    expect(finished.body.Code).toBe(0);
    expect(await unread(admin)).toBe(before.admin + 1);
    expect(await unread(worker)).toBe(before.worker);
    const [message] = (await ofKind(admin, 'taskFinished')).filter((item) => item.TaskId === byDevice);
    expect(message?.Title).toBe('任务已完成');

    // The audit: the surveyor is told; the auditor (also the planner) is not.
    await callRouteOk(t.app, apiRoutes.review.auditTask, { TaskId: byDevice }, { as: admin });
    expect(await unread(worker)).toBe(before.worker + 1);
    expect(await unread(admin)).toBe(before.admin + 1);
    const audited = (await ofKind(worker, 'reportAudited')).find((item) => item.TaskId === byDevice);
    expect(audited?.Title).toBe('报告已审核');
    // Auditing again is refused and writes nothing.
    expect(
      (await callRoute(t.app, apiRoutes.review.auditTask, { TaskId: byDevice }, { as: admin })).Code,
    ).toBe(409);
    expect(await unread(worker)).toBe(before.worker + 1);

    // A surveyor finishing by hand: the planner is told.
    const byHand = await newTask([worker]);
    await callRouteOk(t.app, apiRoutes.tasks.finishTask, { TaskId: byHand }, { as: worker });
    expect((await ofKind(admin, 'taskFinished')).map((item) => item.TaskId)).toContain(byHand);
  });

  it('keeps each user’s messages to that user and company', async () => {
    const [mine] = await ofKind(worker, 'workOrderAssigned');
    const id = mine?.MessageId ?? '';
    // Another user of the company, and another company's user: 404, nothing marked.
    for (const caller of [admin, other]) {
      const refused = await callRoute(t.app, routes.setMessageReaded, { MessageId: id }, { as: caller });
      expect(refused.Code).toBe(404);
      expect((await list(caller)).Items.map((item) => item.MessageId)).not.toContain(id);
    }
    expect((await list(worker)).Items.find((item) => item.MessageId === id)?.IsReaded).toBe(false);
    expect((await list(other)).Items.filter((item) => item.Kind !== 'version')).toEqual([]);
    // "All" of another user marks nothing of this one.
    await callRoute(t.app, routes.setMessageReaded, {}, { as: admin });
    expect((await list(worker)).Items.find((item) => item.MessageId === id)?.IsReaded).toBe(false);
  });

  it('marks one message read, then all, and pages the unread ones', async () => {
    const count = await unread(worker);
    expect(count).toBeGreaterThan(2);
    const page = await list(worker, { UnreadOnly: true, PageSize: 2 });
    expect(page).toMatchObject({ Total: count, Unread: count, PageSize: 2, CurrentPage: 1 });
    expect(page.Items).toHaveLength(2);
    const times = page.Items.map((item) => Date.parse(item.CreateTime));
    expect(times[0]).toBeGreaterThanOrEqual(times[1] ?? 0);
    const first = page.Items[0]?.MessageId ?? '';
    expect((await callRoute(t.app, routes.setMessageReaded, { MessageId: first }, { as: worker })).Code).toBe(
      0,
    );
    // Twice changes nothing.
    expect((await callRoute(t.app, routes.setMessageReaded, { MessageId: first }, { as: worker })).Code).toBe(
      0,
    );
    expect(await unread(worker)).toBe(count - 1);
    const all = await list(worker);
    expect(all.Unread).toBe(count - 1);
    expect(all.Items.find((item) => item.MessageId === first)?.IsReaded).toBe(true);
    await callRouteOk(t.app, routes.setMessageReaded, {}, { as: worker });
    expect(await unread(worker)).toBe(0);
    expect((await list(worker, { UnreadOnly: true })).Items).toEqual([]);
  });

  it('lists the version notices with the messages and marks them through the same call', async () => {
    const [notice] = await t.db
      .execute<{ id: string }>(
        // A new notice for every company, newer than everything.
        (await import('drizzle-orm')).sql`insert into update_notifications
        (title_zh, title_en, tips_zh, tips_en, content_zh, content_en, created_at)
        values ('版本 9', 'Version 9', '提示', 'Tips', '内容', 'Content', now() + interval '1 minute')
        returning id`,
      )
      .then((result) => result.rows);
    const id = notice?.id ?? '';
    expect(await unread(worker)).toBe(1);
    const [first] = (await list(worker, {}, 'en-US')).Items;
    expect(first).toMatchObject({ MessageId: id, Kind: 'version', Title: 'Version 9', IsReaded: false });
    expect(first?.Content).toBe('Tips\nContent');
    expect(await unread(other)).toBe(1);
    await callRouteOk(t.app, routes.setMessageReaded, { MessageId: id }, { as: worker });
    expect(await unread(worker)).toBe(0);
    expect(await unread(other)).toBe(1);
    const notification = await callRouteOk(t.app, routes.getNotification, undefined, { as: worker });
    // The notice's own call says the opposite: read in the list = no longer flagged to be read.
    expect(notification).toMatchObject({ UpdateNotificationId: id, IsReaded: false });
  });

  it('refuses bad input and callers without a session', async () => {
    const bad = await callRoute(t.app, routes.setMessageReaded, { MessageId: 'nope' }, { as: worker });
    expect(bad).toMatchObject({ Code: 400, Result: [{ Field: 'MessageId', Message: '编号格式不正确' }] });
    const unknown = await callRoute(
      t.app,
      routes.setMessageReaded,
      { MessageId: '00000000-0000-4000-8000-000000000000' },
      { as: worker },
    );
    expect(unknown.Code).toBe(404);
    const page = await callRoute(t.app, routes.getMessageList, { PageSize: 0 } as never, { as: worker });
    expect(page.Code).toBe(400);
    for (const route of [routes.getMessageList, routes.getUnreadCount, routes.setMessageReaded]) {
      expect((await callRouteResponse(t.app, route, {} as never)).status).toBe(401);
    }
  });

  it('links a task message to its task only while the reader sees the task’s project', async () => {
    const taskId = await newTask([worker]);
    await callRouteOk(t.app, apiRoutes.tasks.finishTask, { TaskId: taskId }, { as: worker });
    await callRouteOk(t.app, apiRoutes.review.auditTask, { TaskId: taskId }, { as: admin });
    const audited = async () =>
      (await ofKind(worker, 'reportAudited')).filter((item) => item.ProjectId === projectId);
    expect((await audited()).map((item) => item.TaskId)).toContain(taskId);
    const staff = { UserId: worker.id, ProjectIds: [] as string[] };
    await callRouteOk(t.app, apiRoutes.projects.saveUserToProject, staff, { as: admin });
    // Off the project: the message stays, without a link to the task he may no longer open.
    const hidden = await audited();
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.map((item) => item.TaskId)).toEqual(hidden.map(() => null));
    expect((await callRoute(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: worker })).Code).toBe(
      404,
    );
    await callRouteOk(
      t.app,
      apiRoutes.projects.saveUserToProject,
      { ...staff, ProjectIds: [projectId] },
      { as: admin },
    );
    expect((await audited()).map((item) => item.TaskId)).toContain(taskId);
  });
});
