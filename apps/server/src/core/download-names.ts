import type { Language } from '@measure/contract';

/**
 * The name each generated download is saved under, per language of the request: Chinese for zh-CN,
 * English for en-US. The English name is also the ASCII `filename=` old clients read in both.
 */
const DOWNLOAD_NAMES = {
  projects: { 'zh-CN': '项目列表.xlsx', 'en-US': 'projects.xlsx' },
  tasks: { 'zh-CN': '任务清单.xlsx', 'en-US': 'tasks.xlsx' },
  users: { 'zh-CN': '用户列表.xlsx', 'en-US': 'users.xlsx' },
  userImportTemplate: { 'zh-CN': '用户导入模板.xlsx', 'en-US': 'user-import-template.xlsx' },
  houseTypes: { 'zh-CN': '户型列表.xlsx', 'en-US': 'house-types.xlsx' },
  workOrders: { 'zh-CN': '工单列表.xlsx', 'en-US': 'work-orders.xlsx' },
  devices: { 'zh-CN': '设备清单.xlsx', 'en-US': 'devices.xlsx' },
  dataPool: { 'zh-CN': '数据库.xlsx', 'en-US': 'data-pool.xlsx' },
  qualityAnalysis: { 'zh-CN': '质量分析.xlsx', 'en-US': 'quality-analysis.xlsx' },
  progress: { 'zh-CN': '进度分析.xlsx', 'en-US': 'progress.xlsx' },
  efficiency: { 'zh-CN': '效率分析.xlsx', 'en-US': 'efficiency.xlsx' },
  efficiencyPerDay: { 'zh-CN': '每日效率.xlsx', 'en-US': 'efficiency-per-day.xlsx' },
} as const satisfies Record<string, Record<Language, string>>;

export type DownloadKind = keyof typeof DOWNLOAD_NAMES;

/** A download's name in the reader's language, and the ASCII name sent beside it. */
export interface DownloadName {
  fileName: string;
  fallbackName: string;
}

export function downloadName(kind: DownloadKind, language: Language): DownloadName {
  const names = DOWNLOAD_NAMES[kind];
  return { fileName: names[language], fallbackName: names['en-US'] };
}
