import { RESULT_LIMITS, resultsDeviceRoutes, resultsRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { fieldError } from '../../core/app-error.ts';
import { PassThrough } from 'node:stream';
import { downloadName } from '../../core/download-names.ts';
import { REPLY_SENT, registerRoute } from '../../core/register-route.ts';
import { sendWorkbook } from '../../core/file-reply.ts';
import type { Services } from '../../services.ts';
import { deviceKeyInvalid } from '../devices/devices-service.ts';
import { parseBatchInTurns } from './batch-in-turns.ts';

/** The Idempotency-Key header of a results batch: 1-255 characters, required. */
export function idempotencyKey(header: string | string[] | undefined): string {
  const key = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  if (key.length === 0 || key.length > RESULT_LIMITS.idempotencyKeyMax) {
    throw fieldError('Idempotency-Key', 'results.idempotencyKeyRequired');
  }
  return key;
}

/** Results from devices (/api/device/v1/Tasks/:TaskId/Results) and typed in on the web (manual entry). */
export function registerResultsRoutes(
  app: FastifyInstance,
  { results, manualEntry, dataPool, dataPoolExports }: Services,
): void {
  registerRoute(app, resultsRoutes.getDataPool, async ({ body, user, request }) =>
    dataPool.list(user, body, request.lang),
  );
  registerRoute(app, resultsRoutes.exportDataPool, async ({ body, user, request, reply }) => {
    // The workbook is written while it streams out; a failure halfway cuts the download short.
    const out = new PassThrough();
    dataPool.export(user, body, request.lang, out).catch((error: unknown) => {
      request.log.error({ err: error }, 'data pool export failed');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    await sendWorkbook(reply, out, downloadName('dataPool', request.lang));
    return REPLY_SENT;
  });
  // The same export in the background (a job writes it; the page shows its progress, then downloads).
  registerRoute(app, resultsRoutes.startDataPoolExport, async ({ body, user, request }) => ({
    ExportId: await dataPoolExports.start(user, body, request.lang),
  }));
  registerRoute(app, resultsRoutes.getDataPoolExport, async ({ body, user, request }) =>
    dataPoolExports.status(user, body.ExportId, request.lang),
  );
  registerRoute(app, resultsRoutes.downloadDataPoolExport, async ({ body, user, reply }) => {
    const file = await dataPoolExports.download(user, body.ExportId);
    // Downloadable once: the file goes when the response is over, sent in full or not.
    reply.raw.once('close', () => void file.release());
    await sendWorkbook(reply, file.stream, file.name);
    return REPLY_SENT;
  });
  registerRoute(app, resultsRoutes.getManualMeasureSummaryItems, async ({ body, user, request }) =>
    manualEntry.get(user, body.TaskId, request.lang),
  );
  registerRoute(app, resultsRoutes.updates, async ({ body, user, setMessage }) => {
    const entry = await manualEntry.update(user, body);
    setMessage('results.manualSaved');
    return entry;
  });
  registerRoute(
    app,
    resultsDeviceRoutes.results,
    async ({ params, body, request }) => {
      if (!request.device) throw deviceKeyInvalid();
      const key = idempotencyKey(request.headers['idempotency-key']);
      return results.ingest(
        { companyId: request.device.companyId, deviceId: request.device.deviceId },
        params.TaskId,
        body,
        key,
        request.bodyText ?? JSON.stringify(body),
      );
    },
    { bodyLimit: RESULT_LIMITS.batchBytes, parseBodyInTurns: parseBatchInTurns },
  );
}
