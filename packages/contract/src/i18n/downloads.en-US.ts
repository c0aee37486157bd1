import type { downloadsMessagesZhCN } from './downloads.zh-CN.ts';

/**
 * The names generated downloads are saved under (English), typed against the Chinese keys. Plain
 * ASCII: they are also the `filename=` old clients read in either language.
 */
export const downloadsMessagesEnUS: Record<keyof typeof downloadsMessagesZhCN, string> = {
  'downloads.projects': 'projects.xlsx',
  'downloads.tasks': 'tasks.xlsx',
  'downloads.users': 'users.xlsx',
  'downloads.userImportTemplate': 'user-import-template.xlsx',
  'downloads.houseTypes': 'house-types.xlsx',
  'downloads.workOrders': 'work-orders.xlsx',
  'downloads.devices': 'devices.xlsx',
  'downloads.dataPool': 'data-pool.xlsx',
  'downloads.qualityAnalysis': 'quality-analysis.xlsx',
  'downloads.progress': 'progress.xlsx',
  'downloads.efficiency': 'efficiency.xlsx',
  'downloads.efficiencyPerDay': 'efficiency-per-day.xlsx',
  'downloads.pointClouds': 'point-clouds.xlsx',
  'downloads.householdReports': 'household-reports.xlsx',
};
