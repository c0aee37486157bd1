import { rolesRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';

export function registerRolesRoutes(app: FastifyInstance, { roles }: Services): void {
  registerRoute(app, rolesRoutes.getRoleList, async ({ body, user, request }) =>
    roles.roles(user, body, request.lang),
  );
  registerRoute(app, rolesRoutes.permissionList, async ({ request }) => roles.permissions(request.lang));
}
