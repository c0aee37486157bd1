/**
 * Types of the i18next resources: every namespace, eager and lazy, typed from its zh-CN locale
 * (the reference language; en-US is typed against its keys), so a `t()` call with a key that does
 * not exist, or with a template literal whose parts do not all name keys, fails `tsc`.
 * Type-only (import it with `import type`): nothing here reaches the bundle; the runtime
 * registration stays in ./resources.ts (eager), ./messages.ts and the features' `i18n.ts` (lazy).
 */
import type { MessageKey } from '@measure/contract/i18n/index';
import type account from '../../features/account/locales/zh-CN.ts';
import type auth from '../../features/auth/locales/zh-CN.ts';
import type devices from '../../features/devices/locales/zh-CN.ts';
import type tasks from '../../features/tasks/locales/zh-CN.ts';
import type results from '../../features/results/locales/zh-CN.ts';
import type analysis from '../../features/analysis/locales/zh-CN.ts';
import type workOrders from '../../features/work-orders/locales/zh-CN.ts';
import type review from '../../features/review/locales/zh-CN.ts';
import type scans from '../../features/scans/locales/zh-CN.ts';
import type externalWalls from '../../features/external-walls/locales/zh-CN.ts';
import type reports from '../../features/reports/locales/zh-CN.ts';
import type houseMaps from '../../features/house-maps/locales/zh-CN.ts';
import type layout from '../../features/layout/locales/zh-CN.ts';
import type manual from '../../features/manual/locales/zh-CN.ts';
import type notifications from '../../features/notifications/locales/zh-CN.ts';
import type orgs from '../../features/orgs/locales/zh-CN.ts';
import type projectStandards from '../../features/project-standards/locales/zh-CN.ts';
import type projects from '../../features/projects/locales/zh-CN.ts';
import type roles from '../../features/roles/locales/zh-CN.ts';
import type standards from '../../features/standards/locales/zh-CN.ts';
import type templates from '../../features/templates/locales/zh-CN.ts';
import type userAdmin from '../../features/user-admin/locales/zh-CN.ts';
import type demoArea from '../../features/demo-area/locales/zh-CN.ts';
import type dataBackup from '../../features/data-backup/locales/zh-CN.ts';
import type operatorConsole from '../../features/operator-console/locales/zh-CN.ts';
import type common from './locales/zh-CN.ts';

/** Every namespace by name: key -> text. Values are plain strings, so en-US is typed the same way. */
export interface AppResources {
  common: typeof common;
  auth: typeof auth;
  layout: typeof layout;
  account: typeof account;
  manual: typeof manual;
  notifications: typeof notifications;
  orgs: typeof orgs;
  roles: typeof roles;
  'user-admin': typeof userAdmin;
  projects: typeof projects;
  templates: typeof templates;
  'project-standards': typeof projectStandards;
  standards: typeof standards;
  'house-maps': typeof houseMaps;
  devices: typeof devices;
  tasks: typeof tasks;
  results: typeof results;
  analysis: typeof analysis;
  'work-orders': typeof workOrders;
  review: typeof review;
  scans: typeof scans;
  'external-walls': typeof externalWalls;
  reports: typeof reports;
  'demo-area': typeof demoArea;
  'data-backup': typeof dataBackup;
  'operator-console': typeof operatorConsole;
  /** The contract's catalogue (./messages.ts). */
  messages: Record<MessageKey, string>;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    // Keys are flat dotted strings ('login.usernameTip'), as in the runtime options.
    keySeparator: false;
    nsSeparator: ':';
    // A default value does not excuse an unknown key.
    strictKeyChecks: true;
    resources: AppResources;
  }
}

/** A namespace name. */
export type AppNamespace = keyof AppResources;

/** The keys of one namespace: `KeyOf<'common'>` = 'appName' | 'fetch002' | ... */
export type KeyOf<Ns extends AppNamespace> = keyof AppResources[Ns] & string;

/** A key with its namespace ('layout:menu.projectList'), of any namespace or of those named. */
export type QualifiedKey<Namespaces extends AppNamespace = AppNamespace> = {
  [Ns in Namespaces]: `${Ns}:${KeyOf<Ns>}`;
}[Namespaces];

/**
 * What may follow `Prefix` in a key of `Ns`, for keys built at run time: with
 * `KeySuffix<'projects', 'delivery.'>` (= 'fine' | 'none') `t(`delivery.${value}`)` type-checks.
 */
export type KeySuffix<Ns extends AppNamespace, Prefix extends string> =
  KeyOf<Ns> extends infer Key ? (Key extends `${Prefix}${infer Suffix}` ? Suffix : never) : never;
