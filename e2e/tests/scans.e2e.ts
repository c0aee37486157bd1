import { statSync } from 'node:fs';
import { expect, test } from '../support/fixtures.ts';
import { api, apiRoutes } from '../support/api.ts';
import { BASE_URL } from '../support/browser.ts';
import { button, stamp } from '../support/names.ts';
import { scanTask, type ScanTask } from '../support/scan-task.ts';
import { pickOption, pickSearchedOption } from '../support/select.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject, type TaskProject } from '../support/task-project.ts';

/**
 * Scans (issue 32): a robot task whose site 1 has a scanned wall (tiled by the scans job) and a file
 * that is not a cloud. The model preview draws the cloud and a tapped wall opens site 1 with its
 * deviation figures and readings; the point cloud page filters, exports, downloads the original and
 * deletes the failed scan; both 3D shares open without a session on a phone. In both languages.
 */
const TEXT = {
  'zh-CN': {
    grade: '按等级',
    deviation: '扫描偏差',
    rms: '均方根',
    failedStatus: '失败',
    readyStatus: '已完成',
    statusField: '状态',
    projectField: '项目',
    search: '查询',
    exportExcel: '导出 Excel',
    download: '下载原始文件',
    delete: '删除',
    ok: '确定',
    siteReport: '查看测区报告',
  },
  'en-US': {
    grade: 'By grade',
    deviation: 'Scan deviation',
    rms: 'RMS',
    failedStatus: 'Failed',
    readyStatus: 'Ready',
    statusField: 'Status',
    projectField: 'Project',
    search: 'Search',
    exportExcel: 'Export to Excel',
    download: 'Download the original',
    delete: 'Delete',
    ok: 'OK',
    siteReport: 'Open the site report',
  },
} as const;

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`scans (${language})`, () => {
    const text = TEXT[language];
    let setup: TaskProject;
    let scans: ScanTask;
    test.beforeAll(async () => {
      test.setTimeout(240_000);
      setup = await taskProject(`E2E扫描${stamp()}`);
      scans = await scanTask(setup, `扫描${stamp()}`);
    });

    test('the model preview draws the cloud; a tapped wall opens its site with deviation and readings', async ({
      browsers,
    }) => {
      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, setup.planner, language);
      await page.goto(`${new URL(page.url()).origin}/measurerobot/modelTaskData?taskId=${scans.taskId}`);
      const view = page.getByTestId('scan-view');
      await expect(view).toHaveAttribute('data-points', 'shown');
      await expect(view).toHaveAttribute('data-surfaces', /^[1-9]/);
      // The wall fills the middle of the fitted view: tapping there picks it.
      const canvas = page.getByTestId('scan-canvas');
      const box = await canvas.boundingBox();
      if (!box) throw new Error('no canvas');
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect(view).toHaveAttribute('data-selected', '1');
      const site = page.getByTestId('scan-site');
      await expect(site).toContainText('#1');
      await expect(site.getByTestId('surface-figures')).toContainText(text.rms);
      // The site's readings (the task data page's site view): 6 is one of PL-01's values.
      await expect(site.getByTestId('value-PL-01-2')).toContainText('6');
      await page.getByText(text.grade, { exact: true }).click();
      await expect(page.getByTestId('scan-legend')).toBeVisible();
      expect(errors).toEqual([]);
    });

    test('the point cloud page filters, exports, downloads the original and deletes a failed scan', async ({
      browsers,
    }) => {
      const { page } = await browsers.open(language);
      await signInAndLand(page, setup.planner, language);
      await page.goto(`${new URL(page.url()).origin}/measurerobot/mscPointCloudData`);
      await pickSearchedOption(
        page,
        page.getByRole('combobox', { name: text.projectField, exact: true }),
        setup.project.Name,
      );
      await pickOption(
        page,
        page.getByRole('combobox', { name: text.statusField, exact: true }),
        text.failedStatus,
      );
      const listed = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/ms/PointCloud/GetList') &&
          (response.request().postDataJSON() as { Status?: string }).Status === 'failed',
      );
      await page.getByRole('button', { name: button(text.search) }).click();
      await listed;
      const rows = page.locator('.ant-table-tbody tr.ant-table-row');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('broken');
      await expect(rows.first().getByTestId('scan-status')).toHaveAttribute('data-status', 'failed');

      const exported = page.waitForEvent('download');
      await page.getByRole('button', { name: button(text.exportExcel) }).click();
      expect((await exported).suggestedFilename()).toMatch(/\.xlsx$/);

      // The ready scan: its original file comes back whole.
      await pickOption(
        page,
        page.getByRole('combobox', { name: text.statusField, exact: true }),
        text.readyStatus,
      );
      await page.getByRole('button', { name: button(text.search) }).click();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('wall');
      const downloaded = page.waitForEvent('download');
      await rows
        .first()
        .getByRole('button', { name: button(text.download) })
        .click();
      const file = await (await downloaded).path();
      expect(statSync(file).size).toBe(scans.plySize);

      // The failed scan goes, so the device may send it again.
      await pickOption(
        page,
        page.getByRole('combobox', { name: text.statusField, exact: true }),
        text.failedStatus,
      );
      await page.getByRole('button', { name: button(text.search) }).click();
      await expect(rows).toHaveCount(1);
      await rows
        .first()
        .getByRole('button', { name: button(text.delete) })
        .click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: button(text.ok) })
        .click();
      await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(0);
      const left = await api(
        apiRoutes.scans.getGltfList,
        { TaskId: scans.taskId, PageSize: 10, CurrentPage: 1 },
        setup.plannerToken,
      );
      expect(left.Items.map((item) => item.ScanId)).toEqual([scans.scanId]);
    });

    test('both 3D shares open without a session on a phone', async ({ browsers }) => {
      const share = await api(
        apiRoutes.reports.sharingReport,
        { TaskId: scans.taskId, ScanId: scans.scanId },
        setup.plannerToken,
      );
      const { page, errors } = await browsers.open(language);
      await page.setViewportSize({ width: 390, height: 844 });
      for (const kind of ['modelTaskPreview', 'taskReportThreeDimensional']) {
        await page.goto(`${BASE_URL}/supplement/${kind}/${share.ShareId}`);
        const view = page.getByTestId('scan-view');
        await expect(view).toHaveAttribute('data-points', 'shown');
        // A share opens in Chinese; the language switch on the page (kept for the next page).
        if (language === 'en-US' && kind === 'modelTaskPreview')
          await page.getByRole('button', { name: 'English' }).click();
        await expect(page.getByTestId('plan-3d')).toHaveCount(0);
        await pickOption(page, page.getByTestId('scan-sites').getByRole('combobox'), '#1');
        await expect(page.getByTestId('scan-site')).toContainText('#1');
        await expect(page.getByRole('link', { name: text.siteReport })).toBeVisible();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(390);
      }
      expect(errors).toEqual([]);
    });
  });
