import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, apiRoutes } from '../support/api.ts';
import { screenshot, settle } from '../support/browser.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject } from '../support/task-project.ts';

/**
 * Issue 18 item 4: the message list. A work order assigned elsewhere shows up in the assignee's top
 * bar (unread count, refetched when the window regains focus), opens from the list, and all is
 * marked read; the planner reads "task finished" in English.
 */

/** The badge's number, or 0 when the badge shows none. */
async function badge(page: Page): Promise<number> {
  const count = page.locator('[data-testid="message-count"] .ant-badge-count');
  if ((await count.count()) === 0) return 0;
  return Number((await count.getAttribute('title')) ?? 0);
}

test('shows new messages in the top bar, opens a work order from the list and marks all read', async ({
  browsers,
}) => {
  test.setTimeout(150_000);
  const { planner, plannerToken, surveyor, surveyorId, project } = await taskProject(
    `E2E消息${Date.now().toString(36)}${crypto.randomInt(100, 999)}`,
  );
  const taskName = `消息任务${crypto.randomInt(1000, 9999)}`;
  const taskId = await api(
    apiRoutes.tasks.addTask,
    {
      ProjectId: project.ProjectId,
      Name: taskName,
      Stage: 'plaster',
      MeasureKind: 'first',
      InspectionKind: 'self',
      Households: [{ BuildingNumber: '1#', Floor: 2, Household: 1 }],
      ItemCodes: ['PL-01'],
      SurveyorIds: [surveyorId],
    },
    plannerToken,
  );
  const order = (assignee: string) =>
    api(
      apiRoutes.workOrders.add,
      {
        ProjectId: project.ProjectId,
        Type: 'rectify',
        Process: 'plaster',
        BuildingNumber: '1#',
        Floor: 2,
        Household: 1,
        AssigneeId: assignee,
      },
      plannerToken,
    );
  const first = await order(surveyorId);
  const { OrderNumber } = await api(apiRoutes.workOrders.get, { WorkOrderId: first }, plannerToken);

  const working = await browsers.open();
  const { page } = working;
  await signInAndLand(page, surveyor);
  const surveyorToken = await apiLogin(surveyor.login, surveyor.password);
  const unread = async () => (await api(apiRoutes.notifications.getUnreadCount, {}, surveyorToken)).Unread;
  const before = await unread();
  expect(before).toBeGreaterThanOrEqual(1);
  await expect.poll(() => badge(page), { timeout: 15_000 }).toBe(before);

  // The list: the new work order, opened from its message (which marks it read).
  await page.getByRole('button', { name: /消\s*息/ }).click();
  const item = page.getByTestId('message-item').filter({ hasText: OrderNumber });
  await expect(item.getByText('新工单')).toBeVisible();
  await expect(item).toHaveAttribute('data-read', 'false');
  await settle(page);
  await screenshot(page, 'messages-list');
  await item.getByRole('button', { name: '查看工单' }).click();
  await page.waitForURL(`**/measurerobot/workOrder?id=${first}`);
  await expect(page.locator('.ant-drawer-title', { hasText: OrderNumber })).toBeVisible();
  // A comment on the work order (Comment/GetCommentList shows it with its author).
  await page.getByPlaceholder('写下评论').fill('墙面空鼓，明天处理');
  await page.getByRole('button', { name: /发\s*表/ }).click();
  await expect(
    page.getByTestId('comment').filter({ hasText: '墙面空鼓，明天处理' }).getByText(surveyor.name),
  ).toBeVisible();
  const listed = await api(
    apiRoutes.workOrders.getCommentList,
    { TargetType: 'workOrder', TargetId: first },
    plannerToken,
  );
  expect(listed.Items.map((item) => item.Content)).toEqual(['墙面空鼓，明天处理']);
  await expect.poll(() => badge(page), { timeout: 15_000 }).toBe(before - 1);
  expect(await unread()).toBe(before - 1);

  // Another order assigned elsewhere: the count follows when the window gets the focus back.
  await order(surveyorId);
  await page.evaluate(() => {
    window.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
  });
  await expect.poll(() => badge(page), { timeout: 15_000 }).toBe(before);

  // Mark all read (the work order's details closed first).
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-drawer-title', { hasText: OrderNumber })).toBeHidden();
  await page.getByRole('button', { name: /消\s*息/ }).click();
  await page.getByRole('button', { name: '全部标为已读' }).click();
  await expect.poll(() => badge(page), { timeout: 15_000 }).toBe(0);
  await expect(page.locator('[data-testid="message-item"][data-read="false"]')).toHaveCount(0);
  expect(await unread()).toBe(0);

  // The board by state: both orders wait in "not started", nothing elsewhere; a card opens its details.
  await page.keyboard.press('Escape');
  await page.getByText('看板', { exact: true }).click();
  const waiting = page.getByTestId('board-column-unstart');
  await expect(waiting.getByText('未开始 2')).toBeVisible();
  await expect(waiting.getByTestId('board-card').filter({ hasText: OrderNumber })).toBeVisible();
  await expect(page.getByTestId('board-column-completed').getByTestId('board-card')).toHaveCount(0);
  await waiting.getByTestId('board-card').filter({ hasText: OrderNumber }).click();
  await expect(page.locator('.ant-drawer-title', { hasText: OrderNumber })).toBeVisible();
  await settle(page);
  await screenshot(page, 'messages-board');

  // The surveyor finishes the task: the planner reads it, in English.
  await api(
    apiRoutes.results.updates,
    {
      TaskId: taskId,
      BuildingNumber: '1#',
      Floor: 2,
      Household: 1,
      Readings: [{ ItemCode: 'PL-01', Values: [1, 2] }],
    },
    surveyorToken,
  );
  await api(apiRoutes.tasks.finishTask, { TaskId: taskId }, surveyorToken);
  const planning = await browsers.open('en-US');
  await signInAndLand(planning.page, planner, 'en-US');
  await planning.page.getByRole('button', { name: 'Messages' }).click();
  const finished = planning.page.getByTestId('message-item').filter({ hasText: taskName });
  await expect(finished.getByText('Task finished')).toBeVisible();
  await finished.getByRole('button', { name: 'Open task' }).click();
  await planning.page.waitForURL(`**/measurerobot/taskDetail?id=${taskId}`);
  expect([...working.errors, ...planning.errors]).toEqual([]);
});
