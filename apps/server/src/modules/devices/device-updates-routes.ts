import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { deviceUpdatesApiRoutes, deviceUpdatesRoutes, uploadUpdateFieldsSchema } from '@measure/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseFormFields } from '../../core/form-fields.ts';
import { parseRange } from '../../core/http-range.ts';
import { REPLY_SENT, registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';
import type { DeviceContext } from './device-context.ts';
import { acceptUpdateUploads, readUpdateUpload } from './device-update-upload.ts';
import { updateNotFound, type UpdateFile } from './device-updates-service.ts';
import { deviceKeyInvalid } from './devices-service.ts';

const asciiName = (name: string) => name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');

const deviceOf = (request: FastifyRequest): DeviceContext => {
  if (!request.device) throw deviceKeyInvalid();
  return request.device;
};

/**
 * Sends a package file with Range support (one range: 206 with Content-Range; beyond the end: 416
 * with `Content-Range: bytes * /size`; If-Range with another ETag: the whole file). The ETag is the
 * SHA-256, so a resumed download knows the file has not changed.
 */
async function sendUpdateFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: UpdateFile,
): Promise<typeof REPLY_SENT> {
  const found = await stat(file.path).catch(() => undefined);
  if (!found?.isFile()) {
    request.log.error({ path: file.path }, 'update package file missing');
    throw updateNotFound();
  }
  const etag = `"${file.sha256}"`;
  let range = parseRange(request.headers.range, file.size);
  const ifRange = request.headers['if-range'];
  if (range !== null && ifRange !== undefined && ifRange !== etag) range = null;
  void reply
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff');
  if (range === 'unsatisfiable') {
    await reply.code(416).header('Content-Range', `bytes */${file.size}`).send('');
    return REPLY_SENT;
  }
  const { start, end } = range ?? { start: 0, end: file.size - 1 };
  if (range) void reply.code(206).header('Content-Range', `bytes ${start}-${end}/${file.size}`);
  await reply
    .header(
      'Content-Disposition',
      `attachment; filename="${asciiName(file.fileName)}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('Content-Length', String(end - start + 1))
    .type('application/octet-stream')
    .send(createReadStream(file.path, { start, end }));
  return REPLY_SENT;
}

/** Software updates: administration (/api/sys/SysDevice) and the device side (/api/device/v1, /api/sys/Vision). */
export async function registerDeviceUpdatesRoutes(
  app: FastifyInstance,
  { deviceUpdates }: Services,
): Promise<void> {
  // The upload gets its own scope: the multipart parser and its 2 GB limit apply to it alone.
  await app.register(async (scope) => {
    await acceptUpdateUploads(scope);
    registerRoute(scope, deviceUpdatesRoutes.uploadUpdate, async ({ request, user, ip, setMessage }) => {
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
    });
  });
  registerRoute(app, deviceUpdatesRoutes.getUpdateList, async ({ body, user }) =>
    deviceUpdates.list(user, body.DeviceType),
  );
  registerRoute(app, deviceUpdatesRoutes.deleteUpdate, async ({ body, user, ip, setMessage }) => {
    await deviceUpdates.delete(user, body.UpdateId, ip);
    setMessage('deviceUpdates.deleted');
    return null;
  });
  registerRoute(app, deviceUpdatesRoutes.getUpdateStatus, async ({ body, user }) =>
    deviceUpdates.status(user, body),
  );

  const api = deviceUpdatesApiRoutes;
  registerRoute(app, api.updates, async ({ query, request }) =>
    deviceUpdates.available(deviceOf(request), query.Version),
  );
  registerRoute(app, api.checkSystemUpdate, async ({ body, request }) =>
    deviceUpdates.available(deviceOf(request), body.Version),
  );
  registerRoute(app, api.updateFile, async ({ params, request, reply }) =>
    sendUpdateFile(request, reply, await deviceUpdates.file(deviceOf(request), params.UpdateId)),
  );
  registerRoute(app, api.downloadUpdate, async ({ body, request, reply }) =>
    sendUpdateFile(request, reply, await deviceUpdates.file(deviceOf(request), body.UpdateId)),
  );
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
