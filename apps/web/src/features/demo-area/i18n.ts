import { registerNamespace } from '../../shared/i18n/lazyNamespace.ts';
import enUS from './locales/en-US.ts';
import zhCN from './locales/zh-CN.ts';

/** Namespace `demo-area`, registered when the demo area's pages load. */
export const demoAreaResources = { 'zh-CN': zhCN, 'en-US': enUS };
registerNamespace('demo-area', demoAreaResources);
