import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits for a confirmation's button (a confirm modal's or a popconfirm's), then clicks it again until
 * it is gone: under load a click can land while the confirmation is still opening (its zoom motion)
 * and be lost, and the call it should make never comes. Once the button is gone the click has been
 * taken; a button that stays while its call runs shows loading, and antd ignores clicks on it then.
 */
export async function confirmUntilGone(button: Locator): Promise<void> {
  await button.waitFor({ state: 'visible' });
  await expect
    .poll(
      async () => {
        if (await button.isVisible()) await button.click({ timeout: 5_000 }).catch(() => undefined);
        return button
          .waitFor({ state: 'hidden', timeout: 5_000 })
          .then(() => true)
          .catch(() => false);
      },
      { timeout: 30_000, interval: 0 },
    )
    .toBe(true);
}

/**
 * Clicks `button` until `shown` is visible: a click during a dialog's opening motion is lost under
 * load. A button that shows loading (its call is running) is not clicked again, so the call the
 * click makes is made once.
 */
export async function clickUntilShown(button: Locator, shown: Locator): Promise<void> {
  await button.waitFor({ state: 'visible' });
  await expect
    .poll(
      async () => {
        const loading = await button
          .evaluate((element) => element.classList.contains('ant-btn-loading'))
          .catch(() => false);
        if (!loading && (await button.isVisible()))
          await button.click({ timeout: 5_000 }).catch(() => undefined);
        return shown
          .waitFor({ state: 'visible', timeout: 5_000 })
          .then(() => true)
          .catch(() => false);
      },
      { timeout: 30_000, interval: 0 },
    )
    .toBe(true);
}
