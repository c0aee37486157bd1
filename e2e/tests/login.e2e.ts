import { expect, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';
import { BASE_URL, DEMO, screenshot, type BrowserSession } from '../support/browser.ts';
import { closeVersionNotice, LANDING, noticeResponse } from '../support/sign-in.ts';

/**
 * A demo project on the landing list: other browser tests add projects to the demo company, so the
 * demo ones may be past page 1; the list's search finds them. Call it after the version notice has
 * closed: the dialog keeps the focus, so an Enter typed while it is open never reaches the search.
 */
async function findDemoProject(page: Page, placeholder: string, name: string) {
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  const search = page.getByPlaceholder(placeholder);
  await search.fill(name);
  await search.press('Enter');
  await expect(page.locator('.ant-table-row', { hasText: name }).first()).toBeVisible();
}

let browser: BrowserSession;
test.beforeEach(async ({ browsers }) => {
  browser = await browsers.open();
});

const LOGIN = '**/measurerobot/login';

test.describe('routing', () => {
  test('sends /, /login and protected pages of a signed-out user to the cloud login', async () => {
    const { page } = browser;
    for (const path of ['/', '/login', '/measurerobot/mscProjectList', '/measurerobot/aboug']) {
      await page.goto(`${BASE_URL}${path}`);
      await page.waitForURL(LOGIN);
    }
    expect(browser.errors).toEqual([]);
  });

  test('shows the not-found page for unknown paths, and the supplement area without signing in', async () => {
    const { page } = browser;
    for (const path of ['/no/such/page', '/supplement/nothing-here']) {
      await page.goto(`${BASE_URL}${path}`);
      await expect(page.getByText('页面不存在')).toBeVisible();
      expect(page.url()).toBe(`${BASE_URL}${path}`);
    }
    expect(await page.title()).toContain('页面不存在');
  });
});

test.describe('login screen', () => {
  test('shows both required messages and clears each as the user types', async () => {
    const { page } = browser;
    await page.goto(`${BASE_URL}/measurerobot/login`);
    await page
      .getByRole('button', { name: '登 录' })
      .or(page.getByRole('button', { name: '登录' }))
      .click();
    await expect(page.getByText('请输入用户名')).toBeVisible();
    await expect(page.getByText('请输入密码')).toBeVisible();
    await page.getByPlaceholder('邮箱或手机号').fill('a');
    await expect(page.getByText('请输入用户名')).not.toBeAttached();
    await page.getByPlaceholder('密码').fill('b');
    await expect(page.getByText('请输入密码')).not.toBeAttached();
  });

  test('shows the server message for a wrong password and stays on the login page', async () => {
    const { page } = browser;
    await page.goto(`${BASE_URL}/measurerobot/login`);
    await page.getByPlaceholder('邮箱或手机号').fill(DEMO.pm.login);
    await page.getByPlaceholder('密码').fill('Wrong@123456');
    await page.getByPlaceholder('密码').press('Enter');
    await expect(page.getByText('用户名或密码错误')).toBeVisible();
    expect(page.url()).toContain('/measurerobot/login');
  });

  test('switches to English, keeps it after a reload and sends it as Accept-Language', async () => {
    const { page } = browser;
    await page.goto(`${BASE_URL}/measurerobot/login`);
    await screenshot(page, 'login-zh-CN');
    await page.getByText('English', { exact: true }).click();
    await expect(page.getByPlaceholder('Email or mobile number')).toBeVisible();
    await page.reload();
    await expect(page.getByPlaceholder('Email or mobile number')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await screenshot(page, 'login-en-US');

    await page.getByPlaceholder('Email or mobile number').fill(DEMO.admin.login);
    await page.getByPlaceholder('Password').fill(DEMO.admin.password);
    const login = page.waitForRequest((request) => request.url().includes('/api/sys/Auth/AuthLogin'));
    const notice = noticeResponse(page);
    await page.getByPlaceholder('Password').press('Enter');
    expect((await login).headers()['accept-language']).toBe('en-US');
    await page.waitForURL(LANDING);
    await closeVersionNotice(page, notice);
    await findDemoProject(page, 'Search by project name', '滨江花园一期');
    await screenshot(page, 'landing-en-US');
    expect(browser.errors).toEqual([]);
  });

  test('signs in with Chinese screens and shows the demo projects', async () => {
    const { page } = browser;
    await page.goto(`${BASE_URL}/measurerobot/login`);
    await page.getByPlaceholder('邮箱或手机号').fill('13800000001');
    await page.getByPlaceholder('密码').fill(DEMO.admin.password);
    const notice = noticeResponse(page);
    await page.getByPlaceholder('密码').press('Enter');
    await page.waitForURL(LANDING);
    await closeVersionNotice(page, notice);
    await findDemoProject(page, '按项目名称搜索', '云栖科创中心');
    await screenshot(page, 'landing-zh-CN');
    expect(browser.errors).toEqual([]);
  });

  test('remembers the password encrypted: the form is filled after a reload, storage never holds it in clear', async () => {
    const { page } = browser;
    await page.goto(`${BASE_URL}/measurerobot/login`);
    await page.getByPlaceholder('邮箱或手机号').fill(DEMO.admin.login);
    await page.getByPlaceholder('密码').fill(DEMO.admin.password);
    await page.getByText('记住密码').click();
    await page.getByPlaceholder('密码').press('Enter');
    await page.waitForURL(LANDING);

    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain(DEMO.admin.password);
    expect(stored).not.toContain(btoa(DEMO.admin.password));

    await page.goto(`${BASE_URL}/measurerobot/login`);
    await expect(page.getByPlaceholder('邮箱或手机号')).toHaveValue(DEMO.admin.login);
    await expect(page.getByPlaceholder('密码')).toHaveValue(DEMO.admin.password);
  });
});
