import { exportPageOf, scanDeviceRoutes, scanShareRoutes, scansRoutes } from '@measure/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../core/app-error.ts';
import { downloadName } from '../../core/download-names.ts';
import { sendWorkbook } from '../../core/file-reply.ts';
import { type RangedFile, sendRangedFile } from '../../core/http-range.ts';
import { REPLY_SENT, registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';
import { deviceKeyInvalid } from '../devices/devices-service.ts';
import { idempotencyKey } from '../results/results-routes.ts';
import { buildScanListSheet } from './scan-list-sheet.ts';
import type { ScanFile } from './scans-service.ts';

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** A ready scan's outputs never change (a scan sent again is a new scan): cached by the browser. */
const OUTPUT_CACHE = 'private, max-age=86400, immutable';

async function sendTile(reply: FastifyReply, file: ScanFile) {
  await reply
    .header('Cache-Control', OUTPUT_CACHE)
    .header('ETag', file.etag)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Length', String(file.size))
    .type(file.contentType)
    .send(file.stream);
}

const sendModel = (request: FastifyRequest, reply: FastifyReply, file: RangedFile) =>
  sendRangedFile(request, reply, file, () => notFound(), {
    contentType: 'model/gltf-binary',
    disposition: 'none',
    cacheControl: OUTPUT_CACHE,
  });

/** Scans: device registration, lists and export, the original's download, deleting, the 3D reads. */
export function registerScansRoutes(app: FastifyInstance, { scans, scanShares }: Services): void {
  registerRoute(app, scanDeviceRoutes.registerScan, async ({ params, body, request }) => {
    if (!request.device) throw deviceKeyInvalid();
    const key = idempotencyKey(request.headers['idempotency-key']);
    return scans.register(
      { companyId: request.device.companyId, deviceId: request.device.deviceId },
      params.TaskId,
      body,
      key,
      request.bodyText ?? JSON.stringify(body),
    );
  });
  registerRoute(app, scansRoutes.getGltfList, async ({ body, user, request }) =>
    scans.gltfList(user, body, request.lang),
  );
  registerRoute(app, scansRoutes.getPointClouds, async ({ body, user, request }) =>
    scans.list(user, body, request.lang),
  );
  registerRoute(app, scansRoutes.exportPointClouds, async ({ body, user, request, reply }) => {
    const rows = (await scans.list(user, exportPageOf(body), request.lang)).Items;
    await sendWorkbook(
      reply,
      await buildScanListSheet(rows, request.lang),
      downloadName('pointClouds', request.lang),
    );
    return REPLY_SENT;
  });
  registerRoute(app, scansRoutes.downloadPointCloud, async ({ body, user, request }) =>
    scans.download(user, body.ScanId, originOf(request)),
  );
  registerRoute(app, scansRoutes.getPointCloudFile, async ({ params, request, reply }) => {
    await sendRangedFile(request, reply, await scans.file(params.Token), () => notFound());
    return REPLY_SENT;
  });
  registerRoute(app, scansRoutes.deleteScan, async ({ body, user }) => scans.delete(user, body.ScanId));
  registerRoute(app, scansRoutes.getModelPreview, async ({ body, user, request }) =>
    scans.preview(user, body.TaskId, request.lang),
  );
  registerRoute(app, scansRoutes.getTile, async ({ params, user, reply }) => {
    await sendTile(reply, await scans.tile(user, params.ScanId, params.Name));
    return REPLY_SENT;
  });
  registerRoute(app, scansRoutes.getModel, async ({ params, user, request, reply }) => {
    await sendModel(request, reply, await scans.model(user, params.ScanId));
    return REPLY_SENT;
  });
  registerRoute(app, scanShareRoutes.getSharedModelPreview, async ({ params, request }) =>
    scanShares.preview(params.ShareId, request.lang),
  );
  registerRoute(app, scanShareRoutes.getSharedTile, async ({ params, reply }) => {
    await sendTile(reply, await scanShares.tile(params.ShareId, params.ScanId, params.Name));
    return REPLY_SENT;
  });
  registerRoute(app, scanShareRoutes.getSharedModel, async ({ params, request, reply }) => {
    await sendModel(request, reply, await scanShares.model(params.ShareId, params.ScanId));
    return REPLY_SENT;
  });
}
