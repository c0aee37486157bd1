import { registerNamespace } from '../../shared/i18n/lazyNamespace.ts';
import enUS from './locales/en-US.ts';
import zhCN from './locales/zh-CN.ts';

/** Namespace `operator-console`, registered when the console's pages load. */
export const operatorConsoleResources = { 'zh-CN': zhCN, 'en-US': enUS };
registerNamespace('operator-console', operatorConsoleResources);
