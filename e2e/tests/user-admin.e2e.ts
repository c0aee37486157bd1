import crypto from 'node:crypto';
import { expect, test } from '../support/fixtures.ts';
import { createReadyAdmin } from '../support/api.ts';
import { BASE_URL } from '../support/browser.ts';
import { hoverUntilShown } from '../support/hover.ts';
import { signInAndLand } from '../support/sign-in.ts';

/** Issue 10: the user administration forms and list as a new administrator meets them. */

const stamp = () => `${Date.now().toString(36)}${crypto.randomInt(1000, 9999)}`;
/** antd puts a space between two Chinese characters in buttons. */
const zhButton = (text: string) => new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);

test('asks for the email when it was never touched, then creates the user (defect 2)', async ({
  browsers,
}) => {
  const { page, errors } = await browsers.open();
  const admin = await createReadyAdmin();
  await signInAndLand(page, admin);
  await page.goto(`${BASE_URL}/measurerobot/mscUserCreate`);
  await expect(page.getByLabel('初始密码')).toBeVisible();
  const name = `新用户${stamp()}`;
  await page.getByLabel('姓名', { exact: true }).fill(name);
  await page.getByLabel('初始密码').fill('Start@12345');
  // Email never touched: Save must say it is required, not fail silently.
  await page.getByRole('button', { name: zhButton('保存') }).click();
  await expect(page.locator('#Email_help', { hasText: '请输入必填项' })).toBeVisible();
  expect(page.url()).toContain('/measurerobot/mscUserCreate');

  await page.getByLabel('邮箱', { exact: true }).fill(`new-${stamp()}@e2e.example.com`);
  await page.getByRole('button', { name: zhButton('保存') }).click();
  await page.waitForURL('**/measurerobot/mscUser');
  expect(errors).toEqual([]);
});

test('offers no Delete on your own row and says why (defect 6)', async ({ browsers }) => {
  const { page, errors } = await browsers.open();
  const admin = await createReadyAdmin();
  await signInAndLand(page, admin);
  await page.goto(`${BASE_URL}/measurerobot/mscUser`);
  await page.getByPlaceholder('姓名、邮箱或手机号').fill(admin.login);
  await page.getByPlaceholder('姓名、邮箱或手机号').press('Enter');
  // The search narrows the list to the own row: hover only once it has (the list re-renders).
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  const own = page.locator('.ant-table-row', { hasText: admin.login });
  const remove = own.getByRole('button', { name: zhButton('删除') });
  await expect(remove).toBeDisabled();
  await hoverUntilShown(page, remove, page.getByRole('tooltip', { name: '不能删除自己的账号' }));
  expect(errors).toEqual([]);
});
