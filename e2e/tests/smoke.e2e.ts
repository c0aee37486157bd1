import { expect, test } from '../support/fixtures.ts';
import { BASE_URL, DEMO, screenshot } from '../support/browser.ts';

/** The foundation works end to end: the root redirects to login, a demo account signs in, the landing page lists projects. */
test('redirects to the Chinese login page, signs the demo administrator in and lists the demo projects', async ({
  browsers,
}) => {
  const browser = await browsers.open();
  const { page } = browser;
  await page.goto(`${BASE_URL}/`);
  await page.waitForURL('**/measurerobot/login');
  await page.getByPlaceholder('邮箱或手机号').fill(DEMO.admin.login);
  await page.getByPlaceholder('密码').fill(DEMO.admin.password);
  await page.getByPlaceholder('密码').press('Enter');
  await page.waitForURL('**/measurerobot/mscProjectList');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await screenshot(page, 'smoke-landing-zh-CN');
  // Other browser tests add projects to the demo company, so the demo ones may be past page 1: search.
  const search = page.getByPlaceholder('按项目名称搜索');
  for (const name of ['滨江花园一期', '云栖科创中心']) {
    await search.fill(name);
    await search.press('Enter');
    await expect(page.locator('.ant-table-row', { hasText: name }).first()).toBeVisible();
  }
  expect(browser.errors).toEqual([]);
});
