/** Namespace `notifications`: the version notice shown after sign-in and the message list. */
const notificationsZhCN = {
  'notice.title': '版本更新',
  'notice.ok': '我知道了',
  'messages.open': '消息',
  'messages.title': '消息列表',
  'messages.all': '全部',
  'messages.unread': '未读',
  'messages.markAll': '全部标为已读',
  'messages.markRead': '标为已读',
  'messages.empty': '没有消息',
  'messages.openWorkOrder': '查看工单',
  'messages.openTask': '查看任务',
  'messages.kind.version': '版本更新',
  'messages.kind.workOrderAssigned': '工单',
  'messages.kind.taskFinished': '任务',
  'messages.kind.reportAudited': '报告',
  'messages.kind.deviceOffline': '设备',
};

export default notificationsZhCN;
