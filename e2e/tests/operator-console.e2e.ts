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
 * administrator sees it in GetSelf) and creates an order, edits the draft and confirms it, finds it by
 * creation date, and is refused a password change with a wrong old password. In both languages.
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
    editDraft: '编辑草稿',
    edited: '草稿已修改',
    startDate: '开始日期',
    endDate: '结束日期',
    changePassword: '修改密码',
    oldPassword: '原密码',
    newPassword: '新密码',
    confirmPassword: '确认新密码',
    submitPassword: '确认修改',
    oldWrong: '原密码不正确',
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
    editDraft: 'Edit draft',
    edited: 'Draft edited',
    startDate: 'Start date',
    endDate: 'End date',
    changePassword: 'Change password',
    oldPassword: 'Old password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    submitPassword: 'Change password',
    oldWrong: 'The old password is wrong',
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
    const orderAnswer = (await (await ordered).json()) as { Code: number; Result: { OrderNumber: string } };
    expect(orderAnswer.Code).toBe(0);
    await expect(page.getByTestId('order-state')).toHaveText(text.draft);

    // The draft edited: its line changes and the history says so.
    await page.getByRole('button', { name: text.editDraft }).click();
    const editDialog = page.getByRole('dialog', { name: text.editDraft });
    await expect(editDialog.getByLabel(text.item)).toHaveValue('Measure robot');
    await editDialog.getByLabel(text.item).fill('Measure robot v2');
    const edited = page.waitForResponse((response) => response.url().includes('/Console/EditOrder'));
    await editDialog.getByRole('button', { name: text.save }).click();
    expect((await (await edited).json()).Code).toBe(0);
    await expect(page.getByRole('cell', { name: 'Measure robot v2', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: text.edited, exact: true })).toBeVisible();

    await page.getByRole('button', { name: text.confirm }).click();
    await confirmUntilGone(page.getByRole('dialog').getByRole('button', { name: text.ok }));
    await expect(page.getByTestId('order-state')).toHaveText(text.confirmed);
    await page.keyboard.press('Escape');

    // The list by creation date, days of the company time zone: today finds the order, a past range not.
    const orderNumber = orderAnswer.Result.OrderNumber;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const pickDays = async (from: string, to: string) => {
      const listed = page.waitForResponse(
        (response) =>
          response.url().includes('/Console/GetOrderList') &&
          (response.request().postData() ?? '').includes(`"EndDate":"${to}"`),
      );
      await page.getByPlaceholder(text.startDate).fill(from);
      await page.getByPlaceholder(text.endDate).fill(to);
      await page.getByPlaceholder(text.endDate).press('Enter');
      expect((await (await listed).json()).Code).toBe(0);
    };
    await pickDays('2020-01-01', '2020-01-02');
    await expect(page.getByRole('cell', { name: orderNumber, exact: true })).toHaveCount(0);
    await page.locator('.ant-picker-clear').click();
    await pickDays(today, today);
    await expect(page.getByRole('cell', { name: orderNumber, exact: true })).toBeVisible();

    // Its own password: a wrong old one is refused in the page's language (the shared e2e operator
    // keeps its password; the API test changes one and sees its other sessions end).
    await page.getByRole('button', { name: text.changePassword }).click();
    const passwordDialog = page.getByRole('dialog', { name: text.changePassword });
    await passwordDialog.getByLabel(text.oldPassword).fill('Wrong@12345');
    await passwordDialog.getByLabel(text.newPassword, { exact: true }).fill('Console#2026');
    await passwordDialog.getByLabel(text.confirmPassword).fill('Console#2026');
    const refused = page.waitForResponse((response) => response.url().includes('/Console/ChangePassWord'));
    await passwordDialog.getByRole('button', { name: text.submitPassword }).click();
    expect((await (await refused).json()).Code).toBe(400);
    await expect(page.getByText(text.oldWrong).first()).toBeVisible();

    // The operator's session reads no company data.
    const operatorToken = await apiLogin(OPERATOR.login, OPERATOR.password);
    await expect(api(apiRoutes.projects.getPage, {}, operatorToken)).rejects.toThrow(': 403 ');
    expect(errors).toEqual([]);
  });
}
