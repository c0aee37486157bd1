import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, apiRoutes } from '../support/api.ts';
import {
  closeVersionNotice,
  LANDING,
  noticeResponse,
  signIn,
  signInAndLand,
  type Login,
} from '../support/sign-in.ts';
import { BASE_URL, DEMO, screenshot } from '../support/browser.ts';
import { confirmUntilGone } from '../support/confirm.ts';

/**
 * People (issue 4): user management, sign-in of a new user with the forced password change,
 * permitted menu entries, Excel import with a bad row, disabling a user with an open session,
 * organisations and the permission list. Every test makes its own users, administrators included;
 * the demo administrator only creates them through the API.
 */

const stamp = () => `${Date.now().toString(36)}${crypto.randomInt(1000, 9999)}`;
const mobile = () => `139${String(crypto.randomInt(0, 100_000_000)).padStart(8, '0')}`;
/** antd puts a space between two Chinese characters in buttons. */
const zhButton = (text: string) => new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);

/** The open confirm dialog (antd `modal.confirm`). */
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');

async function menuEntries(page: Page): Promise<string[]> {
  await expect(page.getByRole('menu').getByRole('menuitem').first()).toBeVisible();
  return (await page.getByRole('menu').getByRole('menuitem').allTextContents()).map((text) => text.trim());
}

// --- Data the tests need but do not exercise, made through the API --------------------------

/**
 * A fresh company administrator of the demo company, ready to sign in, so the tests change nothing
 * of the demo accounts (not even whether their version notice was read).
 */
async function createAdmin(role: 'CompanyAdmin' | 'MeasureAdmin' = 'CompanyAdmin'): Promise<Login> {
  const id = stamp();
  const account = { login: `admin-${id}@e2e.example.com`, password: 'Ready@12345' };
  const demo = await apiLogin(DEMO.admin.login, DEMO.admin.password);
  await api(
    apiRoutes.userAdmin.createUser,
    { Name: `管理员${id}`, Email: account.login, Password: 'First@12345', RoleNameList: [role] },
    demo,
  );
  const first = await apiLogin(account.login, 'First@12345');
  await api(
    apiRoutes.account.changePassword,
    { OldPassword: 'First@12345', NewPassword: account.password },
    first,
  );
  return account;
}

/** A fresh surveyor of the demo company with an administrator-set password (must change it first). */
async function createSurveyor(name: string): Promise<Login & { phone: string }> {
  const account = { login: `user-${stamp()}@e2e.example.com`, password: 'Start@12345', phone: mobile() };
  await api(
    apiRoutes.userAdmin.createUser,
    {
      Name: name,
      Email: account.login,
      Phone: account.phone,
      Password: account.password,
      RoleNameList: ['Surveyor'],
    },
    await apiLogin(DEMO.admin.login, DEMO.admin.password),
  );
  return account;
}

/** First sign-in of a user with an administrator-set password: change it, close the notice, land. */
async function firstSignIn(page: Page, account: Login, newPassword: string) {
  const notice = noticeResponse(page);
  await signIn(page, account);
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('原密码').fill(account.password);
  await dialog.getByLabel('新密码', { exact: true }).fill(newPassword);
  await dialog.getByLabel('确认新密码').fill(newPassword);
  await dialog.getByRole('button', { name: '确认修改' }).click();
  await page.waitForURL(LANDING);
  await closeVersionNotice(page, notice);
}

// --- Tests --------------------------------------------------------------------------------------

test.describe('user management', () => {
  test('creates a user in Chinese (duplicate email refused on its field); the user signs in and sees only permitted entries', async ({
    browsers,
  }) => {
    const admin = await browsers.open();
    const { page } = admin;
    await signInAndLand(page, await createAdmin());
    expect(await menuEntries(page)).toEqual(expect.arrayContaining(['用户管理', '组织管理', '权限列表']));

    await page.getByRole('menuitem', { name: '用户管理' }).click();
    await page.waitForURL('**/measurerobot/mscUser');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    // Search is validated: at most 32 characters.
    await page.getByPlaceholder('姓名、邮箱或手机号').fill('x'.repeat(33));
    await page.getByPlaceholder('姓名、邮箱或手机号').press('Enter');
    await expect(page.getByText('查询条件不能超过 32 个字符')).toBeVisible();
    await screenshot(page, 'people-users-zh-CN');

    await page.getByRole('button', { name: '新建用户' }).click();
    await page.waitForURL('**/measurerobot/mscUserCreate');
    // The list stays on screen until the form's chunk has arrived.
    await expect(page.getByLabel('初始密码')).toBeVisible();
    const name = `测试员${stamp()}`;
    const email = `zh-${stamp()}@e2e.example.com`;
    const password = 'Start@12345';
    await page.getByLabel('姓名', { exact: true }).fill(name);
    await page.getByLabel('邮箱', { exact: true }).fill(DEMO.admin.login);
    await page.getByLabel('手机号', { exact: true }).fill('123');
    await page.getByLabel('初始密码').fill(password);
    await expect(page.getByText('请输入正确的手机号码')).toBeVisible();
    await page.getByLabel('手机号', { exact: true }).fill(mobile());
    await page.getByLabel('组织', { exact: true }).click();
    await page.locator('.ant-select-tree-title', { hasText: '测量中心' }).click();
    await expect(page.getByText('第一个角色决定该用户的权限')).toBeVisible();
    await screenshot(page, 'people-user-create-zh-CN');
    await page.getByRole('button', { name: zhButton('保存') }).click();
    // 409: the server's message next to the email field.
    await expect(
      page.locator('#Email_help, .ant-form-item-explain-error', { hasText: '该邮箱已被使用' }).first(),
    ).toBeVisible();
    expect(page.url()).toContain('/measurerobot/mscUserCreate');

    await page.getByLabel('邮箱', { exact: true }).fill(email);
    await page.getByRole('button', { name: zhButton('保存') }).click();
    await page.waitForURL('**/measurerobot/mscUser');
    await page.getByPlaceholder('姓名、邮箱或手机号').fill(email);
    await page.getByPlaceholder('姓名、邮箱或手机号').press('Enter');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('测量中心');
    await expect(row).toContainText('测量员');

    // Edit: the form starts from the stored user.
    await row.getByRole('button', { name: zhButton('编辑') }).click();
    await expect(page.getByText('编辑用户', { exact: true })).toBeVisible();
    await expect(page.getByLabel('邮箱', { exact: true })).toHaveValue(email);
    await page.getByLabel('职位', { exact: true }).fill('测量组长');
    await page.getByRole('button', { name: zhButton('保存') }).click();
    await expect(page.getByText('保存成功')).toBeVisible();
    await page.waitForURL('**/measurerobot/mscUser');

    // The new user: forced password change, version notice, then only the permitted menu entries.
    const user = await browsers.open();
    await firstSignIn(user.page, { login: email, password }, 'Mine@123456');
    const entries = await menuEntries(user.page);
    expect(entries).toContain('数据报表');
    expect(entries).not.toContain('用户管理');
    expect(entries).not.toContain('组织管理');
    expect(entries).not.toContain('权限列表');
    await screenshot(user.page, 'people-surveyor-menu-zh-CN');
    // Opening the page by its address shows "no permission" instead of the list.
    await user.page.goto(`${BASE_URL}/measurerobot/mscUser`);
    await expect(user.page.getByText('没有权限')).toBeVisible();
    expect(admin.errors).toEqual([]);
    expect(user.errors).toEqual([]);
  });

  test('disabling a user ends that user’s open session: the next action returns to the login', async ({
    browsers,
  }) => {
    const name = `停用${stamp()}`;
    const account = await createSurveyor(name);
    const user = await browsers.open();
    await firstSignIn(user.page, account, 'Mine@123456');

    const admin = await browsers.open();
    const { page } = admin;
    await signInAndLand(page, await createAdmin());
    await page.goto(`${BASE_URL}/measurerobot/mscUser`);
    await page.getByPlaceholder('姓名、邮箱或手机号').fill(account.phone);
    await page.getByPlaceholder('姓名、邮箱或手机号').press('Enter');
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await page.getByRole('switch', { name: `${name} 的状态` }).click();
    await expect(page.getByText('停用后该用户将立即退出登录')).toBeVisible();
    await confirmUntilGone(confirmDialog(page).getByRole('button', { name: zhButton('确定') }));
    await expect(page.getByText('用户已停用，其登录已结束')).toBeVisible();
    await expect(page.getByRole('switch', { name: `${name} 的状态` })).toHaveAttribute(
      'aria-checked',
      'false',
    );

    // The disabled user's next call is refused: message, then back to the login page. The search is
    // typed again if no message follows: under load the list can re-render over the typed text, and an
    // unchanged search asks the server nothing.
    const search = user.page.getByPlaceholder('按项目名称搜索');
    const refused = user.page.getByText('认证信息已过期或账号已被禁用');
    await expect(async () => {
      await search.fill('滨江', { timeout: 2_000 });
      await search.press('Enter', { timeout: 2_000 });
      await expect(refused).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await user.page.waitForURL('**/measurerobot/login', { timeout: 10_000 });
    // And cannot sign in again.
    await signIn(user.page, { login: account.login, password: 'Mine@123456' });
    await expect(user.page.getByText('用户名或密码错误')).toBeVisible();
    expect(user.page.url()).toContain('/measurerobot/login');

    // The administrator deletes the user.
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button', { name: zhButton('删除') })
      .click();
    await confirmUntilGone(confirmDialog(page).getByRole('button', { name: zhButton('删除') }));
    await expect(page.getByText('已删除 1 名用户')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).not.toBeAttached();
    expect(admin.errors).toEqual([]);
  });
});

test.describe('roles in the user pages', () => {
  test('gives a measurement administrator create and import but no edit, organisations or permissions', async ({
    browsers,
  }) => {
    const { page, errors } = await browsers.open();
    await signInAndLand(page, await createAdmin('MeasureAdmin'));
    const entries = await menuEntries(page);
    expect(entries).toContain('用户管理');
    expect(entries).not.toContain('组织管理');
    expect(entries).not.toContain('权限列表');
    await page.getByRole('menuitem', { name: '用户管理' }).click();
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await expect(page.getByRole('button', { name: '新建用户' })).toBeVisible();
    await expect(page.getByRole('button', { name: '导入用户' })).toBeVisible();
    await expect(page.getByRole('button', { name: '重置密码' })).toHaveCount(0);
    await expect(page.getByRole('switch')).toHaveCount(0);
    await page.goto(`${BASE_URL}/measurerobot/orgManage`);
    await expect(page.getByText('没有权限')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('resets a password: the user must change it at the next sign-in', async ({ browsers }) => {
    const name = `重置${stamp()}`;
    const account = await createSurveyor(name);
    const { page, errors } = await browsers.open();
    await signInAndLand(page, await createAdmin());
    await page.goto(`${BASE_URL}/measurerobot/mscUser`);
    await page.getByPlaceholder('姓名、邮箱或手机号').fill(account.login);
    await page.getByPlaceholder('姓名、邮箱或手机号').press('Enter');
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button', { name: '重置密码' })
      .click();
    const dialog = page.getByRole('dialog', { name: `重置“${name}”的密码` });
    await dialog.getByLabel('新密码', { exact: true }).fill('weak');
    await expect(dialog.getByText('密码须为 9 到 16 位')).toBeVisible();
    await dialog.getByLabel('新密码', { exact: true }).fill('Reset@12345');
    await dialog.getByLabel('确认新密码').fill('Reset@12345');
    await dialog.getByRole('button', { name: zhButton('确定') }).click();
    await expect(page.getByText('密码已重置，该用户下次登录时须修改密码')).toBeVisible();

    const user = await browsers.open();
    await firstSignIn(user.page, { login: account.login, password: 'Reset@12345' }, 'Mine@123456');
    expect(errors).toEqual([]);
    expect(user.errors).toEqual([]);
  });
});

test.describe('import users (English)', () => {
  test('downloads the template, previews a file with one bad row and refuses to import it', async ({
    browsers,
  }) => {
    const { page, errors } = await browsers.open('en-US');
    await signInAndLand(page, await createAdmin(), 'en-US');
    await page.getByRole('menuitem', { name: 'User management' }).click();
    await page.getByRole('button', { name: 'Import users' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import users from Excel' });
    await expect(dialog).toBeVisible();

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download template' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

    const id = stamp();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Users');
    sheet.addRow([
      '姓名 Name',
      '邮箱 Email',
      '手机号 Phone',
      '职位 Position',
      '部门 Department',
      '性别 Gender',
      '组织编码 Org code',
      '角色 Role',
    ]);
    sheet.addRow([
      `Good_${id}`,
      `good-${id}@e2e.example.com`,
      mobile(),
      'Surveyor',
      '',
      'male',
      'HQ',
      'Surveyor',
    ]);
    sheet.addRow([`Bad_${id}`, 'not-an-email', '', '', '', '', '', '']);
    const file = path.join(os.tmpdir(), `people-import-${id}.xlsx`);
    await writeFile(file, Buffer.from(await workbook.xlsx.writeBuffer()));

    await dialog.locator('input[type=file]').setInputFiles(file);
    await expect(dialog.getByText('2 rows, 1 valid, 1 with errors')).toBeVisible();
    const bad = dialog.getByRole('row', { name: /not-an-email/ });
    await expect(bad).toBeVisible();
    await expect(bad).toHaveText(/^\s*3/);
    await expect(bad).toContainText('Email: Enter a valid email address');
    // All or nothing: no commit while a row is invalid.
    await expect(dialog.getByRole('button', { name: 'Import 2 users' })).toBeDisabled();
    await expect(dialog.getByText('While a row has errors no user is imported')).toBeVisible();
    await screenshot(page, 'people-import-en-US');

    // Nothing was created.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByPlaceholder('Name, email or mobile number').fill(`good-${id}`);
    await page.getByPlaceholder('Name, email or mobile number').press('Enter');
    await expect(page.locator('.ant-table .ant-empty-description')).toBeVisible();
    await page.getByPlaceholder('Name, email or mobile number').fill('');
    await page.getByPlaceholder('Name, email or mobile number').press('Enter');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await screenshot(page, 'people-users-en-US');
    expect(errors).toEqual([]);
  });
});

test.describe('organisations and permissions', () => {
  test('creates, renames and deletes a sub-organisation; refuses to delete one with children', async ({
    browsers,
  }) => {
    const { page, errors } = await browsers.open();
    await signInAndLand(page, await createAdmin());
    await page.getByRole('menuitem', { name: '组织管理' }).click();
    await page.waitForURL('**/measurerobot/orgManage');

    const tree = page.locator('.ant-tree');
    await tree.getByText('演示建设集团').click();
    await page.getByRole('button', { name: zhButton('删除') }).click();
    await confirmUntilGone(confirmDialog(page).getByRole('button', { name: zhButton('删除') }));
    await expect(page.getByText('该组织下还有下级组织').first()).toBeVisible();

    await tree.getByText('测量中心').click();
    await expect(page.getByRole('cell', { name: 'measure@example.com' })).toBeVisible();
    await page.getByRole('button', { name: '新建下级组织' }).click();
    const name = `测试组${stamp()}`;
    const dialog = page.getByRole('dialog', { name: '新建组织' });
    await dialog.getByLabel('组织名称').fill(name);
    await dialog.getByRole('button', { name: zhButton('确定') }).click();
    await expect(page.getByText('组织已创建')).toBeVisible();
    await expect(tree.getByText(name)).toBeVisible();

    await page.getByPlaceholder('搜索组织名称或编码').fill(name);
    await expect(tree.getByText('工程管理部')).not.toBeAttached();
    await expect(tree.getByText('测量中心')).toBeVisible();
    await screenshot(page, 'people-orgs-zh-CN');
    await page.getByPlaceholder('搜索组织名称或编码').fill('');

    await page.getByRole('button', { name: '重命名' }).click();
    await page.getByRole('dialog').getByLabel('组织名称').fill(`${name}_2`);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: zhButton('确定') })
      .click();
    await expect(tree.getByText(`${name}_2`)).toBeVisible();

    await page.getByRole('button', { name: zhButton('删除') }).click();
    await confirmUntilGone(confirmDialog(page).getByRole('button', { name: zhButton('删除') }));
    await expect(page.getByText('组织已删除')).toBeVisible();
    await expect(tree.getByText(`${name}_2`)).not.toBeAttached();
    await page.getByRole('menuitem', { name: '权限列表' }).click();
    await expect(page.getByRole('cell', { name: '从 Excel 批量导入用户' })).toBeVisible();
    await screenshot(page, 'people-permissions-zh-CN');
    expect(errors).toEqual([]);
  });

  test('lists the permission catalogue and the roles in English', async ({ browsers }) => {
    const { page, errors } = await browsers.open('en-US');
    await signInAndLand(page, await createAdmin(), 'en-US');
    await page.getByRole('menuitem', { name: 'Permissions' }).click();
    await expect(page.getByRole('cell', { name: 'user.import' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Import users from Excel' })).toBeVisible();
    await screenshot(page, 'people-permissions-en-US');
    await page.getByRole('tab', { name: 'Roles' }).click();
    await expect(page.getByRole('cell', { name: /Factory administrator/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Factory administrator/ })).toContainText('Label only');
    await screenshot(page, 'people-roles-en-US');
    await page.getByRole('menuitem', { name: 'Organisations' }).click();
    await page.locator('.ant-tree').getByText('演示建设集团').click();
    await expect(page.getByText('Members (1)')).toBeVisible();
    await screenshot(page, 'people-orgs-en-US');
    expect(errors).toEqual([]);
  });
});
