import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, ROLES } from '@measure/contract';
import { CHILD_PAGES, MENU, mayOpen, menuKeyOf, visibleMenu, type MenuEntry } from './menu.ts';

const entries: MenuEntry[] = [
  { path: 'mscProjectList', titleKey: 'layout:menu.mscProjectList' },
  { path: 'mscUser', titleKey: 'layout:menu.mscUser', permission: 'user.view' },
  { path: 'taskManage', titleKey: 'layout:menu.projectList', feature: 'EnabledRobotTask' },
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

  it('shows external wall task management and opens its elevation page only with EnabledExternalWall', () => {
    const off = { Permissions: [], ...flags };
    const on = { ...off, EnabledExternalWall: true };
    const paths = (self: typeof off) => visibleMenu(MENU, self).map((entry) => entry.path);
    expect(paths(off)).not.toContain('externalWallTaskManage');
    expect(paths(on)).toContain('externalWallTaskManage');
    expect(mayOpen('taskDetailExternalWall', off)).toBe(false);
    expect(mayOpen('taskDetailExternalWall', on)).toBe(true);
  });

  it('shows the platform operator the console entries only, and company users never', () => {
    const operator = { Permissions: [], ...flags, IsOperator: true };
    expect(visibleMenu(MENU, operator).map((e) => e.path)).toEqual([
      'consoleCompanies',
      'consoleGates',
      'consoleDevices',
      'consoleOrders',
    ]);
    expect(mayOpen('mscProjectList', operator)).toBe(false);
    expect(mayOpen('taskDetail', operator)).toBe(false);
    const allOn = { ...flags, EnabledRobotTask: true, EnabledModeling: true, EnabledExternalWall: true };
    const admin = { Permissions: [...ROLE_PERMISSIONS.CompanyAdmin], ...allOn, IsOperator: false };
    expect(visibleMenu(MENU, admin).filter((e) => e.path.startsWith('console'))).toEqual([]);
    expect(mayOpen('consoleOrders', admin)).toBe(false);
    expect(mayOpen('consoleOrders', undefined)).toBe(false);
  });

  it('shows only unguarded entries before the user info arrives', () => {
    expect(visibleMenu(entries, undefined).map((e) => e.path)).toEqual(['mscProjectList']);
  });

  it('shows the people pages by role: user management with user.view, organisations and permissions to administrators', () => {
    const paths = (permissions: string[]) =>
      visibleMenu(MENU, { Permissions: permissions, ...flags }).map((e) => e.path);
    const surveyor = paths([]);
    expect(surveyor).not.toContain('mscUser');
    expect(surveyor).not.toContain('orgManage');
    expect(surveyor).not.toContain('permissionList');
    expect(paths(['user.view', 'user.create', 'user.import'])).toContain('mscUser');
    expect(paths(['user.view', 'user.create', 'user.import'])).not.toContain('orgManage');
    expect(paths(['user.view', 'org.manage', 'permission.view'])).toEqual(
      expect.arrayContaining(['mscUser', 'orgManage', 'permissionList']),
    );
  });

  it('shows the device pages to holders of device.distribute only (company administrator)', () => {
    const paths = (permissions: string[]) =>
      visibleMenu(MENU, { Permissions: permissions, ...flags, EnabledRobotTask: true }).map((e) => e.path);
    expect(paths(['user.view', 'user.create', 'standard.modify'])).not.toContain('SKU');
    expect(paths(['device.distribute'])).toEqual(
      expect.arrayContaining(['SKU', 'equipment', 'deviceUpdates']),
    );
    expect(menuKeyOf('viewDeviceDetail')).toBe('SKU');
  });

  it('hides the robot pages (task dispatch, devices) while EnabledRobotTask is off, whatever the permissions', () => {
    const all = ['project.distribute', 'device.distribute'] as never[];
    const off = { Permissions: all, ...flags };
    const on = { ...off, EnabledRobotTask: true };
    const robotPages = ['taskManage', 'SKU', 'equipment', 'deviceUpdates', 'myDevices'];
    expect(visibleMenu(MENU, on).map((e) => e.path)).toEqual(expect.arrayContaining(robotPages));
    const paths = visibleMenu(MENU, off).map((e) => e.path);
    for (const page of robotPages) expect(paths, page).not.toContain(page);
    expect(mayOpen('viewDeviceDetail', on)).toBe(true);
    expect(mayOpen('viewDeviceDetail', off)).toBe(false);
    expect(mayOpen('taskManage', off)).toBe(false);
  });

  it('keeps the parent entry selected on a child page', () => {
    expect(menuKeyOf('mscUserCreate')).toBe('mscUser');
    expect(menuKeyOf('aboug')).toBe('aboug');
    expect(menuKeyOf('projectDetail')).toBe('projectList');
    // Without the project list (project administrator, surveyor) the projects open from data reports.
    expect(menuKeyOf('projectDetail', ['mscProjectList', 'aboug'])).toBe('mscProjectList');
    expect(menuKeyOf('pointTypeDetail', ['mscProjectList', 'projectList'])).toBe('projectList');
  });

  it('opens by address exactly the pages of the menu and the child pages the role may use', () => {
    const self = (permissions: string[]) => ({ Permissions: permissions, ...flags }) as never;
    const none = self([]);
    for (const path of ['mscProjectList', 'projectDetail', 'pointTypeDetail', 'aboug', 'userManual']) {
      expect(mayOpen(path, none), path).toBe(true);
    }
    for (const path of ['projectList', 'standardManage', 'floorPlan', 'mscUser', 'mscUserCreate']) {
      expect(mayOpen(path, none), path).toBe(false);
    }
    expect(mayOpen('projectList', self(['project.list']))).toBe(true);
    expect(mayOpen('mscUserCreate', self(['user.view', 'user.create']))).toBe(true);
    expect(mayOpen('unknownPage', none)).toBe(true);
  });

  it('shows the project pages to holders of the project permissions only', () => {
    const paths = (permissions: string[]) =>
      visibleMenu(MENU, { Permissions: permissions, ...flags }).map((e) => e.path);
    expect(paths([])).not.toContain('projectList');
    expect(paths([])).not.toContain('projectUser');
    expect(paths(['project.list'])).toContain('projectList');
    expect(paths(['project.list'])).not.toContain('projectUser');
    expect(paths(['project.list', 'project.distribute'])).toContain('projectUser');
  });

  it('shows the standard library with standard.modify and the measure rules with measureRule.manage', () => {
    const paths = (permissions: string[]) =>
      visibleMenu(MENU, { Permissions: permissions, ...flags }).map((e) => e.path);
    expect(paths([])).not.toContain('standardManage');
    expect(paths([])).not.toContain('measureRuleManage');
    expect(paths(['standard.modify'])).toContain('standardManage');
    expect(paths(['standard.modify'])).not.toContain('measureRuleManage');
    expect(paths(['measureRule.manage'])).toContain('measureRuleManage');
  });

  it('leads every role only to pages it may open: its menu, and the parent of each child page it opens', () => {
    for (const role of ROLES) {
      const self = { Permissions: [...ROLE_PERMISSIONS[role]], ...flags, EnabledRobotTask: true };
      const visible = visibleMenu(MENU, self).map((entry) => entry.path);
      for (const path of visible) expect(mayOpen(path, self), `${role} ${path}`).toBe(true);
      for (const child of CHILD_PAGES.filter((page) => mayOpen(page, self))) {
        const parent = menuKeyOf(child, visible);
        expect(visible, `${role}: ${child} leads back to ${parent}`).toContain(parent);
      }
      // Everyone sees the devices he holds; only device.distribute manages them.
      expect(visible, role).toContain('myDevices');
    }
    const surveyor = visibleMenu(MENU, { Permissions: [], ...flags }).map((entry) => entry.path);
    expect(menuKeyOf('projectDetail', surveyor)).toBe('mscProjectList');
    expect(surveyor).not.toContain('SKU');
  });
});
