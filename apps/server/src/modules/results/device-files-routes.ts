import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatMessage } from '@measure/contract';
import { leaveBodiesUnread, registerProtocolRoute } from '../../core/protocol-route.ts';
import type { Services } from '../../services.ts';
import { deviceKeyInvalid } from '../devices/devices-service.ts';
import {
  tusCreateResponses,
  tusDeleteResponses,
  tusHeadResponses,
  tusOptionsResponses,
  tusPatchResponses,
} from './device-files-docs.ts';
import { DEVICE_FILES_PATH } from './device-files-service.ts';

const tag = 'device-api';

/**
 * `/api/device/v1/Files`: tus 1.0.0 resumable uploads (measurement-api.md section 3), answered by
 * @tus/server on the raw request. A device reaches only its own uploads: another device's or
 * company's upload id answers 404, like an unknown one.
 */
export async function registerDeviceFilesRoutes(
  app: FastifyInstance,
  { deviceFiles }: Services,
): Promise<void> {
  const tus = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    await deviceFiles.tus.handle(request.raw, reply.raw);
  };
  await app.register(async (scope) => {
    leaveBodiesUnread(scope);
    registerProtocolRoute(
      scope,
      {
        methods: ['OPTIONS'],
        url: DEVICE_FILES_PATH,
        access: 'public',
        tag,
        summary: 'tus 1.0.0: the server capabilities (Tus-Version, Tus-Extension, Tus-Max-Size)',
        responses: tusOptionsResponses,
      },
      tus,
    );
    registerProtocolRoute(
      scope,
      {
        methods: ['POST'],
        url: DEVICE_FILES_PATH,
        access: 'device',
        tag,
        summary:
          'tus 1.0.0 creation: Upload-Length, Upload-Metadata with filename and kind (picture ≤ 20 MB, pointcloud ≤ ' +
          '2 GB, model ≤ 500 MB, other ≤ 500 MB; over the limit 413); answers 201 with Location .../Files/{FileId}',
        responses: tusCreateResponses,
      },
      tus,
    );
    const upload = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.device) throw deviceKeyInvalid();
      const { FileId } = request.params as { FileId: string };
      if (request.method !== 'OPTIONS' && !(await deviceFiles.owns(request.device, FileId))) {
        await reply
          .code(404)
          .header('Tus-Resumable', '1.0.0')
          .type('text/plain; charset=utf-8')
          .send(`${formatMessage(request.lang, 'results.fileNotFound')}\n`);
        return;
      }
      await tus(request, reply);
    };
    const uploadRoutes = [
      ['HEAD', 'tus 1.0.0: the offset stored so far, to resume from', tusHeadResponses],
      [
        'PATCH',
        'tus 1.0.0: bytes at Upload-Offset (application/offset+octet-stream; a wrong offset answers 409). ' +
          'Partial uploads expire after 24 hours',
        tusPatchResponses,
      ],
      ['DELETE', 'tus 1.0.0 termination: the upload and its bytes are removed', tusDeleteResponses],
      ['OPTIONS', 'tus 1.0.0: the server capabilities', tusOptionsResponses],
    ] as const;
    for (const [method, summary, responses] of uploadRoutes) {
      registerProtocolRoute(
        scope,
        { methods: [method], url: `${DEVICE_FILES_PATH}/:FileId`, access: 'device', tag, summary, responses },
        upload,
      );
    }
  });
}
