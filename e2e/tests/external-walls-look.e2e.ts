import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { api, apiRoutes } from '../support/api.ts';
import { BASE_URL, screenshot, settle } from '../support/browser.ts';
import { facadeTask } from '../support/facade-task.ts';
import { stamp } from '../support/names.ts';
import { pickOption } from '../support/select.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject } from '../support/task-project.ts';

/**
 * How the external-wall pages look (issue 33 item 4): the elevation page with the comparison, and a
 * side's share, at desktop (1440×900) and phone (390×844) size in both languages. Each shows its
 * legend, the share keeps to the phone's width (nothing cut off to the right), and each is saved to
 * e2e/artifacts as external-walls-look-<page>-<size>-<language>.png for a person to look at.
 */
const COMPARE = { 'zh-CN': '选择另一次测量', 'en-US': 'Choose the other measurement' } as const;
const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

const fitsWidth = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

for (const language of ['zh-CN', 'en-US'] as const)
  test(`the external-wall pages fit desktop and phone (${language})`, async ({ browsers }) => {
    test.setTimeout(300_000);
    const setup = await taskProject(`E2E外墙外观${stamp()}`);
    const first = (await facadeTask(setup, `外墙外观初测${stamp()}`)).taskId;
    const remeasureName = `外墙外观复测${stamp()}`;
    await facadeTask(setup, remeasureName, { parentTaskId: first, panelOneValues: [3, 4] });
    const share = await api(apiRoutes.reports.sharingReport, { TaskId: first }, setup.plannerToken);
    const { page, errors } = await browsers.open(language);
    await signInAndLand(page, setup.planner, language);
    const origin = new URL(page.url()).origin;

    for (const [size, viewport] of Object.entries(SIZES)) {
      await page.setViewportSize(viewport);
      await page.goto(`${origin}/measurerobot/taskDetailExternalWall?taskId=${first}`);
      await expect(page.getByTestId('facade-side')).toHaveCount(2);
      await expect(page.getByTestId('facade-legend').first()).toBeVisible();
      await settle(page);
      await screenshot(page, `external-walls-look-elevation-${size}-${language}`);
      await pickOption(page, page.getByRole('combobox', { name: COMPARE[language] }), remeasureName);
      await expect(page.getByTestId('facade-compare-side')).toHaveCount(2);
      await settle(page);
      await screenshot(page, `external-walls-look-compare-${size}-${language}`);

      await page.goto(`${BASE_URL}/supplement/externalWallTaskPreview/${share.ShareId}/0`);
      await expect(page.getByTestId('facade-share-side')).toBeVisible();
      if (language === 'en-US') await page.getByRole('button', { name: 'English' }).click();
      await expect(page.getByTestId('facade-legend').first()).toBeVisible();
      await settle(page);
      await screenshot(page, `external-walls-look-share-${size}-${language}`);
      await fitsWidth(page, viewport.width);
    }
    expect(errors).toEqual([]);
  });
