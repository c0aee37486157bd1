import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Hovers `target` until `shown` is visible: a tooltip opens on the pointer's entry, so a hover that
 * lands while the row is re-rendered (a list refreshing after a search) enters an element that is
 * then replaced, and the tooltip never comes. Each try leaves the target first so the next is a new
 * entry. Disabled targets are hovered with force (antd wraps them to show their tooltip).
 */
export async function hoverUntilShown(page: Page, target: Locator, shown: Locator): Promise<void> {
  await expect(target).toBeVisible();
  await expect(async () => {
    await page.mouse.move(0, 0);
    await target.hover({ force: true, timeout: 5_000 });
    await expect(shown).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
