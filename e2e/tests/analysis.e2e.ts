import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, apiRoutes } from '../support/api.ts';
import { BASE_URL, screenshot, settle } from '../support/browser.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject } from '../support/task-project.ts';
import { pickSearchedOption } from '../support/select.ts';

/**
 * Analysis (issues 17 and 28): home and quality analysis with charts drawn, in both languages, the
 * filters in force shown (home's default inspection kind marked), and a drill from a project's pass
 * rate to its buildings and floors and on to the floor's readings, which add up to the floor's
 * figure. The test makes its own project (6 floors of 2 households) and readings: plaster flatness
 * [0, 4], warning up to 3. Floor 3: 1 (qualified), 6 (unqualified); floor 4: 2 (qualified), 3.5
 * (warning) -> 75.00 %. Progress: 2 of the project's 12 households measured -> 16.67 %.
 */

const stamp = () => `${Date.now().toString(36)}${crypto.randomInt(1000, 9999)}`;

const TEXT = {
  'zh-CN': {
    project: '项目',
    home: '首页',
    progress: '进度分析',
    efficiency: '效率分析',
    floors: '楼层进度',
    quality: '质量分析',
    buildings: '楼栋楼层',
    floor4: '4 层',
    selfDefault: '检查类型: 自检 （默认）',
    stageAll: '工序: 全部',
    taskKindAll: '任务类型: 全部',
  },
  'en-US': {
    project: 'Project',
    home: 'Home',
    progress: 'Progress analysis',
    efficiency: 'Efficiency analysis',
    floors: 'Floors',
    quality: 'Quality analysis',
    buildings: 'Buildings and floors',
    floor4: 'Floor 4',
    selfDefault: 'Inspection kind: Self inspection (default)',
    stageAll: 'Stage: all',
    taskKindAll: 'Task kind: all',
  },
} as const;

/** Waits until every chart on the page has drawn. */
async function chartsDrawn(page: Page, atLeast: number) {
  await expect
    .poll(() => page.locator('[data-chart][data-drawn="true"]').count(), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(atLeast);
}

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`analysis (${language})`, () => {
    const text = TEXT[language];

    test('shows home and quality with charts and drills from a project to a floor’s readings', async ({
      browsers,
    }) => {
      const { planner, plannerToken, surveyor, surveyorId, project } = await taskProject(`E2E分析${stamp()}`);
      const taskId = await api(
        apiRoutes.tasks.addTask,
        {
          ProjectId: project.ProjectId,
          Stage: 'plaster',
          MeasureKind: 'first',
          InspectionKind: 'self',
          Households: [3, 4].map((floor) => ({ BuildingNumber: '1#', Floor: floor, Household: 1 })),
          ItemCodes: ['PL-01'],
          SurveyorIds: [surveyorId],
        },
        plannerToken,
      );
      const surveyorToken = await apiLogin(surveyor.login, surveyor.password);
      for (const [floor, values] of [
        [3, [1, 6]],
        [4, [2, 3.5]],
      ] as const) {
        await api(
          apiRoutes.results.updates,
          {
            TaskId: taskId,
            BuildingNumber: '1#',
            Floor: floor,
            Household: 1,
            Readings: [{ ItemCode: 'PL-01', Values: [...values] }],
          },
          surveyorToken,
        );
      }

      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, planner, language);

      // Home, narrowed to the project with its picker: the headline pass rate and its counts.
      await page.getByRole('menuitem', { name: new RegExp(`(^|\\s)${text.home}$`) }).click();
      await page.waitForURL('**/measurerobot/home');
      await chartsDrawn(page, 2);
      await pickSearchedOption(page, page.getByRole('combobox', { name: text.project }), project.Name);
      await expect(page.getByText('75.00%').first()).toBeVisible();
      await expect(page.getByText('3 / 4').first()).toBeVisible();
      // The filters in force, the default inspection kind marked as such; first measures beside the total.
      const applied = page.getByTestId('applied-filters');
      await expect(
        applied.locator('[data-filter="InspectionKind"]', { hasText: text.selfDefault }),
      ).toBeVisible();
      await expect(applied.locator('[data-filter="Stage"]', { hasText: text.stageAll })).toBeVisible();
      await expect(applied.locator('[data-filter="TaskKind"]', { hasText: text.taskKindAll })).toBeVisible();
      await expect(page.getByTestId('by-measure-kind').getByRole('cell', { name: '75.00%' })).toBeVisible();
      await settle(page);
      await screenshot(page, `analysis-home-${language}`);

      // Quality analysis from the menu, then the project's filters by address (shareable).
      await page.getByRole('menuitem', { name: text.quality }).click();
      await page.waitForURL('**/measurerobot/mscQualityAnalysis');
      await page.goto(
        `${BASE_URL}/measurerobot/mscQualityAnalysis?projectId=${project.ProjectId}&stage=plaster`,
      );
      await chartsDrawn(page, 3);
      const row = page.getByRole('row', { name: new RegExp(project.Name) });
      await expect(row).toBeVisible();
      await expect(row).toContainText('75.00%');
      await expect(
        page
          .getByTestId('applied-filters')
          .locator('[data-filter="Stage"]', { hasText: language === 'zh-CN' ? '抹灰' : 'Plaster' }),
      ).toBeVisible();
      await settle(page);
      await screenshot(page, `analysis-quality-${language}`);

      // Drill: the project's buildings and floors, then a floor's readings in the data pool.
      await row.getByRole('link', { name: text.buildings }).click();
      await page.waitForURL('**/measurerobot/mscQualityAnalysisBuilding?**');
      const floor3 = page.locator('button[data-floor="3"]');
      await expect(floor3).toBeVisible();
      await expect(floor3).toContainText('50.00%');
      await expect(page.locator('button[data-floor="4"]')).toContainText('100.00%');
      await expect(page.getByText(text.floor4)).toBeVisible();
      await settle(page);
      await screenshot(page, `analysis-buildings-${language}`);
      await floor3.click();
      await page.waitForURL(`**/measurerobot/dataPool?projectId=${project.ProjectId}**floor=3**`);
      // The data pool opens on that floor's readings only, carrying the stage, and says what they add up to.
      await page.waitForURL('**/measurerobot/dataPool?**stage=plaster**counted=1**');
      await expect(page.getByRole('cell', { name: '1, 6' })).toBeVisible();
      await expect(page.getByRole('cell', { name: '2, 3.5' })).toHaveCount(0);
      await expect(page.getByTestId('pool-sum').filter({ hasText: '50.00%' })).toBeVisible();
      // The site opens in the task data page, with its readings graded.
      await page.getByRole('row', { name: /1, 6/ }).locator('a[href*="mscReportData"]').click();
      await page.waitForURL('**/measurerobot/mscReportData?taskId=**&point=**');
      await expect(page.locator('.ant-card-head-title', { hasText: /^#\d+ / }).first()).toBeVisible();
      await page.goBack();
      // Back returns to the same filters.
      await page.goBack();
      await page.waitForURL('**/measurerobot/mscQualityAnalysisBuilding?**stage=plaster**');

      // Progress: both dispatched households measured, 2 of the project's 12 (16.67 %); floor 3 has one
      // of its two households measured (in progress), floor 5 nothing dispatched (not planned).
      await page.getByRole('menuitem', { name: text.progress }).click();
      await page.waitForURL('**/measurerobot/mscProgressAnalysis');
      const progressRow = page.getByRole('row', { name: new RegExp(project.Name) });
      await expect(progressRow).toBeVisible();
      const cells = await progressRow.locator('td').allTextContents();
      expect(cells.slice(2, 7)).toEqual(['12', '2', '2', '16.67%', '100.00%']);
      await chartsDrawn(page, 1);
      await settle(page);
      await screenshot(page, `analysis-progress-${language}`);
      await progressRow.getByRole('link', { name: text.floors }).click();
      await page.waitForURL('**/measurerobot/mscProgressAnalysisDetail?**');
      await expect(page.locator('[data-floor="3"][data-state="inProgress"]')).toBeVisible();
      await expect(page.locator('[data-floor="5"][data-state="notPlanned"]')).toBeVisible();
      await settle(page);
      await screenshot(page, `analysis-floors-${language}`);

      // Efficiency: the surveyor typed in both sites today; the people table lists them with 2 sites.
      await page.getByRole('menuitem', { name: text.efficiency }).click();
      await page.waitForURL('**/measurerobot/mscEfficacyAnalysis');
      const person = page.getByRole('row', { name: new RegExp(surveyor.name) });
      await expect(person).toBeVisible();
      expect((await person.locator('td').allTextContents()).slice(1, 4)).toEqual(['1', '2', '4']);
      // The page says how working time is counted, and why people's hours can differ from the total.
      const definition = {
        'zh-CN': '工作时长按任务和日期计算',
        'en-US': 'Working time is counted per task and day',
      };
      const peopleNote = { 'zh-CN': '人员工作时长合计', 'en-US': "People's working hours add up to" };
      await expect(page.getByTestId('efficiency-definition')).toContainText(definition[language]);
      await expect(page.getByTestId('efficiency-subject-note')).toContainText(peopleNote[language]);
      await chartsDrawn(page, 1);
      await settle(page);
      await screenshot(page, `analysis-efficiency-${language}`);
      expect(errors).toEqual([]);
    });
  });
