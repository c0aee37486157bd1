import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { createReadyAdmin, createReadyUser } from '../support/api.ts';
import { BASE_URL, screenshot, settle } from '../support/browser.ts';
import { signInAndLand } from '../support/sign-in.ts';

/**
 * Issue 10, defect 6 and the Bar: the user manual covers every page in both languages, is
 * navigable and searchable, and agrees with the top bar (the name is text; "Personal centre" opens
 * the profile).
 */

const section = (page: Page, id: string) => page.locator(`section#manual-${id}`);
const visibleSections = (page: Page) => page.locator('section[id^="manual-"]').count();

test('opens the manual from the top bar in Chinese and English, with contents, search and page sections', async ({
  browsers,
}) => {
  const { page, errors } = await browsers.open();
  const user = await createReadyUser();
  await signInAndLand(page, user);
  const header = page.locator('.ant-layout-header');

  await header.getByRole('button', { name: '用户手册' }).click();
  await page.waitForURL('**/measurerobot/userManual');
  await expect(page.getByRole('heading', { name: '用户手册' }).first()).toBeVisible();
  for (const [id, title] of [
    ['projectList', '项目列表'],
    ['floorPlanEditorDetail', '户型图编辑'],
    ['pointTypeDetail', '测区类型详情'],
    ['SKU', '设备管理'],
  ] as const) {
    await expect(section(page, id).getByRole('heading', { name: title, exact: true })).toBeVisible();
  }
  // Who may open a page comes from the role map: user management for both administrator roles.
  const users = section(page, 'mscUser').getByTestId('manual-access');
  await expect(users).toContainText('公司管理员', { useInnerText: true });
  await expect(users).toContainText('测量管理员', { useInnerText: true });
  await expect(users.locator('.ant-tag')).toHaveCount(2);
  const total = await visibleSections(page);
  expect(total).toBeGreaterThan(24);

  // The contents jump to a section.
  await page.locator('.ant-anchor').getByText('机器人', { exact: true }).click();
  await expect(section(page, 'equipment')).toBeVisible();
  await expect
    .poll(async () => (await section(page, 'equipment').boundingBox())?.y ?? 9999, { timeout: 5000 })
    .toBeLessThan(300);

  // The search box keeps only the sections holding every word.
  const search = page.getByPlaceholder('搜索手册');
  await search.fill('密钥');
  await expect.poll(() => visibleSections(page)).toBeLessThan(total);
  await expect(section(page, 'SKU')).toBeVisible();
  await expect(section(page, 'projectList')).toHaveCount(0);
  await search.fill('没有这个词xyz');
  await expect(page.getByText('没有包含该关键词的章节')).toBeVisible();
  await search.fill('');
  await expect.poll(() => visibleSections(page)).toBe(total);

  // The manual and the top bar agree: the name is plain text, the "Personal centre" button opens the profile.
  const profileText = await section(page, 'aboug').innerText();
  expect(profileText).toContain('点击顶部栏的“个人中心”按钮');
  await expect(header.getByRole('button', { name: user.name })).toHaveCount(0);
  await settle(page);
  await screenshot(page, 'manual-zh-CN');

  // English: the same sections in English, search included.
  await header.getByText('English', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'User manual' }).first()).toBeVisible();
  for (const [id, title] of [
    ['projectList', 'Projects'],
    ['floorPlanEditorDetail', 'Floor plan editor'],
    ['pointTypeDetail', 'Site type details'],
    ['aboug', 'Personal centre'],
  ] as const) {
    await expect(section(page, id).getByRole('heading', { name: title, exact: true })).toBeVisible();
  }
  await expect(section(page, 'mscUser').getByTestId('manual-access')).toContainText('Company administrator', {
    useInnerText: true,
  });
  await page.getByPlaceholder('Search the manual').fill('ruler positions');
  await expect(section(page, 'measureRuleManage')).toBeVisible();
  await expect(section(page, 'SKU')).toHaveCount(0);
  await settle(page);
  await screenshot(page, 'manual-en-US');

  await header.getByRole('button', { name: 'Personal centre' }).click();
  await page.waitForURL('**/measurerobot/aboug');
  expect(errors).toEqual([]);
});

test('opens at the section a link names and links an administrator to the pages of the menu', async ({
  browsers,
}) => {
  const { page, errors } = await browsers.open();
  const admin = await createReadyAdmin();
  await signInAndLand(page, admin, 'en-US');

  await page.goto(`${BASE_URL}/measurerobot/userManual?section=orgManage`);
  const orgs = section(page, 'orgManage');
  await expect(orgs.getByRole('heading', { name: 'Organisations', exact: true })).toBeVisible();
  await expect.poll(async () => (await orgs.boundingBox())?.y ?? 9999, { timeout: 5000 }).toBeLessThan(300);

  await orgs.getByRole('link', { name: 'Open this page' }).click();
  await page.waitForURL('**/measurerobot/orgManage');
  expect(errors).toEqual([]);
});
