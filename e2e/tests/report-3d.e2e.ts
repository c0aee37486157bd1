import crypto from 'node:crypto';
import { expect, test } from '../support/fixtures.ts';
import { api, apiRoutes } from '../support/api.ts';
import { screenshot, settle } from '../support/browser.ts';
import { reviewTask } from '../support/review-task.ts';
import { taskProject } from '../support/task-project.ts';

/**
 * The 3D task report of a share (spec section 2, taskReportThreeDimensional), on a phone without a
 * session: from the shared report the 3D view opens; WebGL draws the household's two rooms in their
 * grade colours (pixels read back from the canvas); tapping a room shows its name, grade and pass
 * rate and opens its first site; once the share is revoked the page shows the not-found notice.
 * In both languages.
 */

const stamp = () => `${Date.now().toString(36)}${crypto.randomInt(1000, 9999)}`;

const TEXT = {
  'zh-CN': {
    open: '三维查看',
    title: '三维报告',
    living: 'living（1# 2 层 1 户）',
    bed: 'bed（1# 2 层 1 户）',
    unqualified: '超差',
    qualified: '合格',
    firstSite: '查看第一个测区',
    notFound: '分享不存在、已过期或已撤销',
    legend: '无测区或未判定',
  },
  'en-US': {
    open: 'View in 3D',
    title: '3D report',
    living: 'living (1# floor 2, household 1)',
    bed: 'bed (1# floor 2, household 1)',
    unqualified: 'Unqualified',
    qualified: 'Qualified',
    firstSite: 'Open its first site',
    notFound: 'This share does not exist, has expired or was revoked',
    legend: 'No sites or not judged',
  },
} as const;

/** Counts of the canvas pixels that are green-ish (qualified) and orange-ish (unqualified), and not background. */
const COUNT_PIXELS = () => {
  const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="plan-3d-canvas"]');
  if (!canvas) return null;
  const copy = document.createElement('canvas');
  copy.width = canvas.width;
  copy.height = canvas.height;
  const context = copy.getContext('2d');
  if (!context) return null;
  context.drawImage(canvas, 0, 0);
  const data = context.getImageData(0, 0, copy.width, copy.height).data;
  let green = 0;
  let orange = 0;
  let drawn = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
    if (Math.abs(r - 245) + Math.abs(g - 245) + Math.abs(b - 245) > 12) drawn += 1;
    if (g > r + 40 && g > b + 60) green += 1;
    if (r > g + 40 && g > b + 40) orange += 1;
  }
  return { green, orange, drawn, total: data.length / 4 };
};

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`3D task report (${language})`, () => {
    const text = TEXT[language];

    test('draws the rooms in their grade colours, a tapped room shows its results and opens its site, then refuses', async ({
      browsers,
    }) => {
      test.setTimeout(180_000);
      const setup = await taskProject(`E2E三维${stamp()}`);
      const taskId = await reviewTask(setup, `三维${stamp()}`, { siteTwoRoom: 'bed' });
      const share = await api(apiRoutes.reports.sharingReport, { TaskId: taskId }, setup.plannerToken);

      const { page, errors } = await browsers.open(language);
      await page.setViewportSize({ width: 390, height: 844 });
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await page.goto(share.Url);
      await expect(page.getByRole('link', { name: TEXT['zh-CN'].open })).toBeVisible();
      if (language === 'en-US') await page.getByRole('button', { name: 'English' }).click();
      const scriptsOfReport = scripts.length;
      await page.getByRole('link', { name: text.open }).click();
      await page.waitForURL(`**/supplement/taskReportThreeDimensional/${share.ShareId}`);
      await expect(page.getByText(text.title, { exact: true })).toBeVisible();
      // three.js arrives with this page, not before.
      expect(scripts.length).toBeGreaterThan(scriptsOfReport);

      // The scene: two rooms, the living room unqualified (site 1: 1, 2, 6), the bedroom qualified.
      const view = page.locator('[data-testid="plan-3d"][data-rendered="true"]');
      await expect(view).toBeVisible();
      await expect(view).toHaveAttribute('data-rooms', '2');
      await expect(view).toHaveAttribute('data-colours', '#fa8c16 #52c41a');
      await expect(page.getByTestId('plan-3d-legend').getByText(text.legend)).toBeVisible();
      // WebGL drew them: both colours are on the canvas (lit, so only roughly the palette).
      await expect
        .poll(
          async () => {
            const pixels = await page.evaluate(COUNT_PIXELS);
            return pixels !== null && pixels.green > 500 && pixels.orange > 500;
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      await settle(page);
      await screenshot(page, `report-3d-${language}`);

      // Tap along the middle of the canvas until the card names the room.
      const canvas = page.getByTestId('plan-3d-canvas');
      const box = await canvas.boundingBox();
      if (!box) throw new Error('no canvas');
      const card = page.getByTestId('plan-3d-room');
      const room = async (name: string) => {
        for (let step = 1; step < 20; step += 1) {
          for (const y of [0.5, 0.4, 0.6]) {
            await page.mouse.click(box.x + (box.width * step) / 20, box.y + box.height * y);
            if (((await card.textContent()) ?? '').includes(name)) return;
          }
        }
        throw new Error(`room ${name} not found on the canvas`);
      };
      await room(text.bed);
      await expect(card.getByText(text.qualified, { exact: true })).toBeVisible();
      await expect(card.getByText('100%', { exact: true })).toBeVisible();
      await room(text.living);
      await expect(card.getByText(text.unqualified, { exact: true })).toBeVisible();
      await expect(card.getByText('66.67%', { exact: true })).toBeVisible();
      await settle(page);
      await screenshot(page, `report-3d-room-${language}`);
      await card.getByRole('link', { name: text.firstSite }).click();
      await page.waitForURL(`**/supplement/taskReportDetail/${share.ShareId}/1`);

      // Revoked: the 3D page shows the notice.
      await api(apiRoutes.reports.revokeShare, { ShareId: share.ShareId }, setup.plannerToken);
      await page.goto(
        new URL(`/supplement/taskReportThreeDimensional/${share.ShareId}`, page.url()).toString(),
      );
      await expect(page.getByText(text.notFound)).toBeVisible();
      expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    });
  });
