import { registerNamespace } from '../../shared/i18n/lazyNamespace.ts';
import enUS from './locales/en-US.ts';
import zhCN from './locales/zh-CN.ts';

/** Namespace `house-maps`, registered when the editor page loads (not part of the login route's first load). */
export const houseMapsResources = { 'zh-CN': zhCN, 'en-US': enUS };
registerNamespace('house-maps', houseMapsResources);
