import { apiRoutes, type ExternalWallTask, type TaskDetail } from '@measure/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import {
  type FacadeSite,
  makeExternalWallTask,
  setExternalWall,
  storeFacadePanels,
} from '../../../test/external-wall-factories.ts';
import { buildCompany, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { emptyTally, figuresOfTally, tally } from '../../../test/recompute.ts';
import { buildPlannedProject, buildTask } from '../../../test/task-factories.ts';
import ExcelJS from 'exceljs';
import { pdfText } from '../../../test/pdf-text.ts';
import { runQueuedRenders } from '../../../test/task-factories.ts';
import { FileStore } from '../../core/file-store.ts';
import { LocalObjectStore } from '../../core/storage/local-object-store.ts';
import { reportShares, scans, tasks } from '../../db/schema.ts';
import { type ReportExtension, ReportRenderer } from '../reports/report-job.ts';
import { facadeElevationSvg } from '../reports/report-facades.ts';

/**
 * External-wall tasks per side (measurement-api.md section 9): GetTask and the share read, their
 * figures against the tests' own judging of the readings as sent, the gate and the share rules.
 */
const routes = apiRoutes.externalWalls;
let t: TestApp;
let companyId: string;
let admin: BuiltUser;
let stranger: BuiltUser;
let taskId: string;
let indoorTaskId: string;
let items: TaskDetail['Items'];
/** The facade scans stored for panels N #1 (ready) and N #2 (failed). */
const panelScanIds = new Map<number, string>();

const SIDES = [
  { Side: 'N', Name: '北立面', WidthM: 30 },
  { Side: 'E', WidthM: 12 },
  { Side: 'S', WidthM: 30 },
] as const;

const panel = (
  pointIndex: number,
  side: string,
  floor: number,
  [x0, x1, z0, z1]: [number, number, number, number],
  flatness: number[],
  verticality: number[] = [],
): FacadeSite => ({
  PointIndex: pointIndex,
  BuildingNumber: '1#',
  Floor: floor,
  Side: side,
  X0: x0,
  X1: x1,
  Z0: z0,
  Z1: z1,
  Surface: 'facade',
  MeasuredAt: '2026-11-20T04:00:00.000Z',
  Readings: [
    { ItemCode: 'PL-01', Values: flatness },
    ...(verticality.length > 0 ? [{ ItemCode: 'PL-02', Values: verticality }] : []),
  ],
});

/** Side N: floors 2 and 3, one panel warning, one exploded; side E: floor 4, all qualified; S: nothing. */
const PANELS: FacadeSite[] = [
  panel(1, 'N', 2, [0, 4, 3, 5.9], [1, 2, 3.5], [2]),
  panel(2, 'N', 2, [4, 9.5, 3.1, 6], [0.5, 1]),
  panel(3, 'N', 3, [0, 5, 6, 8.9], [6, 15], [1, 2]),
  panel(4, 'E', 4, [2, 6, 9, 11.8], [1, 1.5, 2], [0.5]),
];

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t)).id;
  await setExternalWall(t, companyId, true);
  admin = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  const strangerCompany = (await buildCompany(t)).id;
  await setExternalWall(t, strangerCompany, true);
  stranger = await buildUser(t, { companyId: strangerCompany, roles: ['MeasureAdmin'] });
  const projectId = await buildPlannedProject(t, { companyId, stories: 6, households: 1 });
  taskId = await buildTask(t, admin, { ProjectId: projectId, ItemCodes: ['PL-01', 'PL-02'] });
  indoorTaskId = await buildTask(t, admin, { ProjectId: projectId, ItemCodes: ['PL-01'] });
  items = (await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: admin })).Items;
  await makeExternalWallTask(t, taskId, { buildingNumber: '1#', sides: SIDES, floorFrom: 2, floorTo: 4 });
  await storeFacadePanels(t, taskId, PANELS);
  // A processed facade scan of panel N #1; a failed one of N #2 (not a deviation view).
  for (const [pointIndex, status] of [
    [1, 'ready'],
    [2, 'failed'],
  ] as const) {
    const [row] = await t.db
      .insert(scans)
      .values({
        companyId,
        projectId,
        taskId,
        fileId: `facade-${pointIndex}`,
        kind: 'pointcloud',
        name: `N-${pointIndex}.ply`,
        buildingNumber: '1#',
        floor: 2,
        side: 'N',
        pointIndex,
        size: 100,
        status,
      })
      .returning({ id: scans.id });
    panelScanIds.set(pointIndex, row?.id ?? '');
  }
}, 60_000);
afterAll(async () => t.close());

const getTask = (id = taskId, as: BuiltUser = admin) =>
  callRoute(t.app, routes.getTask, { TaskId: id }, { as });

describe('GetTask per side', () => {
  let task: ExternalWallTask;
  beforeAll(async () => {
    task = await callRouteOk(t.app, routes.getTask, { TaskId: taskId }, { as: admin });
  });

  it('answers the task, its planned sides in order and the task figures of all panels', () => {
    expect(task).toMatchObject({
      TaskId: taskId,
      BuildingNumber: '1#',
      FloorFrom: 2,
      FloorTo: 4,
      Stage: 'plaster',
      RelatedTaskIds: [],
      ParentTaskId: null,
    });
    expect(task.Sides.map((side) => [side.Index, side.Side, side.Name, side.WidthM])).toEqual([
      [0, 'N', '北立面', 30],
      [1, 'E', null, 12],
      [2, 'S', null, 30],
    ]);
    expect(task.Figures).toEqual(figuresOfTally(tally(items, PANELS)));
    expect(task.Figures).toMatchObject({ Sites: 4, ExplodedSites: 1, Total: 14 });
  });

  it("each side's figures, floors and panels equal the tests' own judging of the readings sent", () => {
    for (const side of task.Sides) {
      const sent = PANELS.filter((site) => site.Side === side.Side);
      expect(side.Figures, side.Side).toEqual(figuresOfTally(tally(items, sent)));
      expect(side.Floors.map((floor) => floor.Floor)).toEqual([2, 3, 4]);
      for (const floor of side.Floors) {
        const onFloor = sent.filter((site) => site.Floor === floor.Floor);
        expect(floor.Figures, `${side.Side} ${floor.Floor}`).toEqual(figuresOfTally(tally(items, onFloor)));
        expect([floor.Z0, floor.Z1]).toEqual(
          onFloor.length === 0
            ? [null, null]
            : [Math.min(...onFloor.map((site) => site.Z0)), Math.max(...onFloor.map((site) => site.Z1))],
        );
      }
      expect(side.Panels.map((row) => row.PointIndex)).toEqual(sent.map((site) => site.PointIndex));
      for (const row of side.Panels) {
        const site = sent.find((candidate) => candidate.PointIndex === row.PointIndex) as FacadeSite;
        const own = tally(items, [site], emptyTally());
        expect(row).toMatchObject({ Floor: site.Floor, X0: site.X0, X1: site.X1, Z0: site.Z0, Z1: site.Z1 });
        expect(row.Figures).toEqual(figuresOfTally(own));
        const worst = (['exploded', 'unqualified', 'warning', 'qualified'] as const).find(
          (grade) => own[grade] > 0,
        );
        expect(row.Grade, `panel ${row.PointIndex}`).toBe(worst ?? null);
        // The items it was sent readings of (panel 2 had no verticality reading).
        expect(row.ItemCodes, `panel ${row.PointIndex}`).toEqual(
          site.Readings.map((reading) => reading.ItemCode).sort(),
        );
      }
    }
  });

  it("colours each panel by its worst value, marks the panel with a ready scan and names each panel's scan", () => {
    const north = task.Sides[0]?.Panels ?? [];
    expect(north.map((row) => [row.PointIndex, row.Grade, row.Scanned])).toEqual([
      [1, 'warning', true],
      [2, 'qualified', false],
      [3, 'exploded', false],
    ]);
    // Each panel names the scan its deviation view opens on, with that scan's state.
    expect(north.map((row) => [row.PointIndex, row.ScanId, row.ScanStatus])).toEqual([
      [1, panelScanIds.get(1), 'ready'],
      [2, panelScanIds.get(2), 'failed'],
      [3, null, null],
    ]);
    expect(task.Sides[0]?.Floors[0]).toMatchObject({ Floor: 2, Z0: 3, Z1: 6 });
    expect(task.Sides[2]).toMatchObject({ Panels: [], Figures: { Sites: 0, Total: 0, PassRate: null } });
  });

  it('refuses an indoor task naming TaskId, and a task of another company as unknown', async () => {
    const indoor = await getTask(indoorTaskId);
    expect(indoor.Code).toBe(400);
    expect(indoor.Result).toEqual([expect.objectContaining({ Field: 'TaskId' })]);
    expect((await getTask(taskId, stranger)).Code).toBe(404);
  });
});

describe('the gate and the share', () => {
  let shareId: string;
  beforeAll(async () => {
    shareId = (await callRouteOk(t.app, apiRoutes.reports.sharingReport, { TaskId: taskId }, { as: admin }))
      .ShareId;
  });

  const shared = (id: string) => callRoute(t.app, routes.getSharedExternalWall, { ShareId: id });

  it('reads the shared task without a session, the same as GetTask', async () => {
    const read = await shared(shareId);
    expect(read.Code).toBe(0);
    expect(read.Result).toEqual(await callRouteOk(t.app, routes.getTask, { TaskId: taskId }, { as: admin }));
  });

  it('answers 404 for an unknown share, a share of an indoor task and a revoked share', async () => {
    expect((await shared('no-such-share')).Code).toBe(404);
    const indoorShare = (
      await callRouteOk(t.app, apiRoutes.reports.sharingReport, { TaskId: indoorTaskId }, { as: admin })
    ).ShareId;
    expect((await shared(indoorShare)).Code).toBe(404);
    const revoked = (
      await callRouteOk(t.app, apiRoutes.reports.sharingReport, { TaskId: taskId }, { as: admin })
    ).ShareId;
    await t.db.update(reportShares).set({ revokedAt: new Date() }).where(eq(reportShares.id, revoked));
    expect((await shared(revoked)).Code).toBe(404);
  });

  it('with EnabledExternalWall off: GetTask is 403 (translated), the share 404', async () => {
    await setExternalWall(t, companyId, false);
    try {
      const refused = await getTask();
      expect(refused.Code).toBe(403);
      expect(refused.Message).toBe('贵公司未开通此功能：外墙');
      const english = await callRoute(
        t.app,
        routes.getTask,
        { TaskId: taskId },
        { as: admin, lang: 'en-US' },
      );
      expect(english.Message).toContain('External walls');
      expect((await shared(shareId)).Code).toBe(404);
    } finally {
      await setExternalWall(t, companyId, true);
    }
    expect((await shared(shareId)).Code).toBe(0);
  });
});

describe('the task report', () => {
  const download = async (format: 'pdf' | 'xlsx', lang: 'zh-CN' | 'en-US') => {
    const [report] = (
      await callRouteOk(t.app, apiRoutes.reports.getReportList, { TaskId: taskId }, { as: admin, lang })
    ).Items;
    expect(report?.Status).toBe('ready');
    const { Url } = await callRouteOk(
      t.app,
      apiRoutes.reports.downloadReport,
      { ReportIds: [report?.ReportId ?? ''], Format: format },
      { as: admin, lang },
    );
    return (await t.app.inject({ method: 'GET', url: new URL(Url).pathname })).rawPayload;
  };

  beforeAll(async () => {
    await t.db.update(tasks).set({ state: 'uploaded' }).where(eq(tasks.id, taskId));
    await callRouteOk(t.app, apiRoutes.reports.retryReport, { TaskId: taskId }, { as: admin });
    const renderer = new ReportRenderer({
      db: t.db,
      files: new FileStore<ReportExtension>(new LocalObjectStore(t.config.dataDir), 'reports', [
        'pdf',
        'xlsx',
      ]),
    });
    await runQueuedRenders(t, renderer);
  }, 60_000);

  it('has a section per side with its figures and its elevation, in both languages', async () => {
    const zh = pdfText(await download('pdf', 'zh-CN'));
    expect(zh).toContain('立面');
    expect(zh).toContain('N 立面（北立面），宽 30 m');
    expect(zh).toContain('该立面尚无测区');
    const en = pdfText(await download('pdf', 'en-US'));
    expect(en).toContain('Side N (北立面), 30 m wide');
    expect(en).toContain('Side E, 12 m wide');
    expect(en).not.toContain('Plan views');
  });

  it('draws each panel at its X/Z in its grade colour, floors as bands', async () => {
    const task = await callRouteOk(t.app, routes.getTask, { TaskId: taskId }, { as: admin });
    const svg = facadeElevationSvg(task.Sides[0]!, 'en-US') ?? '';
    // Panel 3 exploded (red), panel 1 warning (one amber panel), bands for floors 2 and 3 only.
    expect(svg).toContain('fill="#ff4d4f"');
    expect(svg.match(/fill="#faad14" stroke="#333" stroke-width="0.8"/g)?.length).toBe(1);
    expect(svg).toContain('>Floor 2<');
    expect(svg).toContain('>Floor 3<');
    expect(svg).not.toContain('>Floor 4<');
    expect(facadeElevationSvg(task.Sides[2]!, 'en-US')).toBeNull();
  });

  it("the workbook's sites and readings show the side, not a household", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download('xlsx', 'en-US')) as never);
    const sites = workbook.getWorksheet('Sites') as ExcelJS.Worksheet;
    expect(sites.getRow(1).getCell(4).value).toBe('Side');
    const rows = [2, 3, 4, 5].map((row) => [
      sites.getRow(row).getCell(1).value,
      sites.getRow(row).getCell(4).value,
    ]);
    expect(rows.sort()).toEqual([
      [1, 'N'],
      [2, 'N'],
      [3, 'N'],
      [4, 'E'],
    ]);
    const readings = workbook.getWorksheet('Readings') as ExcelJS.Worksheet;
    expect(readings.getRow(1).getCell(5).value).toBe('Side');
    expect(readings.getRow(2).getCell(5).value).toMatch(/^[NE]$/);
  });
});
