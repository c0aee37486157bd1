/** Namespace `notifications`: the version notice shown after sign-in. */
const notificationsZhCN = {
  'notice.title': '版本更新',
  'notice.ok': '我知道了',
};

export default notificationsZhCN;
