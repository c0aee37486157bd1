import { deviceUpdatesApiRoutes, deviceUpdatesRoutes, uploadUpdateFieldsSchema } from '@measure/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseFormFields } from '../../core/form-fields.ts';
import { sendRangedFile } from '../../core/http-range.ts';
import { requireFeature } from '../../core/feature-gate.ts';
import { REPLY_SENT, registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';
import type { DeviceContext } from './device-context.ts';
import { acceptUpdateUploads, readUpdateUpload } from './device-update-upload.ts';
import { updateNotFound } from './device-updates-service.ts';
import { deviceKeyInvalid } from './devices-service.ts';

const deviceOf = (request: FastifyRequest): DeviceContext => {
  if (!request.device) throw deviceKeyInvalid();
  return request.device;
};

/** Software updates: administration (/api/sys/SysDevice) and the device side (/api/device/v1, /api/sys/Vision). */
export async function registerDeviceUpdatesRoutes(
  app: FastifyInstance,
  { deviceUpdates, featureGate }: Services,
): Promise<void> {
  // Administering updates is a robot page (EnabledRobotTask); the device side is never gated.
  const robotTask = { gate: requireFeature(featureGate, 'robotTask') };
  // The upload gets its own scope: the multipart parser and its 2 GB limit apply to it alone.
  await app.register(async (scope) => {
    await acceptUpdateUploads(scope);
    registerRoute(
      scope,
      deviceUpdatesRoutes.uploadUpdate,
      async ({ request, user, ip, setMessage }) => {
        const upload = await readUpdateUpload(
          request,
          (source) => deviceUpdates.stage(source),
          async (raw) => deviceUpdates.precheck(user, parseFormFields(uploadUpdateFieldsSchema, raw)),
        );
        let fields;
        try {
          fields = parseFormFields(uploadUpdateFieldsSchema, upload.fields);
        } catch (error) {
          await upload.staged.discard();
          throw error;
        }
        const row = await deviceUpdates.upload(user, fields, upload.staged, upload.fileName, ip);
        setMessage('deviceUpdates.uploaded', { version: row.Version });
        return row;
      },
      robotTask,
    );
  });
  registerRoute(
    app,
    deviceUpdatesRoutes.getUpdateList,
    async ({ body, user }) => deviceUpdates.list(user, body.DeviceType),
    robotTask,
  );
  registerRoute(
    app,
    deviceUpdatesRoutes.deleteUpdate,
    async ({ body, user, ip, setMessage }) => {
      await deviceUpdates.delete(user, body.UpdateId, ip);
      setMessage('deviceUpdates.deleted');
      return null;
    },
    robotTask,
  );
  registerRoute(
    app,
    deviceUpdatesRoutes.getUpdateStatus,
    async ({ body, user }) => deviceUpdates.status(user, body),
    robotTask,
  );

  const api = deviceUpdatesApiRoutes;
  registerRoute(app, api.updates, async ({ query, request }) =>
    deviceUpdates.available(deviceOf(request), query.Version),
  );
  registerRoute(app, api.checkSystemUpdate, async ({ body, request }) =>
    deviceUpdates.available(deviceOf(request), body.Version),
  );
  // Resumable downloads: byte ranges (206, 416, If-Range on the ETag) through the one range helper.
  registerRoute(app, api.updateFile, async ({ params, request, reply }) => {
    const file = await deviceUpdates.file(deviceOf(request), params.UpdateId);
    await sendRangedFile(request, reply, file, updateNotFound);
    return REPLY_SENT;
  });
  registerRoute(app, api.downloadUpdate, async ({ body, request, reply }) => {
    const file = await deviceUpdates.file(deviceOf(request), body.UpdateId);
    await sendRangedFile(request, reply, file, updateNotFound);
    return REPLY_SENT;
  });
  registerRoute(app, api.updateResult, async ({ params, body, request, setMessage }) => {
    await deviceUpdates.report(deviceOf(request), params.UpdateId, body);
    setMessage('deviceUpdates.reported');
    return null;
  });
  registerRoute(app, api.updateSystem, async ({ body, request, setMessage }) => {
    const { UpdateId, ...result } = body;
    await deviceUpdates.report(deviceOf(request), UpdateId, result);
    setMessage('deviceUpdates.reported');
    return null;
  });
}
