import crypto from 'node:crypto';
import { expect, test } from '../support/fixtures.ts';
import { api, apiRoutes } from '../support/api.ts';
import { screenshot, settle } from '../support/browser.ts';
import { reviewTask } from '../support/review-task.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject } from '../support/task-project.ts';
import { confirmUntilGone } from '../support/confirm.ts';

/**
 * Reviewing a task's data (issue 15): from the task detail to the task data page, the red (exploded)
 * site clicked on the plan, its annotated picture, the exploded value marked invalid (figures and
 * trail follow), the next site by keyboard, a value corrected, the plan coloured by grade, and the
 * audit that locks the task: a second change is refused. In both languages.
 */

const stamp = () => `${Date.now().toString(36)}${crypto.randomInt(1000, 9999)}`;
const button = (text: string) =>
  new RegExp(`(^|\\s)${[...text].map((c) => c.replace(/[()[\]{}.*+?^$|\\]/g, '\\$&')).join('\\s*')}\\s*$`);

const TEXT = {
  'zh-CN': {
    data: '任务数据',
    toggle: '第 3 个值有效',
    trail: 'PL-01 第 3 个值标记为无效',
    audit: '审核',
    ok: '确定',
    completed: '已完成',
    locked: '任务已审核或已取消，或您没有修改权限：读数只能查看',
    valueLabel: 'PL-01 第 2 个值',
    save: '保存',
    corrected: 'PL-01 第 2 个值由 1 改为 3.5',
    plan: '平面图',
  },
  'en-US': {
    data: 'Task data',
    toggle: 'Value 3 is valid',
    trail: 'PL-01 value 3 marked invalid',
    audit: 'Audit',
    ok: 'OK',
    completed: 'Completed',
    locked: 'The task is audited or cancelled, or you may not change it: readings can only be viewed',
    valueLabel: 'PL-01 value 2',
    save: 'Save',
    corrected: 'PL-01 value 2 changed from 1 to 3.5',
    plan: 'Plan',
  },
} as const;

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`task data (${language})`, () => {
    const text = TEXT[language];

    test('clicks the red site on the plan, marks its exploded value invalid, corrects another, audits; a second change is refused', async ({
      browsers,
    }) => {
      const setup = await taskProject(`E2E审核${stamp()}`);
      const name = `审核${stamp()}`;
      const taskId = await reviewTask(setup, name, { siteOneValues: [1, 2, 20], siteTwoRoom: 'bed' });
      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, setup.planner, language);
      await page.goto(`${new URL(page.url()).origin}/measurerobot/taskDetail?id=${taskId}`);
      await page.getByRole('button', { name: button(text.data) }).click();
      await page.waitForURL(`**/measurerobot/mscReportData?taskId=${taskId}`);

      // Site 2 first (by keyboard); then the plan's red room (site 1, 20 mm exploded) is clicked.
      await expect(page.getByText('#1 north wall')).toBeVisible();
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('ArrowRight');
      await expect(page.getByText('#2 east wall')).toBeVisible();
      await page.getByRole('tab', { name: text.plan }).click();
      const living = page.getByTestId('review-plan').locator('g', { hasText: 'living (1)' });
      await expect(living).toBeVisible();
      await expect(living.locator('polygon')).toHaveAttribute('fill', '#ff4d4f');
      await living.click();
      await expect(page.getByText('#1 north wall')).toBeVisible();

      // Site 1 with its annotated picture (fetched with the session) loaded.
      const picture = page.getByTestId('review-picture').locator('img');
      await expect(picture).toBeVisible();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="review-picture"] img');
        return Boolean(img?.complete && img.naturalWidth > 0);
      });
      const value = page.getByTestId('value-PL-01-2');
      await expect(value).toContainText('20');
      await settle(page);
      await screenshot(page, `review-site-${language}`);

      // 20 mm is exploded: marked invalid, the site counts 1 and 2 only (pass rate 100 %), the task
      // has no exploded value left and the room turns green.
      const figuresOf = () => api(apiRoutes.tasks.getTask, { TaskId: taskId }, setup.plannerToken);
      expect((await figuresOf()).Figures).toMatchObject({ Exploded: 1, Total: 5, PassRate: 80 });
      // The building's row of the per-building and floor figures says the same.
      const buildingRate = (rate: string) =>
        page
          .getByTestId('place-figures')
          .getByRole('row')
          .filter({ hasText: '1#' })
          .filter({ hasText: rate });
      await expect(buildingRate('80.00%')).toBeVisible();
      const saved = page.waitForResponse((response) =>
        response.url().includes('/api/ms/Task/UpdateRulerSetting'),
      );
      await value.getByRole('switch', { name: text.toggle }).click();
      await saved;
      await expect(page.getByText(text.trail)).toBeVisible();
      expect((await figuresOf()).Figures).toMatchObject({ Exploded: 0, Total: 4, PassRate: 100 });
      await expect(
        page
          .getByRole('row', { name: /PL-01/ })
          .filter({ has: page.getByTestId('value-PL-01-0') })
          .getByText('100.00%'),
      ).toBeVisible();
      await expect(buildingRate('100.00%')).toBeVisible();
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('[data-testid="review-plan"] g')]
            .find((g) => g.textContent?.includes('living (1)'))
            ?.querySelector('polygon')
            ?.getAttribute('fill') !== '#ff4d4f',
      );

      // → opens site 2.
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('ArrowRight');
      await expect(page.getByText('#2 east wall')).toBeVisible();

      // Value 2 of site 2 corrected to 3.5 mm: a warning (still counted as qualified).
      await page.getByTestId('value-PL-01-1').getByText('1', { exact: true }).click();
      const input = page.getByLabel(text.valueLabel);
      await input.fill('3.5');
      const corrected = page.waitForResponse((response) =>
        response.url().includes('/api/ms/Task/UpdateWallRuler'),
      );
      // The popover's Save can take a click during its opening motion and drop it: click until it closes.
      await confirmUntilGone(page.getByRole('button', { name: button(text.save) }));
      await corrected;
      await expect(page.getByText(text.corrected)).toBeVisible();
      await expect(page.getByTestId('value-PL-01-1')).toContainText('3.5');

      // The plan colours site 2's room by its worst grade (warning now) and labels it.
      const bed = page.getByTestId('review-plan').locator('g', { hasText: 'bed (1)' });
      await expect(bed).toBeVisible();
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('[data-testid="review-plan"] g')]
            .find((g) => g.textContent?.includes('bed (1)'))
            ?.querySelector('polygon')
            ?.getAttribute('fill') === '#faad14',
      );

      // The audit completes the task; the readings can only be viewed afterwards.
      await page.getByRole('button', { name: button(text.audit) }).click();
      const audited = page.waitForResponse((response) => response.url().includes('/api/ms/MsTask/AuditTask'));
      await confirmUntilGone(
        page.locator('.ant-modal-confirm').getByRole('button', { name: button(text.ok) }),
      );
      await audited;
      await expect(page.getByText(text.completed, { exact: true }).first()).toBeVisible();
      await expect(page.getByText(text.locked)).toBeVisible();
      // A second change after the audit is refused (423) and changes nothing.
      const refused = await fetch(`${new URL(page.url()).origin}/api/ms/Task/UpdateRulerSetting`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${setup.plannerToken}` },
        body: JSON.stringify({
          TaskId: taskId,
          PointIndex: 1,
          ItemCode: 'PL-01',
          RulerIndex: 0,
          Valid: false,
        }),
      });
      expect(((await refused.json()) as { Code: number }).Code).toBe(423);
      expect((await figuresOf()).Figures).toMatchObject({ Exploded: 0, Total: 4, PassRate: 100 });
      await settle(page);
      await screenshot(page, `review-audited-${language}`);
      expect(errors).toEqual([]);
    });
  });
