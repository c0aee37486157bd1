import { authRoutes } from './auth.ts';
import { notificationsRoutes } from './notifications.ts';
import { projectsRoutes } from './projects.ts';
import { systemRoutes } from './system.ts';
import { usersRoutes } from './users.ts';

export * from './define.ts';
export { authRoutes, notificationsRoutes, projectsRoutes, systemRoutes, usersRoutes };
export * from './users.ts';
export * from './notifications.ts';
export * from './projects.ts';

/** Every API call of the product, grouped by feature. */
export const apiRoutes = {
  system: systemRoutes,
  auth: authRoutes,
  users: usersRoutes,
  notifications: notificationsRoutes,
  projects: projectsRoutes,
};
