import type { Page, Route } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { createReadyAdmin } from '../support/api.ts';
import { BASE_URL } from '../support/browser.ts';
import { LANDING, signIn, signInAndLand } from '../support/sign-in.ts';

/**
 * Issue 29, item 7: the landing page (and the other lists) show skeleton rows while their list is
 * loading, never "No data"; the standard library's columns are not clipped at 1280 and 1440 px.
 */

const LANGUAGES = ['zh-CN', 'en-US'] as const;

/** Holds the answers of one API path until `release` is called. */
async function holdAnswers(page: Page, path: string) {
  const held: Route[] = [];
  let holding = true;
  await page.route(`**${path}`, async (route) => {
    if (holding) held.push(route);
    else await route.continue();
  });
  return {
    async release() {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

for (const language of LANGUAGES)
  test(`shows skeleton rows, not "No data", while the landing list loads (${language})`, async ({
    browsers,
  }) => {
    test.setTimeout(180_000);
    const { page, errors } = await browsers.open(language);
    const admin = await createReadyAdmin();
    const list = await holdAnswers(page, '/api/ms/statis/GetReportProjectList');
    // Not signInAndLand: with the list held, its wait for the version-notice check timed out (zh-CN,
    // three runs out of three); nothing here is clicked, so an open notice does not matter.
    await signIn(page, admin, language);
    await page.waitForURL(LANDING);
    const table = page.locator('.ant-table').first();
    await expect(table.getByTestId('table-skeleton')).toBeVisible();
    await expect(table.locator('.ant-empty')).toHaveCount(0);
    await list.release();
    await expect(table.getByTestId('table-skeleton')).not.toBeAttached();

    // Another main list, opened after the first: the same.
    const projects = await holdAnswers(page, '/api/ms/Project/GetPage');
    await page.goto(`${BASE_URL}/measurerobot/projectList`);
    const projectTable = page.locator('.ant-table').first();
    await expect(projectTable.getByTestId('table-skeleton')).toBeVisible();
    await expect(projectTable.locator('.ant-empty')).toHaveCount(0);
    await projects.release();
    await expect(projectTable.locator('.ant-table-row').first()).toBeVisible();
    await expect(projectTable.getByTestId('table-skeleton')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

/**
 * What of the visible table is cut: how far its columns overflow its box (lists fit at 1280 px and
 * wider, so nothing sits under the pinned column) and the cells whose content is wider than they are.
 */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const box = document.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    if (box && box.scrollWidth > box.clientWidth)
      found.push(`columns overflow the table by ${box.scrollWidth - box.clientWidth} px`);
    for (const cell of document.querySelectorAll<HTMLElement>('.ant-table-thead th, .ant-table-tbody td')) {
      if (cell.scrollWidth > cell.clientWidth + 1)
        found.push(
          `${cell.tagName} ${cell.textContent?.trim().slice(0, 30)}: ${cell.scrollWidth} > ${cell.clientWidth}`,
        );
    }
    return found;
  });
}

for (const language of LANGUAGES)
  test(`clips no column of the standard library at 1280 and 1440 px (${language})`, async ({ browsers }) => {
    test.setTimeout(180_000);
    const { page, errors } = await browsers.open(language);
    const admin = await createReadyAdmin();
    await signInAndLand(page, admin, language);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${BASE_URL}/measurerobot/standardManage`);
      await expect(page.locator('.ant-table-row').first()).toBeVisible();
      expect(await clipped(page), `${width} px`).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
