import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Picks an option of a searchable antd Select by typing `text` and clicking the match, again until
 * `field`'s select shows it: under load the option list can re-render as the search settles and
 * swallow the click.
 */
export async function pickSearchedOption(page: Page, field: Locator, text: string): Promise<void> {
  const select = field.locator('xpath=ancestor::*[contains(@class, "ant-select")][1]');
  await expect
    .poll(
      async () => {
        await field.click();
        await field.fill(text);
        await page
          .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
          .first()
          .click();
        return select.getByText(text).count();
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
}

/**
 * Picks an option of a plain antd Select opened from `field`, again until the select shows it: under
 * load a click on an option can land while the list re-renders (its options arriving, its opening
 * motion) and be lost.
 */
export async function pickOption(page: Page, field: Locator, option: string): Promise<void> {
  const select = field.locator('xpath=ancestor::*[contains(@class, "ant-select")][1]');
  await expect
    .poll(
      async () => {
        await field.click();
        await page
          .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
          .first()
          .click({ timeout: 5_000 })
          .catch(() => undefined);
        return select.getByText(option).count();
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
}
