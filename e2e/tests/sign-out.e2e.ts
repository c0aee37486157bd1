import type { Route } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, createReadyAdmin, apiRoutes } from '../support/api.ts';
import { BASE_URL } from '../support/browser.ts';
import { LANDING, signIn } from '../support/sign-in.ts';
import { confirmUntilGone } from '../support/confirm.ts';

/**
 * Issue 10, defect 1: signing out from a page whose queries are still running, then signing in
 * again at once. A late 401 of the old session must neither show "authentication expired" nor end
 * the new session.
 */

const made: { projectId: string; token: string }[] = [];
test.afterEach(async () => {
  for (const { projectId, token } of made.splice(0)) {
    await api(apiRoutes.projects.delete, { ProjectId: projectId }, token).catch(() => undefined);
  }
});

const EXPIRED = '认证信息已过期或账号已被禁用，即将退出登录';

test('signs out from the project detail without the expiry message and keeps the next session', async ({
  browsers,
}) => {
  const { page, errors } = await browsers.open();
  const admin = await createReadyAdmin();
  const token = await apiLogin(admin.login, admin.password);
  const project = await api(
    apiRoutes.projects.add,
    {
      Name: `E2E退出${Date.now().toString(36).slice(-6)}`,
      DetailsInfo: [{ BuildingNumber: '1', Stories: 3, Households: 2, DeliveryStandard: 'fine' }],
    },
    token,
  );
  made.push({ projectId: project.ProjectId, token });

  // Every "authentication expired" message the page ever shows is recorded.
  const expired: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('expired-message')) expired.push(message.text());
  });
  await page.addInitScript((text: string) => {
    new MutationObserver(() => {
      if (document.body?.innerText.includes(text)) console.warn('expired-message');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, EXPIRED);

  await signIn(page, admin);
  await page.waitForURL(LANDING);
  await page.goto(`${BASE_URL}/measurerobot/projectDetail?id=${project.ProjectId}`);
  await expect(page.getByRole('tab', { name: '概览' })).toBeVisible();

  // A query of the page is still on its way when the user signs out: the server, which has ended
  // the session meanwhile, answers it with HTTP 401 (held here so the order is certain).
  let heldLog: Route | undefined;
  const logHeld = new Promise<void>((resolve) => {
    void page.route('**/api/ms/projectlog/GetList**', (route) => {
      heldLog = route;
      resolve();
    });
  });
  await page.getByRole('tab', { name: '项目日志' }).click();
  await logHeld;
  await page.route('**/api/sys/Auth/Logout', async (route) => {
    // Fails when the page has already cancelled the request, as it should on sign-out.
    await heldLog
      ?.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ Code: 401, Message: 'expired', Result: null }),
      })
      .catch(() => undefined);
    await route.continue();
  });

  // Sign out, and sign in again as soon as the login form is back.
  await page.getByRole('button', { name: '退出登录' }).click();
  const logout = page.waitForResponse((response) => response.url().includes('/Auth/Logout'));
  await confirmUntilGone(page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }));
  await page.waitForURL('**/measurerobot/login');
  await logout;
  await page.getByPlaceholder('邮箱或手机号').fill(admin.login);
  await page.getByPlaceholder('密码', { exact: true }).fill(admin.password);
  await page.getByPlaceholder('密码', { exact: true }).press('Enter');
  await page.waitForURL(LANDING);

  // The old session's 2 s redirect would have fired by 3 s: the new session must still be here.
  const thrownOut = await page
    .waitForURL('**/measurerobot/login', { timeout: 3_500 })
    .then(() => true)
    .catch(() => false);
  expect(thrownOut).toBe(false);
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
  expect(expired).toEqual([]);
  expect(errors.filter((error) => !error.includes('401'))).toEqual([]);
});
