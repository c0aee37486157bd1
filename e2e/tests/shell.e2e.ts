import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, createNewUser, createReadyUser, type TestUser, apiRoutes } from '../support/api.ts';
import { BASE_URL, type BrowserSession } from '../support/browser.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { confirmUntilGone } from '../support/confirm.ts';

let browser: BrowserSession;
let user: TestUser;
test.beforeEach(async ({ browsers }) => {
  browser = await browsers.open();
  user = await createReadyUser();
});

const tab = (page: Page, name: string) => page.locator('.ant-tabs-tab').filter({ hasText: name });

test('opens pages as tabs and closes this, the others and all of them', async () => {
  const { page } = browser;
  await signInAndLand(page, user);
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  await page.waitForURL('**/measurerobot/aboug');
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  await page.waitForURL('**/measurerobot/changePassword');
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  await expect(page.locator('.ant-tabs-tab')).toHaveCount(3);

  const actions = () => page.getByText('标签操作').click();
  await actions();
  await page.getByText('关闭当前').click();
  await expect(page.locator('.ant-tabs-tab')).toHaveCount(2);
  await expect(tab(page, '个人中心')).toHaveCount(0);

  await actions();
  await page.getByText('关闭其他').click();
  await expect(page.locator('.ant-tabs-tab')).toHaveCount(1);

  await actions();
  await page.getByText('关闭全部').click();
  await page.waitForURL('**/measurerobot/mscProjectList');
  expect(browser.errors).toEqual([]);
});

test('returns to the login page about 2 s after the session ends elsewhere', async () => {
  const { page } = browser;
  await signInAndLand(page, user);
  // Changing the password from another session ends this browser's session.
  const other = await apiLogin(user.login, user.password);
  await api(
    apiRoutes.account.changePassword,
    { OldPassword: user.password, NewPassword: 'Other@12345' },
    other,
  );

  // The next call this page makes (a search) gets HTTP 401.
  await page.getByPlaceholder('按项目名称搜索').fill('滨江');
  await page.getByPlaceholder('按项目名称搜索').press('Enter');
  await expect(page.getByText('认证信息已过期或账号已被禁用，即将退出登录')).toBeVisible();
  const shownAt = Date.now();
  await page.waitForURL('**/measurerobot/login', { timeout: 10_000 });
  const waited = Date.now() - shownAt;
  expect(waited).toBeGreaterThan(1_500);
  expect(waited).toBeLessThan(4_000);
});

test('edits the profile in the personal centre', async () => {
  const { page } = browser;
  await signInAndLand(page, user);
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  await page.getByRole('button', { name: /编\s*辑/ }).click();
  await page.getByLabel('手机号').fill('12345');
  await page.getByLabel('职位').fill('质量总监');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('请输入正确的手机号码')).toBeVisible();
  const phone = `139${String(Date.now()).slice(-8)}`;
  await page.getByLabel('手机号').fill(phone);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();
  await expect(page.locator('.ant-descriptions').getByText('质量总监')).toBeVisible();
  await expect(page.locator('.ant-descriptions').getByText(phone)).toBeVisible();
});

test('changes the password, signs out and signs in with the new one', async () => {
  const { page } = browser;
  await signInAndLand(page, user);
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  await page.getByLabel('原密码').fill(user.password);
  await page.getByLabel('新密码', { exact: true }).fill('Newer@12345');
  await page.getByLabel('确认新密码').fill('Newer@12346');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByText('两次输入的新密码不一致')).toBeVisible();
  await page.getByLabel('确认新密码').fill('Newer@12345');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByText('密码修改成功').first()).toBeVisible();

  await page.getByText('退出登录').click();
  await confirmUntilGone(page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }));
  await page.waitForURL('**/measurerobot/login');
  await page.getByPlaceholder('邮箱或手机号').fill(user.login);
  await page.getByPlaceholder('密码').fill(user.password);
  await page.getByPlaceholder('密码').press('Enter');
  await expect(page.getByText('用户名或密码错误')).toBeVisible();
  await page.getByPlaceholder('密码').fill('Newer@12345');
  await page.getByPlaceholder('密码').press('Enter');
  await page.waitForURL('**/measurerobot/mscProjectList');
});

test('asks a user with an administrator-set password to change it before entering', async () => {
  const { page } = browser;
  const fresh = await createNewUser('Initial@12345');
  await page.goto(`${BASE_URL}/measurerobot/login`);
  await page.getByPlaceholder('邮箱或手机号').fill(fresh.login);
  await page.getByPlaceholder('密码').fill(fresh.password);
  await page.getByPlaceholder('密码').press('Enter');
  await expect(page.getByText('登录成功，为了账号安全请先修改密码').first()).toBeVisible();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('原密码').fill(fresh.password);
  await dialog.getByLabel('新密码', { exact: true }).fill('Chosen@12345');
  await dialog.getByLabel('确认新密码').fill('Chosen@12345');
  await dialog.getByRole('button', { name: '确认修改' }).click();
  await page.waitForURL('**/measurerobot/mscProjectList');
  expect(await apiLogin(fresh.login, 'Chosen@12345')).toMatch(/^[A-Za-z0-9_-]{43}$/);
});
