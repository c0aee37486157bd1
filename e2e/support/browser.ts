import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';
export const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

/** Flags of design.md: Debian's chromium, headless, no background network (the machine has none). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A browser window of its own (a fresh context: own storage), opened by the `browsers` fixture. */
export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far (tests assert there are none). */
  errors: string[];
  close(): Promise<void>;
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
