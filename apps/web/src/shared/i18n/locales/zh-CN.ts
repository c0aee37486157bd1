/** Namespace `common`: texts shared by every feature, including the request errors of spec section 8. */
const common = {
  appName: '测量云',
  loading: '加载中',
  'language.label': '语言',
  fetch002: '认证信息已过期或账号已被禁用，即将退出登录',
  fetch003: '服务器没有响应，请稍后再试',
  fetch004: '请求已取消',
  fetch005: '网络异常，请检查网络连接',
  fetchIntercepted: '请求响应被拦截',
  'action.ok': '确定',
  'action.cancel': '取消',
  'action.save': '保存',
  'action.edit': '编辑',
  'action.reload': '重新加载',
  'action.backHome': '返回首页',
  'forbidden.title': '没有权限',
  'forbidden.subTitle': '您的角色不能使用此页面。',
  'action.delete': '删除',
  'search.tooLong': '查询条件不能超过 {{max}} 个字符',
  'notFound.title': '页面不存在',
  'notFound.subTitle': '您访问的页面不存在或已被移除。',
  'error.title': '页面加载失败',
  'error.subTitle': '可能是网络中断或系统已更新，请重新加载页面。',
};

export default common;
