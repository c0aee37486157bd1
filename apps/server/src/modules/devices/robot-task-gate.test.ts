import { apiRoutes, ErrorCode } from '@measure/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import { buildCompany, buildDevice, companyAdmin, type BuiltUser } from '../../../test/factories.ts';
import { buildPlannedProject, buildTask } from '../../../test/task-factories.ts';

/**
 * EnabledRobotTask gates task dispatch to robots and the robot pages' web calls (Code 403
 * `features.notEnabled`, checked on every call); the device API is never gated, so nothing a
 * device sends is lost while the switch is off.
 */
let t: TestApp;
let companyId: string;
let admin: BuiltUser;
let device: { id: string; number: string; key: string };
let projectId: string;
let taskId: string;

const setRobotTask = (on: boolean) =>
  t.db.update(companies).set({ enabledRobotTask: on }).where(eq(companies.id, companyId));
const asDevice = () => ({ headers: { authorization: `Device ${device.key}` } });

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t)).id;
  admin = await companyAdmin(t, companyId);
  device = await buildDevice(t, { companyId, number: 'GATE-R-1' });
  projectId = await buildPlannedProject(t, { companyId, stories: 2, households: 1 });
  taskId = await buildTask(t, admin, { ProjectId: projectId, DeviceGuid: device.id });
});
afterAll(async () => t.close());

describe('EnabledRobotTask', () => {
  it('answers the robot pages and dispatch while on', async () => {
    const self = await callRouteOk(t.app, apiRoutes.account.getSelf, {}, { as: admin });
    expect(self.EnabledRobotTask).toBe(true);
    const list = await callRouteOk(t.app, apiRoutes.devices.getDeviceList, {}, { as: admin });
    expect(list.Items.map((row) => row.DeviceNumber)).toEqual(['GATE-R-1']);
  });

  it('refuses every gated web call with the translated 403 once switched off, before reading the body', async () => {
    await setRobotTask(false);
    try {
      const self = await callRouteOk(t.app, apiRoutes.account.getSelf, {}, { as: admin });
      expect(self.EnabledRobotTask).toBe(false);
      const gated = [
        [apiRoutes.devices.getDeviceList, {}],
        [apiRoutes.devices.addDevice, { DeviceNumber: 'GATE-R-2', DeviceType: 'robot' }],
        [apiRoutes.devices.getRobotList, {}],
        [apiRoutes.devices.getMyDevices, {}],
        [apiRoutes.devices.getUpdateList, {}],
        [apiRoutes.tasks.addTask, {}],
        [apiRoutes.tasks.checkTask, {}],
        [apiRoutes.tasks.reassignTask, { TaskId: taskId }],
      ] as const;
      for (const [route, body] of gated) {
        const answer = await callRoute(t.app, route as never, body as never, { as: admin });
        expect([route.path, answer.Code, answer.Message]).toEqual([
          route.path,
          ErrorCode.Forbidden,
          '贵公司未开通此功能：机器人任务',
        ]);
      }
      const english = await callRoute(
        t.app,
        apiRoutes.devices.getDeviceList,
        {},
        { as: admin, lang: 'en-US' },
      );
      expect(english.Message).toBe('This feature is not enabled for your company: Robot tasks');
      // The task center stays: tasks are read and run by people whatever the switch.
      const tasks = await callRouteOk(t.app, apiRoutes.tasks.getTaskList, {}, { as: admin });
      expect(tasks.Items.map((task) => task.TaskId)).toEqual([taskId]);
    } finally {
      await setRobotTask(true);
    }
    // Switched on again: the pages answer, and the refused AddDevice added nothing.
    const list = await callRouteOk(t.app, apiRoutes.devices.getDeviceList, {}, { as: admin });
    expect(list.Items.map((row) => row.DeviceNumber)).toEqual(['GATE-R-1']);
  });

  it('keeps the device API open while off: what a device sends is kept', async () => {
    await setRobotTask(false);
    try {
      const beat = await callRoute(t.app, apiRoutes.deviceApi.heartbeat, { Battery: 42 }, asDevice());
      expect(beat.Code).toBe(0);
      const mine = await callRouteOk(t.app, apiRoutes.taskDevice.tasks, {}, asDevice());
      expect(mine.map((task) => task.TaskId)).toEqual([taskId]);
    } finally {
      await setRobotTask(true);
    }
    const robots = await callRouteOk(t.app, apiRoutes.devices.getRobotList, {}, { as: admin });
    expect(robots.Items.map((row) => [row.DeviceNumber, row.Battery])).toEqual([['GATE-R-1', 42]]);
  });
});
