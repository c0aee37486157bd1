/** Namespace `manual`: labels of the user manual page (the manual text itself is in ../content). */
const manual = {
  title: '用户手册',
  intro: '本手册介绍登录、项目列表、个人中心和密码管理的使用方法。',
  contents: '目录',
};

export default manual;
