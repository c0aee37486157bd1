import { readFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures.ts';
import { button, stamp } from '../support/names.ts';
import { scanTask, type ScanTask } from '../support/scan-task.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject, type TaskProject } from '../support/task-project.ts';

/**
 * Per-household reports (issue 32, GetApartmentReports) on the task data page with modelling on: a
 * robot task whose one household (1# floor 2, household 1) has a scanned wall lists that household;
 * its report reaches ready with a rendered 3D view (the page follows the report live events) and its PDF
 * downloads through DownloadReport. In both languages.
 */
const TEXT = {
  'zh-CN': {
    title: '分户报告',
    household: '1# 2 层 1 户',
    ready: '已生成',
    modelView: '含三维视图',
    download: '下载',
  },
  'en-US': {
    title: 'Household reports',
    household: '1# floor 2, household 1',
    ready: 'Ready',
    modelView: 'With 3D view',
    download: 'Download',
  },
} as const;

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`household reports (${language})`, () => {
    const text = TEXT[language];
    let setup: TaskProject;
    let scans: ScanTask;
    test.beforeAll(async () => {
      test.setTimeout(240_000);
      setup = await taskProject(`E2E分户${stamp()}`);
      scans = await scanTask(setup, `分户${stamp()}`);
    });

    test('the household is listed, its report becomes ready and its PDF downloads', async ({ browsers }) => {
      test.setTimeout(180_000);
      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, setup.planner, language);
      await page.goto(`${new URL(page.url()).origin}/measurerobot/mscReportData?taskId=${scans.taskId}`);
      const card = page.getByTestId('household-reports');
      await expect(card).toContainText(text.title);
      const rows = card.locator('.ant-table-tbody tr.ant-table-row');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(text.household);
      await expect(rows.first().getByTestId('household-report-status')).toHaveText(text.ready, {
        timeout: 120_000,
      });
      // The household has a ready scan: its report carries a rendered view of it.
      await expect(rows.first()).toContainText(text.modelView);
      const downloaded = page.waitForEvent('download');
      await rows
        .first()
        .getByRole('button', { name: button(text.download) })
        .click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const pdf = readFileSync((await download.path()) as string);
      expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
      expect(errors).toEqual([]);
    });
  });
