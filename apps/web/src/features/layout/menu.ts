import type { Permission, SelfInfo } from '@measure/contract';
import type { TitleKey } from '../../shared/routing/handle.ts';

type FeatureFlag = 'EnabledRobotTask' | 'EnabledModeling' | 'EnabledExternalWall' | 'EnabledGj';

/** A menu page (spec section 2): its path below /measurerobot, title key and what it requires. */
export interface MenuEntry {
  path: string;
  titleKey: TitleKey;
  permission?: Permission;
  feature?: FeatureFlag;
  /** The operator console: shown to the platform operator only, who sees nothing else. */
  operator?: true;
}

/** Only pages that exist are listed; later issues add theirs with their permission or feature flag. */
export const MENU: readonly MenuEntry[] = [
  { path: 'home', titleKey: 'layout:menu.home' },
  { path: 'mscProjectList', titleKey: 'layout:menu.mscProjectList' },
  { path: 'mscPointCloudData', titleKey: 'layout:menu.mscPointCloudData', feature: 'EnabledModeling' },
  { path: 'TaskExcuse', titleKey: 'layout:menu.TaskExcuse' },
  {
    path: 'taskManage',
    titleKey: 'layout:menu.taskManage',
    permission: 'project.distribute',
    feature: 'EnabledRobotTask',
  },
  { path: 'taskCenter', titleKey: 'layout:menu.taskCenter' },
  {
    path: 'externalWallTaskManage',
    titleKey: 'layout:menu.externalWallTaskManage',
    feature: 'EnabledExternalWall',
  },
  { path: 'dataPool', titleKey: 'layout:menu.dataPool' },
  { path: 'mscQualityAnalysis', titleKey: 'layout:menu.mscQualityAnalysis' },
  { path: 'mscProgressAnalysis', titleKey: 'layout:menu.mscProgressAnalysis' },
  { path: 'mscEfficacyAnalysis', titleKey: 'layout:menu.mscEfficacyAnalysis' },
  { path: 'workOrder', titleKey: 'layout:menu.workOrder' },
  { path: 'projectList', titleKey: 'layout:menu.projectList', permission: 'project.list' },
  { path: 'projectUser', titleKey: 'layout:menu.projectUser', permission: 'project.distribute' },
  { path: 'floorPlan', titleKey: 'layout:menu.floorPlan', permission: 'project.list' },
  { path: 'standardManage', titleKey: 'layout:menu.standardManage', permission: 'standard.modify' },
  {
    path: 'measureRuleManage',
    titleKey: 'layout:menu.measureRuleManage',
    permission: 'measureRule.manage',
  },
  { path: 'mscUser', titleKey: 'layout:menu.mscUser', permission: 'user.view' },
  { path: 'orgManage', titleKey: 'layout:menu.orgManage', permission: 'org.manage' },
  { path: 'SKU', titleKey: 'layout:menu.SKU', permission: 'device.distribute', feature: 'EnabledRobotTask' },
  {
    path: 'equipment',
    titleKey: 'layout:menu.equipment',
    permission: 'device.distribute',
    feature: 'EnabledRobotTask',
  },
  {
    path: 'deviceUpdates',
    titleKey: 'layout:menu.deviceUpdates',
    permission: 'device.distribute',
    feature: 'EnabledRobotTask',
  },
  { path: 'permissionList', titleKey: 'layout:menu.permissionList', permission: 'permission.view' },
  { path: 'taskDataBackup', titleKey: 'layout:menu.taskDataBackup', permission: 'data.backup' },
  { path: 'aboug', titleKey: 'layout:menu.aboug' },
  { path: 'myDevices', titleKey: 'layout:menu.myDevices', feature: 'EnabledRobotTask' },
  { path: 'changePassword', titleKey: 'layout:menu.changePassword' },
  { path: 'userManual', titleKey: 'layout:menu.userManual' },
  { path: 'messageList', titleKey: 'layout:menu.messageList' },
  { path: 'demoProjectList', titleKey: 'layout:menu.demoProjectList' },
  { path: 'consoleCompanies', titleKey: 'layout:menu.consoleCompanies', operator: true },
  { path: 'consoleGates', titleKey: 'layout:menu.consoleGates', operator: true },
  { path: 'consoleDevices', titleKey: 'layout:menu.consoleDevices', operator: true },
  { path: 'consoleOrders', titleKey: 'layout:menu.consoleOrders', operator: true },
];

/**
 * Child pages (spec section 2) keep their parent's menu entry selected: the first of the candidates
 * the user sees. The project pages open from the project list, or for a role without it (project
 * administrator, surveyor: spec section 6) from data reports, which lists their projects.
 */
const PROJECT_PARENTS = ['projectList', 'mscProjectList'] as const;
const MENU_PARENT: Readonly<Record<string, readonly string[]>> = {
  mscUserCreate: ['mscUser'],
  projectDetail: PROJECT_PARENTS,
  floorPlanEditorDetail: PROJECT_PARENTS,
  standardManageUCDetail: PROJECT_PARENTS,
  standardTypePage: PROJECT_PARENTS,
  pointTypeDetail: PROJECT_PARENTS,
  designValueTemplate: PROJECT_PARENTS,
  algorithmTemplateDetail: PROJECT_PARENTS,
  viewDeviceDetail: ['SKU'],
  taskDetail: ['taskCenter', 'TaskExcuse'],
  manualMeasure: ['TaskExcuse', 'taskCenter'],
  mscQualityAnalysisDetails: ['mscQualityAnalysis'],
  mscQualityAnalysisBuilding: ['mscQualityAnalysis'],
  mscProgressAnalysisDetail: ['mscProgressAnalysis'],
  mscEfficacyAnalysisDetails: ['mscEfficacyAnalysis'],
  // Spec section 2: a child of data reports; opened from the task detail, so the task center too.
  mscReportData: ['mscProjectList', 'taskCenter'],
  mscProjectReports: ['mscProjectList'],
  // A child of task data (spec section 2), also opened from the point cloud page.
  modelTaskData: ['mscProjectList', 'mscPointCloudData', 'taskCenter'],
  // The demo area (spec section 2): demo project list > demo task list > demo task detail.
  demoTaskList: ['demoProjectList'],
  demoTaskDetail: ['demoProjectList'],
  // A child of task data (spec section 2), opened from external wall task management.
  taskDetailExternalWall: ['mscProjectList', 'externalWallTaskManage', 'taskCenter'],
};

/**
 * What a child page requires beyond a session. The project pages need none: the server shows a
 * user only the projects of their scope, read-only without the edit permissions.
 */
const CHILD_PERMISSION: Readonly<Record<string, Permission>> = {
  mscUserCreate: 'user.create',
  viewDeviceDetail: 'device.distribute',
};

/** Child pages shown only to companies with a feature switched on (as their menu pages are). */
const CHILD_FEATURE: Readonly<Record<string, FeatureFlag>> = {
  modelTaskData: 'EnabledModeling',
  viewDeviceDetail: 'EnabledRobotTask',
  taskDetailExternalWall: 'EnabledExternalWall',
};

/** Every child page (opened from a menu page, with breadcrumbs). */
export const CHILD_PAGES: readonly string[] = Object.keys(MENU_PARENT);

/** Whether a page path below /measurerobot is a child page (opened from a menu page, with breadcrumbs). */
export const isChildPage = (path: string) => MENU_PARENT[path] !== undefined;

/** The menu entry to select for a page path below /measurerobot (`visible`: the user's entries). */
export function menuKeyOf(path: string, visible?: readonly string[]): string {
  const parents = MENU_PARENT[path];
  if (!parents) return path;
  return parents.find((parent) => !visible || visible.includes(parent)) ?? parents[0] ?? path;
}

type Access = Pick<SelfInfo, 'Permissions' | FeatureFlag> & Partial<Pick<SelfInfo, 'IsOperator'>>;

/**
 * Entries the user may see: the platform operator sees the console entries only; a company user
 * sees none of them, and the others when the permission is held and the company has the feature on.
 */
export function visibleMenu(entries: readonly MenuEntry[], self: Access | undefined): MenuEntry[] {
  return entries.filter((entry) => {
    if (Boolean(entry.operator) !== Boolean(self?.IsOperator)) return false;
    if (entry.permission && !self?.Permissions.includes(entry.permission)) return false;
    if (entry.feature && !self?.[entry.feature]) return false;
    return true;
  });
}

/**
 * Whether the user may open a page below /measurerobot by its address: a menu page only when it is
 * in their menu, a child page when they hold what it requires; unknown paths are left to the
 * router's not-found page.
 */
export function mayOpen(path: string, self: Access | undefined): boolean {
  const entry = MENU.find((item) => item.path === path);
  if (entry) return visibleMenu([entry], self).length === 1;
  if (self?.IsOperator) return false;
  const feature = CHILD_FEATURE[path];
  if (feature && !self?.[feature]) return false;
  const permission = CHILD_PERMISSION[path];
  return !permission || (self?.Permissions.includes(permission) ?? false);
}
