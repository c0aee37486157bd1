import crypto from 'node:crypto';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, apiRoutes } from '../support/api.ts';
import { screenshot, settle } from '../support/browser.ts';
import { pickSearchedOption } from '../support/select.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject } from '../support/task-project.ts';

/**
 * Issue 18: a work order for an exploded site is assigned by the planner, started and completed by
 * the assignee, and turned into a re-measure task, all on the work order page.
 */

test('goes from an exploded site to a re-measure task through assign, start and complete', async ({
  browsers,
}) => {
  test.setTimeout(150_000);
  const { planner, plannerToken, surveyor, surveyorId, project } = await taskProject(
    `E2E工单${Date.now().toString(36)}${crypto.randomInt(100, 999)}`,
  );
  const taskId = await api(
    apiRoutes.tasks.addTask,
    {
      ProjectId: project.ProjectId,
      Stage: 'plaster',
      MeasureKind: 'first',
      InspectionKind: 'self',
      Households: [{ BuildingNumber: '1#', Floor: 2, Household: 1 }],
      ItemCodes: ['PL-01'],
      SurveyorIds: [surveyorId],
    },
    plannerToken,
  );
  const surveyorToken = await apiLogin(surveyor.login, surveyor.password);
  // 30 mm on a [0, 4] flatness standard: exploded.
  await api(
    apiRoutes.results.updates,
    {
      TaskId: taskId,
      BuildingNumber: '1#',
      Floor: 2,
      Household: 1,
      Readings: [{ ItemCode: 'PL-01', Values: [1, 30] }],
    },
    surveyorToken,
  );
  const made = await api(apiRoutes.workOrders.addFromTask, { TaskId: taskId }, plannerToken);
  expect(made.Created).toBe(1);

  // The planner assigns it to the surveyor.
  const planning = await browsers.open();
  await signInAndLand(planning.page, planner);
  await planning.page.getByRole('menuitem', { name: /工单管理$/ }).click();
  await planning.page.waitForURL('**/measurerobot/workOrder');
  const row = planning.page.getByRole('row', { name: new RegExp(project.Name) });
  await expect(row.getByText('未分配')).toBeVisible();
  await row.getByRole('button', { name: /分\s*配/ }).click();
  const dialog = planning.page.getByRole('dialog');
  await pickSearchedOption(planning.page, dialog.getByRole('combobox'), surveyor.name);
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(row.getByText('未开始')).toBeVisible();

  // The surveyor starts and completes it with a remark.
  const working = await browsers.open();
  await signInAndLand(working.page, surveyor);
  await working.page.getByRole('menuitem', { name: /工单管理$/ }).click();
  const mine = working.page.getByRole('row', { name: new RegExp(project.Name) });
  await mine.getByRole('button', { name: /开\s*始/ }).click();
  await expect(mine.getByText('进行中')).toBeVisible();
  await mine.getByRole('button', { name: /完\s*成/ }).click();
  await working.page.getByRole('dialog').getByRole('textbox').fill('已打磨墙面');
  await working.page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(mine.getByText('已完成')).toBeVisible();
  await expect(mine.getByRole('button', { name: /创建复测任务/ })).toHaveCount(0);

  // The planner makes the re-measure task and opens it.
  await planning.page.reload();
  await row.getByRole('button', { name: /创建复测任务/ }).click();
  await row.getByRole('link', { name: '复测任务' }).click();
  await planning.page.waitForURL('**/measurerobot/taskDetail?id=**');
  await expect(planning.page.getByText('复测').first()).toBeVisible();
  await settle(planning.page);
  await screenshot(planning.page, 'work-orders-remeasure-task');
  expect([...planning.errors, ...working.errors]).toEqual([]);
});
