/** Namespace `account`: personal centre and the change-password page. */
const profile = {
  title: '个人中心',
  editTitle: '编辑个人资料',
  changePasswordTitle: '修改密码',
  'field.Name': '姓名',
  'field.Email': '邮箱',
  'field.Phone': '手机号',
  'field.Gender': '性别',
  'field.Position': '职位',
  'field.Department': '部门',
  'field.Company': '公司',
  'field.Org': '组织',
  'field.Roles': '角色',
  'gender.0': '未知',
  'gender.1': '男',
  'gender.2': '女',
  saved: '保存成功',
  saveFailed: '保存失败',
};

export default profile;
