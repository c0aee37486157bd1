import type { Language } from '@measure/contract/languages';
import authEnUS from '../../features/auth/locales/en-US.ts';
import authZhCN from '../../features/auth/locales/zh-CN.ts';
import layoutEnUS from '../../features/layout/locales/en-US.ts';
import layoutZhCN from '../../features/layout/locales/zh-CN.ts';
import manualEnUS from '../../features/manual/locales/en-US.ts';
import manualZhCN from '../../features/manual/locales/zh-CN.ts';
import accountEnUS from '../../features/account/locales/en-US.ts';
import accountZhCN from '../../features/account/locales/zh-CN.ts';
import commonEnUS from './locales/en-US.ts';
import commonZhCN from './locales/zh-CN.ts';

/**
 * One namespace per feature. The contract's `messages` namespace is added by ./messages.ts when forms
 * load; page-only features behind the login (users, orgs, roles) add theirs from their `i18n.ts`
 * when their pages load (./lazyNamespace.ts).
 */
export const resources = {
  'zh-CN': {
    common: commonZhCN,
    auth: authZhCN,
    layout: layoutZhCN,
    account: accountZhCN,
    manual: manualZhCN,
  },
  'en-US': {
    common: commonEnUS,
    auth: authEnUS,
    layout: layoutEnUS,
    account: accountEnUS,
    manual: manualEnUS,
  },
} satisfies Record<Language, Record<string, Record<string, string>>>;

export type Namespace = keyof (typeof resources)['zh-CN'];
export const NAMESPACES = Object.keys(resources['zh-CN']) as Namespace[];
