import { afterAll, beforeAll, expect, it } from 'vitest';
import { BASE_URL, DEMO, openBrowser, screenshot, type BrowserSession } from '../support/browser.ts';

/** The foundation works end to end: the root redirects to login, a demo account signs in, the landing page lists projects. */
let browser: BrowserSession;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => browser.close());

it('redirects to the Chinese login page, signs the demo administrator in and lists the demo projects', async () => {
  const { page } = browser;
  await page.goto(`${BASE_URL}/`);
  await page.waitForURL('**/measurerobot/login');
  await page.getByPlaceholder('邮箱或手机号').fill(DEMO.admin.login);
  await page.getByPlaceholder('密码').fill(DEMO.admin.password);
  await page.getByPlaceholder('密码').press('Enter');
  await page.waitForURL('**/measurerobot/mscProjectList');
  await page.getByText('滨江花园一期').first().waitFor();
  await page.getByText('云栖科创中心').first().waitFor();
  await screenshot(page, 'smoke-landing-zh-CN');
  expect(browser.errors).toEqual([]);
});
