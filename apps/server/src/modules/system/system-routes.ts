import { ErrorCode, systemRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/app-error.ts';
import { registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';

export function registerSystemRoutes(app: FastifyInstance, services: Services): void {
  registerRoute(app, systemRoutes.livez, async () => ({ Status: 'ok' as const }));

  registerRoute(app, systemRoutes.readyz, async () => {
    if (await services.ready()) return { Status: 'ok' as const };
    throw new NotReadyError();
  });
}

/** Readiness failure: HTTP 503 so load balancers and `npm start` scripts can wait on it. */
class NotReadyError extends AppError {
  constructor() {
    super(ErrorCode.Internal, 'errors.internal');
  }
  override get httpStatus(): number {
    return 503;
  }
}
