import type { Page, Response } from '@playwright/test';
import { BASE_URL } from './browser.ts';
import { confirmUntilGone } from './confirm.ts';

export interface Login {
  login: string;
  password: string;
}

export const LANDING = '**/measurerobot/mscProjectList';

/** Fills the login form and submits it (switching the language first for English). */
export async function signIn(page: Page, account: Login, language: 'zh-CN' | 'en-US' = 'zh-CN') {
  await page.goto(`${BASE_URL}/measurerobot/login`);
  if (language === 'en-US') await page.getByText('English', { exact: true }).click();
  const [user, password] =
    language === 'en-US' ? ['Email or mobile number', 'Password'] : ['邮箱或手机号', '密码'];
  await page.getByPlaceholder(user).fill(account.login);
  await page.getByPlaceholder(password, { exact: true }).fill(account.password);
  await page.getByPlaceholder(password, { exact: true }).press('Enter');
}

/**
 * Closes the version notice when GetNotification flagged it to be read (`IsReaded: true`, spec
 * section 4; it opens until the user acknowledges it), once it is still (a click during its opening
 * motion can be lost).
 */
export async function closeVersionNotice(page: Page, notice: Promise<Response>) {
  const body = (await (await notice).json()) as { Result?: { IsReaded?: boolean } | null };
  if (!body.Result?.IsReaded) return;
  await confirmUntilGone(page.getByRole('button', { name: /我知道了|Got it/ }));
}

/** Waits for the notice check that follows a sign-in; start it before submitting. */
export const noticeResponse = (page: Page) =>
  page.waitForResponse((response) => response.url().includes('/Notification/GetNotification'));

/** Signs in, waits for the landing page and closes the version notice if it opens. */
export async function signInAndLand(page: Page, account: Login, language: 'zh-CN' | 'en-US' = 'zh-CN') {
  const notice = noticeResponse(page);
  await signIn(page, account, language);
  await page.waitForURL(LANDING);
  await closeVersionNotice(page, notice);
}
