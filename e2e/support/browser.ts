import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';
export const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

/** Flags of design.md: Debian's chromium, headless, no background network (the machine has none). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far (tests assert there are none). */
  errors: string[];
  close(): Promise<void>;
}

/**
 * A fresh browser profile (own storage), so tests never share a session. `timezoneId` puts the
 * browser's clock in another zone (the machine's by default).
 */
export async function openBrowser(
  options: { locale?: string; timezoneId?: string } = {},
): Promise<BrowserSession> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'mc-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    locale: options.locale ?? 'zh-CN',
    ...(options.timezoneId && { timezoneId: options.timezoneId }),
    viewport: { width: 1440, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    context,
    page,
    errors,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the page is still before a screenshot: web fonts loaded, no finite CSS animation or
 * transition running (antd's fades, slides and collapses; endless spinners do not count), then two
 * animation frames painted. A condition, not a fixed sleep: it returns as soon as the page is still.
 */
export async function settle(page: Page, timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    async () => {
      await document.fonts.ready;
      return document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
        );
    },
    undefined,
    { polling: 'raf', timeout },
  );
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

export const DEMO = {
  admin: { login: 'admin@example.com', password: 'Admin@123456' },
  pm: { login: 'pm@example.com', password: 'Project@12345' },
} as const;

/**
 * Browsers opened by one test file: `open()` in a test, `closeAll(context)` in afterEach, which
 * first screenshots every browser of a failed test (`<prefix>-failed-<test>-<n>.png`).
 */
export function browserPool(prefix: string) {
  const opened: BrowserSession[] = [];
  return {
    async open(locale = 'zh-CN', options: { timezoneId?: string } = {}): Promise<BrowserSession> {
      const session = await openBrowser({ locale, ...options });
      opened.push(session);
      return session;
    },
    async closeAll(context: { task: { name: string; result?: { state?: string } } }): Promise<void> {
      const sessions = opened.splice(0);
      if (context.task.result?.state === 'fail') {
        const test = context.task.name.slice(0, 24).replace(/\W+/g, '-');
        await Promise.all(
          sessions.map((session, index) =>
            screenshot(session.page, `${prefix}-failed-${test}-${index}`).catch(() => undefined),
          ),
        );
      }
      await Promise.all(sessions.map((session) => session.close()));
    },
  };
}
