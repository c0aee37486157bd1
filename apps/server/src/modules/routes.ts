import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { registerAuthRoutes } from './auth/auth-routes.ts';
import { registerNotificationsRoutes } from './notifications/notifications-routes.ts';
import { registerOrgsRoutes } from './orgs/orgs-routes.ts';
import { registerHouseMapsRoutes } from './house-maps/house-maps-routes.ts';
import { registerProjectStandardsRoutes } from './project-standards/project-standards-routes.ts';
import { registerProjectsRoutes } from './projects/projects-routes.ts';
import { registerRolesRoutes } from './roles/roles-routes.ts';
import { registerStandardsRoutes } from './standards/standards-routes.ts';
import { registerTemplatesRoutes } from './templates/templates-routes.ts';
import { registerSystemRoutes } from './system/system-routes.ts';
import { registerUserAdminRoutes } from './user-admin/user-admin-routes.ts';
import { registerAccountRoutes } from './account/account-routes.ts';
import { registerDevicesRoutes } from './devices/devices-routes.ts';
import { registerTasksRoutes } from './tasks/tasks-routes.ts';
import { registerResultsRoutes } from './results/results-routes.ts';
import { registerReviewRoutes } from './review/review-routes.ts';
import { registerDeviceUpdatesRoutes } from './devices/device-updates-routes.ts';
import { registerDeviceFilesRoutes } from './results/device-files-routes.ts';
import { registerAnalysisRoutes } from './analysis/analysis-routes.ts';
import { registerWorkOrdersRoutes } from './work-orders/work-orders-routes.ts';
import { registerReportsRoutes } from './reports/reports-routes.ts';

/** Every feature's routes. Each feature folder matches the web's and the contract's. */
export async function registerFeatureRoutes(app: FastifyInstance, services: Services): Promise<void> {
  registerSystemRoutes(app, services);
  registerAuthRoutes(app, services);
  registerAccountRoutes(app, services);
  registerNotificationsRoutes(app, services);
  registerProjectsRoutes(app, services);
  registerOrgsRoutes(app, services);
  await registerUserAdminRoutes(app, services);
  registerRolesRoutes(app, services);
  await registerHouseMapsRoutes(app, services);
  registerStandardsRoutes(app, services);
  registerProjectStandardsRoutes(app, services);
  registerTemplatesRoutes(app, services);
  registerDevicesRoutes(app, services);
  registerTasksRoutes(app, services);
  registerResultsRoutes(app, services);
  registerReviewRoutes(app, services);
  await registerDeviceUpdatesRoutes(app, services);
  await registerDeviceFilesRoutes(app, services);
  registerAnalysisRoutes(app, services);
  await registerWorkOrdersRoutes(app, services);
  registerReportsRoutes(app, services);
}
