import { registerNamespace } from '../../shared/i18n/lazyNamespace.ts';
import enUS from './locales/en-US.ts';
import zhCN from './locales/zh-CN.ts';

/** Namespace `external-walls`, registered when its pages load (not part of the login route's first load). */
export const externalWallsResources = { 'zh-CN': zhCN, 'en-US': enUS };
registerNamespace('external-walls', externalWallsResources);
