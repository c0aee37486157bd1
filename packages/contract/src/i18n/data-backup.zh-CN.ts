/** Data backup messages (Chinese, the reference language). */
export const dataBackupMessagesZhCN = {
  'dataBackup.dirInvalid': '备份目录名只能包含字母、数字、点、下划线和短横线，且不能以点开头',
  'dataBackup.nothingChosen': '请选择要备份的项目、任务或日期范围：不能备份空内容',
  'dataBackup.tooManyTasks': '所选范围包含的任务超过 {max} 个，请缩小范围',
  'dataBackup.nothingFound': '所选范围内没有可备份的任务',
  'dataBackup.notFound': '备份不存在或您无权查看',
  'dataBackup.notReady': '备份尚未完成',
  'dataBackup.busy': '备份或恢复正在进行，请稍后再试',
  'dataBackup.failed': '备份失败',
  'dataBackup.restoreFailed': '恢复失败，数据未作任何更改',
  'dataBackup.interrupted': '运行期间服务器已停止，且无法继续；数据未作任何更改，请重新开始',
  'dataBackup.damaged': '备份文件已损坏（{reason}），数据未作任何更改',
  'dataBackup.otherCompany': '备份属于其他公司，不能恢复到本公司',
  'dataBackup.started': '备份已开始',
  'dataBackup.restoreStarted': '恢复已开始',
  'dataBackup.deleted': '备份已删除',
} as const;
