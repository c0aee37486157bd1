/** The names generated downloads are saved under (Chinese, the reference); spread into messages.zh-CN.ts. */
export const downloadsMessagesZhCN = {
  'downloads.projects': '项目列表.xlsx',
  'downloads.tasks': '任务清单.xlsx',
  'downloads.users': '用户列表.xlsx',
  'downloads.userImportTemplate': '用户导入模板.xlsx',
  'downloads.houseTypes': '户型列表.xlsx',
  'downloads.workOrders': '工单列表.xlsx',
  'downloads.devices': '设备清单.xlsx',
  'downloads.dataPool': '数据库.xlsx',
  'downloads.qualityAnalysis': '质量分析.xlsx',
  'downloads.progress': '进度分析.xlsx',
  'downloads.efficiency': '效率分析.xlsx',
  'downloads.efficiencyPerDay': '每日效率.xlsx',
  'downloads.pointClouds': '点云数据.xlsx',
  'downloads.householdReports': '分户报告.xlsx',
} as const;
