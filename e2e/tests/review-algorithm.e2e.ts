import crypto from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { api, apiRoutes } from '../support/api.ts';
import { screenshot, settle } from '../support/browser.ts';
import { reviewTask } from '../support/review-task.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject } from '../support/task-project.ts';

/**
 * The algorithm image and grinding of a flatness site, and the vertical / horizontal ruler toggle
 * (issue 15 items 2 and 4): site 1 (PL-01, standard 4 mm, values 1, 2 and 6 on horizontal rulers,
 * 9 m2) shows its heatmap and a grinding of 1 of 3 values, 3 m2, 2 mm, 6 L; hiding the horizontal
 * rulers redraws the picture through ShowVerHor; moving the 6 mm ruler's end by dragging and reading
 * it again at 3.5 mm clears the grinding and redraws the heatmap (issue 15 item 3). In both languages.
 */

const button = (label: string) =>
  new RegExp(`(^|\\s)${[...label].map((c) => c.replace(/[()[\]{}.*+?^$|\\]/g, '\\$&')).join('\\s*')}\\s*$`);
const stamp = () => `${Date.now().toString(36)}${crypto.randomInt(1000, 9999)}`;

const TEXT = {
  'zh-CN': {
    source: '来自读数（靠尺位置插值）',
    basis: '由 3 把靠尺读数插值得出，不是扫描偏差图',
    exceeding: '1 / 3 个读数',
    exceedingAfter: '0 / 3 个读数',
    horizontal: '横向靠尺',
    move: '移动靠尺',
    moveValue: '新位置的读数',
    save: '保存',
    movedTrail: 'PL-01 第 3 个值的靠尺已移动，值由 6 改为 3.5',
  },
  'en-US': {
    source: 'From the readings (interpolated between rulers)',
    basis: 'Interpolated between rulers, not a scan deviation map: ruler readings used: 3',
    exceeding: '1 of 3 values',
    exceedingAfter: '0 of 3 values',
    horizontal: 'Horizontal rulers',
    move: 'Move ruler',
    moveValue: 'Value at the new place',
    save: 'Save',
    movedTrail: 'PL-01 value 3: ruler moved, value changed from 6 to 3.5',
  },
} as const;

/** Waits until the image under `testId` has loaded and answers its natural size and source. */
async function loadedImage(page: Page, selector: string) {
  await page.waitForFunction((css) => {
    const img = document.querySelector<HTMLImageElement>(`${css} img`);
    return Boolean(img?.complete && img.naturalWidth > 0);
  }, selector);
  return page.evaluate((css) => {
    const img = document.querySelector<HTMLImageElement>(`${css} img`) as HTMLImageElement;
    return { width: img.naturalWidth, height: img.naturalHeight, src: img.src };
  }, selector);
}

/** A box that stays put over two animation frames (the dialog has finished opening). */
async function stableBox(page: Page, locator: Locator) {
  let last: Awaited<ReturnType<Locator['boundingBox']>> = null;
  for (;;) {
    const box = await locator.boundingBox();
    if (box && last && box.x === last.x && box.y === last.y && box.width === last.width) return box;
    last = box;
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
    );
  }
}

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`algorithm image and ruler toggle (${language})`, () => {
    const text = TEXT[language];

    test('shows the heatmap and grinding, toggles the horizontal rulers, and follows a change', async ({
      browsers,
    }) => {
      test.setTimeout(150_000);
      const setup = await taskProject(`E2E算法${stamp()}`);
      const taskId = await reviewTask(setup, `算法${stamp()}`, { areaM2: 9 });
      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, setup.planner, language);
      await page.goto(`${new URL(page.url()).origin}/measurerobot/mscReportData?taskId=${taskId}`);

      // The heatmap of PL-01 (640 px wide, legend below), drawn from the readings, and its grinding.
      const heatmap = await loadedImage(page, '[data-testid="algorithm-image"]');
      expect(heatmap.width).toBe(640);
      await expect(page.getByTestId('algorithm-source').getByText(text.source)).toBeVisible();
      // Site 1's three rulers, all valid: the map says it is interpolated from them (the legend too).
      await expect(page.getByTestId('algorithm-basis').getByText(text.basis)).toBeVisible();
      const facts = page.getByTestId('grinding-PL-01');
      await expect(facts.getByText(text.exceeding)).toBeVisible();
      await expect(facts.getByText('3 m²')).toBeVisible();
      await expect(facts.getByText('2 mm', { exact: true })).toBeVisible();
      await expect(facts.getByText('6 L')).toBeVisible();
      // The task's grinding next to its figures: the total row holds the same 6 L.
      const totals = page.getByTestId('task-grinding');
      await expect(totals.locator('tbody tr').last()).toContainText('6');
      await settle(page);
      await screenshot(page, `review-algorithm-${language}`);

      // Hiding the horizontal rulers asks ShowVerHor for the picture without them.
      await loadedImage(page, '[data-testid="review-picture"]');
      const redrawn = page.waitForResponse(
        (response) =>
          response.url().includes('/api/ms/Task/ShowVerHor') &&
          response.request().postDataJSON()?.Horizontal === false,
      );
      await page.getByRole('checkbox', { name: text.horizontal }).click();
      const answer = await redrawn;
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toContain('image/png');
      const without = await loadedImage(page, '[data-testid="review-picture"][data-rulers="v"]');
      expect(without.width).toBeGreaterThan(0);
      await settle(page);
      await screenshot(page, `review-rulers-hidden-${language}`);

      // The 6 mm ruler moved (its right end dragged left and down) and read again at 3.5 mm: nothing
      // to grind, the heatmap is drawn again and the trail records the move.
      await page.getByTestId('value-PL-01-2').getByRole('button', { name: text.move }).click();
      const mover = page.getByTestId('ruler-mover');
      await expect(mover).toBeVisible();
      const ends = page.getByTestId('ruler-ends');
      const before = await ends.textContent();
      const handle = await stableBox(page, page.getByTestId('ruler-end-2'));
      await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
      await page.mouse.down();
      await page.mouse.move(handle.x - 80, handle.y + 40, { steps: 8 });
      await page.mouse.up();
      await expect(ends).not.toHaveText(before ?? '');
      await page.getByLabel(text.moveValue).fill('3.5');
      const moved = page.waitForResponse(
        (response) =>
          response.url().includes('/api/ms/Task/UpdateWallRuler') &&
          response.request().postDataJSON()?.Ruler?.X2 < 2100,
      );
      const image = page.waitForResponse((response) =>
        response.url().includes('/api/ms/MsTask/GenAlgorithmImage'),
      );
      await page
        .getByRole('dialog')
        .getByRole('button', { name: button(text.save) })
        .click();
      await moved;
      await image;
      await expect(page.getByText(text.movedTrail)).toBeVisible();
      await expect(facts.getByText(text.exceedingAfter)).toBeVisible();
      await expect(facts.getByText('0 L')).toBeVisible();
      const after = await loadedImage(page, '[data-testid="algorithm-image"]');
      expect(after.src).not.toBe(heatmap.src);
      const grinding = await api(apiRoutes.review.getTaskGrinding, { TaskId: taskId }, setup.plannerToken);
      expect(grinding.Total.GrindingVolumeL).toBe(0);
      expect(errors).toEqual([]);
    });
  });
