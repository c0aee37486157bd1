import { registerNamespace } from '../../shared/i18n/lazyNamespace.ts';
import enUS from './locales/en-US.ts';
import zhCN from './locales/zh-CN.ts';

/** Namespace `data-backup`, registered when the backup page loads. */
export const dataBackupResources = { 'zh-CN': zhCN, 'en-US': enUS };
registerNamespace('data-backup', dataBackupResources);
