import { EVENTS_STREAM_PATH } from '@measure/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, createReadyAdmin, createSmallProject, apiRoutes } from '../support/api.ts';
import { BASE_URL, DEMO } from '../support/browser.ts';
import { stamp } from '../support/names.ts';
import { signInAndLand } from '../support/sign-in.ts';

/**
 * Issue 29, roles without dead ends: every menu entry a role sees opens a page the role may use
 * (no "no permission" page, no call the server refuses), a surveyor's "back to the project list"
 * leads to his project list, and he sees the devices he holds, read-only.
 */

const made: { projectId: string; token: string }[] = [];
test.afterEach(async () => {
  for (const { projectId, token } of made.splice(0)) {
    await api(apiRoutes.projects.delete, { ProjectId: projectId }, token).catch(() => undefined);
  }
});

/** A fresh user of the demo company with the role, and his id. */
async function readyUser(role: 'CompanyAdmin' | 'MeasureAdmin' | 'ProjectAdmin' | 'Surveyor') {
  const user = await createReadyAdmin(role);
  const self = await api(apiRoutes.account.getSelf, {}, await apiLogin(user.login, user.password));
  return { ...user, id: self.UserId };
}

/**
 * Watches a page's API answers: `refused` collects every call answered 403 (HTTP or envelope), and
 * `idle()` resolves once no API call is in flight.
 */
function watchApi(page: Page) {
  const refused: string[] = [];
  let pending = 0;
  // A call, not the live event stream (`GET /api/events`), which stays open as long as the page.
  const isCall = (url: string) => url.includes('/api/') && new URL(url).pathname !== EVENTS_STREAM_PATH;
  page.on('request', (request) => {
    if (isCall(request.url())) pending += 1;
  });
  const done = () => {
    pending = Math.max(0, pending - 1);
  };
  page.on('requestfailed', (request) => {
    if (isCall(request.url())) done();
  });
  page.on('response', async (response) => {
    if (!response.url().includes('/api/')) return;
    const type = response.headers()['content-type'] ?? '';
    const body = type.includes('json')
      ? ((await response.json().catch(() => null)) as { Code?: number } | null)
      : null;
    if (response.status() === 403 || body?.Code === 403) refused.push(new URL(response.url()).pathname);
  });
  page.on('requestfinished', (request) => {
    if (isCall(request.url())) done();
  });
  return { refused, idle: () => expect.poll(() => pending, { timeout: 20_000 }).toBe(0) };
}

const noPermission = (page: Page) => page.locator('.ant-result-403, .ant-result-404');

// A company administrator has some 25 pages to open, each waited for until its calls are answered.
for (const role of ['CompanyAdmin', 'MeasureAdmin', 'ProjectAdmin', 'Surveyor'] as const) {
  test(`${role}: opens every menu entry without a refusal`, async ({ browsers }) => {
    test.setTimeout(360_000);
    const { page, errors } = await browsers.open();
    const user = await readyUser(role);
    const watch = watchApi(page);
    await signInAndLand(page, user);
    const items = page.getByRole('menu').getByRole('menuitem');
    await expect(items.first()).toBeVisible();
    const count = await items.count();
    const opened: string[] = [];
    for (let index = 0; index < count; index += 1) {
      // antd names a menu item `<menu id>-<key>`; the key is the page's path.
      const id = (await items.nth(index).getAttribute('data-menu-id')) ?? '';
      const key = id.slice(id.lastIndexOf('-') + 1);
      await items.nth(index).click();
      await page.waitForURL(`**/measurerobot/${key}`);
      await expect(
        page.locator('main .ant-card, main .ant-result, main .ant-table, main h1, main h2').first(),
      ).toBeVisible();
      await watch.idle();
      expect(await noPermission(page).count(), key).toBe(0);
      opened.push(key);
    }
    expect(new Set(opened).size).toBe(count);
    expect(watch.refused).toEqual([]);
    expect(errors).toEqual([]);
  });
}

for (const language of ['zh-CN', 'en-US'] as const) {
  test(`${language}: leads a surveyor from his project back to his project list and shows his device read-only`, async ({
    browsers,
  }) => {
    const admin = await apiLogin(DEMO.admin.login, DEMO.admin.password);
    const surveyor = await readyUser('Surveyor');
    const name = `E2E测量员项目${stamp()}`;
    const project = await createSmallProject(admin, name);
    made.push({ projectId: project.ProjectId, token: admin });
    await api(
      apiRoutes.projects.saveUserToProject,
      { UserId: surveyor.id, ProjectIds: [project.ProjectId] },
      admin,
    );
    const number = `E2E-MY-${stamp()}`;
    const deviceId = await api(apiRoutes.devices.addDevice, { DeviceNumber: number }, admin);
    await api(apiRoutes.devices.assignDeviceUser, { DeviceGuid: deviceId, DeviceUserId: surveyor.id }, admin);

    const { page, errors } = await browsers.open(language);
    const watch = watchApi(page);
    await signInAndLand(page, surveyor, language);
    const en = language === 'en-US';

    // The project detail's "back to the project list" leads to data reports, which lists his projects.
    await page.goto(`${BASE_URL}/measurerobot/projectDetail?id=${project.ProjectId}`);
    await expect(page.getByText(name).first()).toBeVisible();
    await page.getByRole('button', { name: en ? /Back to project/i : /返回项目列表/ }).click();
    await page.waitForURL('**/measurerobot/mscProjectList');
    await expect(page.getByRole('link', { name }).first()).toBeVisible();
    await expect(noPermission(page)).toHaveCount(0);

    // So does the project standards page's breadcrumb.
    await page.goto(`${BASE_URL}/measurerobot/standardManageUCDetail?projectId=${project.ProjectId}`);
    const parent = page
      .locator('.ant-breadcrumb')
      .getByRole('link', { name: en ? 'Data reports' : '数据报表' });
    await parent.click();
    await page.waitForURL('**/measurerobot/mscProjectList');

    // My devices: his robot, with no action to change it.
    await page
      .getByRole('menu')
      .getByRole('menuitem', { name: en ? 'My devices' : '我的设备' })
      .click();
    await page.waitForURL('**/measurerobot/myDevices');
    const card = page.getByTestId(`robot-${number}`);
    await expect(card).toBeVisible();
    await expect(card).toContainText(en ? 'Not activated' : '未激活');
    await expect(page.locator('main').getByRole('button')).toHaveCount(0);
    // Device management stays closed to him.
    await page.goto(`${BASE_URL}/measurerobot/SKU`);
    await expect(page.locator('.ant-result-403')).toBeVisible();
    await watch.idle();
    expect(watch.refused).toEqual([]);
    expect(errors).toEqual([]);
    await api(apiRoutes.devices.deleteDevices, { DeviceGuids: [deviceId] }, admin);
  });
}
