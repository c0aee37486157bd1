import { apiRoutes } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
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
import { buildTask } from '../../../test/task-factories.ts';

/**
 * The task visibility rule (task-access.ts): a user sees a task exactly when he sees its project.
 * Holding the device of a task of another project shows a surveyor nothing of it, through any call.
 */
let t: TestApp;
let admin: BuiltUser;
let surveyor: BuiltUser;
let projectAdmin: BuiltUser;
let ownProject: BuiltProject;
let otherProject: BuiltProject;
let deviceId: string;
/** A task of the surveyor's project, on his device. */
let ownTask: string;
/** A task of a project the surveyor is not on, on his device, with one manual reading. */
let foreignTask: string;
let foreignPointIndex: number;

async function projectWithHouseType(companyId: string, staff: BuiltUser[]): Promise<BuiltProject> {
  const project = await buildProject(t, { companyId, staff });
  const houseMapId = (await buildHouseType(t, { projectId: project.id })).HouseMapId;
  await assignHouseType(t, { projectId: project.id, houseMapId, floorFrom: 1, floorTo: 2 });
  return project;
}

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  admin = await companyAdmin(t, companyId);
  surveyor = await buildUser(t, { companyId, roles: ['Surveyor'] });
  projectAdmin = await buildUser(t, { companyId, roles: ['ProjectAdmin'] });
  ownProject = await projectWithHouseType(companyId, [surveyor]);
  otherProject = await projectWithHouseType(companyId, [projectAdmin]);
  deviceId = (await buildDevice(t, { companyId })).id;
  await callRouteOk(
    t.app,
    apiRoutes.devices.assignDeviceUser,
    { DeviceGuid: deviceId, DeviceUserId: surveyor.id },
    { as: admin },
  );
  ownTask = await buildTask(t, admin, { ProjectId: ownProject.id, DeviceGuid: deviceId, Name: '本项目任务' });
  foreignTask = await buildTask(t, admin, {
    ProjectId: otherProject.id,
    DeviceGuid: deviceId,
    Name: '他项目任务',
  });
  const entry = await callRouteOk(
    t.app,
    apiRoutes.results.updates,
    {
      TaskId: foreignTask,
      BuildingNumber: '1#',
      Floor: 1,
      Household: 1,
      Readings: [{ ItemCode: 'PL-01', Values: [1] }],
    },
    { as: admin },
  );
  foreignPointIndex = entry.PointIndex;
});
afterAll(async () => t.close());

const listed = async (as: BuiltUser) =>
  (await callRouteOk(t.app, apiRoutes.tasks.getTaskList, { PageSize: 100 }, { as })).Items.map(
    (row) => row.TaskId,
  );
const mine = async (as: BuiltUser) =>
  (await callRouteOk(t.app, apiRoutes.tasks.getMyTasks, { PageSize: 100, State: 'all' }, { as })).Items.map(
    (row) => row.TaskId,
  );
const poolTasks = async (as: BuiltUser) =>
  (await callRouteOk(t.app, apiRoutes.results.getDataPool, { PageSize: 100 }, { as })).Items.map(
    (row) => row.TaskId,
  );

describe('task visibility', () => {
  it('lists a surveyor only the tasks of his projects, also those on his device', async () => {
    expect(await listed(surveyor)).toEqual([ownTask]);
    expect(await mine(surveyor)).toEqual([ownTask]);
    expect(await poolTasks(surveyor)).toEqual([]);
    // The project administrator of the other project sees its task and its reading, not the surveyor's.
    expect(await listed(projectAdmin)).toEqual([foreignTask]);
    expect(await poolTasks(projectAdmin)).toEqual([foreignTask]);
    // Company scope: every task.
    expect((await listed(admin)).sort()).toEqual([ownTask, foreignTask].sort());
  });

  it('answers 404 to every call on another project’s task through the surveyor’s device', async () => {
    const byTask = { TaskId: foreignTask };
    const calls = [
      callRoute(t.app, apiRoutes.tasks.getTask, byTask, { as: surveyor }),
      callRoute(t.app, apiRoutes.tasks.startTask, byTask, { as: surveyor }),
      callRoute(t.app, apiRoutes.tasks.finishTask, byTask, { as: surveyor }),
      callRoute(t.app, apiRoutes.results.getManualMeasureSummaryItems, byTask, { as: surveyor }),
      callRoute(
        t.app,
        apiRoutes.results.updates,
        {
          ...byTask,
          BuildingNumber: '1#',
          Floor: 1,
          Household: 1,
          Readings: [{ ItemCode: 'PL-01', Values: [2] }],
        },
        { as: surveyor },
      ),
      callRoute(
        t.app,
        apiRoutes.review.getMsPicDto,
        { ...byTask, PointIndex: foreignPointIndex },
        { as: surveyor },
      ),
      callRoute(
        t.app,
        apiRoutes.workOrders.getCommentList,
        { TargetType: 'task', TargetId: foreignTask },
        { as: surveyor },
      ),
      callRoute(t.app, apiRoutes.reports.userIsReadedTask, byTask, { as: surveyor }),
    ];
    expect((await Promise.all(calls)).map((answer) => answer.Code)).toEqual(calls.map(() => 404));
    // Filtering the lists by the task shows nothing either.
    const filtered = await callRouteOk(
      t.app,
      apiRoutes.results.getDataPool,
      { PageSize: 100, TaskId: foreignTask },
      { as: surveyor },
    );
    expect(filtered.Items).toEqual([]);
    // Nothing changed: the task is still in progress with its one reading.
    const task = await callRouteOk(t.app, apiRoutes.tasks.getTask, byTask, { as: admin });
    expect(task.State).toBe('inProgress');
    expect(task.Figures.Total).toBe(1);
  });

  it('shows the task on his device once he is on its project, and lets him work on it', async () => {
    await callRouteOk(
      t.app,
      apiRoutes.projects.saveUserToProject,
      { UserId: surveyor.id, ProjectIds: [ownProject.id, otherProject.id] },
      { as: admin },
    );
    expect((await mine(surveyor)).sort()).toEqual([ownTask, foreignTask].sort());
    expect(
      (await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: foreignTask }, { as: surveyor })).Name,
    ).toBe('他项目任务');
    const finished = await callRouteOk(
      t.app,
      apiRoutes.tasks.finishTask,
      { TaskId: foreignTask },
      { as: surveyor },
    );
    expect(finished.State).toBe('uploaded');
    // The other project's administrator still sees nothing of the surveyor's project.
    expect(
      (await callRoute(t.app, apiRoutes.tasks.startTask, { TaskId: ownTask }, { as: projectAdmin })).Code,
    ).toBe(404);
  });
});
