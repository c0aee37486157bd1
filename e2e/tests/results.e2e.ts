import crypto from 'node:crypto';
import { expect, test } from '../support/fixtures.ts';
import { api, apiRoutes } from '../support/api.ts';
import { screenshot } from '../support/browser.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { reviewTask } from '../support/review-task.ts';
import { taskProject } from '../support/task-project.ts';

/**
 * Manual entry and the data pool (issue 14, items 5 and 6): the surveyor of a task opens it from task
 * execution, types in flatness readings for a household, sees the grades previewed and stored, the
 * task's figures follow, and the data pool lists the readings and exports them through a background
 * job with a progress bar. In both languages.
 */

const stamp = () => `${Date.now().toString(36)}${crypto.randomInt(1000, 9999)}`;
const button = (text: string) =>
  new RegExp(`(^|\\s)${[...text].map((c) => c.replace(/[()[\]{}.*+?^$|\\]/g, '\\$&')).join('\\s*')}\\s*$`);

const TEXT = {
  'zh-CN': {
    executionMenu: '任务执行',
    enter: '录入读数',
    qualified: '合格',
    unqualified: '超差',
    save: '保存',
    saved: '读数已保存，合格率 50.00%',
    entryPlace: '1# 3 层 1 户',
    edit: '编辑',
    poolMenu: '数据库',
    export: '导出 Excel',
    exported: '已导出 数据库.xlsx',
    outsideWarning: '有 1 个测区的测量时间不在本任务的时间窗内',
    outsideOpen: '在数据库中查看',
    outsideTag: '超出任务时间窗',
  },
  'en-US': {
    executionMenu: 'Task execution',
    enter: 'Enter readings',
    qualified: 'Qualified',
    unqualified: 'Unqualified',
    save: 'Save',
    saved: 'Readings saved, pass rate 50.00%',
    entryPlace: '1# floor 3, household 1',
    edit: 'Edit',
    poolMenu: 'Data pool',
    export: 'Export to Excel',
    exported: 'Exported data-pool.xlsx',
    outsideWarning: "1 site is stamped outside this task's window",
    outsideOpen: 'Show them in the data pool',
    outsideTag: 'Outside task window',
  },
} as const;

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`manual entry (${language})`, () => {
    const text = TEXT[language];

    test('types in readings for a household, sees them graded and the task figures move', async ({
      browsers,
    }) => {
      const { plannerToken, surveyor, surveyorId, project } = await taskProject(`E2E录入${stamp()}`);
      const name = `录入${stamp()}`;
      const taskId = await api(
        apiRoutes.tasks.addTask,
        {
          ProjectId: project.ProjectId,
          Stage: 'plaster',
          MeasureKind: 'first',
          InspectionKind: 'self',
          Name: name,
          Households: [{ BuildingNumber: '1#', Floor: 3, Household: 1 }],
          ItemCodes: ['PL-01'],
          SurveyorIds: [surveyorId],
        },
        plannerToken,
      );
      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, surveyor, language);
      await page.getByRole('menuitem', { name: text.executionMenu }).click();
      await page.waitForURL('**/measurerobot/TaskExcuse');
      await page
        .getByRole('row', { name: new RegExp(name) })
        .getByRole('link', { name: text.enter })
        .click();
      await page.waitForURL(`**/measurerobot/manualMeasure?taskId=${taskId}`);

      // Plaster flatness [0, 4], warning up to 3: 1 mm qualified, 6 mm unqualified, previewed as typed.
      const item = page.getByTestId('item-PL-01');
      await item.getByLabel('PL-01 1').fill('1');
      await item.getByLabel('PL-01 2').fill('6');
      await expect(item.getByText(text.unqualified)).toBeVisible();
      await expect(item.getByText(text.qualified, { exact: true })).toHaveCount(1);
      await page.getByRole('button', { name: button(text.save) }).click();
      await expect(page.getByText(text.saved)).toBeVisible();
      // The household's place once, in the reader's language (the stored name repeats it: not shown twice).
      const entry = page.getByRole('row', { name: text.entryPlace });
      await expect(entry).toBeVisible();
      await expect(entry).toContainText('PL-01: 1, 6');
      await screenshot(page, `results-manual-${language}`);

      // The task's figures are those of the stored readings.
      const task = await api(apiRoutes.tasks.getTask, { TaskId: taskId }, plannerToken);
      expect(task.Figures).toMatchObject({ Qualified: 1, Unqualified: 1, Total: 2 });

      // The data pool lists the reading, with its source, and exports it.
      await page.getByRole('menuitem', { name: text.poolMenu }).click();
      await page.waitForURL('**/measurerobot/dataPool');
      const row = page.getByRole('row', { name: new RegExp(name) });
      await expect(row).toBeVisible();
      await expect(row).toContainText('1, 6');
      // The export runs as a background job: its progress shows, then the file downloads. A one-row
      // export can finish between two looks, so the page itself records that the progress appeared.
      await page.evaluate(() => {
        const seen = () => document.querySelector('[data-testid="export-progress"]') !== null;
        new MutationObserver((_changes, observer) => {
          if (!seen()) return;
          document.body.dataset.exportProgressSeen = 'true';
          observer.disconnect();
        }).observe(document.body, { childList: true, subtree: true });
      });
      await page.getByRole('button', { name: button(text.export) }).click();
      await expect(page.getByText(text.exported)).toBeVisible();
      expect(await page.evaluate(() => document.body.dataset.exportProgressSeen)).toBe('true');
      await screenshot(page, `results-pool-${language}`);
      expect(errors).toEqual([]);
    });

    test('warns on the task of a reading stamped before it started and opens it in the data pool', async ({
      browsers,
    }) => {
      // Site 2 is stamped two hours before its first results arrive (the task starts then).
      const setup = await taskProject(`E2E时间${stamp()}`);
      const taskId = await reviewTask(setup, `时间${stamp()}`, {
        siteTwoMeasuredAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      });
      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, setup.planner, language);
      await page.goto(`${new URL(page.url()).origin}/measurerobot/taskDetail?id=${taskId}`);
      const warning = page.getByTestId('outside-window-warning');
      await expect(warning).toBeVisible();
      await expect(warning).toContainText(text.outsideWarning);
      await screenshot(page, `results-outside-window-${language}`);
      await warning.getByRole('link', { name: text.outsideOpen }).click();
      await page.waitForURL('**/measurerobot/dataPool?**');
      // Only the flagged reading: site 2 ('east wall'), tagged.
      const row = page.getByRole('row', { name: /east wall/ });
      await expect(row).toBeVisible();
      await expect(row).toContainText(text.outsideTag);
      await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);
      await expect(page.getByRole('row', { name: /north wall/ })).toHaveCount(0);
      await screenshot(page, `results-pool-outside-window-${language}`);
      expect(errors).toEqual([]);
    });
  });
