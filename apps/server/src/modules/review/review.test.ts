import {
  apiRoutes,
  PLAN_GRADE_FILL,
  type ReviewSite,
  type TaskDetail,
  worstPlanGrade,
} from '@measure/contract';
import { runRobot } from '@measure/robot';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteChanges, siteReadings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import {
  assignHouseType,
  buildAdmin,
  buildCompany,
  buildDevice,
  buildHouseType,
  buildProject,
  buildUser,
  type BuiltUser,
} from '../../../test/factories.ts';
import { recomputeFromReadings } from '../../../test/review.ts';
import { RollupsRepository } from '../results/rollups-repository.ts';
import { buildTask } from '../../../test/task-factories.ts';

const routes = apiRoutes.review;
let t: TestApp;
let companyId: string;
let houseMapId: string;
let reviewer: BuiltUser;
let surveyor: BuiltUser;
let stranger: BuiltUser;
let taskId: string;
let projectId: string;
let device: { id: string; key: string };

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t)).id;
  reviewer = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  surveyor = await buildUser(t, { companyId, roles: ['Surveyor'] });
  stranger = await buildAdmin(t, { companyId: (await buildCompany(t)).id });
  device = await buildDevice(t, { companyId });
  projectId = (await buildProject(t, { companyId })).id;
  houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 2 });
  taskId = await buildTask(t, reviewer, {
    ProjectId: projectId,
    ItemCodes: ['PL-01', 'PL-02'],
    DeviceGuid: device.id,
  });
  const server = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // The robot measures the household through the device API (pictures by tus) and finishes: uploaded.
  await runRobot({ server, key: device.key, seed: 15, errorRate: 0.2, batchSites: 5 });
}, 60_000);
afterAll(async () => t.close());

const task = () => callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: reviewer });
const site = (pointIndex: number) =>
  callRouteOk(t.app, routes.getMsPicDto, { TaskId: taskId, PointIndex: pointIndex }, { as: reviewer });

/** Task, item and site figures and the rollups all equal a recomputation from the stored readings. */
async function expectFiguresCurrent(detail?: TaskDetail): Promise<void> {
  const current = detail ?? (await task());
  const expected = await recomputeFromReadings(t, companyId, current);
  expect(current.Figures).toEqual(expected.task);
  for (const item of current.Items) {
    if (expected.items.has(item.ItemCode)) expect(item.Figures).toEqual(expected.items.get(item.ItemCode));
  }
  for (const row of current.Sites) expect(row.Figures).toEqual(expected.sites.get(row.PointIndex));
  // Per building and floor: measured places equal the recomputation, the others have no values.
  expect(current.Floors.length).toBeGreaterThan(0);
  for (const row of current.Floors) {
    const recomputed = expected.floors.get(`${row.BuildingNumber}|${row.Floor}`);
    if (recomputed) expect(row.Figures).toEqual(recomputed);
    else expect([row.Figures.Total, row.Figures.Sites]).toEqual([0, 0]);
  }
  for (const row of current.Buildings) {
    const recomputed = expected.buildings.get(row.BuildingNumber);
    if (recomputed) expect(row.Figures).toEqual(recomputed);
    else expect([row.Figures.Total, row.Figures.Sites]).toEqual([0, 0]);
  }
  expect(current.Floors.filter((row) => row.Figures.Sites > 0)).toHaveLength(expected.floors.size);
  expect(await new RollupsRepository(t.db).differences(companyId)).toEqual([]);
  // The project's and the analysis figures too: this task holds the project's only readings here.
  const quality = await callRouteOk(
    t.app,
    apiRoutes.analysis.getQualityAnalysisData,
    { ProjectId: projectId, Stage: 'plaster', StartDate: '2020-01-01' },
    { as: reviewer },
  );
  expect(quality.Figures).toEqual(expected.task);
  expect(quality.ByProject.map((row) => [row.ProjectId, row.Figures])).toEqual([[projectId, expected.task]]);
}

/** A site and an item of it with at least two values (absolute mode: PL-01). */
async function pickSite(): Promise<{ view: ReviewSite; itemCode: string }> {
  for (const row of (await task()).Sites) {
    const view = await site(row.PointIndex);
    const reading = view.Readings.find((r) => r.ItemCode === 'PL-01' && r.Values.length >= 2);
    if (reading && view.Pictures.length > 0) return { view, itemCode: reading.ItemCode };
  }
  throw new Error('no site with two PL-01 values and a picture');
}

const changeCount = async () =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(siteChanges)
      .where(and(eq(siteChanges.companyId, companyId), eq(siteChanges.taskId, taskId)))
  )[0]?.n;

describe('reviewing a site', () => {
  it('answers the site with pictures, readings, grades and figures equal to a recomputation', async () => {
    const detail = await task();
    expect(detail.State).toBe('uploaded');
    await expectFiguresCurrent(detail);
    const { view } = await pickSite();
    expect(view.Source).toBe('robot');
    expect(view.Changes).toEqual([]);
    expect(view.Editable).toBe(true);
    const expected = await recomputeFromReadings(t, companyId, detail);
    expect(view.Figures).toEqual(expected.sites.get(view.PointIndex));
    for (const reading of view.Readings) {
      expect(reading.Valid).toEqual(reading.Values.map(() => true));
      expect(reading.Rulers).toHaveLength(reading.Values.length);
    }
  });

  it('serves the picture and an annotated PNG with the session, company-scoped', async () => {
    const { view } = await pickSite();
    const picture = view.Pictures[0] as ReviewSite['Pictures'][number];
    const auth = { authorization: `Bearer ${reviewer.token}` };
    const plain = await t.app.inject({ method: 'GET', url: picture.Url, headers: auth });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain('image/png');
    const annotated = await t.app.inject({ method: 'GET', url: picture.AnnotatedUrl, headers: auth });
    expect(annotated.statusCode).toBe(200);
    expect(annotated.headers['content-type']).toContain('image/png');
    // Same size (IHDR width and height), other pixels: the rulers are drawn in.
    expect(annotated.rawPayload.subarray(16, 24)).toEqual(plain.rawPayload.subarray(16, 24));
    expect(annotated.rawPayload.equals(plain.rawPayload)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: picture.Url })).statusCode).toBe(401);
    const foreign = await t.app.inject({
      method: 'GET',
      url: picture.Url,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(foreign.json()).toMatchObject({ Code: 404 });
    const unnamed = picture.Url.replace(/\/[^/]+$/, '/not-a-picture');
    expect((await t.app.inject({ method: 'GET', url: unnamed, headers: auth })).json()).toMatchObject({
      Code: 404,
    });
  });

  it('marks a value invalid and corrects a value; figures and rollups follow, the trail records both', async () => {
    const { view, itemCode } = await pickSite();
    const ref = { TaskId: taskId, PointIndex: view.PointIndex, ItemCode: itemCode };
    const invalid = await callRouteOk(
      t.app,
      routes.updateRulerSetting,
      { ...ref, RulerIndex: 0, Valid: false },
      { as: reviewer },
    );
    let after = await site(view.PointIndex);
    expect(after.Figures).toEqual(invalid);
    expect(after.Readings.find((r) => r.ItemCode === itemCode)?.Valid[0]).toBe(false);
    expect(invalid.Total).toBe(view.Figures.Total - 1);
    await expectFiguresCurrent();

    // An exploded value (far beyond the standard) makes the site exploded.
    const corrected = await callRouteOk(
      t.app,
      routes.updateWallRuler,
      { ...ref, RulerIndex: 1, Value: 900, Ruler: { X1: 10, Y1: 20, X2: 1500, Y2: 20 } },
      { as: reviewer },
    );
    after = await site(view.PointIndex);
    expect(after.Figures).toEqual(corrected);
    expect(corrected.ExplodedSites).toBe(1);
    const reading = after.Readings.find((r) => r.ItemCode === itemCode);
    expect(reading?.Values[1]).toBe(900);
    expect(reading?.Grades[1]).toBe('exploded');
    expect(reading?.Rulers?.[1]).toEqual({ X1: 10, Y1: 20, X2: 1500, Y2: 20 });
    await expectFiguresCurrent();

    expect(after.Changes.map((c) => [c.Kind, c.ItemCode, c.RulerIndex, c.UserName])).toEqual([
      ['valid', itemCode, 0, reviewer.name],
      ['value', itemCode, 1, reviewer.name],
    ]);
    expect(after.Changes[0]?.Before.Valid).toBe(true);
    expect(after.Changes[0]?.After.Valid).toBe(false);
    expect(after.Changes[1]?.Before.Value).toBe(
      view.Readings.find((r) => r.ItemCode === itemCode)?.Values[1],
    );
    expect(after.Changes[1]?.After.Value).toBe(900);

    // Valid again: the value counts again.
    await callRouteOk(
      t.app,
      routes.updateRulerSetting,
      { ...ref, RulerIndex: 0, Valid: true },
      { as: reviewer },
    );
    await expectFiguresCurrent();
  });

  it('serialises changes made at once on one site (the task lock): all land, rollups stay current', async () => {
    const { view, itemCode } = await pickSite();
    const ref = { TaskId: taskId, PointIndex: view.PointIndex, ItemCode: itemCode };
    const before = await changeCount();
    const answers = await Promise.all([
      callRoute(t.app, routes.updateRulerSetting, { ...ref, RulerIndex: 0, Valid: false }, { as: reviewer }),
      callRoute(t.app, routes.updateRulerSetting, { ...ref, RulerIndex: 1, Valid: false }, { as: reviewer }),
      callRoute(t.app, routes.updateWallRuler, { ...ref, RulerIndex: 0, Value: 2.5 }, { as: reviewer }),
    ]);
    expect(answers.map((answer) => answer.Code)).toEqual([0, 0, 0]);
    expect(await changeCount()).toBe((before ?? 0) + 3);
    const reading = (await site(view.PointIndex)).Readings.find((r) => r.ItemCode === itemCode);
    expect(reading?.Valid.slice(0, 2)).toEqual([false, false]);
    expect(reading?.Values[0]).toBe(2.5);
    await expectFiguresCurrent();
  });

  it('refuses bad inputs on their field and changes nothing', async () => {
    const { view, itemCode } = await pickSite();
    const before = await t.db
      .select()
      .from(siteReadings)
      .where(and(eq(siteReadings.companyId, companyId), eq(siteReadings.taskId, taskId)));
    const changes = await changeCount();
    const ref = {
      TaskId: taskId,
      PointIndex: view.PointIndex,
      ItemCode: itemCode,
      RulerIndex: 0,
      Valid: false,
    };
    const refused = async (input: typeof ref, field: string, message: RegExp) => {
      const answer = await callRoute(t.app, routes.updateRulerSetting, input, {
        as: reviewer,
        lang: 'en-US',
      });
      expect(answer.Code).toBe(400);
      expect(answer.Result).toEqual([expect.objectContaining({ Field: field })]);
      expect(answer.Message).toMatch(message);
    };
    await refused({ ...ref, PointIndex: 99_999 }, 'PointIndex', /no site number 99999/);
    await refused({ ...ref, RulerIndex: 5000 }, 'RulerIndex', /out of range/);
    await refused({ ...ref, ItemCode: 'PL-99' }, 'ItemCode', /no readings of measure item PL-99/);
    await refused({ ...ref, RulerIndex: -1 }, 'RulerIndex', /ruler number/);
    const tooBig = await callRoute(
      t.app,
      routes.updateWallRuler,
      { ...ref, Value: 50_000 },
      { as: reviewer, lang: 'en-US' },
    );
    expect(tooBig.Code).toBe(400);
    expect(tooBig.Result).toEqual([expect.objectContaining({ Field: 'Value' })]);
    expect(
      (await callRoute(t.app, routes.updateRulerSetting, ref, { as: surveyor })).Code,
      'a surveyor does not review',
    ).toBe(403);
    expect((await callRoute(t.app, routes.updateRulerSetting, ref, { as: stranger })).Code).toBe(404);
    expect((await callRoute(t.app, routes.getMsPicDto, ref, { as: stranger })).Code).toBe(404);
    const after = await t.db
      .select()
      .from(siteReadings)
      .where(and(eq(siteReadings.companyId, companyId), eq(siteReadings.taskId, taskId)));
    expect(after).toEqual(before);
    expect(await changeCount()).toBe(changes);
    await expectFiguresCurrent();
  });

  it('answers the plan view: every household with its sites, worst grade and figures', async () => {
    const detail = await task();
    const plan = await callRouteOk(
      t.app,
      routes.getPlanViewLabelingImages,
      { TaskId: taskId },
      { as: reviewer },
    );
    expect(plan).toHaveLength(1);
    const household = plan[0] as (typeof plan)[number];
    expect(household.HouseMapId).toBe(detail.HouseholdList[0]?.HouseMapId);
    expect(household.Sites.map((s) => s.PointIndex)).toEqual(detail.Sites.map((s) => s.PointIndex));
    for (const row of household.Sites) {
      const figures = detail.Sites.find((s) => s.PointIndex === row.PointIndex)?.Figures;
      expect(row.Figures).toEqual(figures);
      // The items measured at this site only, each once.
      const measured = (await site(row.PointIndex)).Readings.map((reading) => reading.ItemCode);
      expect(row.ItemCodes).toEqual([...new Set(measured)].sort());
      const worst =
        row.Figures.Exploded > 0
          ? 'exploded'
          : row.Figures.Unqualified > 0
            ? 'unqualified'
            : row.Figures.Warning > 0
              ? 'warning'
              : row.Figures.Qualified > 0
                ? 'qualified'
                : null;
      expect(row.WorstGrade).toBe(worst);
    }
    expect(
      (await callRoute(t.app, routes.getPlanViewLabelingImages, { TaskId: taskId }, { as: stranger })).Code,
    ).toBe(404);
  });

  it('draws a household’s plan as an SVG image: rooms filled by the worst grade of their sites, labelled', async () => {
    // The house type gets two rooms, and the robot's sites (sent without rooms) are put in them.
    const square = (x: number) => [
      { X: x, Y: 0 },
      { X: x + 40, Y: 0 },
      { X: x + 40, Y: 40 },
      { X: x, Y: 40 },
    ];
    const admin = await buildAdmin(t, { companyId });
    const saved = await callRoute(
      t.app,
      apiRoutes.houseMaps.saveMeasurePoints,
      {
        HouseMapId: houseMapId,
        MeasurePoints: {
          Rooms: [
            { Id: 'r1', Name: 'Living <1>', Polygon: square(0) },
            { Id: 'r2', Name: 'Bed', Polygon: square(50) },
          ],
          Stations: [{ Id: 's1', X: 20, Y: 20, RoomId: 'r1' }],
          Points: [],
        },
      } as never,
      { as: admin },
    );
    expect(saved.Code).toBe(0);
    await t.db.execute(
      sql`update task_sites set room_id = case when point_index % 2 = 1 then 'r1' else 'r2' end
        where company_id = ${companyId} and task_id = ${taskId}`,
    );
    const [household] = await callRouteOk(
      t.app,
      routes.getPlanViewLabelingImages,
      { TaskId: taskId },
      { as: reviewer },
    );
    if (!household) throw new Error('no household');
    expect(household.Sites.some((site) => site.WorstGrade !== null && site.RoomId === 'r1')).toBe(true);
    const image = (body: object, as = reviewer, language = 'en-US') =>
      t.app.inject({
        method: 'POST',
        url: routes.planViewImage.path,
        headers: { authorization: `Bearer ${as.token}`, 'accept-language': language },
        payload: body,
      });
    const place = {
      TaskId: taskId,
      BuildingNumber: household.BuildingNumber,
      Floor: household.Floor,
      Household: household.Household,
    };
    const answer = await image(place);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('image/svg+xml');
    const rooms = household.MeasurePoints.Rooms;
    expect(rooms.length).toBeGreaterThan(0);
    const fills = [...answer.body.matchAll(/<polygon [^>]*fill="([^"]+)"/g)].map((m) => m[1]);
    expect(fills).toEqual(
      rooms.map(
        (room) =>
          PLAN_GRADE_FILL[worstPlanGrade(household.Sites.filter((s) => s.RoomId === room.Id)) ?? 'none'],
      ),
    );
    for (const room of rooms) {
      const count = household.Sites.filter((s) => s.RoomId === room.Id).length;
      const label = `${room.Name || room.Id} (${count})`.replace('<', '&lt;').replace('>', '&gt;');
      expect(answer.body).toContain(`${label}</text>`);
    }
    expect(answer.body).toContain('Severe deviation</text>');
    expect((await image(place, reviewer, 'zh-CN')).body).toContain('爆点</text>');
    const missing = await image({ ...place, Household: 99 });
    // Refusals are envelopes (HTTP 200, Code 404), as everywhere.
    expect(JSON.parse(missing.body)).toMatchObject({ Code: 404, Message: expect.stringContaining('99') });
    expect(JSON.parse((await image(place, stranger)).body).Code).toBe(404);
  });

  it('refuses a ruler on a reading without rulers, audits only uploaded tasks, changes no cancelled task', async () => {
    const other = await buildTask(t, reviewer, {
      ProjectId: projectId,
      Households: [{ BuildingNumber: '1#', Floor: 2, Household: 1 }],
      ItemCodes: ['PL-01'],
      DeviceGuid: device.id,
    });
    await callRouteOk(
      t.app,
      apiRoutes.resultsDevice.results,
      {
        TaskId: other,
        Source: 'robot',
        Sites: [
          {
            BuildingNumber: '1#',
            Floor: 2,
            Household: 1,
            PointIndex: 1,
            Readings: [{ ItemCode: 'PL-01', Values: [1, 2] }],
          },
        ],
      } as never,
      { headers: { authorization: `Device ${device.key}`, 'idempotency-key': 'review-other' } },
    );
    const ref = { TaskId: other, PointIndex: 1, ItemCode: 'pl-01', RulerIndex: 1 };
    const ruler = await callRoute(
      t.app,
      routes.updateWallRuler,
      { ...ref, Value: 3, Ruler: { X1: 0, Y1: 0, X2: 10, Y2: 0 } },
      { as: reviewer, lang: 'en-US' },
    );
    expect(ruler.Code).toBe(400);
    expect(ruler.Result).toEqual([expect.objectContaining({ Field: 'Ruler' })]);
    // The item code is matched without regard to case; without a ruler the value is corrected.
    const corrected = await callRouteOk(
      t.app,
      routes.updateWallRuler,
      { ...ref, Value: 3.5 },
      { as: reviewer },
    );
    expect(corrected).toMatchObject({ Qualified: 1, Warning: 1, Total: 2 });
    const missing = await callRoute(
      t.app,
      routes.getMsPicDto,
      { TaskId: other, PointIndex: 2 },
      { as: reviewer },
    );
    expect(missing.Code).toBe(400);
    expect(missing.Result).toEqual([expect.objectContaining({ Field: 'PointIndex' })]);
    // In progress: no audit yet.
    expect((await callRoute(t.app, routes.auditTask, { TaskId: other }, { as: reviewer })).Code).toBe(409);
    await callRouteOk(t.app, apiRoutes.tasks.cancelTask, { TaskId: other }, { as: reviewer });
    const cancelled = await callRoute(
      t.app,
      routes.updateRulerSetting,
      { ...ref, Valid: false },
      { as: reviewer },
    );
    expect(cancelled.Code).toBe(409);
    expect((await callRoute(t.app, routes.auditTask, { TaskId: other }, { as: reviewer })).Code).toBe(409);
    await expectFiguresCurrent();
  });

  it('audits an uploaded task once; afterwards every change answers 423', async () => {
    const { view, itemCode } = await pickSite();
    expect((await callRoute(t.app, routes.auditTask, { TaskId: taskId }, { as: surveyor })).Code).toBe(403);
    expect((await callRoute(t.app, routes.auditTask, { TaskId: taskId }, { as: stranger })).Code).toBe(404);
    const audited = await callRouteOk(t.app, routes.auditTask, { TaskId: taskId }, { as: reviewer });
    expect(audited).toEqual({ TaskId: taskId, State: 'completed' });
    expect((await task()).State).toBe('completed');
    expect((await callRoute(t.app, routes.auditTask, { TaskId: taskId }, { as: reviewer })).Code).toBe(409);
    const changes = await changeCount();
    const ref = { TaskId: taskId, PointIndex: view.PointIndex, ItemCode: itemCode, RulerIndex: 0 };
    const locked = await callRoute(
      t.app,
      routes.updateRulerSetting,
      { ...ref, Valid: false },
      { as: reviewer },
    );
    expect(locked.Code).toBe(423);
    expect(
      (await callRoute(t.app, routes.updateWallRuler, { ...ref, Value: 1 }, { as: reviewer, lang: 'en-US' }))
        .Message,
    ).toMatch(/audited/);
    expect(await changeCount()).toBe(changes);
    expect((await site(view.PointIndex)).Editable).toBe(false);
    await expectFiguresCurrent();
  });
});
