import { runRobot } from '@measure/robot';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, apiRoutes } from '../support/api.ts';
import { BASE_URL, DEMO, screenshot, settle } from '../support/browser.ts';
import { button, stamp } from '../support/names.ts';
import { openNewWorkOrder, reviewTask } from '../support/review-task.ts';
import { pickSearchedOption } from '../support/select.ts';
import { taskProject } from '../support/task-project.ts';
import { confirmUntilGone } from '../support/confirm.ts';

/**
 * Issue 18's bar: from an exploded site a work order is created on the site view and assigned on
 * the work order page; its assignee (signed in through the API) starts and completes it; the planner
 * creates the re-measure task, the robot simulator measures it through the device API, and the site
 * view shows before and after side by side, each linking to the other; the work order's history
 * closes the loop with both pass rates. In both languages.
 */

const TEXT = {
  'zh-CN': {
    newOrder: '新建工单',
    ok: '确定',
    assign: '分配',
    undistributed: '未分配',
    unstart: '未开始',
    completed: '已完成',
    remeasure: '创建复测任务',
    openTask: '复测任务',
    card: '复测前后对比',
    before: '复测前（原任务测区）',
    after: '复测后（复测任务测区）',
    remeasured: /已复测（.+）：合格率复测前 66\.67%，复测后 100\.00%/,
  },
  'en-US': {
    newOrder: 'New work order',
    ok: 'OK',
    assign: 'Assign',
    undistributed: 'Undistributed',
    unstart: 'Not started',
    completed: 'Completed',
    remeasure: 'Create re-measure task',
    openTask: 'Re-measure task',
    card: 'Before and after the re-measure',
    before: "Before (the original task's site)",
    after: "After (the re-measure task's site)",
    remeasured: /Re-measured \(.+\): pass rate before 66\.67%, after 100\.00%/,
  },
} as const;

/** A robot of the demo company, activated: its id and key. */
async function robot(name: string): Promise<{ id: string; key: string }> {
  const admin = await apiLogin(DEMO.admin.login, DEMO.admin.password);
  const id = await api(apiRoutes.devices.addDevice, { DeviceNumber: name, DeviceType: 'robot' }, admin);
  const { DeviceKey } = await api(apiRoutes.devices.activateDevice, { DeviceGuid: id }, admin);
  return { id, key: DeviceKey };
}

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`re-measure before and after (${language})`, () => {
    const text = TEXT[language];

    test('creates, assigns, completes and re-measures a work order of an exploded site, then shows before and after', async ({
      browsers,
    }) => {
      test.setTimeout(180_000);
      const setup = await taskProject(`E2E复测${stamp()}`);
      // Site 1 "north wall" (room living): 1, 30, 2 on a [0, 4] standard, 30 exploded: 66.67 %.
      const originalId = await reviewTask(setup, `原测${stamp()}`, { siteOneValues: [1, 30, 2] });
      // The exploded site's view: a new rectification work order, pinned to the site.
      const { session: planning, origin } = await openNewWorkOrder(
        browsers,
        setup.planner,
        language,
        originalId,
        text.newOrder,
      );
      const { page } = planning;
      const created = page.waitForResponse((response) => response.url().includes('/WorkOrderMap/Add'));
      await confirmUntilGone(page.getByRole('dialog').getByRole('button', { name: button(text.ok) }));
      expect(((await (await created).json()) as { Code: number }).Code).toBe(0);
      const orders = await api(
        apiRoutes.workOrders.list,
        { TaskId: originalId, PageSize: 10, CurrentPage: 1 },
        setup.plannerToken,
      );
      expect(orders.Items.map((order) => order.PointIndex)).toEqual([1]);
      const orderId = orders.Items[0]?.WorkOrderId ?? '';

      // Assigned to the surveyor on the work order page.
      await page.goto(`${origin}/measurerobot/workOrder`);
      const row = page.getByRole('row', { name: new RegExp(setup.project.Name) });
      await expect(row.getByText(text.undistributed)).toBeVisible();
      await row.getByRole('button', { name: button(text.assign) }).click();
      const dialog = page.getByRole('dialog');
      await pickSearchedOption(page, dialog.getByRole('combobox'), setup.surveyor.name);
      await dialog.getByRole('button', { name: button(text.ok) }).click();
      await expect(row.getByText(text.unstart)).toBeVisible();

      // The assignee, signed in through the API, starts and completes it.
      const assignee = await apiLogin(setup.surveyor.login, setup.surveyor.password);
      await api(apiRoutes.workOrders.start, { WorkOrderId: orderId }, assignee);
      await api(apiRoutes.workOrders.complete, { WorkOrderId: orderId, Remark: '已打磨 / ground' }, assignee);

      // The planner creates the re-measure task; the robot simulator measures it through the device API.
      await page.reload();
      await expect(row.getByText(text.completed)).toBeVisible();
      const remeasured = page.waitForResponse((response) => response.url().includes('/CreateRemeasureTask'));
      await row.getByRole('button', { name: button(text.remeasure) }).click();
      const remeasureId = ((await (await remeasured).json()) as { Result: string }).Result;
      await expect(row.getByRole('link', { name: text.openTask })).toBeVisible();
      const device = await robot(`RM-${stamp()}`);
      await api(
        apiRoutes.tasks.reassignTask,
        { TaskId: remeasureId, DeviceGuid: device.id, SurveyorIds: [] },
        setup.plannerToken,
      );
      const sent = await runRobot({
        server: BASE_URL,
        key: device.key,
        task: remeasureId,
        errorRate: 0,
        pictures: false,
      });
      // The order names site 1: the robot measures that site alone (room living, same name).
      expect(sent.tasks[0]?.sites.map((site) => [site.RoomId, site.Name])).toEqual([
        ['living', 'north wall'],
      ]);

      // The re-measure site's view: before (the original site, 66.67 %) and after (this site, 100 %).
      await page.goto(`${origin}/measurerobot/mscReportData?taskId=${remeasureId}&point=1`);
      const card = page.getByTestId('before-after');
      await expect(card).toBeVisible();
      await expect(card.getByText(text.card)).toBeVisible();
      const sides = card.getByTestId('before-after-side');
      await expect(sides).toHaveCount(2);
      await expect(sides.nth(0).getByText(text.before)).toBeVisible();
      const rates = card.getByTestId('before-after-rate');
      await expect(rates).toHaveText([/66\.67%/, /100\.00%/], { useInnerText: true });
      await expect(sides.nth(0).getByText('30', { exact: true })).toBeVisible();
      await settle(page);
      await screenshot(page, `work-orders-remeasure-${language}-after`);

      // The link opens the original site, whose view lists its one re-measure (the site named).
      await sides
        .nth(0)
        .getByRole('link', { name: /#1 north wall/ })
        .click();
      await page.waitForURL(`**/measurerobot/mscReportData?taskId=${originalId}&point=1`);
      await expect(card.getByText(text.after).first()).toBeVisible();
      await expect(card.getByText(text.after)).toHaveCount(1);
      await expect(rates).toHaveText([/66\.67%/, /100\.00%/], { useInnerText: true });
      await settle(page);
      await screenshot(page, `work-orders-remeasure-${language}-before`);

      // The work order's history closes the loop.
      await page.goto(`${origin}/measurerobot/workOrder?id=${orderId}`);
      await expect(page.locator('.ant-drawer').getByText(text.remeasured)).toBeVisible();
      await settle(page);
      await screenshot(page, `work-orders-remeasure-${language}-history`);
      expect(planning.errors).toEqual([]);
    });
  });
