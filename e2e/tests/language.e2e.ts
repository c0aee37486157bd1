import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, createReadyAdmin, apiRoutes } from '../support/api.ts';
import { BASE_URL } from '../support/browser.ts';
import { signInAndLand } from '../support/sign-in.ts';

/**
 * Issue 10, defect 5: switching the language changes everything on screen at once (texts from the
 * server included), seeded data shows in the language on screen, and English counts are right.
 */

const made: { projectId: string; token: string }[] = [];
test.afterEach(async () => {
  for (const { projectId, token } of made.splice(0)) {
    await api(apiRoutes.projects.delete, { ProjectId: projectId }, token).catch(() => undefined);
  }
});

const switchTo = (page: Page, label: '中文' | 'English') =>
  page.locator('.ant-layout-header').getByText(label, { exact: true }).click();

test('follows a language switch at once: company name, project log, seeded rules and roles', async ({
  browsers,
}) => {
  const { page, errors } = await browsers.open();
  const admin = await createReadyAdmin();
  const token = await apiLogin(admin.login, admin.password);
  const name = `E2E语言${Date.now().toString(36).slice(-6)}`;
  const project = await api(
    apiRoutes.projects.add,
    {
      Name: name,
      DetailsInfo: [{ BuildingNumber: '1', Stories: 2, Households: 2, DeliveryStandard: 'fine' }],
    },
    token,
  );
  made.push({ projectId: project.ProjectId, token });
  await signInAndLand(page, admin);
  const sider = page.locator('.ant-layout-sider');
  await expect(sider.getByText('演示建设集团')).toBeVisible();

  // The project log is written by the server in the language of the request.
  await page.goto(`${BASE_URL}/measurerobot/projectDetail?id=${project.ProjectId}`);
  await page.locator('.ant-card').getByRole('tab', { name: '项目日志' }).click();
  await expect(page.getByText(`创建了项目 ${name}`)).toBeVisible();
  await switchTo(page, 'English');
  await expect(sider.getByText('Demo Construction Group')).toBeVisible();
  await expect(page.getByText(`Created the project ${name}`)).toBeVisible();

  // Seeded ruler positions in the language on screen, both ways.
  await page.goto(`${BASE_URL}/measurerobot/measureRuleManage`);
  // ST-01 exactly: the outer-wall item EW-ST-01 holds the same text.
  const flatness = page
    .locator('.ant-table-row')
    .filter({ has: page.getByRole('cell', { name: 'ST-01', exact: true }) });
  await expect(flatness.getByText('upper-left 45°')).toBeVisible();
  await switchTo(page, '中文');
  await expect(flatness.getByText('左上 45°')).toBeVisible();
  await expect(flatness.getByText('upper-left 45°')).toHaveCount(0);

  // Roles in English: the label once, not followed by the role's identifier.
  await switchTo(page, 'English');
  await page.goto(`${BASE_URL}/measurerobot/permissionList`);
  await page.getByRole('tab', { name: 'Roles' }).click();
  const surveyor = page.locator('.ant-table-row', { hasText: 'Surveyor' }).first();
  await expect(surveyor).toBeVisible();
  await expect(surveyor).not.toHaveText(/Surveyor\s*Surveyor/, { useInnerText: true });
  expect(errors).toEqual([]);
});

test('says "1 user" and "2 users" in English (counted nouns)', async ({ browsers }) => {
  const { page, errors } = await browsers.open('en-US');
  const admin = await createReadyAdmin();
  await signInAndLand(page, admin, 'en-US');
  await page.goto(`${BASE_URL}/measurerobot/mscUser`);
  const search = page.getByPlaceholder('Name, email or mobile number');
  await search.fill(admin.login);
  await search.press('Enter');
  await expect(page.getByText('1 user', { exact: true })).toBeVisible();
  // Two admins made by this run share the login's prefix.
  const other = await createReadyAdmin();
  await search.fill(other.login.slice(0, 'admin-'.length));
  await search.press('Enter');
  await expect(page.locator('.ant-pagination-total-text')).toHaveText(/^\d[\d,]* users$/);
  expect(errors).toEqual([]);
});
