import { RESULT_LIMITS, resultsDeviceRoutes, resultsRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { fieldError } from '../../core/app-error.ts';
import { registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';
import { deviceKeyInvalid } from '../devices/devices-service.ts';

/** The Idempotency-Key header of a results batch: 1-255 characters, required. */
function idempotencyKey(header: string | string[] | undefined): string {
  const key = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  if (key.length === 0 || key.length > RESULT_LIMITS.idempotencyKeyMax) {
    throw fieldError('Idempotency-Key', 'results.idempotencyKeyRequired');
  }
  return key;
}

/** Results from devices (/api/device/v1/Tasks/:TaskId/Results) and typed in on the web (manual entry). */
export function registerResultsRoutes(app: FastifyInstance, { results, manualEntry }: Services): void {
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
      );
    },
    { bodyLimit: RESULT_LIMITS.batchBytes },
  );
}
