import { registerNamespace } from '../../shared/i18n/lazyNamespace.ts';
import enUS from './locales/en-US.ts';
import zhCN from './locales/zh-CN.ts';

/** Namespace `user-admin`, registered when the feature's pages load (not part of the login route's first load). */
export const usersResources = { 'zh-CN': zhCN, 'en-US': enUS };
registerNamespace('user-admin', usersResources);
