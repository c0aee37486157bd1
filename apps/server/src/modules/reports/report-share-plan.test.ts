import { apiRoutes, type TaskDetail } from '@measure/contract';
import { runRobot } from '@measure/robot';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import {
  assignHouseType,
  buildCompany,
  buildDevice,
  buildHouseType,
  buildProject,
  buildUser,
  type BuiltUser,
} from '../../../test/factories.ts';
import { buildTask } from '../../../test/task-factories.ts';

/**
 * The plan of a shared task for the 3D view (`GET /api/share/{ShareId}/Plan`, spec
 * taskReportThreeDimensional): every measured household with its house type's rooms, floor area and
 * sites, whose figures and worst grades are the task's; only through an open share of the task's own
 * company, the same 404 for revoked, expired and unknown shares.
 */
const routes = apiRoutes.reports;
let t: TestApp;
let server: string;

const square = (x: number) => [
  { X: x, Y: 0 },
  { X: x + 100, Y: 0 },
  { X: x + 100, Y: 80 },
  { X: x, Y: 80 },
];

interface Shared {
  admin: BuiltUser;
  taskId: string;
  task: TaskDetail;
  shareId: string;
  houseMapName: string;
}

/** A company's task of two floors of two households on a plan of two rooms, measured by the robot, then shared. */
async function sharedTask(name: string, floorArea: number): Promise<Shared> {
  const companyId = (await buildCompany(t)).id;
  const admin = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  const device = await buildDevice(t, { companyId });
  const projectId = (await buildProject(t, { companyId })).id;
  const houseMapId = (await buildHouseType(t, { projectId, name, floorArea })).HouseMapId;
  await callRouteOk(
    t.app,
    apiRoutes.houseMaps.saveMeasurePoints,
    {
      HouseMapId: houseMapId,
      MeasurePoints: {
        Rooms: [
          { Id: 'r1', Name: '客厅', Polygon: square(0) },
          { Id: 'r2', Name: '卧室', Polygon: square(110) },
        ],
      },
    },
    { as: admin },
  );
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 2 });
  const taskId = await buildTask(t, admin, {
    ProjectId: projectId,
    Households: [1, 2].flatMap((floor) =>
      [1, 2].map((household) => ({ BuildingNumber: '1#', Floor: floor, Household: household })),
    ),
    ItemCodes: ['PL-01', 'PL-02'],
    DeviceGuid: device.id,
  });
  await runRobot({ server, key: device.key, seed: 11, errorRate: 0.3, batchSites: 8 });
  const task = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: admin });
  const shareId = (await callRouteOk(t.app, routes.sharingReport, { TaskId: taskId }, { as: admin })).ShareId;
  return { admin, taskId, task, shareId, houseMapName: name };
}

let first: Shared;
let second: Shared;

beforeAll(async () => {
  t = await createTestApp();
  server = await t.app.listen({ port: 0, host: '127.0.0.1' });
  first = await sharedTask('甲户型', 120);
  second = await sharedTask('乙户型', 75.5);
}, 120_000);
afterAll(async () => t.close());

const worst = (figures: { Exploded: number; Unqualified: number; Warning: number; Qualified: number }) =>
  figures.Exploded > 0
    ? 'exploded'
    : figures.Unqualified > 0
      ? 'unqualified'
      : figures.Warning > 0
        ? 'warning'
        : figures.Qualified > 0
          ? 'qualified'
          : null;

describe('the plan of a shared task (3D view)', () => {
  it("answers every measured household with its house type's rooms and the task's site figures and grades", async () => {
    const plan = await callRouteOk(t.app, routes.getSharedPlan, { ShareId: first.shareId });
    expect(plan.map((row) => [row.BuildingNumber, row.Floor, row.Household])).toEqual(
      first.task.HouseholdList.map((row) => [row.BuildingNumber, row.Floor, row.Household]),
    );
    const sites = plan.flatMap((row) => row.Sites);
    expect(sites.length).toBe(first.task.Sites.length);
    expect(sites.length).toBeGreaterThan(8);
    for (const household of plan) {
      expect(household.HouseMapName).toBe('甲户型');
      expect(household.FloorArea).toBe(120);
      expect(household.Rooms).toEqual([
        { Id: 'r1', Name: '客厅', Polygon: square(0) },
        { Id: 'r2', Name: '卧室', Polygon: square(110) },
      ]);
      for (const site of household.Sites) {
        const own = first.task.Sites.find((row) => row.PointIndex === site.PointIndex);
        expect(own, `site ${site.PointIndex}`).toBeDefined();
        expect([own?.BuildingNumber, own?.Floor, own?.Household]).toEqual([
          household.BuildingNumber,
          household.Floor,
          household.Household,
        ]);
        expect(site.Figures).toEqual(own?.Figures);
        expect(site.WorstGrade).toBe(worst(site.Figures));
        expect(['r1', 'r2']).toContain(site.RoomId);
      }
    }
    // The robot's error rate leaves some rooms failed and some passed.
    expect(new Set(sites.map((site) => site.WorstGrade)).size).toBeGreaterThan(1);
    // The review's plan view of the same task agrees (the same builder).
    const review = await callRouteOk(
      t.app,
      apiRoutes.review.getPlanViewLabelingImages,
      { TaskId: first.taskId },
      { as: first.admin },
    );
    expect(review.flatMap((row) => row.Sites.map((site) => [site.PointIndex, site.WorstGrade]))).toEqual(
      sites.map((site) => [site.PointIndex, site.WorstGrade]),
    );
  });

  it("never shows another company's task: each share answers only its own task", async () => {
    const plan = await callRouteOk(t.app, routes.getSharedPlan, { ShareId: second.shareId });
    expect(plan.every((row) => row.HouseMapName === '乙户型' && row.FloorArea === 75.5)).toBe(true);
    expect(plan.flatMap((row) => row.Sites.map((site) => site.Figures))).toEqual(
      second.task.Sites.map((site) => site.Figures),
    );
    // A share row pointing at a task of another company (a forged row) reaches nothing.
    await t.db.execute(sql`
      insert into report_shares (id, company_id, task_id, created_by, expires_at)
      select 'forged-share-plan', company_id, ${first.taskId}, created_by, expires_at
      from report_shares where id = ${second.shareId}`);
    expect((await callRoute(t.app, routes.getSharedPlan, { ShareId: 'forged-share-plan' })).Code).toBe(404);
  });

  it('answers the same 404 for revoked, expired and unknown shares', async () => {
    const expiring = (
      await callRouteOk(t.app, routes.sharingReport, { TaskId: first.taskId }, { as: first.admin })
    ).ShareId;
    await t.db.execute(
      sql`update report_shares set expires_at = now() - interval '1 second' where id = ${expiring}`,
    );
    await callRouteOk(t.app, routes.revokeShare, { ShareId: first.shareId }, { as: first.admin });
    for (const id of [first.shareId, expiring, `${second.shareId.slice(0, -2)}xx`]) {
      const answer = await callRoute(t.app, routes.getSharedPlan, { ShareId: id });
      expect(answer, id).toMatchObject({ Code: 404, Result: null });
    }
    // The other company's open share still answers.
    expect((await callRoute(t.app, routes.getSharedPlan, { ShareId: second.shareId })).Code).toBe(0);
  });
});
