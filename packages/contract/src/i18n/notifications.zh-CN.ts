/** Message list texts (Chinese, the reference); spread into messages.zh-CN.ts. */
export const notificationsMessagesZhCN = {
  'notifications.message.workOrderAssigned.title': '新工单',
  'notifications.message.workOrderAssigned.content':
    '工单 {order}（{project}，{building} {floor} 层）已分配给你，请及时处理',
  'notifications.message.taskFinished.title': '任务已完成',
  'notifications.message.taskFinished.content': '任务“{task}”（{project}）已测量完成并上传，等待审核',
  'notifications.message.reportAudited.title': '报告已审核',
  'notifications.message.reportAudited.content': '任务“{task}”（{project}）已审核，报告已定稿',
  'notifications.message.deviceOffline.title': '设备离线',
  'notifications.message.deviceOffline.content': '设备 {device} 自 {since} 起没有心跳，已离线',
};
