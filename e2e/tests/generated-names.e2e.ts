import { expect, test } from '../support/fixtures.ts';
import { api, apiRoutes } from '../support/api.ts';
import { screenshot } from '../support/browser.ts';
import { stamp } from '../support/names.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject } from '../support/task-project.ts';

/**
 * Issue 29: a task planned without a name is named by the system (project, stage, planned day) in
 * the reader's language, in the task center and on the task's page; a typed name stays as typed.
 */

const DAY = '2026-12-01';
const TEXT = {
  // Not the external wall task management entry: the name ends the accessible name after its icon.
  'zh-CN': { centerMenu: /(^| )任务管理$/, stage: '抹灰' },
  'en-US': { centerMenu: /(^| )Task management$/, stage: 'Plaster' },
} as const;
const escape = (text: string) => text.replace(/[()[\]{}.*+?^$|\\]/g, '\\$&');

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`generated task names (${language})`, () => {
    const other = language === 'zh-CN' ? 'en-US' : 'zh-CN';

    test('shows the name the system made in the interface language and a typed name as typed', async ({
      browsers,
    }) => {
      const { planner, plannerToken, project } = await taskProject(`名称${stamp()}`);
      const plan = (name?: string) =>
        api(
          apiRoutes.tasks.addTask,
          {
            ProjectId: project.ProjectId,
            Stage: 'plaster',
            MeasureKind: 'first',
            InspectionKind: 'self',
            ...(name ? { Name: name } : {}),
            PlannedDate: DAY,
            Households: [{ BuildingNumber: '1#', Floor: 1, Household: 1 }],
          },
          plannerToken,
        );
      const generatedId = await plan();
      const typed = `手写 typed ${stamp()}`;
      await plan(typed);
      const expected = `${project.Name} ${TEXT[language].stage} ${DAY}`;
      const otherLanguage = `${project.Name} ${TEXT[other].stage} ${DAY}`;

      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, planner, language);
      await page.getByRole('menuitem', { name: TEXT[language].centerMenu }).click();
      await page.waitForURL('**/measurerobot/taskCenter');
      await expect(page.getByRole('row', { name: new RegExp(escape(expected)) })).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(escape(typed)) })).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(escape(otherLanguage)) })).toHaveCount(0);
      await screenshot(page, `generated-names-center-${language}`);

      // The task's own page names it the same way.
      await page.getByRole('link', { name: expected }).first().click();
      await page.waitForURL(`**/measurerobot/taskDetail?id=${generatedId}`);
      await expect(page.getByText(expected).first()).toBeVisible();
      await expect(page.getByText(otherLanguage)).toHaveCount(0);
      await screenshot(page, `generated-names-detail-${language}`);
      expect(errors).toEqual([]);
    });
  });
