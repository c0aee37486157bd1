import { apiRoutes } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteResponse } from '../../../test/call-route.ts';
import { buildCompany, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { buildPlannedProject, buildTask, buildWorkOrder } from '../../../test/task-factories.ts';

/**
 * Issue 18 item 4: comments on a work order or a task (`Comment/GetCommentList`, `AddComment`): whoever
 * sees the target reads and writes; anyone else, and another company, gets 404 and nothing changes.
 */
let t: TestApp;
let admin: BuiltUser;
let worker: BuiltUser;
let stranger: BuiltUser;
let other: BuiltUser;
let workOrderId: string;
let taskId: string;

const routes = apiRoutes.workOrders;
const comments = (as: BuiltUser, TargetType: 'workOrder' | 'task', TargetId: string) =>
  callRoute(t.app, routes.getCommentList, { TargetType, TargetId }, { as });
const comment = (as: BuiltUser, TargetType: 'workOrder' | 'task', TargetId: string, Content: string) =>
  callRoute(t.app, routes.addComment, { TargetType, TargetId, Content }, { as });

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  admin = await buildUser(t, { companyId, roles: ['CompanyAdmin'] });
  worker = await buildUser(t, { companyId, roles: ['Surveyor'] });
  stranger = await buildUser(t, { companyId, roles: ['Surveyor'] });
  other = await buildUser(t, { roles: ['CompanyAdmin'] });
  const projectId = await buildPlannedProject(t, { companyId, stories: 2, households: 1, staff: [worker] });
  workOrderId = await buildWorkOrder(t, admin, { ProjectId: projectId });
  taskId = await buildTask(t, admin, {
    ProjectId: projectId,
    ItemCodes: ['PL-01'],
    SurveyorIds: [worker.id],
  });
});
afterAll(async () => t.close());

describe('Comments', () => {
  it('adds and lists comments on a work order, oldest first, with their author', async () => {
    const added = await comment(admin, 'workOrder', workOrderId, '  请先打磨再复测  ');
    expect(added).toMatchObject({ Code: 0, Message: '评论已发表' });
    expect(added.Result).toMatch(/^[0-9a-f-]{36}$/);
    // The worker is on the project's staff: sees the order and comments too.
    expect((await comment(worker, 'workOrder', workOrderId, '收到')).Code).toBe(0);
    const list = await comments(admin, 'workOrder', workOrderId);
    expect(list.Result).toMatchObject({ Total: 2, CurrentPage: 1, PageSize: 50 });
    expect(list.Result?.Items.map((item) => [item.UserName, item.Content, item.UserId])).toEqual([
      [admin.name, '请先打磨再复测', admin.id],
      [worker.name, '收到', worker.id],
    ]);
    // The task's comments are another list.
    expect((await comments(admin, 'task', taskId)).Result?.Total).toBe(0);
  });

  it('adds and lists comments on a task for whoever sees or executes it', async () => {
    expect((await comment(worker, 'task', taskId, '二层已测完')).Code).toBe(0);
    const list = await comments(admin, 'task', taskId);
    expect(list.Result?.Items.map((item) => item.Content)).toEqual(['二层已测完']);
    expect(list.Result?.Items[0]).toMatchObject({ TargetType: 'task', TargetId: taskId });
  });

  it('refuses callers who do not see the target, and another company, with 404', async () => {
    for (const caller of [stranger, other]) {
      for (const [type, id] of [
        ['workOrder', workOrderId],
        ['task', taskId],
      ] as const) {
        expect((await comments(caller, type, id)).Code).toBe(404);
        expect((await comment(caller, type, id, '不该写入')).Code).toBe(404);
      }
    }
    // A work order id given as a task (and the reverse) is unknown there.
    expect((await comments(admin, 'task', workOrderId)).Code).toBe(404);
    expect((await comments(admin, 'workOrder', taskId)).Code).toBe(404);
    const all = [
      ...((await comments(admin, 'workOrder', workOrderId)).Result?.Items ?? []),
      ...((await comments(admin, 'task', taskId)).Result?.Items ?? []),
    ];
    expect(all.map((item) => item.Content)).not.toContain('不该写入');
  });

  it('refuses bad input with translated field messages', async () => {
    const type = await callRoute(
      t.app,
      routes.getCommentList,
      { TargetType: 'project' as 'task', TargetId: taskId },
      { as: admin },
    );
    expect(type).toMatchObject({
      Code: 400,
      Result: [{ Field: 'TargetType', Message: '评论对象只能是工单或任务' }],
    });
    const empty = await comment(admin, 'task', taskId, '   ');
    expect(empty).toMatchObject({ Code: 400, Result: [{ Field: 'Content' }] });
    const long = await comment(admin, 'task', taskId, '长'.repeat(501));
    expect(long).toMatchObject({ Code: 400, Result: [{ Field: 'Content' }] });
    const english = await callRoute(
      t.app,
      routes.addComment,
      { TargetType: 'x' as 'task', TargetId: taskId, Content: 'a' },
      { as: admin, lang: 'en-US' },
    );
    expect(english.Result).toEqual([
      { Field: 'TargetType', Message: 'A comment is on a work order or a task' },
    ]);
    expect((await comments(admin, 'task', taskId)).Result?.Total).toBe(1);
    for (const route of [routes.getCommentList, routes.addComment]) {
      expect((await callRouteResponse(t.app, route, {} as never)).status).toBe(401);
    }
  });
});
