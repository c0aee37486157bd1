import { registerNamespace } from '../../shared/i18n/lazyNamespace.ts';
import enUS from './locales/en-US.ts';
import zhCN from './locales/zh-CN.ts';

/** Namespace `notifications`, registered with the app shell (not part of the login route's first load). */
export const notificationsResources = { 'zh-CN': zhCN, 'en-US': enUS };
registerNamespace('notifications', notificationsResources);
