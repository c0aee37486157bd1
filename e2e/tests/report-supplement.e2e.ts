import crypto from 'node:crypto';
import { expect, test } from '../support/fixtures.ts';
import { api, apiRoutes } from '../support/api.ts';
import { screenshot, settle } from '../support/browser.ts';
import { reviewTask } from '../support/review-task.ts';
import { taskProject } from '../support/task-project.ts';

/**
 * The supplement pages of a share (spec section 2), on a phone without a session: from the shared
 * report a site opens with its wall picture and readings (taskReportDetail), and going back finds
 * the list as it was, without loading it again (kept alive); the compact one-page report
 * (tempRjReport) shows the same SHA-256; pdfView draws the PDF with pdf.js (first page inked, page
 * count, paging, the SHA-256 of the served file); once the share is revoked, every page
 * shows its not-found notice. In both languages.
 */

const stamp = () => `${Date.now().toString(36)}${crypto.randomInt(1000, 9999)}`;

const TEXT = {
  'zh-CN': {
    site: /^1\. north wall/,
    compact: '简版报告',
    pdf: '查看报告 PDF',
    compactTitle: '实测实量报告（简版）',
    siteNotFound: '测区不存在，或分享不存在、已过期或已撤销',
    notFound: '分享不存在、已过期或已撤销',
    pdfNotReady: '报告 PDF 尚未生成，或分享不存在、已过期或已撤销',
    back: '返回报告',
    next: '下一页',
    zoomIn: '放大',
    fit: '适合宽度',
    pageCount: (page: number, pages: number) => `第 ${page} / ${pages} 页`,
  },
  'en-US': {
    site: /^1\. north wall/,
    compact: 'Compact report',
    pdf: 'View the report PDF',
    compactTitle: 'Measurement report (compact)',
    siteNotFound: 'The site does not exist, or the share does not exist, has expired or was revoked',
    notFound: 'This share does not exist, has expired or was revoked',
    pdfNotReady: 'The report PDF is not ready yet, or the share does not exist, has expired or was revoked',
    back: 'Back to the report',
    next: 'Next page',
    zoomIn: 'Zoom in',
    fit: 'Fit width',
    pageCount: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
} as const;

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`supplement pages (${language})`, () => {
    const text = TEXT[language];

    test('opens a site with its picture, keeps the list alive, shows the compact report and the PDF, then refuses', async ({
      browsers,
    }) => {
      test.setTimeout(180_000);
      const setup = await taskProject(`E2E分享${stamp()}`);
      const taskId = await reviewTask(setup, `分享${stamp()}`);
      const report = async () =>
        (await api(apiRoutes.reports.getReportList, { TaskId: taskId }, setup.plannerToken, language))
          .Items[0];
      await expect.poll(async () => (await report())?.Status, { timeout: 60_000 }).toBe('ready');
      // A report is rendered in both languages: the SHA-256 of the reader's language's PDF.
      const sha = (await report())?.Sha256 ?? '';
      const share = await api(apiRoutes.reports.sharingReport, { TaskId: taskId }, setup.plannerToken);

      const { page, errors } = await browsers.open(language);
      await page.setViewportSize({ width: 390, height: 844 });
      const reportLoads: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith(`/api/share/${share.ShareId}/Report`)) reportLoads.push(request.url());
      });
      await page.goto(share.Url);
      await expect(page.getByTestId('report-sha')).toBeVisible();
      if (language === 'en-US') await page.getByRole('button', { name: 'English' }).click();
      await expect(page.getByTestId('report-sha')).toContainText(sha);
      const loadsBefore = reportLoads.length;

      // A site with its wall picture and readings.
      await page.getByRole('link', { name: text.site }).click();
      await page.waitForURL(`**/supplement/taskReportDetail/${share.ShareId}/1`);
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>(
          '[data-testid="site-picture"] img, img[data-testid="site-picture"]',
        );
        return Boolean(img?.complete && img.naturalWidth > 0);
      });
      await expect(page.getByText('6', { exact: true }).first()).toBeVisible();
      await settle(page);
      await screenshot(page, `report-supplement-site-${language}`);

      // Back: the list is there at once, not loaded again.
      await page.goBack();
      await expect(page.getByTestId('report-sha')).toBeVisible();
      expect(reportLoads.length).toBe(loadsBefore);

      // The compact variant, with the same SHA-256.
      await page.getByRole('link', { name: text.compact }).click();
      await expect(page.getByText(text.compactTitle)).toBeVisible();
      await expect(page.getByTestId('temp-sha')).toHaveText(sha);
      await settle(page);
      await screenshot(page, `report-supplement-compact-${language}`);

      // The PDF in the browser, drawn by pdf.js: the first page on a canvas that is not blank, the
      // page count, and the SHA-256 of the very file the share serves.
      await page.goBack();
      await page.getByRole('link', { name: text.pdf }).click();
      await expect(page.locator('[data-testid="pdf-canvas"][data-drawn="true"]')).toBeVisible({
        timeout: 30_000,
      });
      const inked = await page.evaluate(() => {
        const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="pdf-canvas"]');
        const data = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
        let dark = 0;
        for (let i = 0; data && i < data.length; i += 4) {
          if ((data[i] ?? 255) + (data[i + 1] ?? 255) + (data[i + 2] ?? 255) < 384) dark += 1;
        }
        return { dark, width: canvas?.width ?? 0 };
      });
      expect(inked.width).toBeGreaterThan(300);
      expect(inked.dark, 'text drawn on the first page').toBeGreaterThan(500);
      // The file of the page's language (as pdfView asks for it).
      const pdf = await page.request.get(
        new URL(`/api/share/${share.ShareId}/Pdf?Lang=${language}`, page.url()).toString(),
      );
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      const pages = Number(
        /\/Type\s*\/Pages[^>]*\/Count\s+(\d+)/.exec((await pdf.body()).toString('latin1'))?.[1],
      );
      expect(pages).toBeGreaterThan(0);
      await expect(page.getByTestId('pdf-page-count').getByText(text.pageCount(1, pages))).toBeVisible();
      expect(
        crypto
          .createHash('sha256')
          .update(await pdf.body())
          .digest('hex'),
      ).toBe(sha);
      await expect(page.getByTestId('pdf-sha')).toHaveText(sha);
      // Zoom in: drawn again, wider than the screen.
      await page.getByRole('button', { name: text.zoomIn }).click();
      await expect(page.locator('[data-testid="pdf-canvas"][data-drawn="true"]')).toBeVisible();
      const zoomed = await page.evaluate(
        () => document.querySelector<HTMLCanvasElement>('[data-testid="pdf-canvas"]')?.clientWidth ?? 0,
      );
      expect(zoomed).toBeGreaterThan(390);
      await page.getByRole('button', { name: text.fit }).click();
      await expect(page.locator('[data-testid="pdf-canvas"][data-drawn="true"]')).toBeVisible();
      if (pages > 1) {
        await page.getByRole('button', { name: text.next }).click();
        await expect(page.getByTestId('pdf-page-count').getByText(text.pageCount(2, pages))).toBeVisible();
        await expect(page.locator('[data-testid="pdf-canvas"][data-drawn="true"]')).toBeVisible();
      }
      await settle(page);
      await screenshot(page, `report-supplement-pdf-${language}`);

      // Revoked: each page shows its notice.
      await api(apiRoutes.reports.revokeShare, { ShareId: share.ShareId }, setup.plannerToken);
      await page.reload();
      await expect(page.getByText(text.pdfNotReady)).toBeVisible();
      const origin = new URL(page.url()).origin;
      await page.goto(`${origin}/supplement/taskReportDetail/${share.ShareId}/1`);
      await expect(page.getByText(text.siteNotFound)).toBeVisible();
      await page.goto(`${origin}/supplement/tempRjReport/${share.ShareId}`);
      await expect(page.getByText(text.notFound)).toBeVisible();
      expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    });
  });
