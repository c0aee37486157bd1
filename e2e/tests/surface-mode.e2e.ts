import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, apiRoutes, createReadyAdmin } from '../support/api.ts';
import { BASE_URL, screenshot } from '../support/browser.ts';
import { closeVersionNotice, LANDING, noticeResponse } from '../support/sign-in.ts';

/**
 * Issue 34 item 7, surface mode (spec sections 2, 8, 9): the local surface opens the platform by the
 * external login on a 2736x1824 tablet (1368x912 CSS pixels at 200 %). The app shows the touch
 * layout in full screen; leaving full screen gives 3 minutes (page.clock runs them), then full
 * screen returns; entering again earlier ends the countdown; a 401 goes to the surface's local port.
 */

const SURFACE_PORT = 47123;
const SURFACE_URL = `http://127.0.0.1:${SURFACE_PORT}/`;

const TEXTS = {
  'zh-CN': {
    enter: /点击进入全屏/,
    countdown: (time: string) => `已退出全屏：${time} 后自动恢复全屏`,
    returnNow: '立即全屏',
    expired: '认证信息已过期或账号已被禁用，即将退出登录',
  },
  'en-US': {
    enter: /Tap to enter full screen/,
    countdown: (time: string) => `You left full screen. It returns in ${time}`,
    returnNow: 'Full screen now',
    expired: 'Your sign-in has expired or the account was disabled; signing you out',
  },
} as const;

const isFullscreen = (page: Page) =>
  page.evaluate(() => document.fullscreenElement === document.documentElement);
const heightsOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));

/**
 * Opens the external-login address with a fresh ticket of a new administrator, as the surface does;
 * returns the version-notice check that follows the sign-in.
 */
async function externalLogin(page: Page) {
  const admin = await createReadyAdmin();
  const ticket = await api(apiRoutes.auth.createLoginTicket, {}, await apiLogin(admin.login, admin.password));
  const notice = noticeResponse(page);
  await page.goto(`${BASE_URL}/measurerobot/login?loginParam=${ticket.Id}&port=${SURFACE_PORT}`);
  await page.waitForURL(LANDING);
  return { notice };
}

for (const language of ['zh-CN', 'en-US'] as const) {
  const text = TEXTS[language];

  test(`surface mode at 2736x1824: touch layout in full screen, 3 minutes to configure, 401 to the surface (${language})`, async ({
    browsers,
  }) => {
    test.setTimeout(180_000);
    const { page, errors } = await browsers.open(language, {
      viewport: { width: 1368, height: 912 },
      deviceScaleFactor: 2,
    });
    await page.addInitScript((chosen: string) => {
      if (!localStorage.getItem('measure.language')) localStorage.setItem('measure.language', chosen);
    }, language);
    // Fake timers that run at real pace until paused below.
    await page.clock.install();
    const { notice } = await externalLogin(page);
    expect(
      await page.evaluate(() => [screen.width * devicePixelRatio, screen.height * devicePixelRatio]),
    ).toEqual([2736, 1824]);
    // The address keeps no ticket after the reload.
    expect(page.url()).not.toContain('loginParam');

    // The first tap enters full screen (browsers grant it only to a gesture).
    await expect(page.locator('html')).toHaveAttribute('data-surface', 'touch');
    await page.getByRole('button', { name: text.enter }).click();
    await expect.poll(() => isFullscreen(page)).toBe(true);
    await closeVersionNotice(page, notice);

    // Touch layout: menu entries, top bar buttons and the menu's collapse control are 44 px or more,
    // text is 16 px.
    for (const selector of ['.ant-menu-item', '.ant-layout-header button', '.ant-layout-sider-trigger']) {
      const heights = await heightsOf(page, selector);
      expect(heights.length, selector).toBeGreaterThan(0);
      expect(Math.min(...heights), selector).toBeGreaterThanOrEqual(44);
    }
    expect(
      await page
        .locator('.ant-menu-item')
        .first()
        .evaluate((item) => getComputedStyle(item).fontSize),
    ).toBe('16px');

    // Leaving full screen: the countdown shows 3:00 and runs down with the (paused) page clock.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await page.evaluate(() => document.exitFullscreen());
    await expect.poll(() => isFullscreen(page)).toBe(false);
    const countdown = page.getByTestId('surface-countdown');
    await expect(countdown).toContainText(text.countdown('3:00'));
    await screenshot(page, `surface-mode-countdown-${language}`);
    await page.clock.runFor(60_000);
    await expect(countdown).toContainText(text.countdown('2:00'));
    await page.clock.runFor(119_000);
    await expect(countdown).toContainText(text.countdown('0:01'));
    expect(await isFullscreen(page)).toBe(false);
    await page.clock.runFor(1_000);
    // After 3 minutes full screen is asked for again. Chromium grants it while the last gesture is
    // recent and refuses it otherwise; then the screen-covering button takes the next tap.
    const overlay = page.getByRole('button', { name: text.enter });
    await expect(async () => {
      expect((await isFullscreen(page)) || (await overlay.isVisible())).toBe(true);
    }).toPass();
    if (await overlay.isVisible()) await overlay.click();
    await expect.poll(() => isFullscreen(page)).toBe(true);
    await expect(countdown).toBeHidden();

    // Entering again before the 3 minutes are over ends the countdown: nothing happens at its end.
    await page.evaluate(() => document.exitFullscreen());
    await expect(countdown).toContainText(text.countdown('3:00'));
    await page.clock.runFor(30_000);
    await page.getByRole('button', { name: text.returnNow }).click();
    await expect.poll(() => isFullscreen(page)).toBe(true);
    await expect(countdown).toBeHidden();
    await page.clock.runFor(180_000);
    await expect(countdown).toBeHidden();
    await expect(overlay).toBeHidden();

    // The collapsed menu works by tap; a 401 then sends the browser to the surface after 2 seconds.
    await page.locator('.ant-layout-sider-trigger').click();
    await expect(page.locator('.ant-layout-sider-collapsed')).toBeVisible();
    const projectsEntry = page.locator('.ant-menu-item').filter({ has: page.locator('.anticon-project') });
    expect((await projectsEntry.boundingBox())?.width).toBeGreaterThanOrEqual(44);
    await page.route('**/api/ms/Project/GetPage**', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: '{"Code":401,"Message":"","Result":null}',
      }),
    );
    await page.route(`${SURFACE_URL}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>surface</title><p>local surface</p>' }),
    );
    await projectsEntry.click();
    await expect(page.getByText(text.expired)).toBeVisible();
    await page.clock.runFor(1_900);
    expect(page.url()).toContain('/measurerobot/');
    await page.clock.runFor(100);
    await page.waitForURL(SURFACE_URL);
    await expect(page.getByText('local surface')).toBeVisible();
    expect(errors.filter((error) => !error.includes('401'))).toEqual([]);
  });
}

test('an external login on an ordinary monitor keeps the normal layout', async ({ browsers }) => {
  const { page, errors } = await browsers.open('zh-CN');
  const { notice } = await externalLogin(page);
  await closeVersionNotice(page, notice);
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-surface', 'touch');
  await expect(page.getByRole('button', { name: TEXTS['zh-CN'].enter })).toHaveCount(0);
  expect(await isFullscreen(page)).toBe(false);
  expect(Math.max(...(await heightsOf(page, '.ant-menu-item')))).toBeLessThan(44);
  expect(errors).toEqual([]);
});
