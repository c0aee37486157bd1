import crypto from 'node:crypto';
import { expect, test } from '../support/fixtures.ts';
import { screenshot, settle } from '../support/browser.ts';
import { reviewTask } from '../support/review-task.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject } from '../support/task-project.ts';
import { clickUntilShown, confirmUntilGone } from '../support/confirm.ts';

/**
 * Data reports (issue 16): the report of a finished task renders in the background and shows on the
 * task detail with its SHA-256; it is shared by link and QR code; the public page (no session, a
 * phone-sized window) shows the figures and the same SHA-256; after revoking, the link shows the
 * not-found notice. In both languages.
 */

const button = (text: string) =>
  new RegExp(`(^|\\s)${[...text].map((c) => c.replace(/[()[\]{}.*+?^$|\\]/g, '\\$&')).join('\\s*')}\\s*$`);
const stamp = () => `${Date.now().toString(36)}${crypto.randomInt(1000, 9999)}`;

const TEXT = {
  'zh-CN': {
    ready: '已生成',
    share: '分享',
    create: '生成分享链接',
    revoke: '撤销',
    ok: '确定',
    passRate: '合格率',
    notFound: '分享不存在、已过期或已撤销',
  },
  'en-US': {
    ready: 'Ready',
    share: 'Share',
    create: 'Create share link',
    revoke: 'Revoke',
    ok: 'OK',
    passRate: 'Pass rate',
    notFound: 'This share does not exist, has expired or was revoked',
  },
} as const;

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`data reports (${language})`, () => {
    const text = TEXT[language];

    test('renders the report, shares it and revokes the share', async ({ browsers }) => {
      const setup = await taskProject(`E2E报告${stamp()}`);
      const taskId = await reviewTask(setup, `报告${stamp()}`);
      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, setup.planner, language);
      const origin = new URL(page.url()).origin;
      await page.goto(`${origin}/measurerobot/taskDetail?id=${taskId}`);

      // The job renders within seconds; the card looks again every 3 s while it is queued or rendering.
      await expect(page.getByText(text.ready, { exact: true })).toBeVisible({ timeout: 30_000 });
      const sha =
        (await page
          .locator('code')
          .filter({ hasText: /^[0-9a-f]{64}$/ })
          .first()
          .textContent()) ?? '';
      expect(sha).toMatch(/^[0-9a-f]{64}$/);

      await page.getByRole('button', { name: button(text.share) }).click();
      const card = page.getByTestId('report-share');
      await clickUntilShown(page.getByRole('button', { name: button(text.create) }), card);
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="report-share"] img');
        return Boolean(img?.complete && img.naturalWidth > 0);
      });
      const url =
        (await card
          .getByText(/supplement\/taskReportList\//)
          .first()
          .textContent()) ?? '';
      expect(url).toMatch(/\/supplement\/taskReportList\/[\w-]{43}$/);
      await settle(page);
      await screenshot(page, `reports-share-${language}`);

      // The public page, without a session, on a phone-sized window.
      const phone = await browsers.open(language);
      await phone.page.setViewportSize({ width: 390, height: 844 });
      await phone.page.goto(url);
      await expect(phone.page.getByTestId('report-sha')).toBeVisible();
      // A new browser starts in Chinese; the page has its own language switch.
      if (language === 'en-US') await phone.page.getByRole('button', { name: 'English' }).click();
      await expect(phone.page.getByText(text.passRate).first()).toBeVisible();
      // The page shows the hash of the PDF in its language, the same as the task detail in that language.
      await expect(phone.page.getByTestId('report-sha')).toContainText(sha);
      await expect(phone.page.getByText(text.passRate)).not.toHaveCount(0);
      await settle(phone.page);
      await screenshot(phone.page, `reports-public-${language}`);

      // Revoked: the same address answers the not-found notice.
      await page
        .getByRole('button', { name: button(text.revoke) })
        .first()
        .click();
      const revoked = page.waitForResponse((response) =>
        response.url().includes('/api/ms/statis/RevokeShare'),
      );
      await confirmUntilGone(page.getByRole('button', { name: button(text.ok) }));
      await revoked;
      await phone.page.reload();
      await expect(phone.page.getByText(text.notFound)).toBeVisible();
      expect(errors).toEqual([]);
      expect(phone.errors).toEqual([]);
    });
  });
