/** Namespace `demo-area`: the demo area's pages (the platform's example project, read-only). */
const demoAreaZhCN = {
  notice: '演示数据：平台提供的示例项目，与贵公司的数据分开，只能查看，不能修改。',
  'projects.title': '演示项目',
  'projects.name': '项目名称',
  'projects.address': '地址',
  'projects.buildings': '楼栋',
  'projects.tasks': '查看任务',
  'tasks.title': '演示任务',
  'tasks.name': '任务名称',
  'tasks.details': '详情',
  'detail.sites': '测点',
  'detail.items': '测量项',
  'detail.scans': '扫描',
  'detail.externalWalls': '外墙',
  'detail.scanKind.pointcloud': '点云',
  'detail.scanKind.model': '模型',
  'detail.scanName': '名称',
  'detail.scanKind': '类型',
  'detail.scanState': '状态',
  'detail.readings': '读数',
  'detail.site': '测点详情',
  back: '返回',
};

export default demoAreaZhCN;
