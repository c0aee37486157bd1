import type notifications from './zh-CN.ts';

const notificationsEnUS: Record<keyof typeof notifications, string> = {
  'notice.title': 'Version update',
  'notice.ok': 'Got it',
  'messages.open': 'Messages',
  'messages.title': 'Messages',
  'messages.all': 'All',
  'messages.unread': 'Unread',
  'messages.markAll': 'Mark all read',
  'messages.markRead': 'Mark read',
  'messages.empty': 'No messages',
  'messages.openWorkOrder': 'Open work order',
  'messages.openTask': 'Open task',
  'messages.kind.version': 'Update',
  'messages.kind.workOrderAssigned': 'Work order',
  'messages.kind.taskFinished': 'Task',
  'messages.kind.reportAudited': 'Report',
  'messages.viewAll': 'View all',
  'page.state': 'State',
  'page.read': 'Read',
  'page.kind': 'Kind',
  'page.allKinds': 'All kinds',
  'page.message': 'Message',
  'page.time': 'Time',
  'page.dates': 'Dates',
  'page.unreadCount': 'Unread: {{count}}',
  'page.total': 'Messages: {{count}}',
  'messages.kind.deviceOffline': 'Device',
};

export default notificationsEnUS;
