/** Namespace `results`: manual entry of readings. */
const zhCN = {
  'manual.title': '录入读数',
  'manual.note':
    '为任务的户和房间手工录入读数（只显示测量规则允许手工录入的测量项）。保存后立即按任务冻结的标准判定；同一房间再次保存即为更正。',
  'manual.household': '户',
  'manual.room': '房间',
  'manual.wholeHousehold': '整户',
  'manual.householdLabel': '{{building}} {{floor}}层 {{household}}户',
  'manual.item': '测量项',
  'manual.values': '读数（mm）',
  'manual.standard': '标准 [{{left}}, {{right}}]',
  'manual.addValue': '增加读数',
  'manual.removeValue': '删除读数',
  'manual.save': '保存',
  'manual.saved': '读数已保存，合格率 {{rate}}',
  'manual.nothing': '请至少为一个测量项填写读数',
  'manual.noItems': '该任务没有允许手工录入的测量项',
  'manual.readOnly': '该任务已结束或不是分配给您的任务，读数只能查看',
  'manual.entries': '已录入的测区',
  'manual.edit': '编辑',
  'manual.place': '位置',
  'manual.readings': '读数',
  'manual.passRate': '合格率',
  'manual.needsDesign': '设计值取自测区类型',
  'manual.back': '返回',
  'grade.qualified': '合格',
  'grade.warning': '临界',
  'grade.unqualified': '超差',
  'grade.exploded': '爆点',
} as const;

export default zhCN;
