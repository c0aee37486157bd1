import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens the antd Select around `field`, types `text` into it when asked, and clicks the option that
 * shows it, again until the select shows the choice: under load a click on an option can land while
 * the list re-renders (its options arriving, its opening motion, the search settling) and be lost.
 */
async function pickUntilShown(page: Page, field: Locator, text: string, search: boolean): Promise<void> {
  const select = field.locator('xpath=ancestor::*[contains(@class, "ant-select")][1]');
  await expect(async () => {
    await field.click({ timeout: 5_000 });
    if (search) await field.fill(text, { timeout: 5_000 });
    // A lost click leaves the list open or closed; what counts is the choice the select shows.
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
      .first()
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await expect(select.getByText(text)).not.toHaveCount(0, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/** Picks an option of a searchable antd Select by typing `text` (see pickUntilShown). */
export const pickSearchedOption = (page: Page, field: Locator, text: string): Promise<void> =>
  pickUntilShown(page, field, text, true);

/** Picks an option of a plain antd Select opened from `field` (see pickUntilShown). */
export const pickOption = (page: Page, field: Locator, option: string): Promise<void> =>
  pickUntilShown(page, field, option, false);
