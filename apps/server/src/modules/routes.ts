import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { registerAuthRoutes } from './auth/auth-routes.ts';
import { registerNotificationsRoutes } from './notifications/notifications-routes.ts';
import { registerOrgsRoutes } from './orgs/orgs-routes.ts';
import { registerHouseMapsRoutes } from './projects/house-maps-routes.ts';
import { registerProjectsRoutes } from './projects/projects-routes.ts';
import { registerRolesRoutes } from './roles/roles-routes.ts';
import { registerStandardsRoutes } from './standards/standards-routes.ts';
import { registerTemplatesRoutes } from './standards/templates-routes.ts';
import { registerSystemRoutes } from './system/system-routes.ts';
import { registerUserAdminRoutes } from './users/user-admin-routes.ts';
import { registerUsersRoutes } from './users/users-routes.ts';

/** Every feature's routes. Each feature folder matches the web's and the contract's. */
export async function registerFeatureRoutes(app: FastifyInstance, services: Services): Promise<void> {
  registerSystemRoutes(app, services);
  registerAuthRoutes(app, services);
  registerUsersRoutes(app, services);
  registerNotificationsRoutes(app, services);
  registerProjectsRoutes(app, services);
  registerOrgsRoutes(app, services);
  await registerUserAdminRoutes(app, services);
  registerRolesRoutes(app, services);
  await registerHouseMapsRoutes(app, services);
  registerStandardsRoutes(app, services);
  registerTemplatesRoutes(app, services);
}
