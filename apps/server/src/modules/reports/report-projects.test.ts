import { apiRoutes, type Figures, type ResultSite, type TaskDetail } from '@measure/contract';
import { runRobot } from '@measure/robot';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import {
  assignHouseType,
  buildAdmin,
  buildCompany,
  buildDevice,
  buildHouseType,
  buildProject,
  buildUser,
  type BuiltUser,
} from '../../../test/factories.ts';
import { emptyTally, figuresOfTally, tally, type Tally } from '../../../test/recompute.ts';
import { buildTask } from '../../../test/task-factories.ts';

/**
 * The data reports landing page (GetReportProjectList), the read marks (UserIsReadedTask) and the
 * project summary report (GetSummaryReport), whose figures are checked against the tests' own
 * recomputation of the readings the simulated robot sent.
 */
const routes = apiRoutes.reports;
let t: TestApp;
let admin: BuiltUser;
let otherAdmin: BuiltUser;
let surveyor: BuiltUser;
let stranger: BuiltUser;
let projectId: string;
let emptyProjectId: string;
let plasterTaskId: string;
let masonryTaskId: string;
let pendingTaskId: string;
let kindsAdmin: BuiltUser;
let kindsProjectId: string;
let firstTaskId: string;
let reTaskId: string;
const sent = new Map<string, ResultSite[]>();
const tasks = new Map<string, TaskDetail>();

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  admin = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  otherAdmin = await buildUser(t, { companyId, roles: ['CompanyAdmin'] });
  surveyor = await buildUser(t, { companyId, roles: ['Surveyor'] });
  stranger = await buildAdmin(t, { companyId: (await buildCompany(t)).id });
  const device = await buildDevice(t, { companyId });
  const idleDevice = await buildDevice(t, { companyId });
  projectId = (await buildProject(t, { companyId, name: '报表汇总项目' })).id;
  emptyProjectId = (await buildProject(t, { companyId, name: '没有报表的项目' })).id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 3 });
  const addTask = (stage: 'plaster' | 'masonry', itemCodes: string[], deviceId: string, floors: number[]) =>
    buildTask(t, admin, {
      ProjectId: projectId,
      Stage: stage,
      Households: floors.map((floor) => ({ BuildingNumber: '1#', Floor: floor, Household: 1 })),
      ItemCodes: itemCodes,
      DeviceGuid: deviceId,
    });
  plasterTaskId = await addTask('plaster', ['PL-01', 'PL-02'], device.id, [1, 2]);
  masonryTaskId = await addTask('masonry', ['MA-01', 'MA-02'], device.id, [2, 3]);
  // Planned on a device that never runs: not finished, so neither in the summary nor reported.
  pendingTaskId = await addTask('plaster', ['PL-01'], idleDevice.id, [3]);
  const server = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const played = await runRobot({ server, key: device.key, seed: 33, errorRate: 0.3, batchSites: 6 });
  for (const task of played.tasks) sent.set(task.TaskId, task.sites);
  for (const id of [plasterTaskId, masonryTaskId]) {
    tasks.set(id, await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: id }, { as: admin }));
  }
  // Another company: a first measure of two households and a re-measure of one of them.
  const kindsCompanyId = (await buildCompany(t)).id;
  kindsAdmin = await buildUser(t, { companyId: kindsCompanyId, roles: ['MeasureAdmin'] });
  const kindsDevice = await buildDevice(t, { companyId: kindsCompanyId });
  kindsProjectId = (await buildProject(t, { companyId: kindsCompanyId, name: '初测复测项目' })).id;
  const kindsHouseMapId = (await buildHouseType(t, { projectId: kindsProjectId })).HouseMapId;
  await assignHouseType(t, {
    projectId: kindsProjectId,
    houseMapId: kindsHouseMapId,
    floorFrom: 1,
    floorTo: 2,
  });
  const kindsTask = (floors: number[], parentTaskId?: string) =>
    buildTask(t, kindsAdmin, {
      ProjectId: kindsProjectId,
      Households: floors.map((floor) => ({ BuildingNumber: '1#', Floor: floor, Household: 1 })),
      ItemCodes: ['PL-01'],
      DeviceGuid: kindsDevice.id,
      ...(parentTaskId ? { MeasureKind: 're', ParentTaskId: parentTaskId } : {}),
    });
  firstTaskId = await kindsTask([1, 2]);
  reTaskId = await kindsTask([1], firstTaskId);
  const replayed = await runRobot({ server, key: kindsDevice.key, seed: 34, errorRate: 0.3, batchSites: 6 });
  for (const task of replayed.tasks) sent.set(task.TaskId, task.sites);
  for (const id of [firstTaskId, reTaskId]) {
    tasks.set(id, await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: id }, { as: kindsAdmin }));
  }
}, 120_000);
afterAll(async () => t.close());

/** The tests' own judging (test/recompute.ts) of what the robot sent for the tasks, filtered. */
function recompute(taskIds: readonly string[], keep: { itemCode?: string; building?: string } = {}): Figures {
  const into: Tally = emptyTally();
  for (const id of taskIds) {
    const task = tasks.get(id) as TaskDetail;
    const sites = (sent.get(id) ?? [])
      .filter((site) => !keep.building || site.BuildingNumber === keep.building)
      .map((site) => ({
        ...site,
        Readings: site.Readings.filter((reading) => !keep.itemCode || reading.ItemCode === keep.itemCode),
      }))
      .filter((site) => site.Readings.length > 0);
    tally(task.Items, sites, into);
  }
  return figuresOfTally(into);
}

const projectRow = async (as: BuiltUser, name?: string) => {
  const page = await callRouteOk(t.app, routes.getReportProjectList, { ProjectName: name }, { as });
  return page.Items;
};

describe('data reports landing page', () => {
  it('lists the visible projects with report counts, newest report and figures from the rollups', async () => {
    expect(sent.get(plasterTaskId)?.length).toBeGreaterThan(0);
    const rows = await projectRow(admin);
    const row = rows.find((item) => item.ProjectId === projectId);
    expect(row).toMatchObject({ ProjectName: '报表汇总项目', Reports: 2, Ready: 0, Audited: 0, Unread: 0 });
    expect(row?.Figures).toEqual(recompute([plasterTaskId, masonryTaskId]));
    expect([plasterTaskId, masonryTaskId]).toContain(row?.Latest?.TaskId);
    expect(row?.Latest?.Figures).toEqual(recompute([row?.Latest?.TaskId as string]));
    // The project with a report comes before the one without; that one has none and empty figures.
    expect(rows.map((item) => item.ProjectId)).toEqual([projectId, emptyProjectId]);
    expect(rows[1]).toMatchObject({ Reports: 0, Latest: null, Figures: { Total: 0, PassRate: null } });
    expect((await projectRow(admin, '没有报表')).map((item) => item.ProjectId)).toEqual([emptyProjectId]);
    expect(await projectRow(admin, '%')).toEqual([]);
  });

  it("follows project scope: a surveyor not assigned sees nothing, another company's admin nothing", async () => {
    expect(await projectRow(surveyor)).toEqual([]);
    expect(await projectRow(stranger)).toEqual([]);
  });

  it('counts a ready report unread per user until UserIsReadedTask, and again after a new rendering', async () => {
    // Mark both reports rendered (the rendering itself is tested in reports.test.ts).
    const ready = () =>
      t.db.execute(sql`update reports set status = 'ready', rendered_at = clock_timestamp()
        where project_id = ${projectId}`);
    await ready();
    const unreadOf = async (as: BuiltUser) =>
      (await projectRow(as)).find((item) => item.ProjectId === projectId)?.Unread;
    expect(await unreadOf(admin)).toBe(2);
    expect(await callRouteOk(t.app, routes.userIsReadedTask, { TaskId: plasterTaskId }, { as: admin })).toBe(
      true,
    );
    expect(await unreadOf(admin)).toBe(1);
    expect(await unreadOf(otherAdmin)).toBe(2);
    const list = await callRouteOk(t.app, routes.getReportList, { ProjectId: projectId }, { as: admin });
    expect(Object.fromEntries(list.Items.map((item) => [item.TaskId, item.Unread]))).toEqual({
      [plasterTaskId]: false,
      [masonryTaskId]: true,
    });
    await ready();
    expect(await unreadOf(admin)).toBe(2);
  });

  it('refuses UserIsReadedTask for a task without a report or not visible (404)', async () => {
    for (const [taskId, as] of [
      [pendingTaskId, admin],
      [plasterTaskId, stranger],
      [plasterTaskId, surveyor],
    ] as const) {
      const answer = await callRoute(t.app, routes.userIsReadedTask, { TaskId: taskId }, { as });
      expect(answer.Code).toBe(404);
    }
  });
});

describe('GetSummaryReport', () => {
  it("sums the project's finished tasks per stage, item, building and task as the readings recompute", async () => {
    const summary = await callRouteOk(
      t.app,
      routes.getSummaryReport,
      { ProjectId: projectId },
      { as: admin },
    );
    const both = [plasterTaskId, masonryTaskId];
    expect(summary).toMatchObject({
      ProjectName: '报表汇总项目',
      Stage: null,
      AuditedOnly: false,
      MeasureKind: null,
      TaskCount: 2,
      Uploaded: 2,
      Completed: 0,
      // Floors 1 and 2 (plaster) and 2 and 3 (masonry): floor 2's household is counted once.
      Households: 3,
    });
    expect(summary.MeasureKinds).toEqual([
      { MeasureKind: 'first', Tasks: 2, Uploaded: 2, Completed: 0, Households: 3, Figures: recompute(both) },
    ]);
    expect(summary.Figures).toEqual(recompute(both));
    expect(summary.Figures.Unqualified + summary.Figures.Exploded).toBeGreaterThan(0);
    expect(summary.Tasks.map((task) => [task.TaskId, task.Figures])).toEqual(
      both.map((id) => [id, recompute([id])]),
    );
    const oneTask = { Tasks: 1, Uploaded: 1, Completed: 0, Households: 2 };
    expect(summary.Stages).toEqual([
      { Stage: 'masonry', StageName: '砌筑', ...oneTask, Figures: recompute([masonryTaskId]) },
      { Stage: 'plaster', StageName: '抹灰', ...oneTask, Figures: recompute([plasterTaskId]) },
    ]);
    expect(summary.Tasks.map((task) => [task.MeasureKind, task.ParentTaskId])).toEqual([
      ['first', null],
      ['first', null],
    ]);
    expect(summary.Items.map((item) => item.ItemCode)).toEqual(['MA-01', 'MA-02', 'PL-01', 'PL-02']);
    for (const item of summary.Items) {
      expect(item.Figures, item.ItemCode).toEqual(recompute(both, { itemCode: item.ItemCode }));
    }
    expect(summary.Items[0]?.Name).toBe('表面平整度');
    expect(summary.Buildings).toEqual([
      { BuildingNumber: '1#', Figures: recompute(both, { building: '1#' }) },
    ]);
  });

  it('narrows to one stage, to audited tasks, and speaks English', async () => {
    const plaster = await callRouteOk(
      t.app,
      routes.getSummaryReport,
      { ProjectId: projectId, Stage: 'plaster' },
      { as: admin, lang: 'en-US' },
    );
    expect(plaster.TaskCount).toBe(1);
    expect(plaster.Figures).toEqual(recompute([plasterTaskId]));
    expect(plaster.Stages.map((stage) => stage.StageName)).toEqual(['Plaster']);
    expect(plaster.Items.map((item) => item.Name)).toEqual(['Wall flatness', 'Wall verticality']);
    const none = await callRouteOk(
      t.app,
      routes.getSummaryReport,
      { ProjectId: projectId, AuditedOnly: true },
      { as: admin },
    );
    expect(none).toMatchObject({ TaskCount: 0, Tasks: [], Items: [], Figures: { Total: 0, PassRate: null } });
    await callRouteOk(t.app, apiRoutes.review.auditTask, { TaskId: masonryTaskId }, { as: admin });
    const audited = await callRouteOk(
      t.app,
      routes.getSummaryReport,
      { ProjectId: projectId, AuditedOnly: true },
      { as: admin },
    );
    expect(audited.Tasks.map((task) => [task.TaskId, task.State])).toEqual([[masonryTaskId, 'completed']]);
    expect(audited).toMatchObject({ TaskCount: 1, Uploaded: 0, Completed: 1, Households: 2 });
    expect(audited.Figures).toEqual(recompute([masonryTaskId]));
    // Without the audited filter: one uploaded and one completed task, never two completed.
    const all = await callRouteOk(t.app, routes.getSummaryReport, { ProjectId: projectId }, { as: admin });
    expect(all).toMatchObject({ TaskCount: 2, Uploaded: 1, Completed: 1, Households: 3 });
    expect(all.Stages.map((stage) => [stage.Stage, stage.Uploaded, stage.Completed])).toEqual([
      ['masonry', 0, 1],
      ['plaster', 1, 0],
    ]);
  });

  it('keeps a first measure and its re-measure of the same household apart, the household counted once', async () => {
    const summaryOf = (body: { MeasureKind?: 'first' | 're' }) =>
      callRouteOk(t.app, routes.getSummaryReport, { ProjectId: kindsProjectId, ...body }, { as: kindsAdmin });
    await callRouteOk(t.app, apiRoutes.review.auditTask, { TaskId: firstTaskId }, { as: kindsAdmin });
    const summary = await summaryOf({});
    // The first measure covers floors 1 and 2, the re-measure floor 1 again: two households, not three.
    expect(summary).toMatchObject({ TaskCount: 2, Uploaded: 1, Completed: 1, Households: 2 });
    expect(summary.MeasureKinds).toEqual([
      {
        MeasureKind: 'first',
        Tasks: 1,
        Uploaded: 0,
        Completed: 1,
        Households: 2,
        Figures: recompute([firstTaskId]),
      },
      {
        MeasureKind: 're',
        Tasks: 1,
        Uploaded: 1,
        Completed: 0,
        Households: 1,
        Figures: recompute([reTaskId]),
      },
    ]);
    expect(summary.MeasureKinds[1]?.Figures.Total).toBeGreaterThan(0);
    expect(summary.Stages).toEqual([
      {
        Stage: 'plaster',
        StageName: '抹灰',
        Tasks: 2,
        Uploaded: 1,
        Completed: 1,
        Households: 2,
        Figures: recompute([firstTaskId, reTaskId]),
      },
    ]);
    expect(
      summary.Tasks.map((task) => [task.TaskId, task.MeasureKind, task.ParentTaskId, task.State]),
    ).toEqual([
      [firstTaskId, 'first', null, 'completed'],
      [reTaskId, 're', firstTaskId, 'uploaded'],
    ]);
    const reOnly = await summaryOf({ MeasureKind: 're' });
    expect(reOnly).toMatchObject({
      MeasureKind: 're',
      TaskCount: 1,
      Uploaded: 1,
      Completed: 0,
      Households: 1,
    });
    expect(reOnly.Figures).toEqual(recompute([reTaskId]));
    expect(reOnly.MeasureKinds.map((kind) => kind.MeasureKind)).toEqual(['re']);
    const bad = await callRoute(
      t.app,
      routes.getSummaryReport,
      { ProjectId: kindsProjectId, MeasureKind: 'third' as never },
      { as: kindsAdmin },
    );
    expect(bad).toMatchObject({
      Code: 400,
      Result: [{ Field: 'MeasureKind', Message: '请选择测量类型（初测、复测或其他）' }],
    });
  });

  it('answers 404 for a project of another company or out of scope, 400 for a bad stage', async () => {
    for (const as of [stranger, surveyor]) {
      const answer = await callRoute(t.app, routes.getSummaryReport, { ProjectId: projectId }, { as });
      expect(answer.Code).toBe(404);
    }
    const bad = await callRoute(
      t.app,
      routes.getSummaryReport,
      { ProjectId: projectId, Stage: 'roof' as never },
      { as: admin },
    );
    expect(bad.Code).toBe(400);
  });
});
