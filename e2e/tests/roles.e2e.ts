import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, createReadyAdmin, type TestUser, apiRoutes } from '../support/api.ts';
import { BASE_URL, DEMO } from '../support/browser.ts';
import { signInAndLand } from '../support/sign-in.ts';

/**
 * Issue 10, defect 3: project administrators and surveyors (no permissions, spec section 6) see
 * every page they may open in their menu, highlighted when open; their projects open from data
 * reports, read-only; any other page opened by address says "no access".
 */

const made: { projectId: string; token: string }[] = [];
test.afterEach(async () => {
  for (const { projectId, token } of made.splice(0)) {
    await api(apiRoutes.projects.delete, { ProjectId: projectId }, token).catch(() => undefined);
  }
});

const stamp = () => `${Date.now().toString(36)}${crypto.randomInt(1000, 9999)}`;

/** A fresh user of the role, ready to sign in, on the staff of a fresh project. */
async function staffOfProject(role: 'ProjectAdmin' | 'Surveyor') {
  const admin = await createReadyAdmin();
  const token = await apiLogin(admin.login, admin.password);
  const projectName = `E2E角色${stamp()}`;
  const project = await api(
    apiRoutes.projects.add,
    {
      Name: projectName,
      DetailsInfo: [{ BuildingNumber: '1', Stories: 2, Households: 2, DeliveryStandard: 'fine' }],
    },
    token,
  );
  made.push({ projectId: project.ProjectId, token });
  const id = stamp();
  const user: TestUser = {
    login: `${role}-${id}@e2e.example.com`,
    password: 'Ready@12345',
    name: `角色${id}`,
  };
  const demo = await apiLogin(DEMO.admin.login, DEMO.admin.password);
  const row = await api(
    apiRoutes.userAdmin.createUser,
    { Name: user.name, Email: user.login, Password: 'First@12345', RoleNameList: [role] },
    demo,
  );
  const first = await apiLogin(user.login, 'First@12345');
  await api(
    apiRoutes.account.changePassword,
    { OldPassword: 'First@12345', NewPassword: user.password },
    first,
  );
  await api(
    apiRoutes.projects.saveProjectUser,
    { ProjectId: project.ProjectId, UserIds: [row.UserId] },
    token,
  );
  return { user, projectName, projectId: project.ProjectId };
}

const menuTexts = async (page: Page) => {
  await expect(page.getByRole('menu').getByRole('menuitem').first()).toBeVisible();
  return (await page.getByRole('menu').getByRole('menuitem').allTextContents()).map((text) => text.trim());
};
const selectedMenu = (page: Page) => page.locator('.ant-menu-item-selected').textContent();

for (const role of ['ProjectAdmin', 'Surveyor'] as const)
  test.describe(`${role}`, () => {
    test('opens its project from data reports, highlighted, and is refused other pages by address', async ({
      browsers,
    }) => {
      const { page, errors } = await browsers.open();
      const { user, projectName, projectId } = await staffOfProject(role);
      await signInAndLand(page, user);
      expect(await menuTexts(page)).toEqual([
        '首页',
        '数据报表',
        '点云数据',
        '任务执行',
        '任务管理',
        '外墙任务管理',
        '数据库',
        '质量分析',
        '进度分析',
        '效率分析',
        '工单管理',
        '个人中心',
        '我的设备',
        '修改密码',
        '用户手册',
        '消息列表',
        '演示项目',
      ]);

      // The row's project details link opens the project, read-only, with data reports still highlighted.
      await page
        .locator('.ant-table-row', { hasText: projectName })
        .getByRole('link', { name: '项目详情' })
        .click();
      await page.waitForURL(`**/measurerobot/projectDetail?id=${projectId}`);
      await expect(page.getByRole('tab', { name: '概览' })).toBeVisible();
      await expect.poll(() => selectedMenu(page)).toBe('数据报表');
      await expect(page.getByRole('button', { name: /^编\s*辑$/ })).toHaveCount(0);

      // Pages outside the menu: a clear "no access" page with the way back.
      for (const path of ['projectList', 'standardManage', 'mscUser', 'taskManage']) {
        await page.goto(`${BASE_URL}/measurerobot/${path}`);
        await expect(page.getByText('没有权限')).toBeVisible();
        await expect(page.getByText('您的角色不能使用此页面。')).toBeVisible();
      }
      await page.getByRole('button', { name: '返回首页' }).click();
      await page.waitForURL('**/measurerobot/mscProjectList');
      await expect(page.getByRole('link', { name: projectName })).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
