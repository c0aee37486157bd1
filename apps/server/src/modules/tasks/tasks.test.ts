import { apiRoutes, type AddTaskBodyInput, type MeasureItemRow } from '@measure/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks as tasksTable } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildFacadeTask, setExternalWall } from '../../../test/facade-factories.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import {
  assignHouseType,
  buildCompany,
  buildDevice,
  buildHouseType,
  buildProject,
  buildUser,
  companyAdmin,
  type BuiltProject,
  type BuiltUser,
} from '../../../test/factories.ts';

const routes = apiRoutes.tasks;
let t: TestApp;
let companyId: string;
let admin: BuiltUser;
let planner: BuiltUser;
let surveyor: BuiltUser;
let outsider: BuiltUser;
let project: BuiltProject;
let otherProject: BuiltProject;
let houseMapId: string;

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t)).id;
  admin = await companyAdmin(t, companyId);
  planner = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  surveyor = await buildUser(t, { companyId, roles: ['Surveyor'], name: '张测量' });
  outsider = await buildUser(t, { companyId, roles: ['Surveyor'], name: '李局外' });
  project = await buildProject(t, {
    companyId,
    buildings: [
      { number: '1#', stories: 8, households: 2 },
      { number: '2#', stories: 3, households: 2 },
    ],
    staff: [surveyor],
  });
  otherProject = await buildProject(t, { companyId });
  houseMapId = (await buildHouseType(t, { projectId: project.id, name: '户型A' })).HouseMapId;
  await assignHouseType(t, { projectId: project.id, houseMapId, building: '1#', floorFrom: 1, floorTo: 8 });
  const otherMap = (await buildHouseType(t, { projectId: otherProject.id })).HouseMapId;
  await assignHouseType(t, {
    projectId: otherProject.id,
    houseMapId: otherMap,
    building: '1#',
    floorFrom: 1,
  });
});
afterAll(async () => t.close());

/** Floors from..to of a building, every household. */
const floors = (building: string, from: number, to: number, households = 2) =>
  Array.from({ length: to - from + 1 }, (_, floor) =>
    Array.from({ length: households }, (_, household) => ({
      BuildingNumber: building,
      Floor: from + floor,
      Household: household + 1,
    })),
  ).flat();

const plan = (overrides: Partial<AddTaskBodyInput> = {}): AddTaskBodyInput => ({
  ProjectId: project.id,
  Stage: 'plaster',
  MeasureKind: 'first',
  InspectionKind: 'self',
  Households: floors('1#', 2, 5),
  ...overrides,
});
const addTask = (overrides: Partial<AddTaskBodyInput> = {}, as: BuiltUser = planner) =>
  callRouteOk(t.app, routes.addTask, plan(overrides), { as });
const taskCount = async () =>
  Number((await t.db.select({ n: sql<number>`count(*)` }).from(tasksTable))[0]?.n ?? 0);

describe('planning', () => {
  it('plans floors 2-5 of a building with the stage enabled items, frozen into the task', async () => {
    const taskId = await addTask({
      SurveyorIds: [surveyor.id],
      PlannedDate: '2026-11-30',
      Name: '二至五层抹灰',
    });
    const task = await callRouteOk(t.app, routes.getTask, { TaskId: taskId }, { as: planner });
    expect(task).toMatchObject({
      Name: '二至五层抹灰',
      State: 'pending',
      Households: 8,
      PlannedDate: '2026-11-30',
      Surveyors: [{ UserId: surveyor.id, Name: '张测量' }],
      Figures: { Total: 0, PassRate: null, Sites: 0 },
    });
    expect(task.HouseholdList.map((row) => `${row.Floor}-${row.Household}`)).toEqual([
      '2-1',
      '2-2',
      '3-1',
      '3-2',
      '4-1',
      '4-2',
      '5-1',
      '5-2',
    ]);
    expect(new Set(task.HouseholdList.map((row) => row.HouseMapName))).toEqual(new Set(['户型A']));
    const stage = await callRouteOk(
      t.app,
      apiRoutes.projectStandards.getStageStandard,
      { projectId: project.id, supportCraft: 'plaster' },
      { as: planner },
    );
    // An indoor task takes the stage's enabled items that are not external-wall items.
    expect(task.Items.map((item) => item.ItemCode)).toEqual(
      stage.filter((item) => !item.External).map((item) => item.Code),
    );
    const flatness = task.Items.find((item) => item.ItemCode === 'PL-01');
    expect(flatness?.Standard).toMatchObject({ Left: 0, Right: 4 });
  });

  it('keeps the frozen standard when the project standard changes; a new task takes the new one', async () => {
    const before = await addTask({ ItemCodes: ['PL-01'] });
    const copies = await callRouteOk(
      t.app,
      apiRoutes.projectStandards.getListByProject,
      { ProjectGuid: project.id },
      { as: planner },
    );
    const plaster = copies.find((copy) => copy.Stage === 'plaster');
    const flatness = plaster?.Classes.find((row) => row.Code === 'PL-01') as MeasureItemRow;
    const standard = flatness.Standards[0] as MeasureItemRow['Standards'][number];
    await callRouteOk(
      t.app,
      apiRoutes.standards.update,
      {
        ProjectStandardId: plaster?.ProjectStandardId,
        Classes: [{ ...flatness, Standards: [{ ...standard, Right: 6, WarnRight: 5, Exploded: null }] }],
      },
      { as: planner },
    );
    const old = await callRouteOk(t.app, routes.getTask, { TaskId: before }, { as: planner });
    expect(old.Items[0]?.Standard).toMatchObject({ Left: 0, Right: 4 });
    const after = await addTask({ ItemCodes: ['pl-01'] });
    const fresh = await callRouteOk(t.app, routes.getTask, { TaskId: after }, { as: planner });
    expect(fresh.Items[0]?.Standard).toMatchObject({ Left: 0, Right: 6, WarnRight: 5, Exploded: 12 });
    expect(fresh.StandardBaseTime).toBe(old.StandardBaseTime);
  });

  it('warns before saving about households without a house type and missing design values', async () => {
    const check = await callRouteOk(
      t.app,
      routes.checkTask,
      { ProjectId: project.id, Stage: 'plaster', Households: [...floors('1#', 1, 1), ...floors('2#', 1, 1)] },
      { as: planner },
    );
    expect(check.Households).toBe(4);
    expect(check.WithoutHouseType).toEqual(floors('2#', 1, 1));
    // Net height (PL-05) needs a design value; the house type has no rooms and no template value yet.
    expect(check.MissingDesignValues.map((entry) => entry.ItemCode)).toContain('PL-05');
    expect(check.MissingDesignValues.find((entry) => entry.ItemCode === 'PL-05')?.HouseMaps).toEqual([
      '户型A',
    ]);
  });

  it('refuses bad input with its own message and stores nothing', async () => {
    const otherCompany = await buildCompany(t);
    const foreignDevice = await buildDevice(t, { companyId: otherCompany.id });
    const foreignUser = await buildUser(t, { companyId: otherCompany.id });
    const otherTask = await addTask({ ProjectId: otherProject.id, Households: floors('1#', 1, 1) });
    await setExternalWall(t, companyId);
    const facadeTask = await buildFacadeTask(t, admin, { ProjectId: project.id });
    const count = await taskCount();
    const cases: [Partial<AddTaskBodyInput>, string, string][] = [
      [
        { Households: [{ BuildingNumber: '9#', Floor: 1, Household: 1 }] },
        'Households[0].BuildingNumber',
        '不属于该项目',
      ],
      [{ Households: [{ BuildingNumber: '1#', Floor: 9, Household: 1 }] }, 'Households[0]', '没有第 9 层'],
      [{ Households: floors('2#', 1, 1) }, 'Households[0]', '还没有户型'],
      [{ Households: [...floors('1#', 1, 1), ...floors('1#', 1, 1)] }, 'Households[2]', '两次'],
      [{ ItemCodes: ['ST-01'] }, 'ItemCodes[0]', 'ST-01'],
      [{ DeviceGuid: foreignDevice.id }, 'DeviceGuid', '设备不存在'],
      [{ SurveyorIds: [foreignUser.id] }, 'SurveyorIds[0]', '测量员不存在'],
      [{ SurveyorIds: [outsider.id] }, 'SurveyorIds[0]', '李局外'],
      [{ ParentTaskId: otherTask }, 'ParentTaskId', '复测'],
      // An indoor re-measure of an external-wall task.
      [{ ParentTaskId: facadeTask, Stage: 'structure' }, 'ParentTaskId', '类型'],
      [{ PlannedDate: '2026-02-30' }, 'PlannedDate', '日期格式'],
      [{ Stage: 'painting' as never }, 'Stage', '工序'],
    ];
    for (const [overrides, field, text] of cases) {
      const answer = await callRoute(t.app, routes.addTask, plan(overrides), { as: planner });
      expect(answer.Code, field).toBe(400);
      const problems = answer.Result as unknown as { Field: string; Message: string }[];
      expect(problems[0]?.Field, JSON.stringify(answer)).toBe(field);
      expect(problems[0]?.Message, field).toContain(text);
    }
    const english = await callRoute(t.app, routes.addTask, plan({ Households: floors('2#', 1, 1) }), {
      as: planner,
      lang: 'en-US',
    });
    expect(english.Message).toContain('has no house type yet');
    expect(await taskCount()).toBe(count);
  });

  it('needs the distribute permission, and a project the planner sees', async () => {
    const projectAdmin = await buildUser(t, { companyId, roles: ['ProjectAdmin'] });
    expect((await callRoute(t.app, routes.addTask, plan(), { as: projectAdmin })).Code).toBe(403);
    expect((await callRoute(t.app, routes.addTask, plan(), { as: surveyor })).Code).toBe(403);
    const stranger = await buildUser(t, { roles: ['MeasureAdmin'] });
    expect((await callRoute(t.app, routes.addTask, plan(), { as: stranger })).Code).toBe(404);
  });
});

describe('task center', () => {
  it('filters by project, state, stage, keyword and dates, and scopes to visible projects', async () => {
    const marker = `筛选${Date.now()}`;
    const a = await addTask({ Name: `${marker}-A`, PlannedDate: '2026-01-10' });
    await addTask({ Name: `${marker}-B`, Stage: 'structure', PlannedDate: '2026-02-10' });
    await addTask({ Name: `${marker}-C`, ProjectId: otherProject.id, Households: floors('1#', 1, 1) });
    const list = (body: object, as: BuiltUser = planner) =>
      callRouteOk(t.app, routes.getTaskList, { Keyword: marker, PageSize: 50, ...body }, { as });
    expect((await list({})).Total).toBe(3);
    expect((await list({ ProjectId: project.id })).Items.map((row) => row.Name).sort()).toEqual([
      `${marker}-A`,
      `${marker}-B`,
    ]);
    expect((await list({ Stage: 'structure' })).Items.map((row) => row.Name)).toEqual([`${marker}-B`]);
    expect(
      (await list({ StartDate: '2026-01-01', EndDate: '2026-01-31' })).Items.map((row) => row.TaskId),
    ).toEqual([a]);
    await callRouteOk(t.app, routes.cancelTask, { TaskId: a }, { as: planner });
    expect((await list({ State: 'cancelled' })).Items.map((row) => row.TaskId)).toEqual([a]);
    expect((await list({ OrderBy: 'Name', AscDesc: 'asc' })).Items.map((row) => row.Name)).toEqual([
      `${marker}-A`,
      `${marker}-B`,
      `${marker}-C`,
    ]);
    // The surveyor is on the staff of `project` only; the other project's task is invisible.
    expect((await list({}, surveyor)).Items.map((row) => row.Name).sort()).toEqual([
      `${marker}-A`,
      `${marker}-B`,
    ]);
    const c = (await list({ ProjectId: otherProject.id })).Items[0]?.TaskId as string;
    expect((await callRoute(t.app, routes.getTask, { TaskId: c }, { as: surveyor })).Code).toBe(404);
    const foreign = await buildUser(t, { roles: ['CompanyAdmin'] });
    expect((await callRoute(t.app, routes.getTask, { TaskId: c }, { as: foreign })).Code).toBe(404);
    expect((await list({}, foreign)).Total).toBe(0);
  });

  it('deletes tasks but refuses completed ones, all or nothing', async () => {
    const pending = await addTask();
    const completed = await addTask();
    await t.db.update(tasksTable).set({ state: 'completed' }).where(eq(tasksTable.id, completed));
    const refused = await callRoute(t.app, routes.deleteTask, { Ids: [pending, completed] }, { as: planner });
    expect(refused.Code).toBe(409);
    expect(refused.Message).toContain('已完成的任务不能删除');
    expect((await callRoute(t.app, routes.getTask, { TaskId: pending }, { as: planner })).Code).toBe(0);
    expect(await callRouteOk(t.app, routes.deleteTask, { Ids: [pending] }, { as: planner })).toEqual({
      Deleted: 1,
    });
    expect((await callRoute(t.app, routes.getTask, { TaskId: pending }, { as: planner })).Code).toBe(404);
  });

  it('cancels pending and in-progress tasks only, reassigns pending ones only', async () => {
    const device = await buildDevice(t, { companyId });
    const task = await addTask();
    const reassigned = await callRouteOk(
      t.app,
      routes.reassignTask,
      { TaskId: task, DeviceGuid: device.id, SurveyorIds: [surveyor.id] },
      { as: planner },
    );
    expect(reassigned).toMatchObject({ DeviceGuid: device.id, DeviceNumber: device.number });
    await callRouteOk(t.app, routes.startTask, { TaskId: task }, { as: surveyor });
    const late = await callRoute(
      t.app,
      routes.reassignTask,
      { TaskId: task, SurveyorIds: [] },
      { as: planner },
    );
    expect(late.Code).toBe(409);
    await callRouteOk(t.app, routes.finishTask, { TaskId: task }, { as: surveyor });
    expect((await callRoute(t.app, routes.cancelTask, { TaskId: task }, { as: planner })).Code).toBe(409);
    const other = await addTask();
    expect((await callRouteOk(t.app, routes.cancelTask, { TaskId: other }, { as: planner })).State).toBe(
      'cancelled',
    );
    expect((await callRoute(t.app, routes.startTask, { TaskId: other }, { as: planner })).Code).toBe(409);
  });
});

describe('execution', () => {
  it('shows surveyors and device holders their tasks and lets them start and finish', async () => {
    const holder = await buildUser(t, { companyId, roles: ['Surveyor'] });
    const device = await buildDevice(t, { companyId });
    await callRouteOk(
      t.app,
      apiRoutes.devices.assignDeviceUser,
      { DeviceGuid: device.id, DeviceUserId: holder.id },
      { as: admin },
    );
    await callRouteOk(
      t.app,
      apiRoutes.projects.saveUserToProject,
      { UserId: holder.id, ProjectIds: [project.id] },
      { as: admin },
    );
    const mine = await addTask({ SurveyorIds: [surveyor.id], Name: '我的任务' });
    const viaDevice = await addTask({ DeviceGuid: device.id, Name: '设备任务' });
    const ids = async (as: BuiltUser) =>
      (await callRouteOk(t.app, routes.getMyTasks, { PageSize: 100 }, { as })).Items.map((row) => row.TaskId);
    expect(await ids(surveyor)).toContain(mine);
    expect(await ids(surveyor)).not.toContain(viaDevice);
    expect(await ids(holder)).toEqual([viaDevice]);
    // The holder sees the project, and executes the task through his device (task-visibility.test.ts:
    // holding the device of a task of a project he does not see shows him nothing).
    expect((await callRoute(t.app, routes.getTask, { TaskId: viaDevice }, { as: holder })).Code).toBe(0);
    expect((await callRoute(t.app, routes.startTask, { TaskId: mine }, { as: holder })).Code).toBe(403);
    expect((await callRouteOk(t.app, routes.startTask, { TaskId: mine }, { as: surveyor })).State).toBe(
      'inProgress',
    );
    expect((await callRouteOk(t.app, routes.startTask, { TaskId: mine }, { as: surveyor })).State).toBe(
      'inProgress',
    );
    const done = await callRouteOk(t.app, routes.finishTask, { TaskId: mine }, { as: surveyor });
    expect(done.State).toBe('uploaded');
    expect(done.FinishedAt).not.toBeNull();
    expect(await ids(surveyor)).not.toContain(mine);
    // "All states" shows the finished one too; a state shows only its own.
    const every = await callRouteOk(
      t.app,
      routes.getMyTasks,
      { PageSize: 100, State: 'all' },
      { as: surveyor },
    );
    expect(every.Items.map((row) => row.TaskId)).toContain(mine);
    const uploaded = await callRouteOk(
      t.app,
      routes.getMyTasks,
      { PageSize: 100, State: 'uploaded' },
      {
        as: surveyor,
      },
    );
    expect(uploaded.Items.map((row) => row.TaskId)).toContain(mine);
    expect(new Set(uploaded.Items.map((row) => row.State))).toEqual(new Set(['uploaded']));
  });
});

describe('device API', () => {
  it('gives a device its own tasks, the work package and the plan, and moves them', async () => {
    const device = await buildDevice(t, { companyId });
    const otherDevice = await buildDevice(t, { companyId });
    const task = await addTask({ DeviceGuid: device.id, Households: floors('1#', 3, 3) });
    const foreign = await addTask({ DeviceGuid: otherDevice.id });
    const as = { headers: { authorization: `Device ${device.key}` } };
    const list = await callRouteOk(t.app, apiRoutes.taskDevice.tasks, {}, as);
    expect(list.map((row) => row.TaskId)).toEqual([task]);
    const work = await callRouteOk(t.app, apiRoutes.taskDevice.workPackage, { TaskId: task }, as);
    expect(work.Households).toHaveLength(2);
    expect(work.HouseMaps.map((map) => map.HouseMapId)).toEqual([houseMapId]);
    // The scale of a scan's plan frame: metres per plan unit from the floor area (measurement-api.md section 8).
    expect(work.HouseMaps[0]?.FloorArea).toBe(89.5);
    expect(work.Items.length).toBeGreaterThan(0);
    const plan = await t.app.inject({
      method: 'GET',
      url: new URL(work.HouseMaps[0]?.PlanUrl ?? '').pathname,
      ...as,
    });
    expect(plan.statusCode).toBe(200);
    expect(plan.headers['content-type']).toContain('image/png');
    expect((await callRoute(t.app, apiRoutes.taskDevice.workPackage, { TaskId: foreign }, as)).Code).toBe(
      404,
    );
    expect((await callRoute(t.app, apiRoutes.taskDevice.start, { TaskId: foreign }, as)).Code).toBe(404);
    expect((await callRouteOk(t.app, apiRoutes.taskDevice.start, { TaskId: task }, as)).State).toBe(
      'inProgress',
    );
    expect((await callRouteOk(t.app, apiRoutes.taskDevice.start, { TaskId: task }, as)).State).toBe(
      'inProgress',
    );
    expect((await callRouteOk(t.app, apiRoutes.taskDevice.finish, { TaskId: task }, as)).State).toBe(
      'uploaded',
    );
    expect(await callRouteOk(t.app, apiRoutes.taskDevice.tasks, {}, as)).toEqual([]);
    const session = await callRoute(t.app, apiRoutes.taskDevice.tasks, {}, { as: planner });
    expect(session.Code).toBe(401);
  });
});
