/**
 * The permission catalogue and the role map (spec section 6).
 * Permission strings are `<area>.<action>`; the role map is checked by the types, so a role
 * can only hold permissions that exist in the catalogue.
 */
interface PermissionInfo {
  readonly name: { readonly 'zh-CN': string; readonly 'en-US': string };
  readonly description: { readonly 'zh-CN': string; readonly 'en-US': string };
}

const info = (zh: string, en: string, descZh: string, descEn: string): PermissionInfo => ({
  name: { 'zh-CN': zh, 'en-US': en },
  description: { 'zh-CN': descZh, 'en-US': descEn },
});

export const PERMISSION_CATALOGUE = {
  'project.list': info(
    '项目',
    'Projects',
    '打开项目管理并查看公司全部项目',
    'Open project management and see every project of the company',
  ),
  'project.distribute': info(
    '分配',
    'Distribute',
    '为项目分配人员和设备',
    'Assign staff and devices to projects',
  ),
  'project.create': info(
    '新建项目',
    'Create project',
    '新建项目及其楼栋',
    'Create projects and their buildings',
  ),
  'project.delete': info(
    '删除项目',
    'Delete project',
    '删除项目及其全部数据',
    'Delete a project with all its data',
  ),
  'project.publish': info(
    '发布项目',
    'Publish project',
    '发布项目并锁定已有数据',
    'Publish a project and lock its existing data',
  ),
  'project.detail': info('项目详情', 'Project detail', '查看和编辑项目详情', 'View and edit project details'),
  'floorPlan.detailSave': info(
    '户型图详情保存',
    'Save floor plan detail',
    '保存户型图上的房间、测站和测点',
    'Save rooms, stations and points on floor plans',
  ),
  'measureRule.manage': info(
    '测量规则管理',
    'Manage measure rules',
    '维护测量规则',
    'Maintain the measurement rules',
  ),
  'reportData.delete': info(
    '删除报告数据',
    'Delete report data',
    '删除测量报告及其数据',
    'Delete measurement reports and their data',
  ),
  'user.view': info('查看用户', 'View users', '查看公司用户列表', 'See the company user list'),
  'user.create': info('新建用户', 'Create user', '新建公司用户', 'Create company users'),
  'user.import': info('导入用户', 'Import users', '从 Excel 批量导入用户', 'Import users from Excel'),
  'user.manage': info(
    '管理用户',
    'Manage users',
    '编辑、停用、删除用户，分配角色，重置密码',
    'Edit, disable and delete users, assign roles, reset passwords',
  ),
  'org.manage': info(
    '组织管理',
    'Manage organisations',
    '维护组织架构及其成员',
    'Maintain the organisation tree and its members',
  ),
  'role.view': info('查看角色', 'View roles', '查看角色列表', 'See the role list'),
  'permission.view': info('查看权限', 'View permissions', '查看权限目录', 'See the permission catalogue'),
  'device.distribute': info('设备分配', 'Distribute devices', '把设备分配给人员', 'Assign devices to people'),
  'device.unbind': info(
    '设备解绑',
    'Unbind devices',
    '解除设备与人员的绑定',
    'Remove the assigned user of a device',
  ),
  'device.download': info('设备导出', 'Download devices', '导出设备清单', 'Export the device list'),
  'standard.modify': info(
    '标准修改',
    'Modify standards',
    '修改标准库和项目标准',
    'Change the standard library and project standards',
  ),
  'standard.editOperate': info(
    '标准编辑操作',
    'Edit standard operations',
    '编辑项目标准中的测量项操作',
    'Edit measure item operations of project standards',
  ),
  'data.backup': info(
    '数据备份',
    'Data backup',
    '备份、下载、恢复和删除公司的测量数据',
    'Back up, download, restore and delete the company measurement data',
  ),
} as const satisfies Record<string, PermissionInfo>;

export type Permission = keyof typeof PERMISSION_CATALOGUE;
export const PERMISSIONS = Object.keys(PERMISSION_CATALOGUE) as Permission[];

/** Roles that can be given to users; the first role of a user decides (spec section 6). */
export const ROLES = ['CompanyAdmin', 'MeasureAdmin', 'ProjectAdmin', 'Surveyor'] as const;
export type Role = (typeof ROLES)[number];

/** Role labels shown in the product, including the two label-only roles of the spec. */
export const ROLE_LABELS = {
  CompanyAdmin: { 'zh-CN': '公司管理员', 'en-US': 'Company administrator' },
  MeasureAdmin: { 'zh-CN': '测量管理员', 'en-US': 'Measurement administrator' },
  ProjectAdmin: { 'zh-CN': '项目管理员', 'en-US': 'Project administrator' },
  Surveyor: { 'zh-CN': '测量员', 'en-US': 'Surveyor' },
  ManualSurveyor: { 'zh-CN': '手工测量员', 'en-US': 'Manual surveyor' },
  FactoryAdmin: { 'zh-CN': '工厂管理员', 'en-US': 'Factory administrator' },
} as const;
export type RoleLabelKey = keyof typeof ROLE_LABELS;

const PROJECT_PERMISSIONS = [
  'project.list',
  'project.distribute',
  'project.create',
  'project.delete',
  'project.publish',
  'project.detail',
  'floorPlan.detailSave',
  'measureRule.manage',
  'reportData.delete',
] as const satisfies readonly Permission[];

/**
 * Spec section 6, read literally: the company administrator holds the project permissions, user,
 * device and standard-modify permissions (and the administration ones the product needs);
 * the measurement administrator holds the project permissions plus user create/import and both
 * standard permissions, and no device permission; the other two roles hold none.
 */
export const ROLE_PERMISSIONS = {
  CompanyAdmin: [
    ...PROJECT_PERMISSIONS,
    'user.view',
    'user.create',
    'user.import',
    'user.manage',
    'org.manage',
    'role.view',
    'permission.view',
    'device.distribute',
    'device.unbind',
    'device.download',
    'standard.modify',
    'data.backup',
  ],
  MeasureAdmin: [
    ...PROJECT_PERMISSIONS,
    'user.view',
    'user.create',
    'user.import',
    'standard.modify',
    'standard.editOperate',
  ],
  ProjectAdmin: [],
  Surveyor: [],
} as const satisfies Record<Role, readonly Permission[]>;

/** Which projects a role sees: all of the company's, or only those it is assigned to. */
export const ROLE_PROJECT_SCOPE = {
  CompanyAdmin: 'company',
  MeasureAdmin: 'company',
  ProjectAdmin: 'assigned',
  Surveyor: 'assigned',
} as const satisfies Record<Role, 'company' | 'assigned'>;

/** The permissions of a user: those of the first role in the list (spec: the first role decides). */
export function permissionsOfRoles(roles: readonly Role[]): readonly Permission[] {
  const first = roles[0];
  return first ? ROLE_PERMISSIONS[first] : [];
}

export function projectScopeOfRoles(roles: readonly Role[]): 'company' | 'assigned' {
  const first = roles[0];
  return first ? ROLE_PROJECT_SCOPE[first] : 'assigned';
}

/**
 * What a route requires: a permission, any signed-in company user ('authenticated'), nothing, or a
 * device key (`Authorization: Device <key>`, the device API of measurement-api.md section 3).
 * The platform operator, who belongs to no company, passes only 'operator' (the operator console)
 * and 'signedIn' (its own session: GetSelf, Logout); company users never pass 'operator'.
 */
export type Access = Permission | 'authenticated' | 'public' | 'device' | 'operator' | 'signedIn';

/** Whether a stored role name is one of the catalogue's assignable roles. */
export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);
