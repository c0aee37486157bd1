import { expect, type Locator } from '@playwright/test';

/**
 * Waits until `target` is still: no finite animation or transition running on it, its ancestors or
 * anything in its dialog or popover, and no motion class (antd's rc-motion `-appear`/`-enter`
 * phases) on it or its ancestors. A click during a dialog's or
 * popover's opening motion can land where the button was a frame ago and be lost under load;
 * Playwright's own stability check looks at the button's box only between two frames.
 */
export async function untilStill(target: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        target.evaluate(
          (element) => {
            const moving = (animations: Animation[]) =>
              animations.some(
                (animation) =>
                  animation.playState === 'running' &&
                  animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
              );
            for (let node: Element | null = element; node; node = node.parentElement) {
              if (/-(appear|enter)(-|\s|$)/.test(node.className.toString())) return false;
              if (moving(node.getAnimations())) return false;
            }
            // Inside a dialog or popover, a sibling's motion (a form error collapsing) moves it too.
            const container = element.closest('.ant-modal, .ant-popover, [role="dialog"]');
            return !container || !moving(container.getAnimations({ subtree: true }));
          },
          undefined,
          { timeout: 5_000 },
        ),
      { timeout: 10_000, intervals: [50, 100, 250] },
    )
    .toBe(true);
}

/**
 * Confirms with a confirmation's button (a confirm modal's or a popconfirm's) once it is still, and
 * waits until it is gone. Should a click still be lost, `toPass` clicks again; a button that stays
 * while its call runs shows loading, and antd ignores clicks on it then, so the call is made once.
 */
export async function confirmUntilGone(button: Locator): Promise<void> {
  await expect(button).toBeVisible();
  await expect(async () => {
    if (await button.isVisible()) {
      await untilStill(button);
      await button.click({ timeout: 5_000 });
    }
    await expect(button).toBeHidden({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/**
 * Clicks `button` once it is still and waits until `shown` is visible (see confirmUntilGone). A
 * button that shows loading (its call is running) is not clicked again, so its call is made once.
 */
export async function clickUntilShown(button: Locator, shown: Locator): Promise<void> {
  await expect(button).toBeVisible();
  await expect(async () => {
    const loading = await button
      .evaluate((element) => element.classList.contains('ant-btn-loading'), undefined, { timeout: 2_000 })
      .catch(() => false);
    if (!loading && (await button.isVisible())) {
      await untilStill(button);
      await button.click({ timeout: 5_000 });
    }
    await expect(shown).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}
