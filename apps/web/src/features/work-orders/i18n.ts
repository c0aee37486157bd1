import { registerNamespace } from '../../shared/i18n/lazyNamespace.ts';
import enUS from './locales/en-US.ts';
import zhCN from './locales/zh-CN.ts';

/** Namespace `work-orders`, registered when the page loads (not part of the login route's first load). */
export const workOrdersResources = { 'zh-CN': zhCN, 'en-US': enUS };
registerNamespace('work-orders', workOrdersResources);
