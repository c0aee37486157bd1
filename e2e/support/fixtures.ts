import path from 'node:path';
import { test as base } from '@playwright/test';
import { screenshot, type BrowserSession } from './browser.ts';

export { expect } from '@playwright/test';

export interface Browsers {
  /**
   * A fresh window of the worker's chromium in its own context (own cookies and storage), so tests
   * never share a session; `timezoneId` puts its clock in another zone (the machine's by default);
   * `viewport` and `deviceScaleFactor` make another screen (1440x900 at 1 by default).
   */
  open(
    locale?: string,
    options?: {
      timezoneId?: string;
      viewport?: { width: number; height: number };
      deviceScaleFactor?: number;
    },
  ): Promise<BrowserSession>;
}

/**
 * The browser tests' `test`: its `browsers` fixture opens windows on the worker's shared chromium
 * (one process per worker, launched with design.md's flags by playwright.config.ts), collects each
 * page's console errors, screenshots every window of a failed test to
 * e2e/artifacts/<file>-failed-<test>-<n>.png and closes them all after the test.
 */
export const test = base.extend<{ browsers: Browsers }>({
  browsers: async ({ browser }, use, testInfo) => {
    const opened: BrowserSession[] = [];
    await use({
      async open(locale = 'zh-CN', options = {}) {
        const context = await browser.newContext({
          locale,
          ...(options.timezoneId && { timezoneId: options.timezoneId }),
          viewport: options.viewport ?? { width: 1440, height: 900 },
          ...(options.deviceScaleFactor && { deviceScaleFactor: options.deviceScaleFactor }),
          // The app then drops antd's opening and closing motion (AntdProvider), so a click never
          // lands on a dialog still zooming in or a button still moving (the flaky runs' cause).
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        page.on('pageerror', (error) => errors.push(error.message));
        const session = { context, page, errors, close: () => context.close() };
        opened.push(session);
        return session;
      },
    });
    if (testInfo.status !== testInfo.expectedStatus) {
      const file = path.basename(testInfo.file, '.e2e.ts');
      const name = testInfo.title.slice(0, 24).replace(/\W+/g, '-');
      await Promise.all(
        opened.map((session, index) =>
          screenshot(session.page, `${file}-failed-${name}-${index}`).catch(() => undefined),
        ),
      );
    }
    await Promise.all(opened.map((session) => session.close()));
  },
});
