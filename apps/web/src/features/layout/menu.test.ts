import { describe, expect, it } from 'vitest';
import { visibleMenu, type MenuEntry } from './menu.ts';

const entries: MenuEntry[] = [
  { path: 'mscProjectList', titleKey: 'a' },
  { path: 'mscUser', titleKey: 'b', permission: 'user.view' },
  { path: 'taskManage', titleKey: 'c', feature: 'EnabledRobotTask' },
];
const flags = {
  EnabledRobotTask: false,
  EnabledModeling: false,
  EnabledExternalWall: false,
  EnabledGj: false,
};

describe('menu', () => {
  it('hides entries whose permission the user lacks', () => {
    expect(visibleMenu(entries, { Permissions: [], ...flags }).map((e) => e.path)).toEqual([
      'mscProjectList',
    ]);
    expect(visibleMenu(entries, { Permissions: ['user.view'], ...flags }).map((e) => e.path)).toEqual([
      'mscProjectList',
      'mscUser',
    ]);
  });

  it('hides entries whose feature is switched off', () => {
    const on = { Permissions: [], ...flags, EnabledRobotTask: true };
    expect(visibleMenu(entries, on).map((e) => e.path)).toEqual(['mscProjectList', 'taskManage']);
  });

  it('shows only unguarded entries before the user info arrives', () => {
    expect(visibleMenu(entries, undefined).map((e) => e.path)).toEqual(['mscProjectList']);
  });
});
