import { expect, test } from '../support/fixtures.ts';
import { screenshot, settle } from '../support/browser.ts';
import { button, stamp } from '../support/names.ts';
import { openNewWorkOrder, reviewTask } from '../support/review-task.ts';
import { taskProject } from '../support/task-project.ts';

/**
 * Issue 28 item 1's bar: a task measured through the device API whose first site fails only on its
 * last item (PL-03, 30 mm exploded; PL-01 and PL-02 pass). The site view's "New work order" dialog
 * preselects that item, and only it, showing its worst grade; a passing item is disabled until "typed
 * by hand" is ticked; the order made records the item, and the work order list shows it. In both languages.
 */

const TEXT = {
  'zh-CN': {
    newOrder: '新建工单',
    ok: '确定',
    chosen: 'PL-03 阴阳角方正 · 最差：爆点',
    listed: 'PL-03 阴阳角方正',
    byHand: '手动指定（允许选择在此未不合格的测量项）',
  },
  'en-US': {
    newOrder: 'New work order',
    ok: 'OK',
    chosen: 'PL-03 Internal/external corner square · worst: severe deviation',
    listed: 'PL-03 Internal/external corner square',
    byHand: 'Typed by hand (allow items that did not fail here)',
  },
} as const;

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`the failed item of a site (${language})`, () => {
    const text = TEXT[language];

    test('preselects the only failed item (the last) in the new work order dialog and records it', async ({
      browsers,
    }) => {
      test.setTimeout(180_000);
      const setup = await taskProject(`E2E测量项${stamp()}`);
      // Site 1: PL-01 1, 2, 1 and PL-02 2 pass; PL-03 30 (standard [0, 4]) explodes.
      const taskId = await reviewTask(setup, `测量项${stamp()}`, {
        siteOneValues: [1, 2, 1],
        itemCodes: ['PL-01', 'PL-02', 'PL-03'],
        siteOneMore: [
          { ItemCode: 'PL-02', Values: [2] },
          { ItemCode: 'PL-03', Values: [30] },
        ],
      });
      const { session: session, origin } = await openNewWorkOrder(
        browsers,
        setup.planner,
        language,
        taskId,
        text.newOrder,
      );
      const { page } = session;
      const dialog = page.getByRole('dialog');
      const items = dialog.getByTestId('work-order-items');
      await expect(items.getByText(text.chosen)).toBeVisible();
      // Only the failed item is chosen: the passing ones are not (and cannot be without "typed by hand").
      await expect(items.getByText(/PL-0[12]/)).toHaveCount(0);
      await settle(page);
      await screenshot(page, `work-orders-items-${language}-dialog`);
      // A passing item cannot be taken silently: disabled until "typed by hand" is ticked.
      const passing = page.locator('.ant-select-dropdown:visible .ant-select-item-option', {
        hasText: 'PL-01',
      });
      // The open list may cover the checkbox below the select: a click on the dialog's title closes it.
      const closeOptions = async () => {
        await dialog.locator('.ant-modal-title').click();
        await expect(page.locator('.ant-select-dropdown:visible')).toBeHidden();
      };
      await items.click();
      await expect(passing).toBeVisible();
      await expect(passing).toContainClass('ant-select-item-option-disabled');
      await closeOptions();
      await dialog.getByText(text.byHand).click();
      await expect(dialog.getByRole('checkbox')).toBeChecked();
      await items.click();
      await expect(passing).toBeVisible();
      await expect(passing).not.toContainClass('ant-select-item-option-disabled');
      // Unticked again: the order is made with the failed item alone, not typed by hand.
      await closeOptions();
      await dialog.getByText(text.byHand).click();
      await expect(dialog.getByRole('checkbox')).not.toBeChecked();

      const created = page.waitForResponse((response) => response.url().includes('/WorkOrderMap/Add'));
      await dialog.getByRole('button', { name: button(text.ok) }).click();
      const answer = await created;
      expect(answer.request().postDataJSON()).toMatchObject({
        TaskId: taskId,
        PointIndex: 1,
        ItemCodes: ['PL-03'],
        ItemsByHand: false,
      });
      expect(((await answer.json()) as { Code: number }).Code).toBe(0);

      // The work order list shows the item by name.
      await page.goto(`${origin}/measurerobot/workOrder`);
      const row = page.getByRole('row', { name: new RegExp(setup.project.Name) });
      await expect(row.getByText(text.listed)).toBeVisible();
      expect(session.errors).toEqual([]);
    });
  });
