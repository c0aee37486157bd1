import { registerNamespace } from '../../shared/i18n/lazyNamespace.ts';
import { registerMessages } from '../../shared/i18n/messages.ts';
import enUS from './locales/en-US.ts';
import zhCN from './locales/zh-CN.ts';

/** Namespace `templates`, registered when the feature's pages load (not part of the login route's first load). */
export const templatesResources = { 'zh-CN': zhCN, 'en-US': enUS };
registerNamespace('templates', templatesResources);
// The pages show contract messages outside their forms too (why the default template stays).
registerMessages();
