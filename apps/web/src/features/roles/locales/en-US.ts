import type roles from './zh-CN.ts';

const rolesEnUS: Record<keyof typeof roles, string> = {
  title: 'Permissions',
  'tab.permissions': 'Permission catalogue',
  'tab.roles': 'Roles',
  'permission.search': 'Search name, ID mark or description',
  'permission.name': 'Permission',
  'permission.idMark': 'ID mark',
  'permission.description': 'Description',
  'permission.roles': 'Roles holding it',
  'role.help':
    'When a user has several roles, the first one decides. Manual surveyor and factory administrator are labels only and cannot be assigned.',
  'role.label': 'Role',
  'role.assignable': 'Assignable',
  'role.assignableYes': 'Assignable',
  'role.assignableNo': 'Label only',
  'role.permissionCount': 'Permissions',
  'role.userCount': 'Users',
};

export default rolesEnUS;
