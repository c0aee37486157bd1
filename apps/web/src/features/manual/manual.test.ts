import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { isRouteHandle } from '../../shared/routing/handle.ts';
import { MENU } from '../layout/menu.ts';
import { rolesOpening } from './access.ts';
import enUS from './content/en-US/index.ts';
import type { ManualContent } from './content/types.ts';
import zhCN from './content/zh-CN/index.ts';
import { sectionMatches } from './search.ts';
import { MANUAL_SECTIONS, manualPath } from './sections.ts';

/**
 * Pages that may exist without a manual section for now. Keep it empty: a new page comes with its
 * section (sections.ts and both content files). An entry fails as soon as the page has a section or
 * no longer exists, so the list cannot go stale.
 */
const NOT_YET_DOCUMENTED: readonly string[] = [];

/** Every page of the router below /measurerobot: routes with a title, not the not-found catch-alls. */
function pagesOf(list: readonly RouteObject[], below: string[] = []): string[] {
  return list.flatMap((route) => {
    const path = route.path ? [...below, route.path] : below;
    const own =
      route.path && !route.path.includes('*') && isRouteHandle(route.handle) && !route.handle.noTab
        ? [`/${path.join('/')}`.replace(/\/+/g, '/')]
        : [];
    return [...own, ...pagesOf(route.children ?? [], path)];
  });
}

const CLOUD = '/measurerobot/';
const appPages = pagesOf(routes)
  .filter((path) => path.startsWith(CLOUD))
  .map((path) => path.slice(CLOUD.length));
const pageSections: string[] = MANUAL_SECTIONS.filter((section) => section.page).map((section) => section.id);
const topicSections: string[] = MANUAL_SECTIONS.filter((section) => !section.page).map(
  (section) => section.id,
);

describe('user manual coverage', () => {
  it('reads the pages from the router (sanity: the known pages are found)', () => {
    expect(appPages).toEqual(
      expect.arrayContaining(['login', 'mscProjectList', 'projectDetail', 'userManual']),
    );
    expect(appPages.length).toBeGreaterThan(20);
  });

  it('has a section for every page of the app', () => {
    const missing = appPages.filter(
      (page) => !pageSections.includes(page) && !NOT_YET_DOCUMENTED.includes(page),
    );
    expect(
      missing,
      'Pages without a user manual section: add each to MANUAL_SECTIONS (features/manual/sections.ts) ' +
        'and write its text in content/zh-CN and content/en-US',
    ).toEqual([]);
  });

  it('has a section for every menu entry', () => {
    const missing = MENU.map((entry) => entry.path).filter((page) => !pageSections.includes(page));
    expect(missing, 'Menu entries without a user manual section').toEqual([]);
  });

  it('describes no page that no longer exists', () => {
    const stale = pageSections.filter((page) => !appPages.includes(page));
    expect(stale, 'Manual sections naming a page the router does not have: remove or rename them').toEqual(
      [],
    );
    const topicsThatArePages = topicSections.filter((id) => appPages.includes(id));
    expect(topicsThatArePages, 'A topic named like a page: mark it `page: true`').toEqual([]);
  });

  it('keeps the allowlist of undocumented pages empty and current', () => {
    const needless = NOT_YET_DOCUMENTED.filter(
      (page) => pageSections.includes(page) || !appPages.includes(page),
    );
    expect(needless, 'Allowlisted pages that have a section now or no longer exist').toEqual([]);
    expect(NOT_YET_DOCUMENTED).toEqual([]);
  });

  it('lists each section once', () => {
    const ids = MANUAL_SECTIONS.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('user manual content', () => {
  const languages: [string, ManualContent][] = [
    ['zh-CN', zhCN],
    ['en-US', enUS],
  ];

  it.each(languages)('has every section with a title and text in %s', (_language, content) => {
    for (const { id } of MANUAL_SECTIONS) {
      const section = content[id];
      expect(section.title.trim(), id).not.toBe('');
      expect(section.paragraphs.length, id).toBeGreaterThan(0);
      for (const text of [...section.paragraphs, ...(section.steps ?? []), ...(section.rules ?? [])]) {
        expect(text.trim(), id).not.toBe('');
      }
    }
    expect(Object.keys(content).sort()).toEqual(MANUAL_SECTIONS.map((section) => section.id).sort());
  });

  it('gives both languages the same shape: lists of the same length per section', () => {
    for (const { id } of MANUAL_SECTIONS) {
      const [zh, en] = [zhCN[id], enUS[id]];
      expect(en.paragraphs.length, `${id} paragraphs`).toBe(zh.paragraphs.length);
      expect(en.steps?.length, `${id} steps`).toBe(zh.steps?.length);
      expect(en.items?.length, `${id} items`).toBe(zh.items?.length);
      expect(en.rules?.length, `${id} rules`).toBe(zh.rules?.length);
    }
  });

  it('uses the agreed Chinese terms (测站 for station, 测区类型 for site type), as the app does', () => {
    expect(JSON.stringify(zhCN)).not.toMatch(/站点|场地类型/);
    // The screens the manual describes say the same: every Chinese text of the web and the contract.
    const features = join(import.meta.dirname, '..');
    const files = [
      ...readdirSync(features)
        .map((feature) => join(features, feature, 'locales', 'zh-CN.ts'))
        .filter((file) => existsSync(file)),
      join(features, '..', 'shared', 'i18n', 'locales', 'zh-CN.ts'),
      join(features, '..', '..', '..', '..', 'packages', 'contract', 'src', 'i18n', 'messages.zh-CN.ts'),
      join(features, '..', '..', '..', '..', 'packages', 'contract', 'src', 'permissions.ts'),
    ];
    expect(files.length).toBeGreaterThan(10);
    const offending = files.filter((file) => /站点|场地类型/.test(readFileSync(file, 'utf8')));
    expect(offending, 'Chinese texts saying 站点 or 场地类型 instead of 测站 or 测区类型').toEqual([]);
  });
});

describe('user manual helpers', () => {
  it('derives who may open a page from the menu and the role map', () => {
    expect(rolesOpening('mscUser')).toEqual(['CompanyAdmin', 'MeasureAdmin']);
    expect(rolesOpening('orgManage')).toEqual(['CompanyAdmin']);
    expect(rolesOpening('mscUserCreate')).toEqual(['CompanyAdmin', 'MeasureAdmin']);
    expect(rolesOpening('projectDetail')).toEqual([
      'CompanyAdmin',
      'MeasureAdmin',
      'ProjectAdmin',
      'Surveyor',
    ]);
  });

  it('filters sections by every word of the keyword, ignoring case', () => {
    const section = enUS.projectList;
    expect(sectionMatches(section, '')).toBe(true);
    expect(sectionMatches(section, 'PUBLISH building')).toBe(true);
    expect(sectionMatches(section, 'publish xylophone')).toBe(false);
  });

  it('links to a section', () => {
    expect(manualPath('projectDetail')).toBe('/measurerobot/userManual?section=projectDetail');
  });
});
