import { apiRoutes } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import {
  buildCompany,
  buildDevice,
  buildUser,
  companyAdmin,
  type BuiltUser,
} from '../../../test/factories.ts';

/** A surveyor sees the devices he holds, read-only (GetMyDevices); every change stays refused. */
const routes = apiRoutes.devices;
let t: TestApp;
let admin: BuiltUser;
let surveyor: BuiltUser;
let colleague: BuiltUser;
let robot: { id: string; number: string; key: string };
let scanner: { id: string; number: string; key: string };

const assign = (deviceId: string, user: BuiltUser) =>
  callRouteOk(t.app, routes.assignDeviceUser, { DeviceGuid: deviceId, DeviceUserId: user.id }, { as: admin });
const myNumbers = async (as: BuiltUser) =>
  (await callRouteOk(t.app, routes.getMyDevices, {}, { as })).Items.map((device) => device.DeviceNumber);

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  admin = await companyAdmin(t, companyId);
  surveyor = await buildUser(t, { companyId, roles: ['Surveyor'], name: '王持有' });
  colleague = await buildUser(t, { companyId, roles: ['Surveyor'] });
  robot = await buildDevice(t, { companyId, number: 'MY-R-1' });
  scanner = await buildDevice(t, { companyId, number: 'MY-S-1', type: 'scanner', activate: false });
  const colleagues = await buildDevice(t, { companyId, number: 'MY-R-2' });
  await buildDevice(t, { companyId, number: 'MY-R-3' });
  await assign(robot.id, surveyor);
  await assign(scanner.id, surveyor);
  await assign(colleagues.id, colleague);
});
afterAll(async () => t.close());

describe('GetMyDevices', () => {
  it('lists the devices the caller holds, robots and scanners, with their health', async () => {
    await callRouteOk(
      t.app,
      apiRoutes.deviceApi.heartbeat,
      { Battery: 15 },
      {
        headers: { authorization: `Device ${robot.key}` },
      },
    );
    const mine = await callRouteOk(t.app, routes.getMyDevices, {}, { as: surveyor, lang: 'en-US' });
    expect(mine.Items.map((device) => [device.DeviceNumber, device.DeviceType, device.IsActive])).toEqual([
      ['MY-R-1', 'robot', true],
      ['MY-S-1', 'scanner', false],
    ]);
    expect(mine.Items[0]).toMatchObject({ DeviceUserName: '王持有', Online: true, Battery: 15 });
    expect(mine.Items[0]?.Alerts.map((alert) => alert.Kind)).toEqual(['lowBattery']);
    expect(mine.OfflineAfterSeconds).toBe(30);
    expect(await myNumbers(colleague)).toEqual(['MY-R-2']);
    // An administrator holding nothing sees nothing here (device management shows him every device).
    expect(await myNumbers(admin)).toEqual([]);
  });

  it('refuses the surveyor every device management call, and changes nothing', async () => {
    const as = { as: surveyor };
    const refused = [
      callRoute(t.app, routes.getDeviceList, {}, as),
      callRoute(t.app, routes.getRobotList, {}, as),
      callRoute(t.app, routes.updateDevice, { DeviceGuid: robot.id, DeviceNumber: 'MY-R-9' }, as),
      callRoute(t.app, routes.assignDeviceUser, { DeviceGuid: robot.id, DeviceUserId: colleague.id }, as),
      callRoute(t.app, routes.deleteDeviceUser, { DeviceGuid: robot.id }, as),
      callRoute(t.app, routes.deactivateDevice, { DeviceGuid: robot.id }, as),
      callRoute(t.app, routes.activateDevice, { DeviceGuid: scanner.id }, as),
      callRoute(t.app, routes.deleteDevices, { DeviceGuids: [robot.id] }, as),
      callRoute(t.app, routes.exportDeviceToExcel, {}, as),
    ];
    expect((await Promise.all(refused)).map((answer) => answer.Code)).toEqual(refused.map(() => 403));
    const row = (await callRouteOk(t.app, routes.getDeviceList, { DeviceGuid: robot.id }, { as: admin }))
      .Items[0];
    expect(row).toMatchObject({ DeviceNumber: 'MY-R-1', DeviceUserId: surveyor.id, IsActive: true });
  });

  it('follows the assignment: an unbound device leaves the list', async () => {
    await callRouteOk(t.app, routes.deleteDeviceUser, { DeviceGuid: robot.id }, { as: admin });
    expect(await myNumbers(surveyor)).toEqual(['MY-S-1']);
    expect((await callRoute(t.app, routes.getMyDevices, {}, {})).Code).toBe(401);
  });
});
