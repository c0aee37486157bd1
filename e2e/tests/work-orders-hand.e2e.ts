import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { api, apiRoutes } from '../support/api.ts';
import { screenshot, settle } from '../support/browser.ts';
import { pickSearchedOption } from '../support/select.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject } from '../support/task-project.ts';

/**
 * Issue 18, a work order by hand: on the work order page the planner picks the project, type, stage,
 * building, floor and household of the project, an assignee and a pin on the household's plan; the
 * work order is in the list (assigned, so not started) and its pin on the page's plan view.
 */

const stamp = () => `${Date.now().toString(36)}${crypto.randomInt(1000, 9999)}`;
const button = (text: string) => new RegExp(`(^|\\s)${[...text].join('\\s*')}\\s*$`);

const TEXT = {
  'zh-CN': {
    newOrder: '新建工单',
    stage: '抹灰',
    floor: '2 层',
    household: '第 1 户',
    pickHousehold: '选择户后可在其户型图上标注位置',
    notPinned: '未标注位置',
    ok: '确定',
    unstart: '未开始',
    plan: '户型图',
  },
  'en-US': {
    newOrder: 'New work order',
    stage: 'Plaster',
    floor: 'Floor 2',
    household: 'Household 1',
    pickHousehold: 'Choose a household to place a pin on its plan',
    notPinned: 'No pin placed',
    ok: 'OK',
    unstart: 'Not started',
    plan: 'Plan',
  },
} as const;

/** Picks an option of a plain antd Select, again until the select shows it (a click can be swallowed). */
async function pick(page: Page, testId: string, text: string): Promise<void> {
  const select = page
    .getByTestId(testId)
    .locator('xpath=ancestor-or-self::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  await expect(async () => {
    await select.click({ timeout: 5_000 });
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
      .first()
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await expect(select.getByText(text, { exact: true })).not.toHaveCount(0, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`work order by hand (${language})`, () => {
    const text = TEXT[language];

    test('creates a work order by hand with a place, an assignee and a pin, in the list and on the plan', async ({
      browsers,
    }) => {
      test.setTimeout(180_000);
      const setup = await taskProject(`E2E手工${stamp()}`);
      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, setup.planner, language);
      const origin = new URL(page.url()).origin;
      await page.goto(`${origin}/measurerobot/workOrder`);
      await page.getByRole('button', { name: button(text.newOrder) }).click();
      const dialog = page.getByRole('dialog');
      await pickSearchedOption(page, dialog.getByTestId('hand-project').locator('input'), setup.project.Name);
      await pick(page, 'hand-process', text.stage);
      await pick(page, 'hand-building', '1#');
      await expect(dialog.getByText(text.pickHousehold)).toBeVisible();
      await pick(page, 'hand-floor', text.floor);
      await pick(page, 'hand-household', text.household);
      await pickSearchedOption(
        page,
        dialog.getByTestId('hand-assignee').locator('input'),
        setup.surveyor.name,
      );

      // The household's plan: a click places the pin (the plan is 160 x 100 pixels).
      const plan = dialog.getByTestId('work-order-plan');
      await expect(plan).toBeVisible();
      await expect(dialog.getByText(text.notPinned)).toBeVisible();
      const box = await plan.boundingBox();
      if (!box) throw new Error('the plan is not shown');
      await plan.click({ position: { x: box.width * 0.5, y: box.height * 0.5 } });
      await expect(dialog.getByTestId('pin-draft')).toBeVisible();
      await dialog.getByRole('textbox').fill('手工工单');
      const created = page.waitForResponse((response) => response.url().includes('/WorkOrderMap/Add'));
      await dialog.getByRole('button', { name: button(text.ok) }).click();
      const response = await created;
      expect(((await response.json()) as { Code: number }).Code).toBe(0);
      const sent = JSON.parse(response.request().postData() ?? '{}') as Record<string, unknown>;
      expect(sent).toMatchObject({
        ProjectId: setup.project.ProjectId,
        Process: 'plaster',
        BuildingNumber: '1#',
        Floor: 2,
        Household: 1,
        AssigneeId: setup.surveyorId,
        Remark: '手工工单',
      });
      expect(sent.TaskId ?? null).toBeNull();
      const orders = await api(
        apiRoutes.workOrders.list,
        { ProjectId: setup.project.ProjectId, PageSize: 10, CurrentPage: 1 },
        setup.plannerToken,
      );
      expect(orders.Items).toHaveLength(1);
      const order = orders.Items[0] as (typeof orders.Items)[number];
      expect(order.State).toBe('unstart');
      expect(order.X).toBeGreaterThan(40);
      expect(order.X).toBeLessThan(120);

      // In the list, assigned (not started); filtered by its project from the project cards.
      await page.locator('.ant-card-head-title', { hasText: setup.project.Name }).click();
      const row = page.getByRole('row', { name: new RegExp(order.OrderNumber) });
      await expect(row.getByText(text.unstart)).toBeVisible();
      await expect(row.getByText(setup.surveyor.name)).toBeVisible();

      // On the page's plan view: the household with its pin, which opens the work order.
      await page.locator('.ant-segmented').getByText(text.plan, { exact: true }).click();
      const pin = page.getByTestId(`pin-${order.OrderNumber}`).first();
      await expect(pin).toBeVisible();
      await expect(pin).toHaveAttribute('data-state', 'unstart');
      await settle(page);
      await screenshot(page, `work-orders-hand-plan-${language}`);
      await pin.click();
      await expect(page.locator('.ant-drawer-title', { hasText: order.OrderNumber })).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
