/** Namespace `layout`: app shell, menu, tabs and the connectivity probe. */
const layout = {
  'menu.mscProjectList': '数据报表',
  'menu.projectList': '项目列表',
  'menu.projectDetail': '项目详情',
  'menu.projectUser': '项目人员',
  'menu.mscUser': '用户管理',
  'menu.mscUserCreate': '新建/编辑用户',
  'menu.orgManage': '组织管理',
  'menu.permissionList': '权限列表',
  'menu.aboug': '个人中心',
  'menu.changePassword': '修改密码',
  'menu.userManual': '用户手册',
  'top.userManual': '用户手册',
  'top.profile': '个人中心',
  'top.signOut': '退出登录',
  'top.signOutConfirm': '确定要退出登录吗？',
  'top.signedOut': '已退出登录',
  'tabs.actions': '标签操作',
  'tabs.closeThis': '关闭当前',
  'tabs.closeOthers': '关闭其他',
  'tabs.closeAll': '关闭全部',
  'probe.timeout': '请求超时，请检查网络',
  'probe.lost': '网络已断开',
  'probe.back': '网络已连接',
};

export default layout;
