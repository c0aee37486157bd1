/** Namespace `roles`: the permission list page with the role list. */
const roles = {
  title: '权限列表',
  'tab.permissions': '权限目录',
  'tab.roles': '角色列表',
  'permission.search': '搜索权限名称、标识或描述',
  'permission.name': '权限名称',
  'permission.idMark': '权限标识',
  'permission.description': '描述',
  'permission.roles': '拥有该权限的角色',
  'role.help': '用户有多个角色时，第一个角色决定其权限。手工测量员和工厂管理员只作为标签显示，不能分配。',
  'role.label': '角色',
  'role.assignable': '可分配',
  'role.assignableYes': '可分配',
  'role.assignableNo': '仅标签',
  'role.permissionCount': '权限数',
  'role.userCount': '用户数',
};

export default roles;
