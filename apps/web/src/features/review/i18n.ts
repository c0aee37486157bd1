import { registerNamespace } from '../../shared/i18n/lazyNamespace.ts';
import enUS from './locales/en-US.ts';
import zhCN from './locales/zh-CN.ts';

/** Namespace `review`, registered when the feature's pages load (not part of the login route's first load). */
export const reviewResources = { 'zh-CN': zhCN, 'en-US': enUS };
registerNamespace('review', reviewResources);
