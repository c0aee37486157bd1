import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { createReadyAdmin, createReadyUser } from '../support/api.ts';
import { screenshot, settle } from '../support/browser.ts';
import { signInAndLand } from '../support/sign-in.ts';

/**
 * Issue 34 item 3: the demo area. A new surveyor and a measurement administrator both open the
 * same example from the menu: project list, its tasks, a task's figures, a site's picture and
 * readings, the scans, and the external-wall task's elevations with a panel's picture; read-only, in
 * both languages.
 */

/** The demo external-wall task's elevations: four sides; a panel opens its site view (readings). */
async function openDemoExternalWall(page: Page, rows: Locator, name: RegExp) {
  await rows.filter({ hasText: name }).getByRole('link').click();
  await page.waitForURL('**/measurerobot/demoTaskDetail?id=*');
  const wall = page.getByTestId('demo-external-wall');
  await expect(wall.getByTestId('facade-side')).toHaveCount(4);
  await wall.getByTestId('facade-panel').first().click();
  // Facade panels carry no pictures (the scanner sends none): the panel's readings.
  const drawer = page.locator('.ant-drawer').getByTestId('demo-site-view');
  await expect(
    drawer.getByTestId('demo-readings').locator('.ant-table-tbody tr.ant-table-row').first(),
  ).toBeVisible();
}
test('opens the demo project, its tasks and a task with readings and scans, in both languages', async ({
  browsers,
}) => {
  test.setTimeout(120_000);
  const surveyor = await createReadyUser();
  const { page } = await browsers.open();
  await signInAndLand(page, surveyor);

  await page.getByRole('menuitem', { name: '演示项目' }).click();
  await page.waitForURL('**/measurerobot/demoProjectList');
  await expect(page.getByTestId('demo-notice')).toContainText('只能查看');
  const project = page.getByRole('row').filter({ hasText: '示例花园（演示）' });
  await expect(project).toContainText('1#');
  await project.getByRole('link', { name: '查看任务' }).click();
  await page.waitForURL('**/measurerobot/demoTaskList?projectId=*');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(4);
  await rows
    .filter({ hasText: '已完成' })
    .filter({ hasNotText: '外墙' })
    .getByRole('link', { name: '详情' })
    .click();
  await page.waitForURL('**/measurerobot/demoTaskDetail?id=*');

  await expect(page.getByText('合格率').first()).toBeVisible();
  const sites = page.getByTestId('demo-site');
  await expect(sites.first()).toBeVisible();
  await sites.first().locator('.ant-table-row-expand-icon').click();
  const readings = page.getByTestId('demo-readings').locator('.ant-table-tbody tr.ant-table-row');
  await expect(readings.first()).toBeVisible();
  // The site's wall picture, annotated with its rulers, read through the demo picture route.
  await expect(page.getByTestId('demo-site-view').getByTestId('review-picture').locator('img')).toBeVisible();
  expect(await readings.count()).toBeGreaterThan(0);
  await expect(page.getByTestId('demo-scan').first()).toBeVisible();
  await expect(page.getByTestId('demo-scan').filter({ hasText: '点云' }).first()).toBeVisible();
  // Read-only: the page offers no action besides going back and opening readings.
  await expect(page.getByRole('button', { name: /删除|保存|审核/ })).toHaveCount(0);
  await settle(page);
  await screenshot(page, 'demo-area-task');
  await page.getByRole('button', { name: /返\s*回/ }).click();
  await openDemoExternalWall(page, rows, /外墙/);

  // A measurement administrator, in English: the same example (other companies: demo-area.test.ts).
  const english = await browsers.open('en-US');
  await signInAndLand(english.page, await createReadyAdmin('MeasureAdmin'), 'en-US');
  await english.page.getByRole('menuitem', { name: 'Demo projects' }).click();
  await expect(english.page.getByTestId('demo-notice')).toContainText('read-only');
  const same = english.page.getByRole('row').filter({ hasText: '示例花园（演示）' });
  await same.getByRole('link', { name: 'Tasks' }).click();
  const englishRows = english.page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(englishRows).toHaveCount(4);
  await englishRows
    .filter({ hasText: 'Completed' })
    .filter({ hasNotText: /facades/i })
    .getByRole('link', { name: 'Details' })
    .click();
  await expect(english.page.getByText('Pass rate').first()).toBeVisible();
  await expect(
    english.page.getByTestId('demo-scan').filter({ hasText: 'Point cloud' }).first(),
  ).toBeVisible();
  await english.page.getByRole('button', { name: 'Back' }).click();
  await openDemoExternalWall(english.page, englishRows, /facades/i);
});
