import type { Page, Route } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { createReadyAdmin } from '../support/api.ts';
import { BASE_URL, browserPool } from '../support/browser.ts';
import { LANDING, signIn, signInAndLand } from '../support/sign-in.ts';

/**
 * Issue 29, item 7: the landing page (and the other lists) show skeleton rows while their list is
 * loading, never "No data"; the standard library's columns are not clipped at 1280 and 1440 px.
 */
const browsers = browserPool('loading-widths');
afterEach(async (context) => browsers.closeAll(context));

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

it.each(LANGUAGES)(
  'shows skeleton rows, not "No data", while the landing list loads (%s)',
  async (language) => {
    const { page, errors } = await browsers.open(language);
    const admin = await createReadyAdmin();
    const list = await holdAnswers(page, '/api/ms/statis/GetReportProjectList');
    // Not signInAndLand: with the list held, its wait for the version-notice check timed out (zh-CN,
    // three runs out of three); nothing here is clicked, so an open notice does not matter.
    await signIn(page, admin, language);
    await page.waitForURL(LANDING);
    const table = page.locator('.ant-table').first();
    await table.getByTestId('table-skeleton').waitFor();
    expect(await table.locator('.ant-empty').count()).toBe(0);
    await list.release();
    await table.getByTestId('table-skeleton').waitFor({ state: 'detached' });

    // Another main list, opened after the first: the same.
    const projects = await holdAnswers(page, '/api/ms/Project/GetPage');
    await page.goto(`${BASE_URL}/measurerobot/projectList`);
    const projectTable = page.locator('.ant-table').first();
    await projectTable.getByTestId('table-skeleton').waitFor();
    expect(await projectTable.locator('.ant-empty').count()).toBe(0);
    await projects.release();
    await projectTable.locator('.ant-table-row').first().waitFor();
    expect(await projectTable.getByTestId('table-skeleton').count()).toBe(0);
    expect(errors).toEqual([]);
  },
  180_000,
);

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

it.each(LANGUAGES)(
  'clips no column of the standard library at 1280 and 1440 px (%s)',
  async (language) => {
    const { page, errors } = await browsers.open(language);
    const admin = await createReadyAdmin();
    await signInAndLand(page, admin, language);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${BASE_URL}/measurerobot/standardManage`);
      await page.locator('.ant-table-row').first().waitFor();
      expect(await clipped(page), `${width} px`).toEqual([]);
    }
    expect(errors).toEqual([]);
  },
  180_000,
);
