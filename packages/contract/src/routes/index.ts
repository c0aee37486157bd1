import { accountRoutes } from './account.ts';
import { authRoutes } from './auth.ts';
import { deviceApiRoutes } from './devices.api.ts';
import { myDevicesRoutes } from './devices.mine.ts';
import { devicesRoutes } from './devices.ts';
import { deviceUpdatesApiRoutes, deviceUpdatesRoutes } from './devices.updates.ts';
import { houseMapsRoutes } from './house-maps.ts';
import { notificationsRoutes } from './notifications.ts';
import { messageRoutes } from './notifications.messages.ts';
import { orgsRoutes } from './orgs.ts';
import { projectStandardsRoutes } from './project-standards.ts';
import { projectsRoutes } from './projects.ts';
import { rolesRoutes } from './roles.ts';
import { measureRulesRoutes } from './standards.measure-rules.ts';
import { standardsRoutes } from './standards.ts';
import { systemRoutes } from './system.ts';
import { algorithmRoutes, measureTemplatesRoutes } from './templates.ts';
import { userAdminRoutes } from './user-admin.ts';
import { taskDeviceRoutes } from './tasks.device.ts';
import { tasksRoutes } from './tasks.ts';
import { resultsDeviceRoutes } from './results.device.ts';
import { resultsRoutes } from './results.ts';
import { analysisRoutes } from './analysis.ts';
import { progressRoutes } from './analysis.progress.ts';
import { efficiencyRoutes } from './analysis.efficiency.ts';
import { reviewAlgorithmRoutes } from './review.algorithm.ts';
import { reviewRoutes } from './review.ts';
import { workOrdersRoutes } from './work-orders.ts';
import { reportProjectsRoutes } from './reports.projects.ts';
import { reportSharesRoutes } from './reports.shares.ts';
import { reportVerifyRoutes } from './reports.verify.ts';
import { commentRoutes } from './work-orders.comments.ts';
import { workOrderPictureRoutes } from './work-orders.pictures.ts';
import { reportsRoutes } from './reports.ts';
import { eventsRoutes } from './events.ts';
import { scanDeviceRoutes, scanShareRoutes, scansRoutes } from './scans.ts';
import { externalWallShareRoutes, externalWallsRoutes } from './external-walls.ts';
import { reviewSeedRoutes } from './review.seed-paths.ts';
import { reportSeedRoutes } from './reports.seed-paths.ts';
import { demoAreaRoutes } from './demo-area.ts';
import { dataBackupRoutes } from './data-backup.ts';
import { operatorConsoleRoutes } from './operator-console.ts';

export * from './define.ts';
export * from './file-answers.ts';
export * from './list-export.ts';
export * from './account.ts';
export * from './auth.ts';
export * from './notifications.ts';
export * from './notifications.messages.ts';
export * from './projects.ts';
export * from './orgs.ts';
export * from './user-admin.ts';
export * from './roles.ts';
export * from './house-maps.ts';
export * from './house-maps.measure-points.ts';
export * from './standards.ts';
export * from './standards.measure-rules.ts';
export * from './project-standards.ts';
export * from './templates.ts';
export * from './system.ts';
export * from './devices.ts';
export * from './devices.api.ts';
export * from './tasks.ts';
export * from './tasks.device.ts';
export * from './results.device.ts';
export * from './results.ts';
export * from './review.algorithm.ts';
export * from './review.ts';
export * from './reports.ts';
export * from './reports.projects.ts';
export * from './reports.shares.ts';
export * from './reports.verify.ts';
export * from './devices.updates.ts';
export * from './devices.mine.ts';
export * from './analysis.ts';
export * from './analysis.progress.ts';
export * from './analysis.efficiency.ts';
export * from './work-orders.ts';
export * from './work-orders.comments.ts';
export * from './work-orders.pictures.ts';
export * from './events.ts';
export * from './scans.ts';
export * from './external-walls.ts';
export * from './review.seed-paths.ts';
export * from './reports.seed-paths.ts';
export * from './demo-area.ts';
export * from './data-backup.ts';
export * from './operator-console.ts';

/**
 * Every API call of the product, grouped by feature. A group is named after its feature (camelCase of
 * the kebab-case feature name); a feature may have more than one group (standards: measureRules;
 * templates: measureTemplates and algorithm).
 */
export const apiRoutes = {
  system: systemRoutes,
  auth: authRoutes,
  account: accountRoutes,
  notifications: { ...notificationsRoutes, ...messageRoutes },
  projects: projectsRoutes,
  orgs: orgsRoutes,
  userAdmin: userAdminRoutes,
  roles: rolesRoutes,
  houseMaps: houseMapsRoutes,
  standards: standardsRoutes,
  measureRules: measureRulesRoutes,
  projectStandards: projectStandardsRoutes,
  measureTemplates: measureTemplatesRoutes,
  algorithm: algorithmRoutes,
  devices: { ...devicesRoutes, ...deviceUpdatesRoutes, ...myDevicesRoutes },
  deviceApi: { ...deviceApiRoutes, ...deviceUpdatesApiRoutes },
  tasks: tasksRoutes,
  taskDevice: taskDeviceRoutes,
  resultsDevice: resultsDeviceRoutes,
  results: resultsRoutes,
  analysis: { ...analysisRoutes, ...progressRoutes, ...efficiencyRoutes },
  review: { ...reviewRoutes, ...reviewAlgorithmRoutes, ...reviewSeedRoutes },
  workOrders: { ...workOrdersRoutes, ...commentRoutes, ...workOrderPictureRoutes },
  events: eventsRoutes,
  scans: { ...scansRoutes, ...scanShareRoutes },
  scanDevice: scanDeviceRoutes,
  externalWalls: { ...externalWallsRoutes, ...externalWallShareRoutes },
  reports: {
    ...reportsRoutes,
    ...reportProjectsRoutes,
    ...reportSharesRoutes,
    ...reportVerifyRoutes,
    ...reportSeedRoutes,
  },
  demoArea: demoAreaRoutes,
  dataBackup: dataBackupRoutes,
  operatorConsole: operatorConsoleRoutes,
};
