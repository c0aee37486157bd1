/** Namespace `projects`: the data reports landing page. */
const projects = {
  title: '项目列表',
  searchPlaceholder: '按项目名称搜索',
  'column.name': '项目名称',
  'column.address': '项目地址',
  'column.buildingCount': '楼栋数',
  'column.state': '发布状态',
  'column.updateTime': '更新时间',
  'state.published': '已发布',
  'state.unpublished': '未发布',
  total: '共 {{total}} 个项目',
};

export default projects;
