import crypto from 'node:crypto';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, apiRoutes } from '../support/api.ts';
import { BASE_URL, DEMO, screenshot } from '../support/browser.ts';
import { signInAndLand, type Login } from '../support/sign-in.ts';

/**
 * Software updates (issue 12 item 5): an administrator uploads a package in the browser (the browser
 * computes its SHA-256; a wrong checksum is refused on its field), a robot fetches the update with
 * its device key through the API, downloads part of it with Range and reports a failed install,
 * and the page shows that device's failure and that it runs an older version. In both languages.
 */

const stamp = () => `${Date.now().toString(36)}${crypto.randomInt(1000, 9999)}`;
const button = (text: string) =>
  new RegExp(`(^|\\s)${[...text].map((c) => c.replace(/[()[\]{}.*+?^$|\\]/g, '\\$&')).join('\\s*')}\\s*$`);

/** A fresh company administrator of the demo company, and its token. */
async function createAdmin(): Promise<{ account: Login; token: string }> {
  const id = stamp();
  const account = { login: `upd-admin-${id}@e2e.example.com`, password: 'Ready@12345' };
  const demo = await apiLogin(DEMO.admin.login, DEMO.admin.password);
  await api(
    apiRoutes.userAdmin.createUser,
    {
      Name: `升级管理员${id}`,
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
  return { account, token: await apiLogin(account.login, account.password) };
}

/** A robot registered and activated through the API, running version 1.0.0 (its heartbeat says so). */
async function createRobot(token: string): Promise<{ number: string; key: string }> {
  const number = `UPD-${stamp()}`;
  const id = await api(apiRoutes.devices.addDevice, { DeviceNumber: number }, token);
  const { DeviceKey: key } = await api(apiRoutes.devices.activateDevice, { DeviceGuid: id }, token);
  await deviceCall(key, 'POST', '/api/device/v1/Heartbeat', { body: { SoftwareVersion: '1.0.0' } });
  return { number, key };
}

function deviceCall(
  key: string,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
) {
  return fetch(`${BASE_URL}${path}`, {
    method,
    headers: {
      authorization: `Device ${key}`,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

const TEXT = {
  'zh-CN': {
    menu: '软件升级',
    upload: '上传升级包',
    submit: '上传',
    version: '版本号',
    notes: '更新说明',
    sha: 'SHA-256 校验值',
    mismatch: 'SHA-256 校验值不一致',
    failedFilter: '最近安装失败',
    failed: '安装失败',
    outdated: '待升级',
    message: '磁盘空间不足，安装中止',
  },
  'en-US': {
    menu: 'Software updates',
    upload: 'Upload package',
    submit: 'Upload',
    version: 'Version',
    notes: 'Release notes',
    sha: 'SHA-256 checksum',
    mismatch: 'SHA-256 mismatch',
    failedFilter: 'Latest install failed',
    failed: 'Install failed',
    outdated: 'Outdated',
    message: 'Disk full, install aborted',
  },
} as const;

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`software updates (${language})`, () => {
    const text = TEXT[language];

    test('uploads a package, a robot fetches it and reports a failure, the page shows it', async ({
      browsers,
    }) => {
      const { account, token } = await createAdmin();
      const robot = await createRobot(token);
      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, account, language);
      await page.getByRole('menuitem', { name: text.menu }).click();
      await page.waitForURL('**/measurerobot/deviceUpdates');

      // Versions grow with time, so this package is the newest robot package of the demo company.
      const version = `5.${Math.floor(Date.now() / 1000) % 1_000_000_000}.${language === 'zh-CN' ? 1 : 2}`;
      const data = Buffer.from(`firmware ${version} `.repeat(200));
      const sha = crypto.createHash('sha256').update(data).digest('hex');
      await page.getByRole('button', { name: button(text.upload) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[type=file]').setInputFiles({
        name: `robot-${version}.bin`,
        mimeType: 'application/octet-stream',
        buffer: data,
      });
      const shaInput = dialog.getByLabel(text.sha, { exact: true });
      // The browser computed the checksum of the chosen file.
      await expect(shaInput).toHaveValue(sha);
      await dialog.getByLabel(text.version, { exact: true }).fill(version);
      await dialog.getByLabel(text.notes, { exact: true }).fill('e2e');

      // A wrong checksum is refused on its field, nothing stored.
      await shaInput.fill('a'.repeat(64));
      await dialog.getByRole('button', { name: button(text.submit) }).click();
      await expect(dialog.locator('.ant-form-item-explain-error', { hasText: text.mismatch })).toBeVisible();
      await screenshot(page, `device-updates-mismatch-${language}`);
      await shaInput.fill(sha);
      const uploaded = page.waitForResponse((response) => response.url().includes('/SysDevice/UploadUpdate'));
      await dialog.getByRole('button', { name: button(text.submit) }).click();
      expect((await (await uploaded).json()).Code).toBe(0);
      await expect(dialog).toBeHidden();
      const packageRow = page.getByRole('row', { name: new RegExp(`^${version.replace(/\./g, '\\.')}\\s`) });
      await expect(packageRow).toBeVisible();

      // The robot checks, downloads the first bytes with Range and reports a failed install.
      const check = await deviceCall(robot.key, 'GET', '/api/device/v1/Updates?Version=1.0.0');
      const available = (
        (await check.json()) as { Result: { UpdateId: string; Version: string; Sha256: string } }
      ).Result;
      expect([available.Version, available.Sha256]).toEqual([version, sha]);
      const part = await deviceCall(robot.key, 'GET', `/api/device/v1/Updates/${available.UpdateId}/File`, {
        headers: { range: 'bytes=0-7' },
      });
      expect([part.status, await part.text()]).toEqual([206, 'firmware']);
      const report = await deviceCall(
        robot.key,
        'POST',
        `/api/device/v1/Updates/${available.UpdateId}/Result`,
        {
          body: { Success: false, Message: text.message },
        },
      );
      expect(((await report.json()) as { Code: number }).Code).toBe(0);

      // The page shows the device's failure (filtered to failures) and that it runs an older version.
      await page.getByRole('combobox', { name: /全部设备|All devices/ }).click();
      await page.locator('.ant-select-item-option', { hasText: text.failedFilter }).click();
      const deviceRow = page.getByRole('row', { name: new RegExp(robot.number) });
      await expect(deviceRow).toBeVisible();
      await expect(deviceRow).toContainText(text.message);
      const rowText = (await deviceRow.textContent()) ?? '';
      expect(rowText).toContain(text.failed);
      expect(rowText).toContain(text.outdated);
      expect(rowText).toContain('1.0.0');
      await screenshot(page, `device-updates-failure-${language}`);
      expect(errors).toEqual([]);
    });
  });
