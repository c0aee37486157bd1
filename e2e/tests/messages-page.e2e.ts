import crypto from 'node:crypto';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, apiRoutes } from '../support/api.ts';
import { screenshot, settle } from '../support/browser.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject } from '../support/task-project.ts';

/**
 * Issue 34 item 6: the message list as a page, besides the drawer. Two work orders assigned to a
 * surveyor: the page filters them by kind and read state, marks one read and then all, pages; and
 * reads in English.
 */
test('filters, pages and marks messages read on the messages page, in both languages', async ({
  browsers,
}) => {
  test.setTimeout(150_000);
  const { plannerToken, surveyor, surveyorId, project } = await taskProject(
    `E2E消息页${Date.now().toString(36)}${crypto.randomInt(100, 999)}`,
  );
  const order = async () => {
    const id = await api(
      apiRoutes.workOrders.add,
      {
        ProjectId: project.ProjectId,
        Type: 'rectify',
        Process: 'plaster',
        BuildingNumber: '1#',
        Floor: 2,
        Household: 1,
        AssigneeId: surveyorId,
      },
      plannerToken,
    );
    return (await api(apiRoutes.workOrders.get, { WorkOrderId: id }, plannerToken)).OrderNumber;
  };
  const first = await order();
  const second = await order();
  const surveyorToken = await apiLogin(surveyor.login, surveyor.password);

  const { page } = await browsers.open();
  await signInAndLand(page, surveyor);
  // From the drawer to the page.
  await page.getByRole('button', { name: /消\s*息/ }).click();
  await page.getByRole('button', { name: '查看全部' }).click();
  await page.waitForURL('**/measurerobot/messageList');
  const rows = page.getByTestId('message-row');
  const listed = (filter: string) =>
    page.waitForResponse(
      (response) =>
        response.url().includes('/Notification/GetMessageList') &&
        response.request().postData()?.includes(filter) === true,
    );

  // Kind: work orders only (version notices of the platform may be there too).
  const byKind = listed('"Kind":"workOrderAssigned"');
  await page.getByRole('combobox', { name: '类型' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '工单' }).click();
  await byKind;
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(second);
  await expect(rows.nth(1)).toContainText(first);
  await expect(rows.filter({ hasText: first })).toHaveAttribute('data-read', 'false');

  // One marked read: it leaves "unread" and shows under "read".
  await rows.filter({ hasText: first }).getByRole('button', { name: '标为已读' }).click();
  await expect(rows.filter({ hasText: first })).toHaveAttribute('data-read', 'true');
  await page.locator('.ant-segmented-item').filter({ hasText: '未读' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(second);
  await page
    .locator('.ant-segmented-item')
    .filter({ hasText: /^已读$/ })
    .click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(first);
  await settle(page);
  await screenshot(page, 'messages-page');

  // A day range without them: nothing; cleared: both again.
  await page.locator('.ant-segmented-item').filter({ hasText: '全部' }).click();
  await expect(rows).toHaveCount(2);
  const past = listed('"EndDate":"2020-01-02"');
  await page.getByPlaceholder('开始日期').fill('2020-01-01');
  await page.getByPlaceholder('结束日期').fill('2020-01-02');
  await page.getByPlaceholder('结束日期').press('Enter');
  await past;
  await expect(rows).toHaveCount(0);
  await page.locator('.ant-picker-clear').click();
  await expect(rows).toHaveCount(2);

  // All read.
  await page.getByRole('button', { name: '全部标为已读' }).click();
  await expect(page.locator('[data-testid="message-row"][data-read="false"]')).toHaveCount(0);
  expect((await api(apiRoutes.notifications.getUnreadCount, {}, surveyorToken)).Unread).toBe(0);

  // In English.
  const english = await browsers.open('en-US');
  await signInAndLand(english.page, surveyor, 'en-US');
  await english.page.goto(english.page.url().replace('mscProjectList', 'messageList'));
  await expect(english.page.getByText('Mark all read')).toBeVisible();
  await english.page.getByRole('combobox', { name: 'Kind' }).click();
  await english.page.locator('.ant-select-item-option').filter({ hasText: 'Work order' }).click();
  const englishRows = english.page.getByTestId('message-row');
  await expect(englishRows).toHaveCount(2);
  await expect(englishRows.first()).toContainText('New work order');
  await expect(english.page.getByText('Messages: 2')).toBeVisible();
  await expect(englishRows.first().getByText('Read', { exact: true })).toBeVisible();
});
