import type notifications from './zh-CN.ts';

const notificationsEnUS: Record<keyof typeof notifications, string> = {
  'notice.title': 'Version update',
  'notice.ok': 'Got it',
};

export default notificationsEnUS;
