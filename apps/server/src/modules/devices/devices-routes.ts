import { deviceApiRoutes, devicesRoutes, myDevicesRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { downloadName } from '../../core/download-names.ts';
import { requireFeature } from '../../core/feature-gate.ts';
import { REPLY_SENT, registerRoute } from '../../core/register-route.ts';
import { sendWorkbook } from '../../core/file-reply.ts';
import type { Services } from '../../services.ts';
import { buildDeviceSheet } from './devices-sheet.ts';
import { deviceKeyInvalid } from './devices-service.ts';

/** Device management (/api/sys/SysDevice, spec section 7) and the device API (/api/device/v1). */
export function registerDevicesRoutes(app: FastifyInstance, { devices, featureGate }: Services): void {
  // The web's device calls are robot pages (EnabledRobotTask); the device API is never gated.
  const robotTask = { gate: requireFeature(featureGate, 'robotTask') };
  registerRoute(
    app,
    devicesRoutes.getDeviceList,
    async ({ body, user }) => devices.page(user, body),
    robotTask,
  );
  registerRoute(
    app,
    devicesRoutes.addDevice,
    async ({ body, user, setMessage }) => {
      const id = await devices.add(user, body);
      setMessage('devices.created');
      return id;
    },
    robotTask,
  );
  registerRoute(
    app,
    devicesRoutes.updateDevice,
    async ({ body, user, setMessage }) => {
      const { DeviceGuid, ...fields } = body;
      const row = await devices.update(user, DeviceGuid, fields);
      setMessage('devices.saved');
      return row;
    },
    robotTask,
  );
  registerRoute(
    app,
    devicesRoutes.deleteDevices,
    async ({ body, user, setMessage }) => {
      const deleted = await devices.delete(user, body.DeviceGuids);
      setMessage('devices.deleted', { count: deleted });
      return { Deleted: deleted };
    },
    robotTask,
  );
  registerRoute(
    app,
    devicesRoutes.assignDeviceUser,
    async ({ body, user, setMessage }) => {
      await devices.assign(user, [body.DeviceGuid], body.DeviceUserId);
      setMessage('devices.assigned', { count: 1 });
      return null;
    },
    robotTask,
  );
  registerRoute(
    app,
    devicesRoutes.assignDeviceUserBatch,
    async ({ body, user, setMessage }) => {
      const assigned = await devices.assign(user, body.DeviceGuids, body.DeviceUserId);
      setMessage('devices.assigned', { count: assigned });
      return { Assigned: assigned };
    },
    robotTask,
  );
  registerRoute(
    app,
    devicesRoutes.deleteDeviceUser,
    async ({ body, user, setMessage }) => {
      await devices.unbind(user, body.DeviceGuid);
      setMessage('devices.unbound');
      return null;
    },
    robotTask,
  );
  registerRoute(
    app,
    devicesRoutes.getDeviceAssign,
    async ({ body, user }) => devices.assignedTo(user, body.userId),
    robotTask,
  );
  registerRoute(
    app,
    devicesRoutes.exportDeviceToExcel,
    async ({ body, user, request, reply }) => {
      const file = await buildDeviceSheet(await devices.all(user, body), request.lang);
      await sendWorkbook(reply, file, downloadName('devices', request.lang));
      return REPLY_SENT;
    },
    robotTask,
  );
  registerRoute(
    app,
    devicesRoutes.activateDevice,
    async ({ body, user, ip, setMessage }) => {
      const key = await devices.activate(user, body.DeviceGuid, ip);
      setMessage('devices.activated');
      return { DeviceGuid: body.DeviceGuid, DeviceKey: key };
    },
    robotTask,
  );
  registerRoute(
    app,
    devicesRoutes.deactivateDevice,
    async ({ body, user, ip, setMessage }) => {
      await devices.deactivate(user, body.DeviceGuid, ip);
      setMessage('devices.deactivated');
      return null;
    },
    robotTask,
  );
  registerRoute(
    app,
    devicesRoutes.getRobotList,
    async ({ body, user, request }) => devices.robots(user, body.KeyWord, request.lang),
    robotTask,
  );
  registerRoute(
    app,
    myDevicesRoutes.getMyDevices,
    async ({ user, request }) => devices.mine(user, request.lang),
    robotTask,
  );

  registerRoute(app, deviceApiRoutes.heartbeat, async ({ body, request }) => {
    if (!request.device) throw deviceKeyInvalid();
    return devices.heartbeat(request.device, body);
  });
}
