import { externalWallShareRoutes, externalWallsRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';

/** External walls: an external-wall task per side, under a session and under a share. */
export function registerExternalWallsRoutes(app: FastifyInstance, { externalWalls }: Services): void {
  registerRoute(app, externalWallsRoutes.getTask, async ({ body, user, request }) =>
    externalWalls.task(user, body.TaskId, request.lang),
  );
  registerRoute(app, externalWallShareRoutes.getSharedExternalWall, async ({ params, request }) =>
    externalWalls.sharedTask(params.ShareId, request.lang),
  );
}
