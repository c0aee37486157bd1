import type { Page, Route } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, apiRoutes, createReadyAdmin } from '../support/api.ts';
import { confirmUntilGone } from '../support/confirm.ts';
import { button, stamp } from '../support/names.ts';
import { reviewTask } from '../support/review-task.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject } from '../support/task-project.ts';

/**
 * Data backup (issue 34 item 4, `taskDataBackup`): a company administrator backs up a measured task
 * (readings and a picture) from the page, sees the backup reach done with its counts, the task is
 * deleted, and a confirmed restore brings it back (its added counts shown). In both languages. The
 * state reaches the page by the live `backup` event: list reads are held meanwhile, so only the event
 * can show it (the page's polling is a slow fallback).
 */

const LIST_PATH = '**/api/sys/Vision/GetBackupList';

/** Holds every list read until released: what changes on the page meanwhile came by a live event. */
async function holdListReads(page: Page) {
  const held: Route[] = [];
  await page.route(LIST_PATH, (route) => {
    held.push(route);
  });
  return async () => {
    await page.unroute(LIST_PATH);
    // unroute may have let them through already (then continue answers "already handled").
    for (const route of held) await route.continue().catch(() => {});
  };
}
const TEXT = {
  'zh-CN': {
    menu: '数据备份',
    dir: '备份目录名',
    tasks: '任务',
    start: '开始备份',
    done: '已完成',
    counts: /任务 1，测点 2，读数 2，图片 1/,
    restore: '恢复',
    ok: '确定',
    added: /补回：任务 1，测点 2，读数 2/,
  },
  'en-US': {
    menu: 'Data backup',
    dir: 'Backup folder name',
    tasks: 'Tasks',
    start: 'Start backup',
    done: 'Done',
    counts: /Tasks 1, sites 2, readings 2, pictures 1/,
    restore: 'Restore',
    ok: 'OK',
    added: /Added: Tasks 1, sites 2, readings 2/,
  },
} as const;

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`data backup (${language})`, () => {
    const text = TEXT[language];

    test('backs up a task with progress to done, then restores it after it was deleted', async ({
      browsers,
    }) => {
      test.setTimeout(180_000);
      const name = `备份${stamp()}`;
      const setup = await taskProject(`E2E备份${stamp()}`);
      // Two sites with PL-01 readings (one row per site and item), a picture at site 1.
      const taskId = await reviewTask(setup, name);
      const admin = await createReadyAdmin('CompanyAdmin');
      const { page } = await browsers.open(language);
      await signInAndLand(page, admin, language);
      await page.getByRole('menuitem', { name: text.menu }).click();
      await page.waitForURL('**/measurerobot/taskDataBackup');
      // The tab's live stream is open (its first `resync` came): no event is missed from here on.
      await expect(page.locator('html')).toHaveAttribute('data-live', 'open');

      const dir = `e2e-${stamp()}`;
      await page.getByLabel(text.dir).fill(dir);
      // A multiple select: the choice shows as a tag; a click is retried only while it is not there.
      const chosen = page.locator('.ant-select-selection-item', { hasText: name });
      await expect(async () => {
        if ((await chosen.count()) === 0) {
          await page.getByLabel(text.tasks, { exact: true }).fill(name, { timeout: 5_000 });
          await page
            .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name })
            .click({ timeout: 5_000 });
        }
        await expect(chosen).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: 60_000 });
      await page.keyboard.press('Escape');
      const started = page.waitForResponse((response) => response.url().endsWith('/api/sys/Vision/Backup'));
      await page.getByRole('button', { name: button(text.start) }).click();
      expect(await (await started).json()).toMatchObject({ Code: 0 });

      const row = page.getByRole('row').filter({ hasText: dir });
      await expect(row).toBeVisible();
      const release = await holdListReads(page);
      await expect(row.getByText(text.done, { exact: true })).toBeVisible({ timeout: 60_000 });
      // The counts come with the list read the event started, once reads go through again.
      await release();
      await expect(row).toContainText(text.counts);

      const token = await apiLogin(setup.planner.login, setup.planner.password);
      await api(apiRoutes.tasks.deleteTask, { Ids: [taskId] }, token);

      await row.getByRole('button', { name: button(text.restore) }).click();
      await confirmUntilGone(page.locator('.ant-popover').getByRole('button', { name: button(text.ok) }));
      const restored = row.getByTestId('last-restore');
      await expect(restored).toBeVisible();
      const releaseRestore = await holdListReads(page);
      await expect(restored.getByText(text.done, { exact: true })).toBeVisible({ timeout: 60_000 });
      await releaseRestore();
      await expect(restored).toContainText(text.added);
      expect((await api(apiRoutes.tasks.getTask, { TaskId: taskId }, token)).TaskId).toBe(taskId);
    });
  });
