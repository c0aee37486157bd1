import crypto from 'node:crypto';
import { expect, test } from '../support/fixtures.ts';
import { api, apiRoutes } from '../support/api.ts';
import { screenshot } from '../support/browser.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject } from '../support/task-project.ts';
import { pickOption, pickSearchedOption } from '../support/select.ts';
import { confirmUntilGone } from '../support/confirm.ts';

/**
 * Tasks (issue 13): a measurement administrator plans a task over floors 2-5 of a building in the
 * browser, sees it in the task center with its frozen standard, cancels another task; the surveyor
 * of the first task finds it on the task execution page, and the cancelled one under "All states". In
 * both languages.
 */

const stamp = () => `${Date.now().toString(36)}${crypto.randomInt(1000, 9999)}`;
/** antd puts a space between two Chinese characters in buttons; an icon adds its name before the text. */
const button = (text: string) =>
  new RegExp(`(^|\\s)${[...text].map((c) => c.replace(/[()[\]{}.*+?^$|\\]/g, '\\$&')).join('\\s*')}\\s*$`);

/** The shared project with a house type and a surveyor, and another task to be cancelled in the browser. */
async function prepare() {
  const { planner, plannerToken, surveyor, surveyorId, project } = await taskProject(`E2E任务${stamp()}`);
  const otherName = `待取消${stamp()}`;
  await api(
    apiRoutes.tasks.addTask,
    {
      ProjectId: project.ProjectId,
      Stage: 'plaster',
      MeasureKind: 'first',
      InspectionKind: 'self',
      Name: otherName,
      Households: [{ BuildingNumber: '1#', Floor: 1, Household: 1 }],
      SurveyorIds: [surveyorId],
    },
    plannerToken,
  );
  return { planner, surveyor, project, otherName };
}

const TEXT = {
  'zh-CN': {
    dispatchMenu: '任务派发',
    centerMenu: /(^| )任务管理$/, // not 外墙任务管理
    executionMenu: '任务执行',
    state: '状态',
    allStates: '全部状态',
    project: '项目',
    stage: '阶段',
    plaster: '抹灰',
    building: '楼栋',
    from: '起始楼层',
    to: '结束楼层',
    addFloors: '加入这些楼层',
    selected: '已选 8 户',
    name: '任务名称',
    surveyors: '测量人员',
    save: '保存',
    standard: '冻结的标准',
    pending: '待执行',
    cancel: '取消任务',
    ok: '确定',
    cancelled: '已取消',
    export: '导出 Excel',
    exported: '已导出 任务清单.xlsx',
  },
  'en-US': {
    dispatchMenu: 'Task dispatch',
    centerMenu: /(^| )Task management$/, // not External wall task management
    executionMenu: 'Task execution',
    state: 'State',
    allStates: 'All states',
    project: 'Project',
    stage: 'Stage',
    plaster: 'Plaster',
    building: 'Building',
    from: 'From floor',
    to: 'To floor',
    addFloors: 'Add these floors',
    selected: 'Households selected: 8',
    name: 'Task name',
    surveyors: 'Surveyors',
    save: 'Save',
    standard: 'Frozen standard',
    pending: 'Pending',
    cancel: 'Cancel task',
    ok: 'OK',
    cancelled: 'Cancelled',
    export: 'Export to Excel',
    exported: 'Exported tasks.xlsx',
  },
} as const;

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`tasks (${language})`, () => {
    const text = TEXT[language];

    test('plans floors 2-5, sees the task in the task center and on the surveyor execution page, cancels another', async ({
      browsers,
    }) => {
      const { planner, surveyor, project, otherName } = await prepare();
      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, planner, language);

      // Dispatch: project, stage, floors 2-5 of building 1# in one go, a surveyor.
      await page.getByRole('menuitem', { name: text.dispatchMenu }).click();
      await page.waitForURL('**/measurerobot/taskManage');
      await pickSearchedOption(page, page.getByLabel(text.project, { exact: true }), project.Name);
      await pickOption(page, page.getByLabel(text.stage, { exact: true }), text.plaster);
      await pickOption(page, page.getByLabel(text.building, { exact: true }), '1#');
      await page.getByLabel(text.from, { exact: true }).fill('2');
      await page.getByLabel(text.to, { exact: true }).fill('5');
      await page.getByRole('button', { name: button(text.addFloors) }).click();
      await expect(page.getByTestId('households-selected')).toHaveText(text.selected);
      const name = `E2E ${stamp()}`;
      await page.getByLabel(text.name, { exact: true }).fill(name);
      await page.getByLabel(text.surveyors, { exact: true }).click();
      await page.getByLabel(text.surveyors, { exact: true }).fill(surveyor.name);
      await page.locator('.ant-select-item-option', { hasText: surveyor.name }).first().click();
      await page.keyboard.press('Escape');
      await screenshot(page, `tasks-dispatch-${language}`);
      await page.getByRole('button', { name: button(text.save) }).click();

      // The detail shows the task and the standard frozen into it.
      await page.waitForURL('**/measurerobot/taskDetail?id=*');
      await expect(page.getByText(name).first()).toBeVisible();
      await expect(page.getByRole('tab', { name: text.standard })).toBeVisible();
      await screenshot(page, `tasks-detail-${language}`);

      // The task center lists it, pending, with its 8 households; another task is cancelled.
      await page.getByRole('menuitem', { name: text.centerMenu }).click();
      await page.waitForURL('**/measurerobot/taskCenter');
      const row = page.getByRole('row', { name: new RegExp(name) });
      await expect(row).toBeVisible();
      await expect(row).toContainText(text.pending);
      const other = page.getByRole('row', { name: new RegExp(otherName) });
      await other.getByRole('button', { name: button(text.cancel) }).click();
      await confirmUntilGone(
        page.locator('.ant-modal-confirm').getByRole('button', { name: button(text.ok) }),
      );
      await expect(other).toContainText(text.cancelled);
      await screenshot(page, `tasks-center-${language}`);
      // What the filters show goes to Excel (the server's workbook, named in the interface language).
      await page.getByRole('button', { name: button(text.export) }).click();
      await expect(page.getByText(text.exported)).toBeVisible();
      expect(errors).toEqual([]);

      // The surveyor sees the task on the execution page.
      const surveyorBrowser = await browsers.open(language);
      await signInAndLand(surveyorBrowser.page, surveyor, language);
      await surveyorBrowser.page.getByRole('menuitem', { name: text.executionMenu }).click();
      await surveyorBrowser.page.waitForURL('**/measurerobot/TaskExcuse');
      await expect(surveyorBrowser.page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
      await expect(surveyorBrowser.page.getByRole('row', { name: new RegExp(otherName) })).toHaveCount(0);
      // "All states" shows the cancelled task too.
      await pickOption(
        surveyorBrowser.page,
        surveyorBrowser.page.getByLabel(text.state, { exact: true }),
        text.allStates,
      );
      const cancelledRow = surveyorBrowser.page.getByRole('row', { name: new RegExp(otherName) });
      await expect(cancelledRow).toBeVisible();
      await expect(cancelledRow).toContainText(text.cancelled);
      await screenshot(surveyorBrowser.page, `tasks-execution-${language}`);
      expect(surveyorBrowser.errors).toEqual([]);
    });
  });
