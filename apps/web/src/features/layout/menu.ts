import type { Permission, SelfInfo } from '@measure/contract';

type FeatureFlag = 'EnabledRobotTask' | 'EnabledModeling' | 'EnabledExternalWall' | 'EnabledGj';

/** A menu page (spec section 2): its path below /measurerobot, title key and what it requires. */
export interface MenuEntry {
  path: string;
  titleKey: string;
  permission?: Permission;
  feature?: FeatureFlag;
}

/** Only pages that exist are listed; later issues add theirs with their permission or feature flag. */
export const MENU: readonly MenuEntry[] = [
  { path: 'mscProjectList', titleKey: 'layout:menu.mscProjectList' },
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
  { path: 'SKU', titleKey: 'layout:menu.SKU', permission: 'device.distribute' },
  { path: 'equipment', titleKey: 'layout:menu.equipment', permission: 'device.distribute' },
  { path: 'permissionList', titleKey: 'layout:menu.permissionList', permission: 'permission.view' },
  { path: 'aboug', titleKey: 'layout:menu.aboug' },
  { path: 'changePassword', titleKey: 'layout:menu.changePassword' },
  { path: 'userManual', titleKey: 'layout:menu.userManual' },
];

/** Child pages (spec section 2) keep their parent's menu entry selected. */
const MENU_PARENT: Readonly<Record<string, string>> = {
  mscUserCreate: 'mscUser',
  projectDetail: 'projectList',
  floorPlanEditorDetail: 'projectList',
  standardManageUCDetail: 'projectList',
  standardTypePage: 'projectList',
  pointTypeDetail: 'projectList',
  designValueTemplate: 'projectList',
  algorithmTemplateDetail: 'projectList',
  viewDeviceDetail: 'SKU',
};

/** The menu entry to select for a page path below /measurerobot. */
export function menuKeyOf(path: string): string {
  return MENU_PARENT[path] ?? path;
}

type Access = Pick<SelfInfo, 'Permissions' | FeatureFlag>;

/** Entries the user may see: the permission is held and the company has the feature switched on. */
export function visibleMenu(entries: readonly MenuEntry[], self: Access | undefined): MenuEntry[] {
  return entries.filter((entry) => {
    if (entry.permission && !self?.Permissions.includes(entry.permission)) return false;
    if (entry.feature && !self?.[entry.feature]) return false;
    return true;
  });
}
