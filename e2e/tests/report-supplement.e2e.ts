import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../support/api.ts';
import { browserPool, screenshot, settle } from '../support/browser.ts';
import { reviewTask } from '../support/review-task.ts';
import { taskProject } from '../support/task-project.ts';

/**
 * The supplement pages of a share (spec section 2), on a phone without a session: from the shared
 * report a site opens with its wall picture and readings (taskReportDetail), and going back finds
 * the list as it was, without loading it again (kept alive); the compact one-page report
 * (tempRjReport) shows the same SHA-256; pdfView shows the PDF; once the share is revoked, every page
 * shows its not-found notice. In both languages.
 */

const browsers = browserPool('report-supplement');
afterEach(async (context) => browsers.closeAll(context));
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
  },
} as const;

describe.each(['zh-CN', 'en-US'] as const)('supplement pages (%s)', (language) => {
  const text = TEXT[language];

  it('opens a site with its picture, keeps the list alive, shows the compact report and the PDF, then refuses', async () => {
    const setup = await taskProject(`E2E分享${stamp()}`);
    const taskId = await reviewTask(setup, `分享${stamp()}`);
    const report = async () =>
      (
        await api<{ Items: { Status: string; Sha256: string | null }[] }>(
          '/api/ms/statis/GetReportList',
          { TaskId: taskId },
          setup.plannerToken,
          language,
        )
      ).Items[0];
    await expect.poll(async () => (await report())?.Status, { timeout: 60_000 }).toBe('ready');
    // A report is rendered in both languages: the SHA-256 of the reader's language's PDF.
    const sha = (await report())?.Sha256 ?? '';
    const share = await api<{ ShareId: string; Url: string }>(
      '/api/ms/statis/SharingReport',
      { TaskId: taskId },
      setup.plannerToken,
    );

    const { page, errors } = await browsers.open(language);
    await page.setViewportSize({ width: 390, height: 844 });
    const reportLoads: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(`/api/share/${share.ShareId}/Report`)) reportLoads.push(request.url());
    });
    await page.goto(share.Url);
    await page.getByTestId('report-sha').waitFor();
    if (language === 'en-US') await page.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => page.getByTestId('report-sha').textContent()).toContain(sha);
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
    await page.getByText('6', { exact: true }).first().waitFor();
    await settle(page);
    await screenshot(page, `report-supplement-site-${language}`);

    // Back: the list is there at once, not loaded again.
    await page.goBack();
    await page.getByTestId('report-sha').waitFor();
    expect(reportLoads.length).toBe(loadsBefore);

    // The compact variant, with the same SHA-256.
    await page.getByRole('link', { name: text.compact }).click();
    await page.getByText(text.compactTitle).waitFor();
    expect(await page.getByTestId('temp-sha').textContent()).toBe(sha);
    await settle(page);
    await screenshot(page, `report-supplement-compact-${language}`);

    // The PDF in the browser: the frame shows the share's PDF address, which answers the PDF.
    await page.goBack();
    await page.getByRole('link', { name: text.pdf }).click();
    const frame = page.getByTestId('pdf-frame');
    await frame.waitFor();
    const src = (await frame.getAttribute('src')) ?? '';
    const pdf = await page.request.get(new URL(src, page.url()).toString());
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(
      crypto
        .createHash('sha256')
        .update(await pdf.body())
        .digest('hex'),
    ).toBe(sha);

    // Revoked: each page shows its notice.
    await api('/api/ms/statis/RevokeShare', { ShareId: share.ShareId }, setup.plannerToken);
    await page.reload();
    await page.getByText(text.pdfNotReady).waitFor();
    const origin = new URL(page.url()).origin;
    await page.goto(`${origin}/supplement/taskReportDetail/${share.ShareId}/1`);
    await page.getByText(text.siteNotFound).waitFor();
    await page.goto(`${origin}/supplement/tempRjReport/${share.ShareId}`);
    await page.getByText(text.notFound).waitFor();
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
  }, 180_000);
});
