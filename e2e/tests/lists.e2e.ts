import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, createReadyAdmin, createSmallProject, apiRoutes } from '../support/api.ts';
import { BASE_URL } from '../support/browser.ts';
import { signInAndLand } from '../support/sign-in.ts';

/**
 * Issue 10, "every list": the user, project and house type lists sort on the server by a column
 * header and export what their filters show to Excel.
 */

const made: { projectId: string; token: string }[] = [];
test.afterEach(async () => {
  for (const { projectId, token } of made.splice(0)) {
    await api(apiRoutes.projects.delete, { ProjectId: projectId }, token).catch(() => undefined);
  }
});

/**
 * Clicks a column header and waits for the list request sorted as `sorted` says (the test fails
 * when none comes). Matched by its body: the live stream's first `resync` may read the open list
 * again, unsorted, at any moment after the page loads.
 */
async function sortBy(
  page: Page,
  header: string,
  listPath: string,
  sorted: { OrderBy: string; AscDesc?: 'asc' | 'desc' },
) {
  const request = page.waitForRequest((sent) => {
    if (!sent.url().endsWith(listPath)) return false;
    const body = sent.postDataJSON() as { OrderBy?: string; AscDesc?: string };
    return body.OrderBy === sorted.OrderBy && (!sorted.AscDesc || body.AscDesc === sorted.AscDesc);
  });
  await page.locator('.ant-table-thead th', { hasText: header }).click();
  await request;
}

/** Clicks "Export to Excel" and answers the export request's body and the message shown. */
async function exportList(page: Page, exportPath: string, done: string) {
  const request = page.waitForRequest((sent) => sent.url().endsWith(exportPath));
  await page.getByRole('button', { name: /Export to Excel/ }).click();
  const body = (await request).postDataJSON() as Record<string, unknown>;
  await expect(page.getByText(done)).toBeVisible();
  return body;
}

test('sorts and exports the user, project and house type lists (en-US)', async ({ browsers }) => {
  const { page, errors } = await browsers.open('en-US');
  const admin = await createReadyAdmin();
  const token = await apiLogin(admin.login, admin.password);
  const name = `E2E列表${Date.now().toString(36).slice(-6)}`;
  const project = await createSmallProject(token, name);
  made.push({ projectId: project.ProjectId, token });
  await signInAndLand(page, admin, 'en-US');

  await page.goto(`${BASE_URL}/measurerobot/mscUser`);
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await sortBy(page, 'Name', '/api/sys/User/GetUserList', { OrderBy: 'Name', AscDesc: 'asc' });
  await sortBy(page, 'Name', '/api/sys/User/GetUserList', { OrderBy: 'Name', AscDesc: 'desc' });
  const search = page.getByPlaceholder('Name, email or mobile number');
  await search.fill(admin.login);
  await search.press('Enter');
  await expect(page.getByText('1 user', { exact: true })).toBeVisible();
  expect(await exportList(page, '/api/sys/User/ExportUserList', 'Exported users.xlsx')).toMatchObject({
    Content: admin.login,
    OrderBy: 'Name',
    AscDesc: 'desc',
  });

  await page.goto(`${BASE_URL}/measurerobot/projectList`);
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await sortBy(page, 'Project name', '/api/ms/Project/GetPage', { OrderBy: 'Name' });
  expect(await exportList(page, '/api/ms/Project/ExportProjectList', 'Exported projects.xlsx')).toMatchObject(
    {
      OrderBy: 'Name',
    },
  );

  await page.goto(`${BASE_URL}/measurerobot/floorPlan`);
  await expect(page.getByRole('button', { name: /Export to Excel/ })).toBeVisible();
  expect(
    await exportList(page, '/api/ms/Project/ExportHouseMapList', 'Exported house-types.xlsx'),
  ).toMatchObject({
    OrderBy: 'UpdateTime',
    AscDesc: 'desc',
  });
  expect(errors).toEqual([]);
});
