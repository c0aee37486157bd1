import crypto from 'node:crypto';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, apiRoutes } from '../support/api.ts';
import { confirmUntilGone } from '../support/confirm.ts';
import { pickSearchedOption } from '../support/select.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * The operator console (issue 34): the platform operator, made at start from OPERATOR_EMAIL /
 * OPERATOR_PASSWORD (scripts/e2e.mjs), signs in through the same login, lands in the console and sees
 * only its menus; it creates a customer company, switches one of its gates (the company's
 * administrator sees it in GetSelf) and creates an order it then confirms. In both languages.
 */
const OPERATOR = { login: 'e2e.operator@platform.example.com', password: 'Console@12345' };
const stamp = () => `${Date.now().toString(36)}${crypto.randomInt(1000, 9999)}`;

const TEXT = {
  'zh-CN': {
    menus: ['客户公司', '功能开关', '设备台账', '订单管理'],
    create: '新建客户公司',
    code: '公司编码',
    nameZh: '中文名称',
    nameEn: '英文名称',
    adminName: '管理员姓名',
    adminEmail: '管理员邮箱',
    adminPassword: '管理员初始密码',
    save: /保\s*存/,
    newOrder: '新建订单',
    company: '客户公司',
    item: '品名',
    draft: '草稿',
    confirm: '改为“已确认”',
    confirmed: '已确认',
    ok: /确\s*定/,
  },
  'en-US': {
    menus: ['Customer companies', 'Feature switches', 'Device registry', 'Orders'],
    create: 'New customer company',
    code: 'Company code',
    nameZh: 'Chinese name',
    nameEn: 'English name',
    adminName: 'Administrator name',
    adminEmail: 'Administrator email',
    adminPassword: 'Administrator initial password',
    save: 'Save',
    newOrder: 'New order',
    company: 'Customer company',
    item: 'Item',
    draft: 'Draft',
    confirm: 'Set to "Confirmed"',
    confirmed: 'Confirmed',
    ok: 'OK',
  },
} as const;

for (const language of ['zh-CN', 'en-US'] as const) {
  test(`the operator keeps companies, gates and orders in the console (${language})`, async ({
    browsers,
  }) => {
    const text = TEXT[language];
    const { page, errors } = await browsers.open(language);
    await signIn(page, OPERATOR, language);
    await page.waitForURL('**/measurerobot/consoleCompanies');
    await expect(page.getByRole('menuitem')).toHaveText(text.menus);

    // A customer company with its first administrator.
    const id = stamp();
    const code = `e2e-${id}`;
    const adminEmail = `${code}@customer.example.com`;
    await page.getByRole('button', { name: text.create }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text.code).fill(code);
    await dialog.getByLabel(text.nameZh).fill(`控制台公司${id}`);
    await dialog.getByLabel(text.nameEn).fill(`Console company ${id}`);
    await dialog.getByLabel(text.adminName).fill('控制台管理');
    await dialog.getByLabel(text.adminEmail).fill(adminEmail);
    await dialog.getByLabel(text.adminPassword).fill('First@12345');
    const created = page.waitForResponse((response) => response.url().includes('/Console/AddCompany'));
    await dialog.getByRole('button', { name: text.save }).click();
    expect((await (await created).json()).Code).toBe(0);
    await expect(page.getByRole('cell', { name: code, exact: true })).toBeVisible();

    // Switch the company's modelling gate on: its administrator's GetSelf follows.
    const adminToken = await apiLogin(adminEmail, 'First@12345');
    expect((await api(apiRoutes.account.getSelf, {}, adminToken)).EnabledModeling).toBe(false);
    await page.getByRole('menuitem', { name: text.menus[1] }).click();
    const gate = page.getByTestId(`gate-${code}-EnabledModeling`);
    const switched = page.waitForResponse((response) => response.url().includes('/Console/SetCompanyGates'));
    await gate.click();
    expect((await (await switched).json()).Code).toBe(0);
    await expect(gate).toBeChecked();
    expect((await api(apiRoutes.account.getSelf, {}, adminToken)).EnabledModeling).toBe(true);

    // An order for the company, confirmed from its detail.
    await page.getByRole('menuitem', { name: text.menus[3] }).click();
    await page.getByRole('button', { name: text.newOrder }).click();
    const orderDialog = page.getByRole('dialog');
    await pickSearchedOption(page, orderDialog.getByLabel(text.company), code);
    await orderDialog.getByLabel(text.item).fill('Measure robot');
    const ordered = page.waitForResponse((response) => response.url().includes('/Console/AddOrder'));
    await orderDialog.getByRole('button', { name: text.save }).click();
    expect((await (await ordered).json()).Code).toBe(0);
    await expect(page.getByTestId('order-state')).toHaveText(text.draft);
    await page.getByRole('button', { name: text.confirm }).click();
    await confirmUntilGone(page.getByRole('dialog').getByRole('button', { name: text.ok }));
    await expect(page.getByTestId('order-state')).toHaveText(text.confirmed);

    // The operator's session reads no company data.
    const operatorToken = await apiLogin(OPERATOR.login, OPERATOR.password);
    await expect(api(apiRoutes.projects.getPage, {}, operatorToken)).rejects.toThrow(': 403 ');
    expect(errors).toEqual([]);
  });
}
