import { apiRoutes, type ResultSite, type WorkPackage } from '@measure/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRouteOk, callRouteResponse } from '../../../test/call-route.ts';
import { uploadDeviceFile } from '../../../test/device-uploads.ts';
import { buildFacadeTask, facadeSite, setExternalWall } from '../../../test/facade-factories.ts';
import { figuresOfTally, tally } from '../../../test/recompute.ts';
import { runScanJobs, scanProcessor } from '../../../test/scan-jobs.ts';
import { asDevice, buildScanTestbed, type ScanTestbed } from '../../../test/scan-testbed.ts';
import { scans } from '../../db/schema.ts';
import { RollupsRepository } from '../results/rollups-repository.ts';
import { createScanEngine } from '../scans/engine/index.ts';
import { binaryPly, type Cloud } from '../scans/engine/test-clouds.ts';
import type { ScanProcessor } from '../scans/scan-job.ts';

/**
 * Facade panel scans (issue 33; measurement-api.md sections 8 and 9, domain.md section 11): a scanner
 * sends a panel's cloud, not readings; the platform lays the virtual rulers of the external items'
 * measure rules on the panel's plane and stores them as a `Source: scanner` panel, judged and counted
 * like any other. GetTask names each panel's scan.
 */
let t: TestApp;
let bed: ScanTestbed;
let processor: ScanProcessor;
let taskId: string;

beforeAll(async () => {
  t = await createTestApp();
  bed = await buildScanTestbed(t);
  await setExternalWall(t, bed.companyId, true);
  processor = scanProcessor(t, () => Promise.resolve(createScanEngine()));
  taskId = await buildFacadeTask(t, bed.planner, {
    ProjectId: bed.projectId,
    DeviceGuid: bed.device.id,
    Name: 'facade scans',
  });
  // A robot's panel: N, floor 1, 0-4 m (so a new panel overlapping it is refused).
  const sent = await callRouteResponse(
    t.app,
    apiRoutes.resultsDevice.results,
    { TaskId: taskId, Source: 'robot', Sites: [facadeSite(1, 'N', 1, 0, 4)] },
    asDevice(bed.device.key, 'robot-panel'),
  );
  expect(sent.body.Code).toBe(0);
}, 60_000);
afterAll(async () => t.close());

/** The new panel scanned: side N, floor 2, X 2-6 m, Z 3-6 m (the building frame of section 9). */
const PANEL = { BuildingNumber: '1#', Floor: 2, Side: 'N', PointIndex: 5, X0: 2, X1: 6, Z0: 3, Z1: 6 };
/** A square bulge 6 mm out of the facade, 0.2 m x 0.4 m, under the middle horizontal flatness ruler only. */
const BULGE_MM = 6;
const inBulge = (x: number, z: number) => x >= 3.6 && x <= 3.8 && z >= 4.3 && z <= 4.7;

/** The panel's facade in the plane y = 0 (x along the side, z up), a point every 2 cm, with the bulge. */
function panelCloud(): Cloud {
  const xyz: number[] = [];
  const rgb: number[] = [];
  for (let i = 0; i <= 200; i += 1)
    for (let k = 0; k <= 150; k += 1) {
      const x = PANEL.X0 + i * 0.02;
      const z = PANEL.Z0 + k * 0.02;
      xyz.push(x, inBulge(x, z) ? -BULGE_MM / 1000 : 0, z);
      rgb.push(180, 180, 180);
    }
  return { xyz, rgb };
}

let keys = 0;
const register = async (body: object) => {
  const fileId = await uploadDeviceFile(t, bed.device.key, binaryPly(panelCloud()), {
    kind: 'pointcloud',
    fileName: 'panel.ply',
  });
  keys += 1;
  return bed.register({ FileId: fileId, Kind: 'pointcloud', ...PANEL, ...body } as never, `fs-${keys}`, {
    task: taskId,
  });
};

const scanCount = async () => (await t.db.select().from(scans).where(eq(scans.taskId, taskId))).length;

describe('registering a scan of a new facade panel', () => {
  it('needs the rectangle and places it as facade sites are, naming the field; nothing stored', async () => {
    const cases: [object, string][] = [
      [{ X0: null }, 'X0'],
      [{ Z1: undefined }, 'Z1'],
      // An empty rectangle, beyond the side's 20 m, over the robot's panel 1 (N, floor 1, 0-4 m).
      [{ X0: 6, X1: 2 }, 'X1'],
      [{ X1: 21 }, 'X1'],
      [{ Floor: 1, Z0: 0, Z1: 3, X0: 3, X1: 7 }, 'X0'],
    ];
    const before = await scanCount();
    for (const [change, field] of cases) {
      const answer = await register(change);
      expect(answer.body.Code, JSON.stringify(change)).toBe(400);
      expect(answer.body.Result, JSON.stringify(change)).toEqual([expect.objectContaining({ Field: field })]);
    }
    expect(await scanCount()).toBe(before);
  });
});

describe('a scanned facade panel without readings', () => {
  it('gets readings from virtual rulers (Source: scanner): the bulge reads its depth, the side equals a recomputation', async () => {
    const registered = await register({});
    expect(registered.body.Code, JSON.stringify(registered.body)).toBe(0);
    const scanId = registered.body.Result.ScanId;
    await runScanJobs(t, processor);

    const preview = await callRouteOk(
      t.app,
      apiRoutes.scans.getModelPreview,
      { TaskId: taskId },
      { as: bed.planner },
    );
    expect(preview.Scans.find((scan) => scan.ScanId === scanId)?.Status).toBe('ready');
    const site = preview.Sites.find((row) => row.PointIndex === PANEL.PointIndex);
    expect(site).toMatchObject({ Source: 'scanner', Floor: 2 });
    const rulers = preview.Rulers.filter((ruler) => ruler.PointIndex === PANEL.PointIndex).sort(
      (a, b) => a.ValueIndex - b.ValueIndex,
    );
    const valuesOf = (code: string) =>
      rulers.filter((ruler) => ruler.ItemCode === code).map((r) => r.ValueMm + 0);
    // Flatness (EW-ST-01): the two diagonals from the corners read the flat facade, the middle ruler
    // (a panel 3 m wide or more) lies over the bulge and reads its depth.
    expect(valuesOf('EW-ST-01')).toEqual([0, 0, BULGE_MM]);
    // Verticality (EW-ST-02): three plumb rulers (ends and middle) on a plumb facade.
    expect(valuesOf('EW-ST-02')).toEqual([0, 0, 0]);
    expect(rulers.every((ruler) => ruler.Grade !== null)).toBe(true);

    const wall = await callRouteOk(
      t.app,
      apiRoutes.externalWalls.getTask,
      { TaskId: taskId },
      { as: bed.planner },
    );
    const north = wall.Sides[0];
    const panel = north?.Panels.find((row) => row.PointIndex === PANEL.PointIndex);
    expect(panel).toMatchObject({
      Floor: 2,
      X0: 2,
      X1: 6,
      Z0: 3,
      Z1: 6,
      Scanned: true,
      ScanId: scanId,
      ScanStatus: 'ready',
      Grade: 'qualified',
    });
    const work = (await callRouteOk(
      t.app,
      apiRoutes.taskDevice.workPackage,
      { TaskId: taskId },
      asDevice(bed.device.key),
    )) as WorkPackage;
    const derived: ResultSite = {
      ...PANEL,
      Readings: ['EW-ST-01', 'EW-ST-02'].map((code) => ({ ItemCode: code, Values: valuesOf(code) })),
    };
    const robot = facadeSite(1, 'N', 1, 0, 4);
    expect(panel?.Figures).toEqual(figuresOfTally(tally(work.Items, [derived])));
    expect(north?.Figures).toEqual(figuresOfTally(tally(work.Items, [robot, derived])));
    expect(wall.Figures).toEqual(figuresOfTally(tally(work.Items, [robot, derived])));
    expect(await new RollupsRepository(t.db).differences(bed.companyId)).toEqual([]);
  });

  it("derives nothing for a panel that has readings (sources never mix); GetTask names the panel's newest ready scan", async () => {
    const before = await callRouteOk(
      t.app,
      apiRoutes.externalWalls.getTask,
      { TaskId: taskId },
      { as: bed.planner },
    );
    const registered = await register({ Floor: 1, PointIndex: 1, X0: null, X1: null, Z0: null, Z1: null });
    expect(registered.body.Code, JSON.stringify(registered.body)).toBe(0);
    await runScanJobs(t, processor);
    const after = await callRouteOk(
      t.app,
      apiRoutes.externalWalls.getTask,
      { TaskId: taskId },
      { as: bed.planner },
    );
    const robotPanel = after.Sides[0]?.Panels.find((row) => row.PointIndex === 1);
    expect(robotPanel).toMatchObject({
      Scanned: true,
      ScanId: registered.body.Result.ScanId,
      ScanStatus: 'ready',
    });
    expect(robotPanel?.Figures).toEqual(before.Sides[0]?.Panels.find((row) => row.PointIndex === 1)?.Figures);
    expect(after.Figures).toEqual(before.Figures);
  });
});
