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
import { registerNamespace } from './lazyNamespace.ts';

/**
 * The namespaces registered without a feature `i18n.ts`: `common` and `auth` from the start
 * (./index.ts, the login route), the others by the app shell when it loads
 * (`registerShellNamespaces`). The contract's `messages` namespace is added by ./messages.ts when
 * forms load; page-only features behind the login (users, orgs, roles, ...) add theirs from their
 * `i18n.ts` when their pages load (./lazyNamespace.ts).
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

/** Called by the app shell's module: the texts of the shell and its own pages. */
export function registerShellNamespaces(): void {
  for (const ns of NAMESPACES) {
    registerNamespace(ns, { 'zh-CN': resources['zh-CN'][ns], 'en-US': resources['en-US'][ns] });
  }
}
