import crypto from 'node:crypto';
import { expect, test } from '../support/fixtures.ts';
import { api, apiRoutes } from '../support/api.ts';
import { BASE_URL, screenshot, settle } from '../support/browser.ts';
import { reviewTask } from '../support/review-task.ts';
import { taskProject } from '../support/task-project.ts';

/**
 * Verifiable printed reports (issue 28): the address a report PDF prints in its footer opens the
 * public verification page on a phone without a session, with the SHA-256 of that very file; after
 * the report is rendered again, the old address says it was superseded, when and why, and links the
 * current rendition; an unknown code shows the not-found notice. In both languages.
 */

const stamp = () => `${Date.now().toString(36)}${crypto.randomInt(1000, 9999)}`;

const TEXT = {
  'zh-CN': {
    current: '这是该报告当前的版本',
    reason: '手动重新生成',
    openCurrent: '查看当前版本',
    notFound: '验证码不存在：请核对打印件页脚的地址或验证码',
  },
  'en-US': {
    current: 'This is the current rendition of the report',
    reason: 'rendered again by hand',
    openCurrent: 'Open the current rendition',
    notFound: 'Unknown verification code: check the address or code in the footer of the printout',
  },
} as const;

/** A PDF's verification address, as its footer links it (the link annotation's URI), and its SHA-256. */
function verificationOf(pdf: Buffer): { url: string; code: string; sha256: string } {
  const match = /\/URI \((\S+\/supplement\/verify\/([A-Z2-7]{16}))\)/.exec(pdf.toString('latin1'));
  expect(match, 'verification link in the PDF').not.toBeNull();
  return {
    url: match?.[1] ?? '',
    code: match?.[2] ?? '',
    sha256: crypto.createHash('sha256').update(pdf).digest('hex'),
  };
}

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`report verification page (${language})`, () => {
    const text = TEXT[language];

    test('opens a superseded rendition, follows it to the current one, and refuses an unknown code', async ({
      browsers,
    }) => {
      test.setTimeout(180_000);
      const setup = await taskProject(`E2E验证${stamp()}`);
      const taskId = await reviewTask(setup, `验证${stamp()}`);
      const report = async () =>
        (await api(apiRoutes.reports.getReportList, { TaskId: taskId }, setup.plannerToken, language))
          .Items[0];
      /** The ready report's PDF in the page's language. */
      const pdf = async () => {
        const { Url } = await api(
          apiRoutes.reports.downloadReport,
          { ReportIds: [(await report())?.ReportId ?? ''], Format: 'pdf' },
          setup.plannerToken,
          language,
        );
        return Buffer.from(await (await fetch(Url)).arrayBuffer());
      };
      await expect.poll(async () => (await report())?.Status, { timeout: 60_000 }).toBe('ready');
      const old = verificationOf(await pdf());
      expect(old.url).toBe(`${BASE_URL}/supplement/verify/${old.code}`);
      expect(old.sha256).toBe((await report())?.Sha256);

      // Rendered again by hand: a new rendition with its own code.
      await api(apiRoutes.reports.retryReport, { TaskId: taskId }, setup.plannerToken);
      await expect
        .poll(
          async () => {
            const row = await report();
            return row?.Status === 'ready' && row.Sha256 !== old.sha256;
          },
          { timeout: 60_000 },
        )
        .toBe(true);
      const current = verificationOf(await pdf());
      expect(current.code).not.toBe(old.code);

      const { page, errors } = await browsers.open(language);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(old.url);
      const banner = page.getByTestId('verify-superseded');
      await expect(banner).toBeVisible();
      if (language === 'en-US') await page.getByRole('button', { name: 'English' }).click();
      await expect(banner).toContainText(text.reason);
      await expect(page.getByTestId('verify-sha')).toHaveText(old.sha256);
      await expect(page.getByTestId('verify-code')).toHaveText(old.code);
      await settle(page);
      await screenshot(page, `report-verify-superseded-${language}`);

      await page.getByRole('link', { name: text.openCurrent }).click();
      await page.waitForURL(`**/supplement/verify/${current.code}`);
      await expect(page.getByText(text.current)).toBeVisible();
      await expect(page.getByTestId('verify-sha')).toHaveText(current.sha256);
      await expect(page.getByTestId('verify-superseded')).toHaveCount(0);
      await settle(page);
      await screenshot(page, `report-verify-current-${language}`);

      await page.goto(`${BASE_URL}/supplement/verify/AAAAAAAAAAAAAAAA`);
      await expect(page.getByText(text.notFound)).toBeVisible();
      expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    });
  });
