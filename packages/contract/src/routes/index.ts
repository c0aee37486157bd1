import { authRoutes } from './auth.ts';
import { houseMapsRoutes } from './house-maps.ts';
import { notificationsRoutes } from './notifications.ts';
import { orgsRoutes } from './orgs.ts';
import { projectsRoutes } from './projects.ts';
import { rolesRoutes } from './roles.ts';
import { algorithmRoutes, measureTemplatesRoutes } from './measure-templates.ts';
import { measureRulesRoutes, pointTypeItemsRoutes, standardsRoutes } from './standards.ts';
import { systemRoutes } from './system.ts';
import { userAdminRoutes } from './user-admin.ts';
import { usersRoutes } from './users.ts';

export * from './define.ts';
export {
  algorithmRoutes,
  authRoutes,
  houseMapsRoutes,
  notificationsRoutes,
  orgsRoutes,
  projectsRoutes,
  measureRulesRoutes,
  measureTemplatesRoutes,
  pointTypeItemsRoutes,
  rolesRoutes,
  standardsRoutes,
  systemRoutes,
  userAdminRoutes,
  usersRoutes,
};
export * from './users.ts';
export * from './notifications.ts';
export * from './projects.ts';
export * from './orgs.ts';
export * from './user-admin.ts';
export * from './roles.ts';
export * from './house-maps.ts';
export * from './standards.ts';
export * from './measure-templates.ts';

/** Every API call of the product, grouped by feature. */
export const apiRoutes = {
  system: systemRoutes,
  auth: authRoutes,
  users: usersRoutes,
  notifications: notificationsRoutes,
  projects: projectsRoutes,
  orgs: orgsRoutes,
  userAdmin: userAdminRoutes,
  roles: rolesRoutes,
  houseMaps: houseMapsRoutes,
  standards: standardsRoutes,
  measureRules: measureRulesRoutes,
  pointTypeItems: pointTypeItemsRoutes,
  measureTemplates: measureTemplatesRoutes,
  algorithm: algorithmRoutes,
};
