import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { devicesResources } from '../../features/devices/i18n.ts';
import { tasksResources } from '../../features/tasks/i18n.ts';
import { resultsResources } from '../../features/results/i18n.ts';
import { analysisResources } from '../../features/analysis/i18n.ts';
import { workOrdersResources } from '../../features/work-orders/i18n.ts';
import { reviewResources } from '../../features/review/i18n.ts';
import { scansResources } from '../../features/scans/i18n.ts';
import { externalWallsResources } from '../../features/external-walls/i18n.ts';
import { reportsResources } from '../../features/reports/i18n.ts';
import { houseMapsResources } from '../../features/house-maps/i18n.ts';
import { notificationsResources } from '../../features/notifications/i18n.ts';
import { orgsResources } from '../../features/orgs/i18n.ts';
import { projectAdminResources } from '../../features/projects/i18n.ts';
import { projectStandardsResources } from '../../features/project-standards/i18n.ts';
import { rolesResources } from '../../features/roles/i18n.ts';
import { templatesResources } from '../../features/templates/i18n.ts';
import { standardsResources } from '../../features/standards/i18n.ts';
import { usersResources } from '../../features/user-admin/i18n.ts';
import { demoAreaResources } from '../../features/demo-area/i18n.ts';
import { dataBackupResources } from '../../features/data-backup/i18n.ts';
import { operatorConsoleResources } from '../../features/operator-console/i18n.ts';
import { messageResources } from './messages.ts';
import { NAMESPACES, resources } from './resources.ts';
import type { AppNamespace } from './types.ts';

/** Namespaces registered when their pages load (see lazyNamespace.ts). */
const lazyResources = {
  'user-admin': usersResources,
  orgs: orgsResources,
  notifications: notificationsResources,
  roles: rolesResources,
  projects: projectAdminResources,
  templates: templatesResources,
  'project-standards': projectStandardsResources,
  standards: standardsResources,
  'house-maps': houseMapsResources,
  devices: devicesResources,
  tasks: tasksResources,
  results: resultsResources,
  analysis: analysisResources,
  'work-orders': workOrdersResources,
  review: reviewResources,
  scans: scansResources,
  'external-walls': externalWallsResources,
  reports: reportsResources,
  'demo-area': demoAreaResources,
  'data-backup': dataBackupResources,
  'operator-console': operatorConsoleResources,
};

const SRC = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const namespaceList: readonly string[] = [...NAMESPACES, ...Object.keys(lazyResources), 'messages'];
const all = (language: 'zh-CN' | 'en-US'): Record<string, Record<string, string>> => ({
  ...resources[language],
  ...Object.fromEntries(Object.entries(lazyResources).map(([ns, bundle]) => [ns, bundle[language]])),
  messages: messageResources[language],
});
const has = (language: 'zh-CN' | 'en-US', ns: string, key: string) =>
  Object.hasOwn(all(language)[ns] ?? {}, key);

/**
 * Keys a file uses: `t('key')` calls resolved against the file's `useTranslation('ns')`
 * (or `common`), plus every 'ns:key' literal (route titles, menu entries, i18n.t calls).
 */
function usedKeys(file: string): { ns: string; key: string }[] {
  const text = readFileSync(file, 'utf8');
  const defaultNs = /useTranslation\(\s*\[?\s*'([\w-]+)'/.exec(text)?.[1] ?? 'common';
  const found: { ns: string; key: string }[] = [];
  for (const match of text.matchAll(/\bt\(\s*'([^'`]+)'/g)) {
    const literal = match[1] ?? '';
    const [ns, key] = literal.includes(':') ? literal.split(':', 2) : [defaultNs, literal];
    found.push({ ns: ns ?? '', key: key ?? '' });
  }
  for (const match of text.matchAll(/'([\w-]+):([\w.]+)'/g)) {
    if (namespaceList.includes(match[1] ?? '')) found.push({ ns: match[1] ?? '', key: match[2] ?? '' });
  }
  return found;
}

/**
 * Latin words a Chinese text may hold: names of formats, standards, keys and tools a reader types or
 * sees as they are. Anything else in a zh-CN text is an English word left untranslated.
 */
const LATIN_IN_CHINESE = new Set(
  [
    'Excel xlsx PDF pdf DXF dxf PNG png JPEG jpeg jpg JSON PostData multipart form-data boundary',
    'NUL Unicode ISO SHA SHA- sha sum certutil hashfile MAC WebGL Enter Esc Backspace',
    'Idempotency-Key Upload-Length filename',
    // Point-cloud and model file formats, and the not-a-number of a bad coordinate (scans).
    'PLY PCD LAS LAZ glTF NaN',
  ]
    .join(' ')
    .split(' '),
);
/** Device API answers that name the values a device must send, as the device sends them. */
const WIRE_VALUE_KEYS = new Set([
  'messages:results.sourceInvalid',
  'messages:results.fileKindInvalid',
  'messages:scans.kindInvalid',
  // The task kinds and the facade place fields, as AddTask and the device API take them.
  'messages:externalWalls.taskKindInvalid',
  'messages:externalWalls.indoorSiteOnFacadeTask',
  'messages:externalWalls.facadeHasNoRoom',
]);

describe('translations', () => {
  it('have the same namespaces and keys in both languages', () => {
    expect(Object.keys(all('en-US')).sort()).toEqual(Object.keys(all('zh-CN')).sort());
    for (const ns of namespaceList) {
      const zh = all('zh-CN')[ns] ?? {};
      const en = all('en-US')[ns] ?? {};
      expect(Object.keys(en).sort(), `namespace ${ns}`).toEqual(Object.keys(zh).sort());
      for (const key of Object.keys(zh)) {
        expect(en[key], `${ns}:${key} (en-US)`).toBeTruthy();
        expect(zh[key], `${ns}:${key} (zh-CN)`).toBeTruthy();
      }
    }
  });

  it('contain every key used in the source', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(10);
    const missing: string[] = [];
    let count = 0;
    for (const file of files) {
      for (const { ns, key } of usedKeys(file)) {
        count += 1;
        for (const language of ['zh-CN', 'en-US'] as const) {
          if (!has(language, ns, key)) missing.push(`${relative(SRC, file)}: ${language} ${ns}:${key}`);
        }
      }
    }
    expect(count).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it('register every feature namespace, statically or from the feature i18n.ts', () => {
    const features = readdirSync(join(SRC, 'features'), { withFileTypes: true })
      .filter(
        (entry) => entry.isDirectory() && readdirSync(join(SRC, 'features', entry.name)).includes('locales'),
      )
      .map((entry) => entry.name);
    for (const feature of features) expect(namespaceList, feature).toContain(feature);
  });

  it('type every namespace registered at run time (types.ts), and no other', () => {
    const typed: Record<AppNamespace, true> = {
      common: true,
      auth: true,
      devices: true,
      tasks: true,
      results: true,
      analysis: true,
      'work-orders': true,
      review: true,
      scans: true,
      'external-walls': true,
      reports: true,
      layout: true,
      account: true,
      manual: true,
      notifications: true,
      orgs: true,
      roles: true,
      'user-admin': true,
      projects: true,
      templates: true,
      'project-standards': true,
      standards: true,
      'house-maps': true,
      'demo-area': true,
      'data-backup': true,
      'operator-console': true,
      messages: true,
    };
    expect(Object.keys(typed).sort()).toEqual([...namespaceList].sort());
  });

  it('leave no English word untranslated in a Chinese text (enum values such as robot or wall)', () => {
    const untranslated: string[] = [];
    for (const [ns, bundle] of Object.entries(all('zh-CN'))) {
      for (const [key, text] of Object.entries(bundle)) {
        if (WIRE_VALUE_KEYS.has(`${ns}:${key}`)) continue;
        const words = text.replace(/\{\{[^}]*\}\}/g, ' ').match(/[A-Za-z][A-Za-z-]{2,}/g) ?? [];
        for (const word of words) if (!LATIN_IN_CHINESE.has(word)) untranslated.push(`${ns}:${key}: ${word}`);
      }
    }
    expect(untranslated).toEqual([]);
  });

  it('call 爆点 "severe deviation" in English, never "exploded"', () => {
    const odd = Object.entries(all('en-US')).flatMap(([ns, bundle]) =>
      Object.entries(bundle)
        .filter(([, text]) => /explod/i.test(text))
        .map(([key]) => `${ns}:${key}`),
    );
    expect(odd).toEqual([]);
    expect(all('en-US').review?.['grade.exploded']).toBe('Severe deviation');
  });

  it('name the spec keys of sections 5 and 8', () => {
    for (const key of ['fetch002', 'fetch003', 'fetch004', 'fetch005'])
      expect(has('en-US', 'common', key)).toBe(true);
    for (const key of ['login.usernameTip', 'F00623', 'F00624']) expect(has('zh-CN', 'auth', key)).toBe(true);
    expect(has('en-US', 'messages', 'rules.passwordConfirm')).toBe(true);
  });
});
