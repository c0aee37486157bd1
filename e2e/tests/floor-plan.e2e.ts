import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { api, apiLogin, createReadyAdmin, createReadyUser, apiRoutes } from '../support/api.ts';
import { BASE_URL, screenshot, settle } from '../support/browser.ts';
import { planPng as twoRoomPng } from '../support/plan-files.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { waitForPlanScene } from '../support/plan-scene.ts';
import { uploadPlan } from '../support/upload-plan.ts';
import { pickOption } from '../support/select.ts';

/**
 * Floor-plan editor (issue 5, item 4): a company administrator draws a room with two stations on
 * a DXF house type, gives it a site type and saves; undo and redo change the drawing; the PNG house
 * type is edited too; once the project is published the editor is read-only and the server
 * refuses a save (423). A surveyor assigned to the project sees it read-only. Every run makes its
 * own users and project and deletes the project at the end.
 */

const made: { projectId: string; token: string }[] = [];

test.afterEach(async () => {
  for (const { projectId, token } of made.splice(0)) {
    await api(apiRoutes.projects.delete, { ProjectId: projectId }, token).catch(() => undefined);
  }
});

const stamp = () => `${Date.now().toString(36).slice(-5)}${crypto.randomInt(100, 999)}`;
const zhButton = (text: string) => new RegExp(`${[...text].join('\\s*')}\\s*$`);

// --- Plan files, made here ---------------------------------------------------------------------------

/** A PNG plan of 400 × 250 pixels: outer walls and a partition with a door gap, grey on white. */
const planPng = () =>
  twoRoomPng({ width: 400, height: 250, wall: 6, partition: { x: 220, doorFrom: 100, doorTo: 150 } });

/**
 * Where the flat lies in the drawing's world coordinates: far from 0, as in site plans, so the
 * origin dxf-viewer subtracts from every coordinate is exercised (clicks and saved vertices are
 * world coordinates).
 */
const SITE = { x: 500_000, y: 300_000 };
/** A plan position of the DXF flat, in world coordinates. */
const site = (x: number, y: number) => ({ x: SITE.x + x, y: SITE.y + y });

/** A DXF flat of 10 m × 8 m (millimetres): walls, a partition on its own layer, a circle and labels. */
function planDxf(): Buffer {
  const line = (layer: string, x1: number, y1: number, x2: number, y2: number) =>
    [
      '0',
      'LINE',
      '8',
      layer,
      '10',
      SITE.x + x1,
      '20',
      SITE.y + y1,
      '11',
      SITE.x + x2,
      '21',
      SITE.y + y2,
    ].join('\n');
  const text = (layer: string, x: number, y: number, value: string) =>
    ['0', 'TEXT', '8', layer, '10', SITE.x + x, '20', SITE.y + y, '40', 300, '1', value].join('\n');
  const entities = [
    line('WALLS', 0, 0, 10000, 0),
    line('WALLS', 10000, 0, 10000, 8000),
    line('WALLS', 10000, 8000, 0, 8000),
    line('WALLS', 0, 8000, 0, 0),
    line('PARTITIONS', 7000, 0, 7000, 3500),
    line('PARTITIONS', 7000, 4500, 7000, 8000),
    ['0', 'CIRCLE', '8', 'FURNITURE', '10', SITE.x + 8500, '20', SITE.y + 6500, '40', 600].join('\n'),
    text('TEXT', 2500, 7300, 'Living room'),
    text('TEXT', 7600, 1200, '厨房'),
  ];
  // The layer table: dxf-viewer lists the layers it defines (colour numbers of AutoCAD's palette).
  const layers = [
    ['WALLS', 7],
    ['PARTITIONS', 1],
    ['FURNITURE', 3],
    ['TEXT', 5],
  ].map(([name, color]) => ['0', 'LAYER', '2', name, '70', 0, '62', color, '6', 'CONTINUOUS'].join('\n'));
  return Buffer.from(
    [
      ...['0', 'SECTION', '2', 'TABLES', '0', 'TABLE', '2', 'LAYER', '70', layers.length],
      ...layers,
      ...['0', 'ENDTAB', '0', 'ENDSEC'],
      ...['0', 'SECTION', '2', 'ENTITIES', ...entities, '0', 'ENDSEC', '0', 'EOF', ''],
    ].join('\n'),
  );
}

// --- Helpers -----------------------------------------------------------------------------------------

/** A company administrator with a project of two buildings, a site type and both house types. */
async function prepareProject() {
  const admin = await createReadyAdmin();
  const token = await apiLogin(admin.login, admin.password);
  const project = await api(
    apiRoutes.projects.add,
    {
      Name: `E2E户型图${stamp()}`,
      DetailsInfo: [
        { BuildingNumber: '1', Stories: 10, Households: 2, DeliveryStandard: 'fine' },
        { BuildingNumber: '2', Stories: 6, Households: 4, DeliveryStandard: 'none' },
      ],
    },
    token,
  );
  made.push({ projectId: project.ProjectId, token });
  const siteType = await api(
    apiRoutes.houseMaps.savePointType,
    { ProjectId: project.ProjectId, Name: '厨房' },
    token,
  );
  const dxf = await uploadPlan(token, project.ProjectId, 'B户型', planDxf(), 'plan-b.dxf');
  const png = await uploadPlan(token, project.ProjectId, 'A户型', await planPng(), 'plan-a.png');
  return { admin, token, project, siteType, dxf, png };
}

const editorUrl = (houseMapId: string) => `${BASE_URL}/measurerobot/floorPlanEditorDetail?id=${houseMapId}`;

/** Opens the editor and waits until the plan has been drawn. */
async function openEditor(page: Page, houseMapId: string) {
  await page.goto(editorUrl(houseMapId));
  await expect(page.locator('[data-first-render="true"]')).toBeVisible({ timeout: 30_000 });
}

/** Clicks a plan position (plan units), mapped through the view the viewport reports. */
async function clickPlan(page: Page, x: number, y: number, options: { double?: boolean } = {}) {
  const at = await screenOf(page, x, y);
  if (options.double) await page.mouse.dblclick(at.x, at.y);
  else await page.mouse.click(at.x, at.y);
}

/** Clicks a position of the DXF flat (millimetres from its corner). */
const clickSite = (page: Page, x: number, y: number, options: { double?: boolean } = {}) =>
  clickPlan(page, SITE.x + x, SITE.y + y, options);

/** Where a plan position (plan units) is on the page now. */
async function screenOf(page: Page, x: number, y: number) {
  const viewport = page.getByTestId('plan-viewport');
  const [cx, cy, scale, axis] = ((await viewport.getAttribute('data-view')) ?? '').split(',');
  const box = await viewport.boundingBox();
  if (!box || scale === undefined) throw new Error('no view');
  return {
    x: box.x + box.width / 2 + (x - Number(cx)) * Number(scale),
    y: box.y + box.height / 2 + (y - Number(cy)) * Number(scale) * (axis === 'up' ? -1 : 1),
  };
}

/** Drags from one plan position to another. */
async function dragPlan(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const start = await screenOf(page, from.x, from.y);
  const end = await screenOf(page, to.x, to.y);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 6 });
  await page.mouse.up();
}

const detailOf = (token: string, id: string) => api(apiRoutes.houseMaps.getHouseMapById, { id }, token);

/** The raw envelope of a save, to see a refusal's Code. */
async function saveMeasurePoints(token: string, houseMapId: string, measurePoints: unknown) {
  const response = await fetch(`${BASE_URL}/api/ms/Project/SaveMeasurePoints`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ HouseMapId: houseMapId, MeasurePoints: measurePoints }),
  });
  return (await response.json()) as { Code: number; Message: string };
}

// --- Tests -------------------------------------------------------------------------------------------

test.describe('floor-plan editor', () => {
  test('draws a room with two stations on a DXF plan, undoes and redoes, edits the PNG plan, and locks once published', async ({
    browsers,
  }) => {
    const { page, errors } = await browsers.open();
    const { admin, token, project, siteType, dxf, png } = await prepareProject();
    await signInAndLand(page, admin);

    // From the house types tab, the row's action opens the editor.
    await page.goto(`${BASE_URL}/measurerobot/projectDetail?id=${project.ProjectId}`);
    await page.getByRole('tab', { name: '户型图' }).click();
    await page
      .locator('.ant-table-row', { hasText: 'B户型' })
      .getByRole('button', { name: '编辑户型图' })
      .click();
    await page.waitForURL(`**/floorPlanEditorDetail?id=${dxf.HouseMapId}`);
    await expect(page.locator('[data-first-render="true"]')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('已保存', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: '图层' }).click();
    for (const layer of ['WALLS', 'PARTITIONS', 'FURNITURE', 'TEXT']) {
      await expect(page.getByRole('checkbox', { name: layer })).toBeVisible();
    }
    await page.getByRole('checkbox', { name: 'FURNITURE' }).uncheck();
    await expect(page.getByRole('checkbox', { name: 'FURNITURE' })).not.toBeChecked();
    await page.getByRole('checkbox', { name: 'FURNITURE' }).check();
    await page.getByRole('tab', { name: '元素' }).click();
    await screenshot(page, 'floor-plan-dxf-opened-zh-CN');

    // A room of four clicks, closed on its first vertex.
    await page.getByText('画房间', { exact: true }).click();
    await clickSite(page, 1000, 1000);
    await clickSite(page, 6000, 1000);
    await clickSite(page, 6000, 7000);
    await expect(page.getByText('已放置 3 个顶点')).toBeVisible();
    await clickSite(page, 1000, 7000);
    await clickSite(page, 1000, 1000);
    await expect(page.getByText('房间（1）')).toBeVisible();
    await expect(page.getByText('有未保存的修改')).toBeVisible();
    const properties = page.getByTestId('room-properties');
    await pickOption(page, properties.getByLabel('测区类型'), '厨房');
    await properties.getByLabel('名称').fill('客厅');
    await properties.getByLabel('名称').press('Enter');

    // Two stations inside it.
    await page.getByText('放测站', { exact: true }).click();
    await clickSite(page, 2500, 3000);
    await clickSite(page, 4500, 5500);
    await expect(page.getByText('测站（2）')).toBeVisible();
    await settle(page);
    await screenshot(page, 'floor-plan-dxf-room-zh-CN');

    // Undo and redo change the drawing (buttons and keys); back at the saved state it is clean.
    await page.keyboard.press('Control+z');
    await expect(page.getByText('测站（1）')).toBeVisible();
    await page.getByRole('button', { name: zhButton('撤销') }).click();
    await expect(page.getByText('测站（0）')).toBeVisible();
    await page.keyboard.press('Control+Shift+z');
    await expect(page.getByText('测站（1）')).toBeVisible();
    await page.getByRole('button', { name: zhButton('重做') }).click();
    await expect(page.getByText('测站（2）')).toBeVisible();
    await page.keyboard.press('Control+y');

    await page.getByRole('button', { name: zhButton('保存') }).click();
    await expect(page.getByText('户型图已保存')).toBeVisible();
    await expect(page.getByText('已保存', { exact: true })).toBeVisible();
    const saved = await detailOf(token, dxf.HouseMapId);
    expect(saved.MeasurePoints.Rooms).toHaveLength(1);
    const room = saved.MeasurePoints.Rooms[0];
    expect(room).toMatchObject({ Name: '客厅', PointTypeId: siteType.Id });
    expect(room?.Polygon).toEqual([
      { X: expect.closeTo(SITE.x + 1000, -1), Y: expect.closeTo(SITE.y + 1000, -1) },
      { X: expect.closeTo(SITE.x + 6000, -1), Y: expect.closeTo(SITE.y + 1000, -1) },
      { X: expect.closeTo(SITE.x + 6000, -1), Y: expect.closeTo(SITE.y + 7000, -1) },
      { X: expect.closeTo(SITE.x + 1000, -1), Y: expect.closeTo(SITE.y + 7000, -1) },
    ]);
    expect(saved.MeasurePoints.Stations).toHaveLength(2);
    expect(saved.MeasurePoints.Stations.every((station) => station.RoomId === room?.Id)).toBe(true);

    // Leaving with unsaved changes asks first.
    await page.getByText('放测点', { exact: true }).click();
    await clickSite(page, 3000, 3000);
    await expect(page.getByText('测点（1）')).toBeVisible();
    await page.getByRole('button', { name: '返回项目' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm.locator('.ant-modal-confirm-title', { hasText: '离开编辑器？' })).toBeVisible();
    await confirm.getByRole('button', { name: '留在此页' }).click();
    await expect(confirm).not.toBeAttached();
    expect(page.url()).toContain('floorPlanEditorDetail');
    await page.keyboard.press('Control+z');
    await expect(page.getByText('已保存', { exact: true })).toBeVisible();

    // After a reload the room and its two stations are there.
    await openEditor(page, dxf.HouseMapId);
    await expect(page.getByText('房间（1）')).toBeVisible();
    await expect(page.getByText('测站（2）')).toBeVisible();
    await expect(page.locator('[data-kind="room"]', { hasText: '客厅' }).getByText('厨房')).toBeVisible();
    await page.locator('[data-kind="room"]', { hasText: '客厅' }).click();
    await expect(page.getByTestId('room-properties').getByText('测站数')).toBeVisible();
    await settle(page);
    await screenshot(page, 'floor-plan-dxf-reloaded-zh-CN');

    // The PNG plan: a room closed with Enter, a station and a point.
    await openEditor(page, png.HouseMapId);
    await expect(page.getByText('已保存', { exact: true })).toBeVisible();
    await page.getByText('画房间', { exact: true }).click();
    await clickPlan(page, 20, 20);
    await expect(page.getByText('已放置 1 个顶点')).toBeVisible();
    await clickPlan(page, 210, 20);
    await clickPlan(page, 210, 230);
    await clickPlan(page, 20, 230);
    await expect(page.getByText('已放置 4 个顶点')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByText('房间（1）')).toBeVisible();
    await page.getByText('放测站', { exact: true }).click();
    await clickPlan(page, 100, 120);
    await page.getByText('放测点', { exact: true }).click();
    await clickPlan(page, 150, 60);
    await expect(page.getByText('测点（1）')).toBeVisible();
    await settle(page);
    await screenshot(page, 'floor-plan-png-room-zh-CN');
    await page.keyboard.press('Control+s');
    await expect(page.getByText('户型图已保存').first()).toBeVisible();
    const pngSaved = await detailOf(token, png.HouseMapId);
    const pngRoom = pngSaved.MeasurePoints.Rooms[0];
    expect(pngRoom?.Polygon.map((vertex) => [Math.round(vertex.X), Math.round(vertex.Y)])).toEqual([
      [20, 20],
      [210, 20],
      [210, 230],
      [20, 230],
    ]);
    expect(pngSaved.MeasurePoints.Stations.map((station) => station.RoomId)).toEqual([pngRoom?.Id]);
    expect(pngSaved.MeasurePoints.Points).toEqual([
      expect.objectContaining({ RoomId: pngRoom?.Id, StationId: pngSaved.MeasurePoints.Stations[0]?.Id }),
    ]);

    // Floors 2-10 of building 1 get the DXF type; publishing locks it.
    const assigned = await api(
      apiRoutes.houseMaps.assignHouseMapToFloors,
      {
        ProjectId: project.ProjectId,
        HouseMapId: dxf.HouseMapId,
        BuildingNumber: '1',
        FloorFrom: 2,
        FloorTo: 10,
      },
      token,
    );
    expect(assigned.Assigned).toBe(18);
    // Published while the editor is open with a change: the save is refused with the server's
    // message and the editor turns read-only.
    await openEditor(page, dxf.HouseMapId);
    await page.getByText('放测点', { exact: true }).click();
    await clickSite(page, 2000, 6000);
    await expect(page.getByText('测点（1）')).toBeVisible();
    await api(apiRoutes.projects.publishProject, { ProjectId: project.ProjectId }, token);
    await page.getByRole('button', { name: zhButton('保存') }).click();
    await expect(
      page.locator('.ant-alert-error', { hasText: '项目已发布，数据已锁定，不能修改' }),
    ).toBeVisible();
    await expect(page.getByText('项目已发布，数据已锁定：户型图只能查看，不能修改。')).toBeVisible();
    await expect(page.getByText('画房间', { exact: true })).toHaveCount(0);
    await settle(page);
    await screenshot(page, 'floor-plan-refused-zh-CN');
    expect((await detailOf(token, dxf.HouseMapId)).MeasurePoints.Points).toEqual([]);

    await openEditor(page, dxf.HouseMapId);
    await expect(page.getByText('项目已发布，数据已锁定：户型图只能查看，不能修改。')).toBeVisible();
    await expect(page.getByText('画房间', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: zhButton('保存') })).toHaveCount(0);
    await page.locator('[data-kind="room"]', { hasText: '客厅' }).click();
    await expect(page.getByTestId('room-properties').getByLabel('名称')).toBeDisabled();
    await settle(page);
    await screenshot(page, 'floor-plan-locked-zh-CN');
    const refused = await saveMeasurePoints(token, dxf.HouseMapId, { Rooms: [], Stations: [], Points: [] });
    expect(refused.Code).toBe(423);
    expect(refused.Message).toContain('已发布');

    await api(apiRoutes.projects.delete, { ProjectId: project.ProjectId }, token);
    made.splice(0);
    expect(errors).toEqual([]);
  });

  test('shows the editor in English, and read-only to a surveyor of the project', async ({ browsers }) => {
    test.slow(); // It waits for the scene job queued with the upload.
    const { admin, token, project, dxf } = await prepareProject();
    const surveyor = await createReadyUser();
    const users = await api(apiRoutes.userAdmin.getUserList, { Content: surveyor.login }, token);
    await api(
      apiRoutes.projects.saveProjectUser,
      { ProjectId: project.ProjectId, UserIds: [users.Items[0]?.UserId ?? ''] },
      token,
    );

    const english = await browsers.open('en-US');
    await signInAndLand(english.page, admin, 'en-US');
    // The drawing's Chinese label (厨房) is drawn from the scene the server built: no font at all
    // (floor-plan-layers.e2e.ts checks the slices of Noto Sans SC a plan without a scene loads).
    await waitForPlanScene(BASE_URL, token, dxf.HouseMapId);
    const fonts: string[] = [];
    english.page.on('request', (request) => {
      if (/\.(woff2?|ttf|otf)(\?|$)/.test(request.url())) fonts.push(new URL(request.url()).pathname);
    });
    await openEditor(english.page, dxf.HouseMapId);
    const page = english.page;
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    expect(fonts).toEqual([]);
    await page.getByText('Draw room', { exact: true }).click();
    await expect(page.getByText(/Click to place the vertices of a room/)).toBeVisible();
    await clickSite(page, 7500, 500);
    await clickSite(page, 9500, 500);
    await clickSite(page, 9500, 3000, { double: true });
    await expect(page.getByText('Rooms (1)')).toBeVisible();
    await pickOption(page, page.getByTestId('room-properties').getByLabel('Site type'), '厨房');
    await page.getByText('Place station', { exact: true }).click();
    await clickSite(page, 9000, 1000);
    await expect(page.getByText('Stations (1)')).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    // Keys: P places a point, Delete removes the selected one; R and Esc drop a half-drawn room.
    await page.keyboard.press('p');
    await clickSite(page, 8000, 1500);
    await expect(page.getByText('Points (1)')).toBeVisible();
    await page.keyboard.press('Delete');
    await expect(page.getByText('Points (0)')).toBeVisible();
    await page.keyboard.press('r');
    await clickSite(page, 1000, 1000);
    await clickSite(page, 3000, 1000);
    await expect(page.getByText(/2 vertices placed/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText(/Click to place the vertices of a room/)).toBeVisible();
    // V and a drag move the station out of the room; Ctrl+Z puts it back.
    await page.keyboard.press('v');
    await dragPlan(page, site(9000, 1000), site(2000, 2000));
    await expect(page.getByTestId('station-properties').getByText('None', { exact: true })).toBeVisible();
    await page.keyboard.press('Control+z');
    await expect(page.getByTestId('station-properties').getByText('Room 1', { exact: true })).toBeVisible();
    // The selected room's corner handle reshapes it.
    await page.locator('[data-kind="room"]', { hasText: 'Room 1' }).click();
    await dragPlan(page, site(9500, 3000), site(9800, 3600));
    await expect(page.getByTestId('room-properties')).toBeVisible();
    await page.getByRole('tab', { name: 'Layers' }).click();
    await expect(page.getByRole('button', { name: 'Hide all' })).toBeVisible();
    await page.getByRole('tab', { name: 'Elements' }).click();
    await settle(page);
    await screenshot(page, 'floor-plan-dxf-room-en-US');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Floor plan saved')).toBeVisible();
    const saved = await detailOf(token, dxf.HouseMapId);
    expect(saved.MeasurePoints.Rooms).toHaveLength(1);
    expect(saved.MeasurePoints.Stations[0]?.RoomId).toBe(saved.MeasurePoints.Rooms[0]?.Id);
    expect(saved.MeasurePoints.Rooms[0]?.Polygon[2]).toEqual({
      X: expect.closeTo(SITE.x + 9800, -1),
      Y: expect.closeTo(SITE.y + 3600, -1),
    });

    // The surveyor sees the plan with the room, read-only, and why.
    const other = await browsers.open('en-US');
    await signInAndLand(other.page, surveyor, 'en-US');
    await openEditor(other.page, dxf.HouseMapId);
    await expect(other.page.getByText('You may not edit floor plans: the plan is read-only.')).toBeVisible();
    await expect(other.page.getByText('Rooms (1)')).toBeVisible();
    await expect(other.page.getByText('Draw room', { exact: true })).toHaveCount(0);
    await expect(other.page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await settle(other.page);
    await screenshot(other.page, 'floor-plan-surveyor-en-US');
    const surveyorToken = await apiLogin(surveyor.login, surveyor.password);
    const refused = await saveMeasurePoints(surveyorToken, dxf.HouseMapId, {
      Rooms: [],
      Stations: [],
      Points: [],
    });
    expect(refused.Code).toBe(403);
    expect(english.errors).toEqual([]);
    expect(other.errors).toEqual([]);
  });
});
