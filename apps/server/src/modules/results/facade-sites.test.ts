import { apiRoutes, type ResultBatch } from '@measure/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  floorRollups,
  householdDays,
  siteHistory,
  taskDayRollups,
  taskItemDayRollups,
  taskSites,
} from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRouteOk, callRouteResponse } from '../../../test/call-route.ts';
import { buildCompany, buildDevice, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { buildFacadeTask, facadeSite, setExternalWall } from '../../../test/facade-factories.ts';
import { buildPlannedProject, buildTask } from '../../../test/task-factories.ts';

/** Issue 33: facade sites from devices and their placement rules (measurement-api.md section 9). */
let t: TestApp;
let planner: BuiltUser;
let device: { id: string; key: string };
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  await setExternalWall(t, companyId);
  planner = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  device = await buildDevice(t, { companyId });
  projectId = await buildPlannedProject(t, { companyId, stories: 6, households: 2 });
});
afterAll(async () => t.close());

const facadeTask = () => buildFacadeTask(t, planner, { ProjectId: projectId, DeviceGuid: device.id });

const send = (taskId: string, sites: ResultBatch['Sites'], key: string) =>
  callRouteResponse(
    t.app,
    apiRoutes.resultsDevice.results,
    { TaskId: taskId, Source: 'scanner', Sites: sites } as never,
    { headers: { authorization: `Device ${device.key}`, 'idempotency-key': key } },
  );

const sitesOf = (taskId: string) => t.db.select().from(taskSites).where(eq(taskSites.taskId, taskId));

describe('facade sites', () => {
  it('stores panels by side and X/Z, counts them for the task, never for a household', async () => {
    const taskId = await facadeTask();
    const batch = [
      facadeSite(1, 'N', 1, 0, 4),
      // Edges that meet are no overlap.
      facadeSite(2, 'N', 1, 4, 4, [{ ItemCode: 'EW-ST-02', Values: [12] }]),
      facadeSite(3, 'n', 2, 0, 20),
      facadeSite(4, 'E', 3, 6, 6),
    ];
    const answer = await send(taskId, batch, 'panels');
    expect(answer.body.Code, JSON.stringify(answer.body)).toBe(0);
    // EW-ST-01 [0, 8] warning above 6.5: 3 qualified, 9 unqualified, three times; EW-ST-02 [0, 10]: 12 unqualified.
    expect(answer.body.Result).toMatchObject({ Sites: 4, Readings: 7 });
    const stored = (await sitesOf(taskId)).sort((a, b) => a.pointIndex - b.pointIndex);
    expect(
      stored.map((site) => [
        site.pointIndex,
        site.side,
        site.household,
        site.floor,
        site.x0,
        site.x1,
        site.z0,
        site.z1,
      ]),
    ).toEqual([
      [1, 'N', null, 1, 0, 4, 0, 3],
      [2, 'N', null, 1, 4, 8, 0, 3],
      [3, 'N', null, 2, 0, 20, 3, 6],
      [4, 'E', null, 3, 6, 12, 6, 9],
    ]);
    expect(stored.map((site) => [site.surface, site.roomId, site.name])).toContainEqual([
      'facade',
      null,
      '1#-N-1 #1',
    ]);

    const detail = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: planner });
    expect(
      detail.Sites.map((site) => [site.PointIndex, site.Side, site.Household, site.X0, site.Z1]),
    ).toEqual([
      [1, 'N', null, 0, 3],
      [2, 'N', null, 4, 3],
      [3, 'N', null, 0, 6],
      [4, 'E', null, 6, 9],
    ]);
    expect(detail.Figures).toMatchObject({ Sites: 4, Qualified: 3, Unqualified: 4 });
    const floors = await t.db.select().from(floorRollups).where(eq(floorRollups.taskId, taskId));
    expect(floors.reduce((sum, row) => sum + row.sites, 0)).toBe(4);
    expect(await t.db.select().from(householdDays).where(eq(householdDays.taskId, taskId))).toEqual([]);
    const days = await t.db.select().from(taskDayRollups).where(eq(taskDayRollups.taskId, taskId));
    expect(days.map((row) => [row.taskKind, row.sites])).toEqual([['externalWall', 4]]);
    const items = await t.db.select().from(taskItemDayRollups).where(eq(taskItemDayRollups.taskId, taskId));
    expect(items.map((row) => row.taskKind)).toEqual(['externalWall', 'externalWall']);
  });

  it('takes the same PointIndex again as a correction, its history keeping the facade place', async () => {
    const taskId = await facadeTask();
    expect(
      (await send(taskId, [facadeSite(1, 'N', 1, 0, 4), facadeSite(2, 'N', 1, 4, 4)], 'a')).body.Code,
    ).toBe(0);
    // Panel 1 moved onto where it overlaps its old self: a correction, not an overlap.
    const moved = await send(taskId, [facadeSite(1, 'N', 1, 0.5, 3.5)], 'b');
    expect(moved.body.Code, JSON.stringify(moved.body)).toBe(0);
    const stored = (await sitesOf(taskId)).find((site) => site.pointIndex === 1);
    expect([stored?.x0, stored?.x1, stored?.version]).toEqual([0.5, 4, 2]);
    const [history] = await t.db.select().from(siteHistory).where(eq(siteHistory.taskId, taskId));
    expect(history?.snapshot).toMatchObject({ side: 'N', x0: 0, x1: 4, z0: 0, z1: 3, household: null });
  });

  it('refuses every bad placement naming its field, and stores nothing', async () => {
    const taskId = await facadeTask();
    expect((await send(taskId, [facadeSite(1, 'N', 1, 0, 4)], 'first')).body.Code).toBe(0);
    const good = facadeSite(10, 'E', 1, 0, 3);
    const cases: [ResultBatch['Sites'], string, string][] = [
      [
        [{ ...good, Side: null, X0: null, X1: null, Z0: null, Z1: null, Household: 1 }],
        'Sites[0].Side',
        'Side',
      ],
      [[{ ...good, Side: 'S' }], 'Sites[0].Side', 'S'],
      [[{ ...good, Side: 'S'.repeat(17) }], 'Sites[0].Side', '16'],
      [[{ ...good, BuildingNumber: '2#' }], 'Sites[0].BuildingNumber', '2#'],
      [[{ ...good, Floor: 4 }], 'Sites[0].Floor', '1–3'],
      [[{ ...good, X0: 10, X1: 12.5 }], 'Sites[0].X1', '12'],
      [[{ ...good, X0: -1 }], 'Sites[0].X0', '1000'],
      [[{ ...good, X1: 0 }], 'Sites[0].X1', '结束坐标'],
      [[{ ...good, Z0: 3, Z1: 3 }], 'Sites[0].Z1', '结束坐标'],
      [[{ ...good, Household: 1 }], 'Sites[0].Household', '立面'],
      [[{ ...good, RoomId: 'r-living' }], 'Sites[0].RoomId', 'RoomId'],
      [
        [{ ...good, Readings: [{ ItemCode: 'ST-01', Values: [1] }] }],
        'Sites[0].Readings[0].ItemCode',
        'ST-01',
      ],
      // Against a stored panel of another PointIndex, and inside the batch.
      [[facadeSite(11, 'N', 1, 3, 2)], 'Sites[0].X0', '1'],
      [[good, facadeSite(12, 'e', 1, 2.5, 3)], 'Sites[1].X0', '10'],
    ];
    for (const [sites, field, text] of cases) {
      const answer = await send(taskId, sites, `bad-${field}-${text}`);
      expect(answer.body.Code, `${field} ${JSON.stringify(answer.body)}`).toBe(400);
      const problems = answer.body.Result as unknown as { Field: string; Message: string }[];
      expect(problems[0]?.Field, JSON.stringify(answer.body)).toBe(field);
      expect(problems[0]?.Message).toContain(text);
    }
    expect((await sitesOf(taskId)).map((site) => site.pointIndex)).toEqual([1]);
    expect((await send(taskId, [good], 'good')).body.Code).toBe(0);
  });

  it('refuses a facade site on an indoor task', async () => {
    const indoor = await buildTask(t, planner, {
      ProjectId: projectId,
      Stage: 'structure',
      DeviceGuid: device.id,
    });
    const answer = await send(
      indoor,
      [facadeSite(1, 'N', 1, 0, 4, [{ ItemCode: 'ST-01', Values: [1] }])],
      'x',
    );
    expect(answer.body.Code).toBe(400);
    expect(answer.body.Result).toEqual([{ Field: 'Sites[0].Side', Message: '户内任务的测区不能按立面定位' }]);
    expect(await sitesOf(indoor)).toEqual([]);
  });
});
