import type layout from './zh-CN.ts';

const layoutEnUS: Record<keyof typeof layout, string> = {
  'menu.mscProjectList': 'Data reports',
  'menu.projectList': 'Projects',
  'menu.projectDetail': 'Project detail',
  'menu.projectUser': 'Project staff',
  'menu.mscUser': 'User management',
  'menu.mscUserCreate': 'Create / edit user',
  'menu.orgManage': 'Organisations',
  'menu.permissionList': 'Permissions',
  'menu.aboug': 'Personal centre',
  'menu.changePassword': 'Change password',
  'menu.userManual': 'User manual',
  'top.userManual': 'User manual',
  'top.profile': 'Personal centre',
  'top.signOut': 'Sign out',
  'top.signOutConfirm': 'Do you want to sign out?',
  'top.signedOut': 'Signed out',
  'tabs.actions': 'Tabs',
  'tabs.closeThis': 'Close this',
  'tabs.closeOthers': 'Close others',
  'tabs.closeAll': 'Close all',
  'probe.timeout': 'The request timed out; please check the network',
  'probe.lost': 'The network is disconnected',
  'probe.back': 'The network is connected again',
};

export default layoutEnUS;
