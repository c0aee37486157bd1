import { apiRoutes, type ResultSite, type TaskDetail } from '@measure/contract';
import { runRobot, type RobotReport } from '@measure/robot';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scans } from '../src/db/schema.ts';
import { createScanEngine } from '../src/modules/scans/engine/index.ts';
import { createTestApp, type TestApp } from './app.ts';
import { callRoute, callRouteOk } from './call-route.ts';
import { uploadDeviceFile } from './device-uploads.ts';
import { setExternalWall } from './external-wall-factories.ts';
import { buildCompany, buildDevice, buildProject, buildUser, type BuiltUser } from './factories.ts';
import { figuresOfTally, tally } from './recompute.ts';
import { runScanJobs, scanProcessor } from './scan-jobs.ts';
import { asDevice } from './scan-testbed.ts';

/**
 * The outside check of issue 33: an external-wall task dispatched through AddTask, measured by the
 * robot simulator as a device (work package, facade panels in batches, a cloud per panel with an
 * exploded reading through tus and the Scans route), and each side's figures from GetTask compared
 * with the test's own judging of what the robot sent, under the task's frozen standard.
 */
let t: TestApp;
let planner: BuiltUser;
let taskId: string;
let report: RobotReport;
let items: TaskDetail['Items'];
let deviceKey: string;

const SIDES = [
  { Side: 'N', Name: '北立面', WidthM: 20.5 },
  { Side: 'E', WidthM: 9.8 },
  { Side: '南侧裙楼', WidthM: 4.2 },
];

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  await setExternalWall(t, companyId, true);
  planner = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  const device = await buildDevice(t, { companyId, type: 'scanner' });
  deviceKey = device.key;
  const projectId = (await buildProject(t, { companyId })).id;
  taskId = await callRouteOk(
    t.app,
    apiRoutes.tasks.addTask,
    {
      ProjectId: projectId,
      Stage: 'plaster',
      MeasureKind: 'first',
      InspectionKind: 'self',
      TaskKind: 'externalWall',
      BuildingNumber: '1#',
      Sides: SIDES,
      FloorFrom: 2,
      FloorTo: 5,
      DeviceGuid: device.id,
    },
    { as: planner },
  );
  items = (await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: planner })).Items;
  const server = await t.app.listen({ port: 0, host: '127.0.0.1' });
  report = await runRobot({
    server,
    key: device.key,
    seed: 11,
    errorRate: 0.2,
    batchSites: 20,
    pictures: false,
    scans: { sitePoints: 3_000 },
  });
  // The panels' clouds processed as the server's worker would.
  const engine = createScanEngine();
  await runScanJobs(
    t,
    scanProcessor(t, () => Promise.resolve(engine)),
  );
}, 120_000);
afterAll(async () => t?.close());

/** The test's own figures of some of the sites the robot sent (test/recompute.ts). */
const figuresOf = (sites: readonly ResultSite[]) => figuresOfTally(tally(items, sites));

describe('robot simulator on an external-wall task (outside check)', () => {
  it('measures every side panel by panel on a grid of the floor band, and finishes the task', async () => {
    expect(items.length).toBeGreaterThan(0);
    const sent = report.tasks[0]?.sites ?? [];
    expect(report.tasks.map((task) => task.TaskId)).toEqual([taskId]);
    expect(report.sites).toBe(sent.length);
    for (const side of SIDES) {
      for (let floor = 2; floor <= 5; floor += 1) {
        const row = sent.filter((site) => site.Side === side.Side && site.Floor === floor);
        expect(row.length, `${side.Side} ${floor}`).toBeGreaterThan(0);
        expect(row.reduce((sum, site) => sum + ((site.X1 ?? 0) - (site.X0 ?? 0)), 0)).toBeCloseTo(
          side.WidthM,
          6,
        );
      }
    }
    expect(new Set(sent.map((site) => site.Household ?? null))).toEqual(new Set([null]));
    const task = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: planner });
    expect(task.State).toBe('uploaded');
    expect(task.SitesOutsideWindow).toBe(0);
  });

  it("each side's figures, floors and panels from GetTask equal the test's own recomputation", async () => {
    const sent = report.tasks[0]?.sites ?? [];
    const answer = await callRouteOk(
      t.app,
      apiRoutes.externalWalls.getTask,
      { TaskId: taskId },
      { as: planner },
    );
    expect(answer.Sides.map((side) => [side.Side, side.WidthM])).toEqual(
      SIDES.map((side) => [side.Side, side.WidthM]),
    );
    for (const side of answer.Sides) {
      const own = sent.filter((site) => site.Side === side.Side);
      expect(side.Figures, side.Side).toEqual(figuresOf(own));
      expect(side.Floors.map((floor) => floor.Floor)).toEqual([2, 3, 4, 5]);
      for (const floor of side.Floors) {
        const onFloor = own.filter((site) => site.Floor === floor.Floor);
        expect(floor.Figures, `${side.Side} ${floor.Floor}`).toEqual(figuresOf(onFloor));
        expect([floor.Z0, floor.Z1]).toEqual([(floor.Floor - 1) * 3, floor.Floor * 3]);
      }
      expect(side.Panels.map((panel) => panel.PointIndex).sort((a, b) => a - b)).toEqual(
        own.map((site) => site.PointIndex),
      );
      for (const panel of side.Panels) {
        const site = own.find((candidate) => candidate.PointIndex === panel.PointIndex) as ResultSite;
        expect([panel.Floor, panel.X0, panel.X1, panel.Z0, panel.Z1]).toEqual([
          site.Floor,
          site.X0,
          site.X1,
          site.Z0,
          site.Z1,
        ]);
        expect(panel.Figures, `${side.Side} #${panel.PointIndex}`).toEqual(figuresOf([site]));
      }
    }
    expect(answer.Figures).toEqual(figuresOf(sent));
    // Some panels out of tolerance, most within it.
    expect(answer.Figures.Unqualified + answer.Figures.Exploded).toBeGreaterThan(0);
    expect(answer.Figures.PassRate).toBeGreaterThan(50);
  });

  it('registers a cloud of each panel with an exploded reading at its Side and PointIndex; processed, the panel is Scanned', async () => {
    const sent = report.tasks[0]?.sites ?? [];
    const exploded = sent.filter((site) => figuresOf([site]).ExplodedSites === 1);
    const rows = await t.db
      .select({
        side: scans.side,
        pointIndex: scans.pointIndex,
        status: scans.status,
        household: scans.household,
      })
      .from(scans)
      .where(eq(scans.taskId, taskId));
    expect(rows.length).toBe(report.scans.pointcloud.length);
    expect(rows.length).toBeGreaterThan(0);
    const key = (side: string | null | undefined, pointIndex: number | null | undefined) =>
      `${side}#${pointIndex}`;
    expect(new Set(rows.map((row) => key(row.side, row.pointIndex)))).toEqual(
      new Set(exploded.map((site) => key(site.Side, site.PointIndex))),
    );
    expect(new Set(rows.map((row) => [row.status, row.household].join()))).toEqual(new Set(['ready,']));
    const answer = await callRouteOk(
      t.app,
      apiRoutes.externalWalls.getTask,
      { TaskId: taskId },
      { as: planner },
    );
    const scanned = answer.Sides.flatMap((side) =>
      side.Panels.filter((panel) => panel.Scanned).map((panel) => key(side.Side, panel.PointIndex)),
    );
    expect(new Set(scanned)).toEqual(new Set(rows.map((row) => key(row.side, row.pointIndex))));
  });

  it('refuses a facade scan outside the task (building, floor band, side, a household, a PointIndex not a panel there without its rectangle), naming the field', async () => {
    const sent = report.tasks[0]?.sites ?? [];
    const first = sent[0] as ResultSite;
    const fileId = await uploadDeviceFile(t, deviceKey, Buffer.from('ply\n'), {
      kind: 'pointcloud',
      fileName: 'panel.ply',
    });
    const before = await t.db.select({ id: scans.id }).from(scans).where(eq(scans.taskId, taskId));
    const place = {
      BuildingNumber: '1#',
      Floor: first.Floor,
      Side: first.Side,
      PointIndex: first.PointIndex,
    };
    const cases = [
      ['BuildingNumber', { BuildingNumber: '2#' }],
      ['Floor', { Floor: 6 }],
      ['Side', { Side: 'W' }],
      ['Household', { Household: 1 }],
      // A new PointIndex would be a new panel: its rectangle is then required.
      ['X0', { PointIndex: 9_999 }],
      ['PointIndex', { Floor: first.Floor === 2 ? 3 : 2 }],
    ] as const;
    for (const [index, [field, change]] of cases.entries()) {
      const answer = await callRoute(
        t.app,
        apiRoutes.scanDevice.registerScan,
        { TaskId: taskId, FileId: fileId, Kind: 'pointcloud', ...place, ...change },
        { ...asDevice(deviceKey, `facade-bad-${index}`), lang: 'en-US' },
      );
      expect(answer.Code, field).toBe(400);
      expect(answer.Result, field).toEqual([expect.objectContaining({ Field: field })]);
    }
    const after = await t.db.select({ id: scans.id }).from(scans).where(eq(scans.taskId, taskId));
    expect(after).toHaveLength(before.length);
  });
});
