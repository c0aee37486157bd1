import type { notificationsMessagesZhCN } from './notifications.zh-CN.ts';

/** Message list texts (English), typed against the Chinese keys. */
export const notificationsMessagesEnUS: Record<keyof typeof notificationsMessagesZhCN, string> = {
  'notifications.message.workOrderAssigned.title': 'New work order',
  'notifications.message.workOrderAssigned.content':
    'Work order {order} ({project}, {building} floor {floor}) has been assigned to you',
  'notifications.message.taskFinished.title': 'Task finished',
  'notifications.message.taskFinished.content':
    'Task “{task}” ({project}) has been measured and uploaded and awaits the audit',
  'notifications.message.reportAudited.title': 'Report audited',
  'notifications.message.reportAudited.content':
    'Task “{task}” ({project}) has been audited; its report is final',
  'notifications.message.deviceOffline.title': 'Device offline',
  'notifications.message.deviceOffline.content':
    'Device {device} has sent no heartbeat since {since} and is offline',
};
