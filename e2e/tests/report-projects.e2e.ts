import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures.ts';
import { api, apiRoutes } from '../support/api.ts';
import { screenshot, settle } from '../support/browser.ts';
import { reviewTask } from '../support/review-task.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject } from '../support/task-project.ts';

/**
 * The data reports landing page (issue 16, item 1): the signed-in user lands on their projects with
 * report counts, unread marks and the pass rates the API reports; a project opens its report list
 * with the project summary report; selected reports download as one zip through the progress
 * dialog, which marks them read, so the landing page no longer counts them unread. In both languages.
 */

const stamp = () => `${Date.now().toString(36)}${crypto.randomInt(1000, 9999)}`;
const button = (text: string) =>
  new RegExp(`(^|\\s)${[...text].map((c) => c.replace(/[()[\]{}.*+?^$|\\]/g, '\\$&')).join('\\s*')}\\s*$`);

const TEXT = {
  'zh-CN': {
    search: '按项目名称搜索',
    counts: '共 2 份，已生成 2，已审核 0',
    listTitle: (name: string) => `数据报告：${name}`,
    unread: '未读',
    summaryTasks: '2 个已结束任务（已上传 2，已完成 0）',
    firstMeasure: '初测',
    byItem: '按测量项',
    pdf: '下载 PDF',
  },
  'en-US': {
    search: 'Search by project name',
    counts: '2 in all, 2 ready, 0 audited',
    listTitle: (name: string) => `Data reports: ${name}`,
    unread: 'Unread',
    summaryTasks: 'Finished tasks: 2 (uploaded 2, completed 0)',
    firstMeasure: 'First measure',
    byItem: 'By measure item',
    pdf: 'Download PDF',
  },
} as const;

interface ProjectRow {
  ProjectId: string;
  Unread: number;
  Ready: number;
  Figures: { PassRate: number | null };
  Latest: { Figures: { PassRate: number | null } } | null;
}

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`data reports landing page (${language})`, () => {
    const text = TEXT[language];

    test('lists the projects with counts and unread marks, opens the report list and downloads a zip', async ({
      browsers,
    }) => {
      test.setTimeout(180_000);
      const name = `E2E报表${stamp()}`;
      const setup = await taskProject(name);
      await reviewTask(setup, `甲${stamp()}`);
      await reviewTask(setup, `乙${stamp()}`);
      // Both reports render in the background within seconds.
      const row = async () =>
        (await api(apiRoutes.reports.getReportProjectList, { ProjectName: name }, setup.plannerToken))
          .Items[0];
      await expect.poll(async () => (await row())?.Ready, { timeout: 60_000 }).toBe(2);
      const figures = (await row()) as ProjectRow;
      expect(figures.Unread).toBe(2);

      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, setup.planner, language);
      const search = page.getByPlaceholder(text.search);
      await search.fill(name);
      await search.press('Enter');
      const tableRow = page.locator('.ant-table-row', { hasText: name });
      await expect(tableRow.getByText(text.counts)).toBeVisible();
      // The figures are the API's (the rollups), to two decimals.
      await expect(tableRow.getByText(`${figures.Figures.PassRate?.toFixed(2)}%`).first()).toBeVisible();
      await expect(tableRow.locator('.ant-badge')).toContainText('2');
      await settle(page);
      await screenshot(page, `report-projects-landing-${language}`);

      await tableRow.getByRole('link', { name }).click();
      await page.waitForURL(`**/measurerobot/mscProjectReports?projectId=${figures.ProjectId}`);
      await expect(page.getByText(text.listTitle(name))).toBeVisible();
      await expect(page.locator('.ant-table-row', { hasText: text.unread })).toHaveCount(2);
      await expect(page.getByTestId('summary-tasks').getByText(text.summaryTasks)).toBeVisible();
      // Measure kinds side by side: both tasks are first measures, uploaded and not completed.
      const firstMeasure = page
        .getByTestId('summary-kinds')
        .locator('.ant-table-row', { hasText: text.firstMeasure });
      await expect(firstMeasure.locator('td').nth(1)).toHaveText('2');
      await expect(firstMeasure.locator('td').nth(3)).toHaveText('0');
      await page.getByRole('tab', { name: text.byItem }).click();
      await expect(page.getByRole('cell', { name: /\(PL-01\)$/ })).toBeVisible();
      await settle(page);
      await screenshot(page, `report-projects-list-${language}`);

      // Both selected: one zip through the progress dialog; afterwards they count as read.
      await page.locator('.ant-table-thead .ant-checkbox-input').first().check();
      const downloaded = page.waitForEvent('download');
      await page.getByRole('button', { name: button(text.pdf) }).click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toBe('reports.zip');
      const zip = readFileSync((await download.path()) as string);
      expect(zip.subarray(0, 2).toString()).toBe('PK');
      await expect.poll(async () => (await row())?.Unread).toBe(0);
      await expect(page.locator('.ant-table-row', { hasText: text.unread })).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  });
