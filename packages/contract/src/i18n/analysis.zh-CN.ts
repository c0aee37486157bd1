/** Analysis messages (Chinese, the reference); spread into messages.zh-CN.ts. */
export const analysisMessagesZhCN = {
  'analysis.scopeRequired': '请至少选择工序、检查类型或测量项之一',
  'analysis.dateRequired': '请选择开始日期或结束日期',
  'analysis.dateOrder': '结束日期不能早于开始日期',
  'analysis.rangeTooLong': '日期范围不能超过 5 年',
  'analysis.bandRange': '评级分数线应在 0 到 100 之间',
  'analysis.bandOrder': '“中”的分数线不能高于“高”的分数线',
  'analysis.projectNotVisible': '项目不存在，或不在您可查看的项目范围内',
  'analysis.itemNotOfStage': '测量项 {code} 不属于所选工序',
} as const;
