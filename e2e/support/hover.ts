import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Hovers `target` until `shown` is visible: a tooltip opens on the pointer's entry, so a hover that
 * lands while the row is re-rendered (a list refreshing after a search) enters an element that is
 * then replaced, and the tooltip never comes. Each try leaves the target first so the next is a new
 * entry. Disabled targets are hovered with force (antd wraps them to show their tooltip).
 */
export async function hoverUntilShown(page: Page, target: Locator, shown: Locator): Promise<void> {
  await target.waitFor({ state: 'visible' });
  await expect
    .poll(
      async () => {
        await page.mouse.move(0, 0);
        await target.hover({ force: true, timeout: 5_000 }).catch(() => undefined);
        return shown
          .waitFor({ state: 'visible', timeout: 3_000 })
          .then(() => true)
          .catch(() => false);
      },
      { timeout: 30_000, interval: 0 },
    )
    .toBe(true);
}
