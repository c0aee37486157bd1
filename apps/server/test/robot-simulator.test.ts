import { apiRoutes, type Figures, type ResultSite, type TaskDetail } from '@measure/contract';
import { runRobot } from '@measure/robot';
import { figuresOfTally, tally } from './recompute.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { callRouteOk } from './call-route.ts';
import {
  assignHouseType,
  buildCompany,
  buildDevice,
  buildHouseType,
  buildProject,
  buildUser,
  type BuiltUser,
} from './factories.ts';

let t: TestApp;
let planner: BuiltUser;
let device: { id: string; key: string };
let taskId: string;
let server: string;

const square = (x: number) => [
  { X: x, Y: 0 },
  { X: x + 100, Y: 0 },
  { X: x + 100, Y: 100 },
];

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  planner = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  device = await buildDevice(t, { companyId });
  const projectId = (await buildProject(t, { companyId })).id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await callRouteOk(
    t.app,
    apiRoutes.houseMaps.saveMeasurePoints,
    {
      HouseMapId: houseMapId,
      MeasurePoints: {
        Rooms: [
          { Id: 'r1', Name: '客厅', Polygon: square(0) },
          { Id: 'r2', Name: '卧室', Polygon: square(200) },
        ],
      },
    },
    { as: planner },
  );
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 3 });
  taskId = await callRouteOk(
    t.app,
    apiRoutes.tasks.addTask,
    {
      ProjectId: projectId,
      Stage: 'plaster',
      MeasureKind: 'first',
      InspectionKind: 'self',
      Households: [1, 2, 3].flatMap((floor) =>
        [1, 2].map((household) => ({ BuildingNumber: '1#', Floor: floor, Household: household })),
      ),
      DeviceGuid: device.id,
    },
    { as: planner },
  );
  server = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

/** The test's own judging of what the robot sent (test/recompute.ts), independent of the server's engine. */
const recompute = (task: TaskDetail, sites: ResultSite[]): Figures =>
  figuresOfTally(tally(task.Items, sites));

describe('robot simulator', () => {
  it('plays a device through the public API in under a minute; the task figures equal a recomputation', async () => {
    const started = Date.now();
    const report = await runRobot({ server, key: device.key, seed: 7, errorRate: 0.1, batchSites: 10 });
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(report.tasks.map((task) => task.TaskId)).toEqual([taskId]);
    // 6 households x 2 rooms x 4 walls, a picture each.
    expect(report.sites).toBe(48);
    expect(report.pictures).toBe(48);
    const task = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: planner });
    expect(task.State).toBe('uploaded');
    // Stamped on the server's clock (the heartbeat's ServerTime): every reading lies in the task's window.
    expect(task.SitesOutsideWindow).toBe(0);
    expect(task.Sites.map((site) => site.OutsideTaskWindow)).toEqual(new Array(48).fill(false));
    expect(task.Figures).toEqual(recompute(task, report.tasks[0]?.sites ?? []));
    expect(task.Figures.Unqualified + task.Figures.Exploded).toBeGreaterThan(0);
    expect(task.Figures.PassRate).toBeGreaterThan(50);
  }, 60_000);
});
