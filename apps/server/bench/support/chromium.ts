/**
 * Headless Debian chromium for the benchmarks that measure pages (editor-render, scan-viewer): the
 * same flags and the same sign-in through the login page as the demo administrator, so their times
 * compare. Nothing downloads a browser: without /usr/bin/chromium the benchmark says so and stops.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const DEMO_ADMIN = { login: 'admin@example.com', password: 'Admin@123456' };

/** False (after saying why) when Debian's chromium is not installed. */
export function chromiumPresent(): boolean {
  if (existsSync(CHROMIUM)) return true;
  console.error(`This benchmark needs Debian's chromium at ${CHROMIUM} (apt-get install chromium).`);
  return false;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
}

/** A desktop page (zh-CN, 1440x900) signed in through the login page as the demo administrator. */
export async function signedInPage(browser: Browser, baseUrl: string): Promise<Page> {
  const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  await page.goto(`${baseUrl}/measurerobot/login`);
  await page.getByPlaceholder('邮箱或手机号').fill(DEMO_ADMIN.login);
  await page.getByPlaceholder('密码', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByPlaceholder('密码', { exact: true }).press('Enter');
  await page.waitForURL('**/measurerobot/mscProjectList');
  return page;
}
