/** Namespace `manual`: labels of the user manual page (the manual text itself is in ../content). */
const manual = {
  title: '用户手册',
  intro: '本手册按页面介绍测量云的每个功能：页面的用途、可使用的角色、字段和按钮，以及会遇到的规则和提示。',
  contents: '目录',
  search: '搜索手册',
  noMatch: '没有包含该关键词的章节',
  access: '可使用的角色',
  accessPublic: '任何人（登录前）',
  accessFeature: '（需公司开通此功能）',
  items: '字段与按钮',
  steps: '操作步骤',
  rules: '规则与提示',
  openPage: '打开此页面',
  labelSeparator: '：',
  'chapter.basics': '入门',
  'chapter.projects': '项目',
  'chapter.projectSetup': '项目标准与模板',
  'chapter.library': '标准库与测量规则',
  'chapter.people': '用户与组织',
  'chapter.devices': '设备',
  'chapter.tasks': '任务与数据',
  'chapter.analysis': '分析',
  'chapter.account': '个人',
  'chapter.console': '运营控制台',
};

export default manual;
