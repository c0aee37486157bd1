/**
 * The sections of the user manual, in reading order, grouped in chapters. A page section is named
 * by its route path below /measurerobot (`login`, `projectList`, ...): `manual.test.ts` fails when a
 * page of the router has no section or a page section names no page, so whoever adds a page adds
 * its section here and its text in both languages (content/zh-CN, content/en-US, typed by these ids).
 */
export const MANUAL_CHAPTERS = [
  'basics',
  'projects',
  'projectSetup',
  'library',
  'people',
  'devices',
  'tasks',
  'analysis',
  'account',
  'console',
] as const;
export type ManualChapter = (typeof MANUAL_CHAPTERS)[number];

interface SectionInfo {
  readonly id: string;
  readonly chapter: ManualChapter;
  /** True when `id` is a page's route path; false for topics that are no page (the overview). */
  readonly page: boolean;
}

export const MANUAL_SECTIONS = [
  { id: 'overview', chapter: 'basics', page: false },
  { id: 'roles', chapter: 'basics', page: false },
  { id: 'login', chapter: 'basics', page: true },
  { id: 'shell', chapter: 'basics', page: false },
  { id: 'surfaceMode', chapter: 'basics', page: false },
  { id: 'mscProjectList', chapter: 'projects', page: true },
  { id: 'mscProjectReports', chapter: 'projects', page: true },
  { id: 'projectList', chapter: 'projects', page: true },
  { id: 'projectDetail', chapter: 'projects', page: true },
  { id: 'projectUser', chapter: 'projects', page: true },
  { id: 'floorPlan', chapter: 'projects', page: true },
  { id: 'floorPlanEditorDetail', chapter: 'projects', page: true },
  { id: 'standardManageUCDetail', chapter: 'projectSetup', page: true },
  { id: 'standardTypePage', chapter: 'projectSetup', page: true },
  { id: 'pointTypeDetail', chapter: 'projectSetup', page: true },
  { id: 'designValueTemplate', chapter: 'projectSetup', page: true },
  { id: 'algorithmTemplateDetail', chapter: 'projectSetup', page: true },
  { id: 'standardManage', chapter: 'library', page: true },
  { id: 'measureRuleManage', chapter: 'library', page: true },
  { id: 'mscUser', chapter: 'people', page: true },
  { id: 'mscUserCreate', chapter: 'people', page: true },
  { id: 'orgManage', chapter: 'people', page: true },
  { id: 'permissionList', chapter: 'people', page: true },
  { id: 'myDevices', chapter: 'devices', page: true },
  { id: 'SKU', chapter: 'devices', page: true },
  { id: 'viewDeviceDetail', chapter: 'devices', page: true },
  { id: 'equipment', chapter: 'devices', page: true },
  { id: 'deviceUpdates', chapter: 'devices', page: true },
  { id: 'taskManage', chapter: 'tasks', page: true },
  { id: 'taskCenter', chapter: 'tasks', page: true },
  { id: 'taskDetail', chapter: 'tasks', page: true },
  { id: 'reports', chapter: 'tasks', page: false },
  { id: 'mscReportData', chapter: 'tasks', page: true },
  { id: 'modelTaskData', chapter: 'tasks', page: true },
  { id: 'mscPointCloudData', chapter: 'tasks', page: true },
  { id: 'externalWallTaskManage', chapter: 'tasks', page: true },
  { id: 'taskDetailExternalWall', chapter: 'tasks', page: true },
  { id: 'TaskExcuse', chapter: 'tasks', page: true },
  { id: 'manualMeasure', chapter: 'tasks', page: true },
  { id: 'dataPool', chapter: 'tasks', page: true },
  { id: 'home', chapter: 'analysis', page: true },
  { id: 'mscQualityAnalysis', chapter: 'analysis', page: true },
  { id: 'mscQualityAnalysisDetails', chapter: 'analysis', page: true },
  { id: 'mscQualityAnalysisBuilding', chapter: 'analysis', page: true },
  { id: 'mscProgressAnalysis', chapter: 'analysis', page: true },
  { id: 'mscProgressAnalysisDetail', chapter: 'analysis', page: true },
  { id: 'mscEfficacyAnalysis', chapter: 'analysis', page: true },
  { id: 'mscEfficacyAnalysisDetails', chapter: 'analysis', page: true },
  { id: 'workOrder', chapter: 'tasks', page: true },
  { id: 'aboug', chapter: 'account', page: true },
  { id: 'changePassword', chapter: 'account', page: true },
  { id: 'userManual', chapter: 'account', page: true },
  { id: 'messageList', chapter: 'account', page: true },
  { id: 'taskDataBackup', chapter: 'account', page: true },
  { id: 'demoProjectList', chapter: 'basics', page: true },
  { id: 'demoTaskList', chapter: 'basics', page: true },
  { id: 'demoTaskDetail', chapter: 'basics', page: true },
  { id: 'consoleCompanies', chapter: 'console', page: true },
  { id: 'consoleGates', chapter: 'console', page: true },
  { id: 'consoleDevices', chapter: 'console', page: true },
  { id: 'consoleOrders', chapter: 'console', page: true },
] as const satisfies readonly SectionInfo[];

export type SectionId = (typeof MANUAL_SECTIONS)[number]['id'];

/** The manual opened at one section (a page's help link): `/measurerobot/userManual?section=<id>`. */
export function manualPath(section: SectionId): string {
  return `/measurerobot/userManual?section=${encodeURIComponent(section)}`;
}

export function isSectionId(value: string | null): value is SectionId {
  return MANUAL_SECTIONS.some((section) => section.id === value);
}
