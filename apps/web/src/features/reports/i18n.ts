import { registerNamespace } from '../../shared/i18n/lazyNamespace.ts';
import enUS from './locales/en-US.ts';
import zhCN from './locales/zh-CN.ts';

/** Namespace `reports`, registered when the feature's parts load (not part of the login route's first load). */
export const reportsResources = { 'zh-CN': zhCN, 'en-US': enUS };
registerNamespace('reports', reportsResources);
