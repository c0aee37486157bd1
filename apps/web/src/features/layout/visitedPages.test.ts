import { describe, expect, it } from 'vitest';
import {
  addPage,
  locationOf,
  keepOnly,
  neighbourOf,
  removeAllPages,
  removePage,
  replacePage,
  type VisitedPage,
} from './visitedPages.ts';

const a: VisitedPage = { path: '/measurerobot/mscProjectList', titleKey: 'layout:menu.mscProjectList' };
const b: VisitedPage = { path: '/measurerobot/aboug', titleKey: 'layout:menu.aboug' };
const c: VisitedPage = { path: '/measurerobot/changePassword', titleKey: 'layout:menu.changePassword' };

describe('visited pages', () => {
  it('adds pages once per path', () => {
    const pages = addPage(addPage(addPage([], a), b), a);
    expect(pages).toEqual([a, b]);
  });

  it('updates the title of a known path in place', () => {
    const renamed: VisitedPage = { ...b, titleKey: 'layout:menu.userManual' };
    expect(addPage([a, b, c], renamed)).toEqual([a, renamed, c]);
  });

  it('removes one page or all of them', () => {
    expect(removePage([a, b, c], b.path)).toEqual([a, c]);
    expect(removePage([a], '/nope')).toEqual([a]);
    expect(removeAllPages()).toEqual([]);
  });

  it('replaces a page in place without creating duplicates', () => {
    expect(replacePage([a, b], b.path, c)).toEqual([a, c]);
    expect(replacePage([a, b, c], a.path, c)).toEqual([c, b]);
    expect(replacePage([a], '/missing', b)).toEqual([a, b]);
  });

  it('keeps only one page', () => {
    expect(keepOnly([a, b, c], b.path)).toEqual([b]);
  });

  it('finds the page to show after closing one', () => {
    expect(neighbourOf([a, b, c], b.path)).toEqual(c);
    expect(neighbourOf([a, b, c], c.path)).toEqual(b);
    expect(neighbourOf([a], a.path)).toBeUndefined();
  });
});

describe('query strings of tabs', () => {
  it('keeps one tab per path and remembers the latest query string', () => {
    const edit = addPage([], {
      path: '/measurerobot/mscUserCreate',
      search: '?id=1',
      titleKey: 'layout:menu.mscUserCreate',
    });
    const other = addPage(edit, {
      path: '/measurerobot/mscUserCreate',
      search: '?id=2',
      titleKey: 'layout:menu.mscUserCreate',
    });
    expect(other).toHaveLength(1);
    expect(locationOf(other[0]!)).toBe('/measurerobot/mscUserCreate?id=2');
    expect(locationOf({ path: '/measurerobot/aboug', titleKey: 'layout:menu.aboug' })).toBe(
      '/measurerobot/aboug',
    );
  });
});
