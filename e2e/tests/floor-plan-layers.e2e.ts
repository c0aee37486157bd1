import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, createReadyAdmin, createSmallProject, apiRoutes } from '../support/api.ts';
import { BASE_URL } from '../support/browser.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { waitForPlanScene } from '../support/plan-scene.ts';
import { uploadPlan } from '../support/upload-plan.ts';

/**
 * Issue 10, defect 6: a DXF whose entities name the WALL and TEXT layers but which has no LAYER
 * table (as many exporters write it) lists both layers in the editor's Layers panel. Issue 29 item 8:
 * the same whether the editor draws the scene the server's job built (the DXF itself and the fonts
 * are never fetched) or, without a scene (an old plan, the job not done or failed), the DXF in the
 * browser, which loads the slices of Noto Sans SC holding its Chinese label, not the whole font.
 */

const made: { projectId: string; token: string }[] = [];
test.afterEach(async () => {
  for (const { projectId, token } of made.splice(0)) {
    await api(apiRoutes.projects.delete, { ProjectId: projectId }, token).catch(() => undefined);
  }
});

/** A 6 m × 4 m room's walls on WALL and its label on TEXT; no TABLES section at all. */
function dxfWithoutLayerTable(): Buffer {
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    ['0', 'LINE', '8', 'WALL', '10', x1, '20', y1, '11', x2, '21', y2].join('\n');
  const entities = [
    line(0, 0, 6000, 0),
    line(6000, 0, 6000, 4000),
    line(6000, 4000, 0, 4000),
    line(0, 4000, 0, 0),
    ['0', 'TEXT', '8', 'TEXT', '10', 2000, '20', 2000, '40', 300, '1', '卧室 Bedroom'].join('\n'),
  ];
  return Buffer.from(
    ['0', 'SECTION', '2', 'ENTITIES', ...entities, '0', 'ENDSEC', '0', 'EOF', ''].join('\n'),
  );
}

for (const source of ['scene', 'dxf'] as const) {
  test(`lists the layers a DXF names only on its entities (drawn from the ${source})`, async ({
    browsers,
  }) => {
    // The scene comes from a background job queued with the upload: time for it to run.
    if (source === 'scene') test.slow();
    const { page, errors } = await browsers.open();
    const admin = await createReadyAdmin();
    const token = await apiLogin(admin.login, admin.password);
    const project = await createSmallProject(token, `E2E图层${Date.now().toString(36).slice(-6)}`);
    made.push({ projectId: project.ProjectId, token });
    const plan = await uploadPlan(
      token,
      project.ProjectId,
      '无图层表',
      dxfWithoutLayerTable(),
      'no-table.dxf',
    );
    const planRequests: string[] = [];
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (/\.(woff2?|ttf|otf)(\?|$)/.test(request.url())) fonts.push(new URL(request.url()).pathname);
      if (/GetHouseMap(Base|Scene)$/.test(request.url()))
        planRequests.push(request.url().replace(/^.*\//, ''));
    });
    if (source === 'scene') await waitForPlanScene(BASE_URL, token, plan.HouseMapId);
    // Without a scene: the server's 404 envelope, as for a plan whose job has not run.
    else
      await page.route('**/api/ms/Project/GetHouseMapScene', (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ Code: 404, Message: 'x', Result: null }),
        }),
      );

    await signInAndLand(page, admin);
    fonts.length = 0; // The editor's, not the sign-in page's.
    await page.goto(`${BASE_URL}/measurerobot/floorPlanEditorDetail?id=${plan.HouseMapId}`);
    await expect(page.locator('[data-first-render="true"]')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('tab', { name: '图层' }).click();
    for (const layer of ['WALL', 'TEXT'])
      await expect(page.getByRole('checkbox', { name: layer })).toBeVisible();
    await expect(page.getByText('图纸没有图层')).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'TEXT' }).uncheck();
    await expect(page.getByRole('checkbox', { name: 'TEXT' })).not.toBeChecked();
    const slices = fonts.filter((font) => /noto-sans-sc-\d+-400-normal/.test(font));
    if (source === 'scene') expect(fonts).toEqual([]);
    else {
      expect(slices.length, fonts.join(', ')).toBeGreaterThanOrEqual(1);
      expect(slices.length, fonts.join(', ')).toBeLessThanOrEqual(2);
      expect(fonts.filter((font) => font.endsWith('.ttf'))).toEqual([]);
    }
    expect(planRequests).toEqual(
      source === 'scene' ? ['GetHouseMapScene'] : ['GetHouseMapScene', 'GetHouseMapBase'],
    );
    expect(errors).toEqual([]);
  });
}
