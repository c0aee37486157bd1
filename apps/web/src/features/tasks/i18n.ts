import { registerNamespace } from '../../shared/i18n/lazyNamespace.ts';
import enUS from './locales/en-US.ts';
import zhCN from './locales/zh-CN.ts';

/** Namespace `tasks`, registered when the feature's pages load (not part of the login route's first load). */
export const tasksResources = { 'zh-CN': zhCN, 'en-US': enUS };
registerNamespace('tasks', tasksResources);
