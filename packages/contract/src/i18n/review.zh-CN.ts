/** Review messages (Chinese, the reference); spread into messages.zh-CN.ts. */
export const reviewMessagesZhCN = {
  'review.pointIndexRange': '测区序号必须是 1 到 10000000 之间的整数',
  'review.rulerIndexRange': '标尺序号必须是 0 到 20000 之间的整数',
  'review.siteNotFound': '该任务没有序号为 {index} 的测区',
  'review.itemNotMeasured': '测区 {index} 没有测量项 {code} 的读数',
  'review.rulerOutOfRange': '测量项 {code} 在该测区只有 {count} 个测量值，序号 {ruler} 超出范围',
  'review.noRulers': '测量项 {code} 在该测区没有标尺，不能移动标尺',
  'review.taskAudited': '任务已审核，数据已锁定，不能再修改',
  'review.taskCancelled': '任务已取消，不能修改数据',
  'review.auditState': '只有已上传的任务可以审核',
  'review.pictureNotFound': '图片不存在',
  'review.pictureUndecodable': '图片无法解码，不能标注（{reason}）',
  'review.notFlatness': '测量项 {code} 不是平整度项，算法图只针对平整度项生成',
  'review.algorithmNoGeometry':
    '测区 {index} 的测量项 {code} 没有带靠尺位置的有效读数，也没有可读取的点云，无法绘制墙面',
  'review.algorithmFailed': '算法图生成失败（{reason}）',
  'review.rulerSaved': '标尺设置已保存',
  'review.valueSaved': '测量值已修改',
  'review.audited': '任务已审核',
} as const;
