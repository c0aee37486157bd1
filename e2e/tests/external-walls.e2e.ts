import { expect, test } from '../support/fixtures.ts';
import { api, apiRoutes } from '../support/api.ts';
import { BASE_URL } from '../support/browser.ts';
import { facadeTask } from '../support/facade-task.ts';
import { stamp } from '../support/names.ts';
import { pickOption } from '../support/select.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject, type TaskProject } from '../support/task-project.ts';

/**
 * External walls (issue 33): an external-wall task measured by a robot (sides N and E of 1#) and a
 * re-measure of it. The elevation page draws each side's panels in the grades GetTask gives, a panel
 * opens its site view with its readings, the comparison shows the re-measure's change, the task is
 * listed on external wall task management, and a side's share opens without a session on a phone.
 * In both languages.
 */
const TEXT = {
  'zh-CN': {
    sideN: 'N 立面',
    sideE: 'E 立面',
    compare: '选择另一次测量',
    change: '合格率变化',
    next: '下一个立面',
    title: '外墙任务管理',
    remeasure: '复测',
    remeasureOf: '复测任务，原任务：',
    save: '保 存',
  },
  'en-US': {
    sideN: 'Side N',
    sideE: 'Side E',
    compare: 'Choose the other measurement',
    change: 'Pass rate change',
    next: 'Next side',
    title: 'External wall task management',
    remeasure: 'Re-measure',
    remeasureOf: 'Re-measure of the task ',
    save: 'Save',
  },
} as const;

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`external walls (${language})`, () => {
    const text = TEXT[language];
    let setup: TaskProject;
    let first: string;
    let firstName: string;
    let remeasure: string;
    let remeasureName: string;
    test.beforeAll(async () => {
      test.setTimeout(120_000);
      setup = await taskProject(`E2E外墙${stamp()}`);
      firstName = `外墙初测${stamp()}`;
      first = (await facadeTask(setup, firstName)).taskId;
      remeasureName = `外墙复测${stamp()}`;
      remeasure = (await facadeTask(setup, remeasureName, { parentTaskId: first, panelOneValues: [3, 4] }))
        .taskId;
    });

    test('the elevation page draws each side in its grades; a panel opens its site view', async ({
      browsers,
    }) => {
      const wall = await api(apiRoutes.externalWalls.getTask, { TaskId: first }, setup.plannerToken);
      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, setup.planner, language);
      await page.goto(`${new URL(page.url()).origin}/measurerobot/taskDetailExternalWall?taskId=${first}`);
      const sides = page.getByTestId('facade-side');
      await expect(sides).toHaveCount(2);
      await expect(sides.nth(0)).toContainText(text.sideN);
      await expect(sides.nth(1)).toContainText(text.sideE);
      // Every panel is drawn in the grade the server judged, on the side it belongs to.
      for (const [index, side] of wall.Sides.entries()) {
        const drawn = sides.nth(index).getByTestId('facade-panel');
        await expect(drawn).toHaveCount(side.Panels.length);
        for (const panel of side.Panels)
          await expect(
            sides.nth(index).locator(`[data-testid="facade-panel"][data-point-index="${panel.PointIndex}"]`),
          ).toHaveAttribute('data-grade', panel.Grade ?? 'none');
        await expect(sides.nth(index).getByTestId('facade-figures')).toContainText(
          side.Figures.PassRate === null ? '—' : `${side.Figures.PassRate.toFixed(2)}%`,
        );
      }
      expect(wall.Sides[0]?.Panels.find((panel) => panel.PointIndex === 1)?.Grade).not.toBe('qualified');
      // Three floors bottom to top: floor 1 lowest.
      const floors = sides.nth(0).getByTestId('facade-floor');
      await expect(floors).toHaveCount(3);
      const low = await floors.first().boundingBox();
      const high = await floors.last().boundingBox();
      expect(low && high && low.y > high.y).toBe(true);

      await sides.nth(0).locator('[data-testid="facade-panel"][data-point-index="1"]').click();
      const site = page.getByTestId('facade-panel-site');
      await expect(site.getByTestId('value-EW-ST-01-1')).toContainText('9');
      expect(errors).toEqual([]);
    });

    test('the comparison shows the re-measure beside the first measure with the change', async ({
      browsers,
    }) => {
      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, setup.planner, language);
      await page.goto(`${new URL(page.url()).origin}/measurerobot/taskDetailExternalWall?taskId=${first}`);
      await pickOption(page, page.getByRole('combobox', { name: text.compare }), remeasureName);
      await expect(page.getByTestId('facade-compare-side')).toHaveCount(2);
      await expect(page.getByTestId('facade-rate-change').first()).toContainText(text.change);
      // The re-measure passes where the first measure failed: side N gets better.
      await expect(page.getByTestId('facade-rate-change').first()).toContainText('+');
      expect(errors).toEqual([]);
    });

    test('external wall task management lists the tasks and opens their elevations', async ({ browsers }) => {
      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, setup.planner, language);
      await page.goto(`${new URL(page.url()).origin}/measurerobot/externalWallTaskManage`);
      await expect(page.getByText(text.title).first()).toBeVisible();
      await page.getByRole('link', { name: remeasureName }).click();
      await expect(page).toHaveURL(new RegExp(`taskDetailExternalWall\\?taskId=${remeasure}`));
      await expect(page.getByTestId('facade-side')).toHaveCount(2);
      expect(errors).toEqual([]);
    });

    test('a side opens from its share without a session on a phone', async ({ browsers }) => {
      const share = await api(apiRoutes.reports.sharingReport, { TaskId: first }, setup.plannerToken);
      const { page, errors } = await browsers.open(language);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${BASE_URL}/supplement/externalWallTaskPreview/${share.ShareId}/0`);
      await expect(page.getByTestId('facade-share-side')).toBeVisible();
      if (language === 'en-US') await page.getByRole('button', { name: 'English' }).click();
      await expect(page.getByTestId('facade-share-side')).toContainText(text.sideN);
      await expect(page.getByTestId('facade-panel')).toHaveCount(2);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await page.getByRole('link', { name: text.next }).click();
      await expect(page.getByTestId('facade-share-side')).toContainText(text.sideE);
      await expect(page.getByTestId('facade-panel')).toHaveCount(1);
      // A panel opens the shared site page.
      await page.getByTestId('facade-panel').first().click();
      await expect(page).toHaveURL(new RegExp(`/supplement/taskReportDetail/${share.ShareId}/3$`));
      // A closed share says so.
      await api(apiRoutes.reports.revokeShare, { ShareId: share.ShareId }, setup.plannerToken);
      await page.goto(`${BASE_URL}/supplement/externalWallTaskPreview/${share.ShareId}/0`);
      await expect(page.getByRole('alert')).toBeVisible();
      expect(errors.filter((error) => !/404|Failed to load resource/.test(error))).toEqual([]);
    });
    test("the task list's re-measure plans the failing side over the failing floors", async ({
      browsers,
    }) => {
      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, setup.planner, language);
      await page.goto(`${new URL(page.url()).origin}/measurerobot/externalWallTaskManage`);
      await page
        .getByRole('row', { name: new RegExp(firstName) })
        .getByRole('button', { name: text.remeasure })
        .click();
      await expect(page).toHaveURL(new RegExp(`externalWallTaskManage\\?parentTaskId=${first}`));
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('alert')).toContainText(`${text.remeasureOf}${firstName}`);
      // Only N panel 1 (floor 1) failed: side N, floors 1 to 1.
      await expect(dialog.getByTestId('facade-side-row')).toHaveCount(1);
      await expect(dialog.getByTestId('facade-side-row').getByRole('textbox').first()).toHaveValue('N');
      await dialog.getByRole('button', { name: text.save }).click();
      await expect(page).toHaveURL(/taskDetailExternalWall\?taskId=/);
      const taskId = new URL(page.url()).searchParams.get('taskId') ?? '';
      const made = await api(apiRoutes.externalWalls.getTask, { TaskId: taskId }, setup.plannerToken);
      expect(made).toMatchObject({ ParentTaskId: first, FloorFrom: 1, FloorTo: 1 });
      expect(made.Sides.map((side) => [side.Side, side.WidthM])).toEqual([['N', 20]]);
      const row = await api(apiRoutes.tasks.getTask, { TaskId: taskId }, setup.plannerToken);
      expect(row.MeasureKind).toBe('re');
      expect(errors).toEqual([]);
    });
  });
