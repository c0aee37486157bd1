import crypto from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, apiRoutes } from '../support/api.ts';
import { BASE_URL, DEMO, screenshot } from '../support/browser.ts';
import { signInAndLand, type Login } from '../support/sign-in.ts';
import { pickSearchedOption } from '../support/select.ts';
import { confirmUntilGone } from '../support/confirm.ts';

/**
 * Devices (issue 12): an administrator registers a device in the browser, activates it (the key is
 * shown once), the "robot" sends heartbeats with that key through the API, the robots page shows it
 * online with the low-battery message, then offline once the heartbeats stop. In both languages.
 * scripts/e2e.mjs starts the server with DEVICE_OFFLINE_SECONDS=6 so "offline" comes quickly.
 */

const stamp = () => `${Date.now().toString(36)}${crypto.randomInt(1000, 9999)}`;
/** antd puts a space between two Chinese characters in buttons; an icon adds its name before the text. */
const button = (text: string) =>
  new RegExp(`(^|\\s)${[...text].map((c) => c.replace(/[()[\]{}.*+?^$|\\]/g, '\\$&')).join('\\s*')}\\s*$`);

/** A fresh company administrator of the demo company (the demo accounts stay untouched). */
async function createAdmin(): Promise<Login> {
  const id = stamp();
  const account = { login: `dev-admin-${id}@e2e.example.com`, password: 'Ready@12345' };
  const demo = await apiLogin(DEMO.admin.login, DEMO.admin.password);
  await api(
    apiRoutes.userAdmin.createUser,
    {
      Name: `设备管理员${id}`,
      Email: account.login,
      Password: 'First@12345',
      RoleNameList: ['CompanyAdmin'],
    },
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

/** A heartbeat "from the robot", sent with its device key. */
async function heartbeat(key: string, battery: number): Promise<number> {
  const response = await fetch(`${BASE_URL}/api/device/v1/Heartbeat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Device ${key}` },
    body: JSON.stringify({
      DriveHealth: { Health: true, Msg: '' },
      NetworkHealth: { Health: true, Msg: '' },
      PowerHealth: { Health: true, Msg: '' },
      VisionServerHealth: { Health: false, Msg: 'camera timeout' },
      SoftwareVersion: '3.2.1',
      Battery: battery,
      DiskFreeMB: 20480,
    }),
  });
  return response.status;
}

const TEXT = {
  'zh-CN': {
    menu: '设备管理',
    robotsMenu: '机器人',
    create: '新增设备',
    number: '设备编号',
    productionDate: '生产日期',
    productionDateRequired: '请选择生产日期',
    warranty: '整机质保',
    oneYear: '1 年',
    save: '保存',
    duplicate: '公司中已有该设备编号',
    expired: '已过期',
    activate: '激活',
    key: '设备密钥',
    ok: '确定',
    lowBattery: '电量低，剩余 10%',
    online: '在线',
    offline: '离线',
    assignSelected: '分配所选（1）',
    person: '人员',
    unbind: '解绑',
    unallocated: '未分配',
  },
  'en-US': {
    menu: 'Device management',
    robotsMenu: 'Robots',
    create: 'New device',
    number: 'Device number',
    productionDate: 'Manufacture date',
    productionDateRequired: 'Pick the manufacture date',
    warranty: 'Machine warranty',
    oneYear: '1 year(s)',
    save: 'Save',
    duplicate: 'The company already has a device with this number',
    expired: 'Expired',
    activate: 'Activate',
    key: 'Device key',
    ok: 'OK',
    lowBattery: 'Low battery: 10% left',
    online: 'Online',
    offline: 'Offline',
    assignSelected: 'Assign selected (1)',
    person: 'Person',
    unbind: 'Unbind',
    unallocated: 'Unallocated',
  },
} as const;

type Text = (typeof TEXT)['zh-CN' | 'en-US'];

/** Types the manufacture date into its picker and confirms it. */
async function fillProductionDate(dialog: Locator, text: Text, date: string) {
  const input = dialog.getByLabel(text.productionDate, { exact: true });
  await input.fill(date);
  await input.press('Enter');
  await expect(input).toHaveValue(date);
}

/**
 * Registers a device made on 2020-03-02 with a one-year warranty. The manufacture date starts empty
 * (no made-up 2010-01-01) and the form refuses to save without it.
 */
async function addDevice(page: Page, text: Text, number: string) {
  await page.getByRole('button', { name: button(text.create) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(text.number, { exact: true }).fill(number);
  await expect(dialog.getByLabel(text.productionDate, { exact: true })).toHaveValue('');
  await dialog.getByRole('button', { name: button(text.save) }).click();
  await expect(
    dialog.locator('.ant-form-item-explain-error', { hasText: text.productionDateRequired }),
  ).toBeVisible();
  await fillProductionDate(dialog, text, '2020-03-02');
  // The option's click can be swallowed while the list opens: pick again until the dialog shows it
  // (the list itself lives outside the dialog).
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', {
    hasText: text.oneYear,
  });
  await expect(async () => {
    if (!(await option.first().isVisible())) await dialog.getByLabel(text.warranty, { exact: true }).click();
    await option
      .first()
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await expect(dialog).toContainText(text.oneYear, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await dialog.getByRole('button', { name: button(text.save) }).click();
  await expect(dialog).toBeHidden();
}

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`devices (${language})`, () => {
    const text = TEXT[language];

    test('registers, activates, sees the robot online through its heartbeats, then offline', async ({
      browsers,
    }) => {
      // Its own waits (unbinding, online, offline) add up to more than two minutes under load.
      test.setTimeout(150_000);
      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, await createAdmin(), language);
      await page.getByRole('menuitem', { name: text.menu }).click();
      await page.waitForURL('**/measurerobot/SKU');

      const number = `E2E-${stamp()}`;
      await addDevice(page, text, number);
      const row = page.getByRole('row', { name: new RegExp(number) });
      await expect(row).toBeVisible();
      // Made in 2020 with a one-year warranty: expired.
      await expect(row).toContainText(text.expired);

      // The same number again is refused on its field.
      await page.getByRole('button', { name: button(text.create) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(text.number, { exact: true }).fill(number.toLowerCase());
      await fillProductionDate(dialog, text, '2021-04-05');
      await dialog.getByRole('button', { name: button(text.save) }).click();
      await expect(dialog.locator('.ant-form-item-explain-error', { hasText: text.duplicate })).toBeVisible();
      await screenshot(page, `devices-duplicate-${language}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // Batch assignment to a surveyor, then unbinding.
      await row.getByRole('checkbox').check();
      await page.getByRole('button', { name: button(text.assignSelected) }).click();
      const assign = page.getByRole('dialog');
      await pickSearchedOption(page, assign.getByLabel(text.person), '赵实测');
      await assign.getByRole('button', { name: button(text.ok) }).click();
      await expect(assign).toBeHidden();
      await expect(row).toContainText('赵实测');
      await row.getByRole('button', { name: button(text.unbind) }).click();
      // Wait for the unbinding call itself: under load the list refresh after it can take a while.
      const unbound = page.waitForResponse((response) =>
        response.url().includes('/api/sys/SysDevice/DeleteDeviceUser'),
      );
      await confirmUntilGone(
        page.locator('.ant-modal-confirm').getByRole('button', { name: button(text.ok) }),
      );
      await unbound;
      await expect(row).toContainText(text.unallocated, { timeout: 20_000 });

      // Activation: the key is shown once.
      await row.getByRole('button', { name: button(text.activate) }).click();
      const keyInput = page.getByLabel(text.key);
      await expect(keyInput).toBeVisible();
      const key = await keyInput.inputValue();
      expect(key.length).toBeGreaterThanOrEqual(43);
      await screenshot(page, `devices-key-${language}`);
      await page.getByRole('button', { name: button(text.ok) }).click();
      await expect(keyInput).toBeHidden();
      expect(await heartbeat('wrong-key-0123456789abcdef', 50)).toBe(401);

      // The robot reports; the robots page shows it online with the low-battery message.
      await page.getByRole('menuitem', { name: text.robotsMenu }).click();
      await page.waitForURL('**/measurerobot/equipment');
      const card = page.getByTestId(`robot-${number}`);
      await expect(card).toBeVisible();
      let beating = true;
      const beats = (async () => {
        while (beating) {
          expect(await heartbeat(key, 10)).toBe(200);
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      })();
      await expect(card).toHaveAttribute('data-online', 'true', { timeout: 20_000 });
      await expect(card.getByText(text.lowBattery)).toBeVisible();
      await expect(card).toContainText(text.online);
      await expect(card).toContainText('camera timeout');
      await screenshot(page, `devices-robot-online-${language}`);

      // The heartbeats stop: offline after the threshold (the page refreshes every 5 s).
      beating = false;
      await beats;
      await expect(card).toHaveAttribute('data-online', 'false', { timeout: 40_000 });
      await expect(card).toContainText(text.offline);
      await screenshot(page, `devices-robot-offline-${language}`);
      expect(errors).toEqual([]);
    });
  });
