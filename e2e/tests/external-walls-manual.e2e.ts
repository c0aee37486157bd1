import { expect, test } from '../support/fixtures.ts';
import { api, apiRoutes } from '../support/api.ts';
import { screenshot } from '../support/browser.ts';
import { addFacadeTask } from '../support/facade-task.ts';
import { stamp } from '../support/names.ts';
import { pickOption } from '../support/select.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject } from '../support/task-project.ts';

/**
 * Manual entry of a facade panel (issue 33 item 1): on an open external-wall task (sides N 20 m and
 * E 12 m of 1#, floors 1-3) the planner types a panel in by side, floor and X/Z; a panel beyond the
 * side's width is refused on its X field with the server's translated message, the corrected one is
 * stored and listed with its place, and the elevation page draws it in the grade GetTask gives.
 * The task data page lists it with its place and readings, and filters it by item. In both languages.
 */
const TEXT = {
  'zh-CN': {
    floor: '楼层',
    floor2: '2 层',
    x0: 'X 起（m）',
    x1: 'X 止（m）',
    z0: 'Z 起（m）',
    z1: 'Z 止（m）',
    save: '保存',
    outside: '测区超出了立面 N 的宽度（0–20 米）',
    saved: '读数已保存',
    place: '1# N 立面 2 层',
    panel: 'X 2–6 m，Z 3–6 m',
    unqualified: '超差',
  },
  'en-US': {
    floor: 'Floor',
    floor2: 'Floor 2',
    x0: 'X from (m)',
    x1: 'X to (m)',
    z0: 'Z from (m)',
    z1: 'Z to (m)',
    save: 'Save',
    outside: 'The panel lies outside side N (0–20 m wide)',
    saved: 'Readings saved',
    place: '1# side N, floor 2',
    panel: 'X 2–6 m, Z 3–6 m',
    unqualified: 'Unqualified',
  },
} as const;

for (const language of ['zh-CN', 'en-US'] as const)
  test(`a facade panel typed in by hand shows on the elevation in its grade (${language})`, async ({
    browsers,
  }) => {
    // Setting up a project and a task takes long on a busy machine.
    test.setTimeout(240_000);
    const text = TEXT[language];
    const setup = await taskProject(`E2E外墙录入${stamp()}`);
    const taskId = await addFacadeTask(setup, `外墙录入${stamp()}`);
    const { page, errors } = await browsers.open(language);
    await signInAndLand(page, setup.planner, language);
    const origin = new URL(page.url()).origin;
    await page.goto(`${origin}/measurerobot/manualMeasure?taskId=${taskId}`);

    const fields = page.getByTestId('facade-panel-fields');
    await expect(fields).toBeVisible();
    await pickOption(page, fields.getByRole('combobox', { name: text.floor }), text.floor2);
    // 2..26 m runs past side N's 20 m: the server refuses it on X1, in the reader's language.
    await fields.getByLabel(text.x0).fill('2');
    await fields.getByLabel(text.x1).fill('26');
    await fields.getByLabel(text.z0).fill('3');
    await fields.getByLabel(text.z1).fill('6');
    await page.getByTestId('item-EW-ST-01').getByLabel('EW-ST-01 1').fill('9');
    const save = page.getByRole('button', { name: new RegExp(`^${text.save.split('').join('\\s*')}$`) });
    await save.click();
    await expect(fields.getByText(text.outside)).toBeVisible();

    await fields.getByLabel(text.x1).fill('6');
    await save.click();
    await expect(page.getByText(text.saved)).toBeVisible();
    const entry = page.getByRole('row', { name: new RegExp(text.place) });
    await expect(entry).toContainText(text.panel);
    await expect(entry).toContainText('EW-ST-01: 9');
    await screenshot(page, `external-walls-manual-${language}`);

    // The elevation draws the panel on side N in the grade the server judged.
    const wall = await api(apiRoutes.externalWalls.getTask, { TaskId: taskId }, setup.plannerToken);
    const stored = wall.Sides[0]?.Panels[0];
    expect(stored).toMatchObject({ Floor: 2, X0: 2, X1: 6, Z0: 3, Z1: 6 });
    expect(stored?.Grade).not.toBe('qualified');
    await page.goto(`${origin}/measurerobot/taskDetailExternalWall?taskId=${taskId}`);
    const side = page.getByTestId('facade-side').first();
    await expect(
      side.locator(`[data-testid="facade-panel"][data-point-index="${stored?.PointIndex}"]`),
    ).toHaveAttribute('data-grade', stored?.Grade ?? 'none');

    // The task data page lists the facade site with its place and readings.
    await page.goto(`${origin}/measurerobot/mscReportData?taskId=${taskId}`);
    const site = page.locator('tr.ant-table-row', { hasText: text.place });
    await expect(site).toContainText(text.panel);
    await expect(site).toContainText(text.unqualified);
    // Its readings show in the site review beside the list.
    await expect(page.getByTestId('value-EW-ST-01-0')).toContainText('9');
    // The item filter keeps it under its item and drops it under any other of the task's items.
    const { Items } = await api(apiRoutes.tasks.getTask, { TaskId: taskId }, setup.plannerToken);
    const itemFilter = page.getByTestId('filter-item').getByRole('combobox');
    await pickOption(page, itemFilter, 'EW-ST-01');
    await expect(site).toBeVisible();
    const other = Items.find((item) => item.ItemCode !== 'EW-ST-01');
    if (other) {
      await pickOption(page, itemFilter, other.ItemCode);
      await expect(site).toHaveCount(0);
    }
    expect(errors.filter((error) => !/400|Failed to load resource/.test(error))).toEqual([]);
  });
