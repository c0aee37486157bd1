import { expect, test } from '../support/fixtures.ts';
import { api, apiRoutes } from '../support/api.ts';
import { SCANNED_PANEL, scannedFacadeTask } from '../support/facade-scan.ts';
import { stamp } from '../support/names.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject, type TaskProject } from '../support/task-project.ts';

/**
 * Facade panels (issue 33): a panel the scanner sent only a cloud of gets readings from virtual
 * rulers; on the elevation page it opens the model preview on its own scan with its deviation
 * figures; a failing panel's work order shows the side, floor and rectangle on the work order page.
 * In both languages.
 */
const TEXT = {
  'zh-CN': { place: '1# N 立面 1 层 X 0–4 米 Z 0–3 米', menu: /(^| )工单管理$/ },
  'en-US': { place: '1# side N, floor 1, X 0–4 m, Z 0–3 m', menu: /(^| )Work orders$/ },
} as const;

for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`external-wall panels (${language})`, () => {
    const text = TEXT[language];
    let setup: TaskProject;
    let taskId: string;
    let scanId: string;
    // The first scan job of a freshly started server may wait behind the demo data's jobs.
    test.describe.configure({ timeout: 330_000 });
    test.beforeAll(async () => {
      setup = await taskProject(`E2E面板${stamp()}`);
      ({ taskId, scanId } = await scannedFacadeTask(setup, `外墙扫描${stamp()}`));
    });

    test('a scanned panel opens the model preview on its own scan with its deviation figures', async ({
      browsers,
    }) => {
      const wall = await api(apiRoutes.externalWalls.getTask, { TaskId: taskId }, setup.plannerToken);
      const panel = wall.Sides[0]?.Panels.find((row) => row.PointIndex === SCANNED_PANEL.PointIndex);
      // Derived from the cloud: the panel exists at its registered place, judged, with its scan.
      expect(panel).toMatchObject({ Floor: 3, X0: 0, X1: 4, Z0: 6, Z1: 9, Scanned: true, ScanId: scanId });
      expect(panel?.Figures.Total).toBeGreaterThan(0);

      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, setup.planner, language);
      await page.goto(`${new URL(page.url()).origin}/measurerobot/taskDetailExternalWall?taskId=${taskId}`);
      await page
        .getByTestId('facade-side')
        .first()
        .locator(`[data-testid="facade-panel"][data-point-index="${SCANNED_PANEL.PointIndex}"]`)
        .click();
      await page.getByTestId('facade-deviation').click();
      await expect(page).toHaveURL(
        new RegExp(
          `modelTaskData\\?taskId=${taskId}&scanId=${scanId}&pointIndex=${SCANNED_PANEL.PointIndex}$`,
        ),
      );
      await expect(page.getByTestId('scan-preview')).toBeVisible();
      const site = page.getByTestId('scan-site');
      await expect(site).toHaveAttribute('data-point', String(SCANNED_PANEL.PointIndex));
      await expect(site.getByTestId('surface-figures')).toBeVisible();
      expect(errors).toEqual([]);
    });

    test("a failing panel's work order shows its side, floor and rectangle", async ({ browsers }) => {
      // Panel 1 (N, floor 1, 0-4 m) read 9 mm on the 0-8 mm flatness standard: unqualified.
      const made = await api(
        apiRoutes.workOrders.addFromTask,
        { TaskId: taskId, Unqualified: true },
        setup.plannerToken,
      );
      expect(made.Created + made.Skipped).toBe(1);
      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, setup.planner, language);
      await page.getByRole('menuitem', { name: text.menu }).click();
      await page.waitForURL('**/measurerobot/workOrder');
      await expect(page.getByRole('row', { name: new RegExp(setup.project.Name) }).first()).toContainText(
        text.place,
      );
      expect(errors).toEqual([]);
    });
  });
