import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, createReadyAdmin, apiRoutes } from '../support/api.ts';
import { BASE_URL } from '../support/browser.ts';
import { signInAndLand } from '../support/sign-in.ts';

/**
 * Issue 10, defect 4: lists fit their columns at 1280 px and wider, so a pinned action column never
 * covers data; they scroll sideways only below that (the project list still fits at 1024 px).
 */

const made: { projectId: string; token: string }[] = [];
test.afterEach(async () => {
  for (const { projectId, token } of made.splice(0)) {
    await api(apiRoutes.projects.delete, { ProjectId: projectId }, token).catch(() => undefined);
  }
});

/** How far the visible table's columns overflow its box (0 when everything fits). */
async function overflow(page: Page): Promise<number> {
  await expect(page.locator('.ant-table-thead:visible').first()).toBeVisible();
  return page.evaluate(() => {
    const boxes = [...document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')];
    const shown = boxes.filter((box) => box.offsetParent !== null);
    return Math.max(0, ...shown.map((box) => box.scrollWidth - box.clientWidth));
  });
}

test('fits the users, house type maps, house type tab and project list at 1280 px', async ({ browsers }) => {
  const { page, errors } = await browsers.open();
  const admin = await createReadyAdmin();
  const token = await apiLogin(admin.login, admin.password);
  const project = await api(
    apiRoutes.projects.add,
    {
      Name: `E2E列宽${Date.now().toString(36).slice(-6)}`,
      DetailsInfo: [{ BuildingNumber: '1', Stories: 2, Households: 2, DeliveryStandard: 'fine' }],
    },
    token,
  );
  made.push({ projectId: project.ProjectId, token });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAndLand(page, admin);

  await page.goto(`${BASE_URL}/measurerobot/mscUser`);
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  expect(await overflow(page), 'users').toBe(0);

  await page.goto(`${BASE_URL}/measurerobot/floorPlan`);
  expect(await overflow(page), 'house type maps').toBe(0);

  await page.goto(`${BASE_URL}/measurerobot/projectDetail?id=${project.ProjectId}`);
  await page.locator('.ant-card').getByRole('tab', { name: '户型图', exact: true }).click();
  await expect(page.getByRole('button', { name: '上传户型图' })).toBeVisible();
  expect(await overflow(page), 'house type tab').toBe(0);

  await page.goto(`${BASE_URL}/measurerobot/projectList`);
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  expect(await overflow(page), 'project list').toBe(0);
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect.poll(() => overflow(page), { message: 'project list at 1024 px' }).toBe(0);
  expect(errors).toEqual([]);
});
