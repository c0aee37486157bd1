import { apiRoutes } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk, callRouteResponse } from '../../../test/call-route.ts';
import { buildCompany, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { addWorkOrder, buildPlannedProject } from '../../../test/task-factories.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { pngBytes } from '../../../test/plan-files.ts';
import { readExport } from '../../../test/read-sheet.ts';

/**
 * Issue 29, roles without dead ends: a work order is visible exactly when its project is (the task
 * rule). Its assignee sees and works on it while the project is in his scope; once out of it (taken
 * off the staff, or demoted from a company-wide role) every work order call answers as for an unknown
 * order, and his lists, counts, export and plan pins leave it out.
 */
let t: TestApp;
let admin: BuiltUser;
/** A surveyor on the project's staff when given his orders, taken off it afterwards. */
let leaver: BuiltUser;
/** A measurement administrator (every project) when given his order, then a surveyor never on the staff. */
let demoted: BuiltUser;
let projectId: string;
/** The leaver's orders: not started, in progress, completed with a photo. */
const leaverOrders = { waiting: '', working: '', done: '' };
let photoId = '';
let demotedOrder = '';

/** A work order of building 1# of the project made by the administrator (answers the whole envelope). */
const addOrder = (
  place: { Floor: number; Household?: number; X?: number; Y?: number },
  assignee?: BuiltUser,
) => addWorkOrder(t, admin, { ProjectId: projectId, ...place, AssigneeId: assignee?.id });

/** Sets the project's staff, as its administrator does on the project's staff page. */
const setStaff = (staff: BuiltUser[]) =>
  callRouteOk(
    t.app,
    apiRoutes.projects.saveProjectUser,
    { ProjectId: projectId, UserIds: staff.map((user) => user.id) },
    { as: admin },
  );

/** An order pinned on floor 1 of a household, given to `assignee`. */
async function pinnedOrder(assignee: BuiltUser, Household: number): Promise<string> {
  const created = await addOrder({ Floor: pinnedAt.Floor, Household, X: 20, Y: 15 }, assignee);
  expect(created.Code).toBe(0);
  return created.Result as string;
}

async function uploadPhoto(as: BuiltUser, WorkOrderId: string) {
  const body = multipartBody([{ name: '墙面.png', data: pngBytes(64, 48), type: 'image/png' }], {
    WorkOrderId,
  });
  const response = await t.app.inject({
    method: 'POST',
    url: apiRoutes.workOrders.uploadPicture.path,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${as.token}` },
  });
  return response.json<{ Code: number; Result: { FileId: string } | null }>();
}

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  admin = await buildUser(t, { companyId, roles: ['CompanyAdmin'] });
  leaver = await buildUser(t, { companyId, roles: ['Surveyor'] });
  demoted = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  projectId = await buildPlannedProject(t, { companyId, stories: 3, households: 2, staff: [leaver] });

  leaverOrders.waiting = await pinnedOrder(leaver, 1);
  leaverOrders.working = await pinnedOrder(leaver, 1);
  leaverOrders.done = await pinnedOrder(leaver, 1);
  for (const id of [leaverOrders.working, leaverOrders.done]) {
    await callRouteOk(t.app, apiRoutes.workOrders.start, { WorkOrderId: id }, { as: leaver });
  }
  photoId = (await uploadPhoto(leaver, leaverOrders.done)).Result?.FileId as string;
  await callRouteOk(
    t.app,
    apiRoutes.workOrders.complete,
    { WorkOrderId: leaverOrders.done, Remark: '已打磨', PictureFileIds: [photoId] },
    { as: leaver },
  );
  demotedOrder = await pinnedOrder(demoted, 2);
});
afterAll(async () => t.close());

/** Everything the user can reach of the project's work orders, by every reading call. */
async function whatTheySee(as: BuiltUser) {
  const list = await callRouteOk(t.app, apiRoutes.workOrders.list, { PageSize: 50, CurrentPage: 1 }, { as });
  const exported = await readExport(t, apiRoutes.workOrders.exportWorkOrderList.path, as.token, {});
  const counts = await callRouteOk(t.app, apiRoutes.workOrders.getWorkOrderMapProjects, undefined, { as });
  const places = await callRouteOk(t.app, apiRoutes.workOrders.getPinnedPlaces, {}, { as });
  const messages = await callRouteOk(t.app, apiRoutes.notifications.getMessageList, { PageSize: 50 }, { as });
  const assigned = messages.Items.filter((message) => message.Kind === 'workOrderAssigned');
  return {
    listed: list.Items.map((row) => row.WorkOrderId).sort(),
    total: list.Total,
    exportedRows: exported.length - 1,
    counts: counts.map((project) => project.Counts),
    places: places.Items.map((place) => [place.Household, place.Count]),
    /** The "new work order" messages stay; their link only while the order is visible. */
    messages: assigned.length,
    linked: assigned.map((message) => message.WorkOrderId).sort(),
  };
}

/** Where the leaver's orders are pinned. */
const pinnedAt = { BuildingNumber: '1#', Floor: 1, Household: 1 };

/** The answer Code of every call on one work order: detail, comments, photo, start, complete, upload, plan. */
async function callsOn(as: BuiltUser, id: string, fileId = photoId) {
  const code = async (route: keyof typeof apiRoutes.workOrders, body: object) =>
    (await callRoute(t.app, apiRoutes.workOrders[route], body as never, { as })).Code;
  const picture = await callRouteResponse(
    t.app,
    apiRoutes.workOrders.getPicture,
    { WorkOrderId: id, FileId: fileId },
    { as },
  );
  return {
    get: await code('get', { WorkOrderId: id }),
    comments: (
      await callRoute(
        t.app,
        apiRoutes.workOrders.getCommentList,
        { TargetType: 'workOrder', TargetId: id },
        { as },
      )
    ).Code,
    comment: (
      await callRoute(
        t.app,
        apiRoutes.workOrders.addComment,
        { TargetType: 'workOrder', TargetId: id, Content: '还在吗' },
        { as },
      )
    ).Code,
    picture: picture.body.Code ?? picture.status,
    start: await code('start', { WorkOrderId: id }),
    complete: await code('complete', { WorkOrderId: id, Remark: '好了' }),
    upload: (await uploadPhoto(as, id)).Code,
    // A household's plan with the pins of its orders (the project's: 404 like any project out of scope).
    plan: (
      await callRoute(t.app, apiRoutes.workOrders.getPlan, { ProjectId: projectId, ...pinnedAt }, { as })
    ).Code,
  };
}

const NOT_FOUND = {
  get: 404,
  comments: 404,
  comment: 404,
  picture: 404,
  start: 404,
  complete: 404,
  upload: 404,
  plan: 404,
};

describe('work orders follow their project’s visibility', () => {
  it('shows the assignees their orders while the project is theirs', async () => {
    expect(await whatTheySee(leaver)).toEqual({
      listed: [leaverOrders.waiting, leaverOrders.working, leaverOrders.done, demotedOrder].sort(),
      total: 4,
      exportedRows: 4,
      counts: [{ undistributed: 0, unstart: 2, start: 1, completed: 1 }],
      places: [
        [2, 1],
        [1, 3],
      ],
      messages: 3,
      linked: [leaverOrders.waiting, leaverOrders.working, leaverOrders.done].sort(),
    });
    const order = await callRouteOk(
      t.app,
      apiRoutes.workOrders.get,
      { WorkOrderId: demotedOrder },
      { as: demoted },
    );
    expect(order).toMatchObject({ AssigneeId: demoted.id, State: 'unstart' });
  });

  it('hides them from an assignee taken off the project’s staff, on every call', async () => {
    await setStaff([]);
    expect(await whatTheySee(leaver)).toEqual({
      listed: [],
      total: 0,
      exportedRows: 0,
      counts: [],
      places: [],
      messages: 3,
      linked: [null, null, null],
    });
    expect(await callsOn(leaver, leaverOrders.waiting)).toEqual(NOT_FOUND);
    expect(await callsOn(leaver, leaverOrders.working)).toEqual(NOT_FOUND);
    expect(await callsOn(leaver, leaverOrders.done)).toEqual(NOT_FOUND);
    // Nothing moved: the orders stand as they were, and the administrator still sees the photo.
    const states = await callRouteOk(
      t.app,
      apiRoutes.workOrders.list,
      { ProjectId: projectId, PageSize: 50, CurrentPage: 1 },
      { as: admin },
    );
    expect(
      Object.fromEntries(
        states.Items.map((row) => [row.WorkOrderId, [row.State, row.PictureFileIds.length]]),
      ),
    ).toEqual({
      [leaverOrders.waiting]: ['unstart', 0],
      [leaverOrders.working]: ['start', 0],
      [leaverOrders.done]: ['completed', 1],
      [demotedOrder]: ['unstart', 0],
    });
    const comments = await callRouteOk(
      t.app,
      apiRoutes.workOrders.getCommentList,
      { TargetType: 'workOrder', TargetId: leaverOrders.waiting },
      { as: admin },
    );
    expect(comments.Total).toBe(0);
  });

  it('hides them from an assignee who was never on the staff once his role sees only assigned projects', async () => {
    await callRouteOk(
      t.app,
      apiRoutes.userAdmin.editUser,
      { UserId: demoted.id, Email: demoted.email, Name: demoted.name, RoleNameList: ['Surveyor'] },
      { as: admin },
    );
    const user = await callRouteOk(t.app, apiRoutes.userAdmin.getUser, { UserId: demoted.id }, { as: admin });
    expect(user.RoleNameList).toEqual(['Surveyor']);
    expect(await whatTheySee(demoted)).toEqual({
      listed: [],
      total: 0,
      exportedRows: 0,
      counts: [],
      places: [],
      messages: 1,
      linked: [null],
    });
    expect(await callsOn(demoted, demotedOrder)).toEqual(NOT_FOUND);
  });

  it('lets an administrator assign only to someone who sees the project', async () => {
    const open = (await addOrder({ Floor: 2 })).Result as string;
    for (const person of [leaver, demoted]) {
      const refused = await callRoute(
        t.app,
        apiRoutes.workOrders.assign,
        { WorkOrderId: open, AssigneeId: person.id },
        { as: admin },
      );
      expect(refused).toMatchObject({ Code: 400, Result: [{ Field: 'AssigneeId' }] });
      const created = await addOrder({ Floor: 2 }, person);
      expect(created).toMatchObject({ Code: 400, Result: [{ Field: 'AssigneeId' }] });
    }
    // Back on the staff, the leaver may be given it and sees his orders again.
    await setStaff([leaver]);
    const assigned = { WorkOrderId: open, AssigneeId: leaver.id };
    await callRouteOk(t.app, apiRoutes.workOrders.assign, assigned, { as: admin });
    const order = await callRouteOk(t.app, apiRoutes.workOrders.get, { WorkOrderId: open }, { as: leaver });
    expect(order).toMatchObject({ State: 'unstart', AssigneeId: leaver.id });
  });
});
