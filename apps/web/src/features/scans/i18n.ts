import { registerNamespace } from '../../shared/i18n/lazyNamespace.ts';
import enUS from './locales/en-US.ts';
import zhCN from './locales/zh-CN.ts';

/** Namespace `scans`, registered when a 3D page loads (not part of the login route's first load). */
export const scansResources = { 'zh-CN': zhCN, 'en-US': enUS };
registerNamespace('scans', scansResources);
