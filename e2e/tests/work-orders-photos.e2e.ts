import crypto from 'node:crypto';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, apiRoutes } from '../support/api.ts';
import { screenshot, settle } from '../support/browser.ts';
import { planPng } from '../support/plan-files.ts';
import { openNewWorkOrder, reviewTask } from '../support/review-task.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject } from '../support/task-project.ts';

/**
 * Issue 18, photos and pins: a work order made on an exploded site's view is pinned on the
 * household's plan by a click; its assignee completes it in the browser with an uploaded photo; the
 * details show the photo (enlarged on a click) and the plan with the pin, coloured by state; the page's
 * plan view shows the pin and opens the work order from it.
 */

const stamp = () => `${Date.now().toString(36)}${crypto.randomInt(1000, 9999)}`;
const button = (text: string) => new RegExp(`(^|\\s)${[...text].join('\\s*')}\\s*$`);

const TEXT = {
  'zh-CN': {
    newOrder: '新建工单',
    notPinned: '未标注位置',
    ok: '确定',
    complete: '完成',
    completed: '已完成',
    plan: '户型图',
  },
  'en-US': {
    newOrder: 'New work order',
    notPinned: 'No pin placed',
    ok: 'OK',
    complete: 'Complete',
    completed: 'Completed',
    plan: 'Plan',
  },
} as const;

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`work order photos and pins (${language})`, () => {
    const text = TEXT[language];

    test('pins a new work order on the plan, completes it with a photo, and shows both', async ({
      browsers,
    }) => {
      test.setTimeout(180_000);
      const setup = await taskProject(`E2E照片${stamp()}`);
      const taskId = await reviewTask(setup, `照片${stamp()}`, { siteOneValues: [1, 30, 2] });
      // The exploded site's view: a new work order, its pin placed on the plan, moved, then sent.
      const { session: planning, origin } = await openNewWorkOrder(
        browsers,
        setup.planner,
        language,
        taskId,
        text.newOrder,
      );
      const { page } = planning;
      const dialog = page.getByRole('dialog');
      const plan = dialog.getByTestId('work-order-plan');
      await expect(plan).toBeVisible();
      await expect(dialog.getByText(text.notPinned)).toBeVisible();
      // Measured once the dialog's opening zoom is over: a box taken during it is smaller, and clicks
      // at its fractions land on the walls.
      await settle(page);
      const box = await plan.boundingBox();
      if (!box) throw new Error('the plan is not shown');
      await plan.click({ position: { x: box.width * 0.3, y: box.height * 0.5 } });
      await expect(dialog.getByTestId('pin-draft')).toBeVisible();
      const first = await dialog.getByTestId('pin-position').textContent();
      // A second click moves it; the plan is 160 x 100 pixels, the pin stays inside.
      await plan.click({ position: { x: box.width * 0.6, y: box.height * 0.5 } });
      await expect(dialog.getByTestId('pin-position')).not.toHaveText(first ?? '');
      const shown = /\(([\d.]+), ([\d.]+)\)/.exec(
        (await dialog.getByTestId('pin-position').textContent()) ?? '',
      );
      const [x, y] = [Number(shown?.[1]), Number(shown?.[2])];
      expect(x).toBeGreaterThan(60);
      expect(x).toBeLessThan(160);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(100);
      const created = page.waitForResponse((response) => response.url().includes('/WorkOrderMap/Add'));
      await dialog.getByRole('button', { name: button(text.ok) }).click();
      expect(((await (await created).json()) as { Code: number }).Code).toBe(0);
      const orders = await api(
        apiRoutes.workOrders.list,
        { TaskId: taskId, PageSize: 10, CurrentPage: 1 },
        setup.plannerToken,
      );
      expect(orders.Items).toHaveLength(1);
      const order = orders.Items[0] as (typeof orders.Items)[number];
      expect([order.X, order.Y]).toEqual([x, y]);
      await api(
        apiRoutes.workOrders.assign,
        { WorkOrderId: order.WorkOrderId, AssigneeId: setup.surveyorId },
        setup.plannerToken,
      );
      const assignee = await apiLogin(setup.surveyor.login, setup.surveyor.password);
      await api(apiRoutes.workOrders.start, { WorkOrderId: order.WorkOrderId }, assignee);

      // The assignee completes it in the browser with a remark and a photo (uploaded with its progress).
      const working = await browsers.open(language);
      await signInAndLand(working.page, setup.surveyor, language);
      await working.page.goto(`${origin}/measurerobot/workOrder`);
      const row = working.page.getByRole('row', { name: new RegExp(order.OrderNumber) });
      await row.getByRole('button', { name: button(text.complete) }).click();
      const complete = working.page.getByRole('dialog');
      await complete.getByRole('textbox').fill('已打磨墙面');
      const uploaded = working.page.waitForResponse((response) =>
        response.url().includes('/WorkOrder/UploadPicture'),
      );
      await complete.locator('input[type=file]').setInputFiles({
        name: '打磨后.png',
        mimeType: 'image/png',
        buffer: await planPng(),
      });
      const answer = (await (await uploaded).json()) as { Code: number; Result: { FileId: string } };
      expect(answer.Code).toBe(0);
      await expect(complete.locator('.ant-upload-list-item-done')).toBeVisible();
      const completed = working.page.waitForResponse((response) =>
        response.url().includes('/WorkOrder/Complete'),
      );
      await complete.getByRole('button', { name: button(text.ok) }).click();
      const sent = JSON.parse((await completed).request().postData() ?? '{}') as {
        PictureFileIds?: string[];
      };
      expect(sent.PictureFileIds).toEqual([answer.Result.FileId]);
      await expect(row.getByText(text.completed)).toBeVisible();

      // The details show the photo (a click enlarges it) and the pin on the plan, green for completed.
      await row.getByRole('button', { name: order.OrderNumber }).click();
      const drawer = working.page.locator('.ant-drawer');
      const photo = drawer.getByTestId('work-order-photos').locator('img');
      await expect(photo).toHaveAttribute('src', /^blob:/);
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
      await photo.click();
      await expect(working.page.locator('.ant-image-preview img').first()).toBeVisible();
      await working.page.keyboard.press('Escape');
      const pin = drawer.getByTestId(`pin-${order.OrderNumber}`);
      await expect(pin).toBeVisible();
      await expect(pin).toHaveAttribute('data-state', 'completed');
      await settle(working.page);
      await screenshot(working.page, `work-orders-photos-detail-${language}`);

      // The planner's plan view of the page: the household with the pin; the pin opens the work order.
      await page.goto(`${origin}/measurerobot/workOrder`);
      // The view switch, not the menu's "house types" entry of the same name.
      await page.locator('.ant-segmented').getByText(text.plan, { exact: true }).click();
      const pagePin = page.getByTestId(`pin-${order.OrderNumber}`).first();
      await expect(pagePin).toBeVisible();
      await pagePin.click();
      await expect(page.locator('.ant-drawer-title', { hasText: order.OrderNumber })).toBeVisible();
      expect([...planning.errors, ...working.errors]).toEqual([]);
    });
  });
