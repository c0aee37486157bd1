/**
 * Server messages and shared validation-rule messages, Chinese (the reference language).
 * Keys are dotted; `{name}` placeholders are filled by `formatMessage`.
 * The English file is typed against these keys, so a missing key fails the typecheck.
 */
export const messagesZhCN = {
  'common.success': '操作成功',

  'errors.badRequest': '请求参数不正确',
  'errors.unauthenticated': '认证信息已失效或账号已被禁用，请重新登录',
  'errors.forbidden': '您没有执行此操作的权限',
  'errors.notFound': '请求的数据不存在',
  'errors.routeNotFound': '接口不存在：{path}',
  'errors.conflict': '数据已存在或已被修改',
  'errors.locked': '项目已发布，数据已锁定，不能修改',
  'errors.tooManyAttempts': '尝试次数过多，请 {seconds} 秒后再试',
  'errors.internal': '服务器暂时无法响应，请稍后再试',
  'errors.bodyTooLarge': '请求内容过大，不能超过 {maxMb} MB',
  'errors.invalidJson': '请求内容不是有效的 JSON',
  'errors.unsupportedMediaType': '不支持的请求内容类型',
  'errors.invalidPostData': 'PostData 不是有效的 JSON 字符串',
  'errors.shuttingDown': '服务器正在重启，请稍后再试',

  'validation.required': '必填项',
  'validation.invalidType': '类型不正确，应为{expected}',
  'validation.tooLong': '不能超过 {max} 个字符',
  'validation.tooShort': '不能少于 {min} 个字符',
  'validation.tooBig': '不能大于 {max}',
  'validation.tooSmall': '不能小于 {min}',
  'validation.tooManyItems': '最多 {max} 项',
  'validation.tooFewItems': '至少 {min} 项',
  'validation.invalidValue': '取值不正确',
  'validation.invalidFormat': '格式不正确',
  'validation.notInteger': '必须是整数',

  'rules.required': '请输入必填项',
  'rules.email': '请输入正确的邮箱地址',
  'rules.phone': '请输入正确的手机号码',
  'rules.phoneOrEmail': '请输入正确的手机号码或邮箱地址',
  'rules.maxLength': '不能超过 {max} 个字符',
  'rules.name': '只能包含中文、字母、数字或下划线',
  'rules.notBlank': '不能全部为空格',
  'rules.noWhitespace': '不能包含空白字符',
  'rules.noChinese': '不能包含中文',
  'rules.noSpecial': '不能包含特殊字符',
  'rules.password': '密码须为 9 到 16 位，且同时包含数字、字母和特殊字符 !@#$%^&*?()\\ 之一',
  'rules.passwordConfirm': '两次输入的新密码不一致',
  'rules.uuid': '编号格式不正确',

  'auth.invalidCredentials': '用户名或密码错误',
  'auth.passwordChangeRequired': '登录成功，为了账号安全请先修改密码',
  'auth.passwordExpired': '登录成功，密码已超过有效期，请先修改密码',
  'auth.ticketInvalid': '登录凭证无效或已过期',
  'auth.loggedOut': '已退出登录',
  'auth.oldPasswordWrong': '原密码不正确',
  'auth.samePassword': '新密码不能与原密码相同',
  'auth.passwordChanged': '密码修改成功',
  'auth.verifyCodeSent': '验证码已发送，10 分钟内有效',
  'auth.verifyCodeInvalid': '验证码错误或已过期',
  'auth.verifyCodeTooFrequent': '验证码发送过于频繁，请 {seconds} 秒后再试',
  'auth.verifyCodeSubject': '测量云：重置密码验证码',
  'auth.verifyCodeBody': '您的验证码是 {code}，10 分钟内有效。如非本人操作请忽略。',
  'auth.passwordReset': '密码已重置，请使用新密码登录',
  'auth.accountTypeMismatch': '账号类型与账号不匹配',
  'auth.verifyCodeSendFailed': '获取验证码失败，请稍后再试',

  'users.emailTaken': '该邮箱已被使用',
  'users.phoneTaken': '该手机号已被使用',
  'users.notSelf': '只能修改自己的资料',
  'users.saved': '保存成功',

  'notifications.noneToMark': '没有需要标记的通知',
} as const;

export type MessageKey = keyof typeof messagesZhCN;
