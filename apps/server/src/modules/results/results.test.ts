import { apiRoutes, type Figures, type ResultBatch, type WorkPackage } from '@measure/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteHistory, siteReadings, taskSites } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk, callRouteResponse } from '../../../test/call-route.ts';
import {
  assignHouseType,
  buildCompany,
  buildDevice,
  buildHouseType,
  buildProject,
  buildUser,
  type BuiltUser,
} from '../../../test/factories.ts';
import { figuresOfTally, tally } from '../../../test/recompute.ts';
import { buildTask } from '../../../test/task-factories.ts';

let t: TestApp;
let planner: BuiltUser;
let device: { id: string; key: string };
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  planner = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  device = await buildDevice(t, { companyId });
  projectId = (await buildProject(t, { companyId, buildings: [{ number: '1#', stories: 6, households: 2 }] }))
    .id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 6 });
});
afterAll(async () => t.close());

const asDevice = (key = device.key, idempotencyKey?: string) => ({
  headers: {
    authorization: `Device ${key}`,
    ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
  },
});

async function plannedTask(itemCodes = ['PL-01', 'PL-05', 'PL-06']): Promise<string> {
  return buildTask(t, planner, {
    ProjectId: projectId,
    Households: [1, 2].map((floor) => ({ BuildingNumber: '1#', Floor: floor, Household: 1 })),
    ItemCodes: itemCodes,
    DeviceGuid: device.id,
  });
}

const send = (taskId: string, batch: ResultBatch, key: string, deviceKey = device.key) =>
  callRouteResponse(
    t.app,
    apiRoutes.resultsDevice.results,
    { TaskId: taskId, ...batch } as never,
    asDevice(deviceKey, key),
  );

/** The shared independent judging of test/recompute.ts, as Figures. */
const recompute = (work: WorkPackage, sites: ResultBatch['Sites']): Figures =>
  figuresOfTally(tally(work.Items, sites));

const site = (index: number, floor: number, readings: ResultBatch['Sites'][number]['Readings']) => ({
  PointIndex: index,
  BuildingNumber: '1#',
  Floor: floor,
  Household: 1,
  Name: `墙 ${index}`,
  Surface: 'wall' as const,
  AreaM2: 8.5,
  MeasuredAt: '2026-11-22T09:30:00Z',
  Readings: readings,
});

describe('results from a robot', () => {
  it('plays a robot end to end, and every figure equals a recomputation from what it sent', async () => {
    const taskId = await plannedTask();
    const work = await callRouteOk(t.app, apiRoutes.taskDevice.workPackage, { TaskId: taskId }, asDevice());
    await callRouteOk(t.app, apiRoutes.taskDevice.start, { TaskId: taskId }, asDevice());
    const first: ResultBatch['Sites'] = [
      site(1, 1, [
        {
          ItemCode: 'PL-01',
          Values: [1.5, 3.5, 4, 9],
          Rulers: [1, 2, 3, 4].map(() => ({ X1: 0, Y1: 0, X2: 1, Y2: 1 })),
        },
        { ItemCode: 'PL-05', Values: [2801, 2830], DesignValue: 2800 },
      ]),
      site(2, 1, [
        { ItemCode: 'PL-01', Values: [0.5, 1] },
        { ItemCode: 'PL-06', Values: [2800, 2803, 2811] },
        { ItemCode: 'PL-05', Values: [2790] },
      ]),
    ];
    const answer = await send(taskId, { Source: 'robot', Sites: first }, 'batch-1');
    expect(answer.body.Code, JSON.stringify(answer.body)).toBe(0);
    expect(answer.body.Result).toEqual({ Sites: 2, Readings: 12, Figures: recompute(work, first) });
    const second: ResultBatch['Sites'] = [site(3, 2, [{ ItemCode: 'PL-01', Values: [2, 2.5, 30] }])];
    expect((await send(taskId, { Source: 'robot', Sites: second }, 'batch-2')).body.Code).toBe(0);

    let task = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: planner });
    expect(task.State).toBe('inProgress');
    expect(task.Figures).toEqual(recompute(work, [...first, ...second]));
    for (const item of task.Items) {
      const only = [...first, ...second]
        .map((s) => ({ ...s, Readings: s.Readings.filter((r) => r.ItemCode === item.ItemCode) }))
        .filter((s) => s.Readings.length > 0);
      expect(item.Figures, item.ItemCode).toEqual(recompute(work, only));
    }
    expect(task.Sites.map((s) => s.Figures)).toEqual([...first, ...second].map((s) => recompute(work, [s])));

    // A correction replaces site 1 and keeps the old version in its history.
    const corrected: ResultBatch['Sites'] = [site(1, 1, [{ ItemCode: 'PL-01', Values: [1, 2] }])];
    expect((await send(taskId, { Source: 'robot', Sites: corrected }, 'batch-3')).body.Code).toBe(0);
    task = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: planner });
    expect(task.Figures).toEqual(recompute(work, [...corrected, first[1]!, ...second]));
    const history = await t.db
      .select()
      .from(siteHistory)
      .where(and(eq(siteHistory.taskId, taskId), eq(siteHistory.pointIndex, 1)));
    expect(history).toHaveLength(1);
    expect(history[0]?.version).toBe(1);
    expect((history[0]?.snapshot.readings as unknown[]).length).toBe(2);

    // The task list shows the same figures; finishing moves the task on.
    const list = await callRouteOk(
      t.app,
      apiRoutes.tasks.getTaskList,
      { ProjectId: projectId, PageSize: 50 },
      { as: planner },
    );
    expect(list.Items.find((row) => row.TaskId === taskId)?.Figures).toEqual(task.Figures);
    expect(
      (await callRouteOk(t.app, apiRoutes.taskDevice.finish, { TaskId: taskId }, asDevice())).State,
    ).toBe('uploaded');
  });

  it('answers a replayed key with the same result and stores nothing twice; another body is 409', async () => {
    const taskId = await plannedTask(['PL-01']);
    const batch: ResultBatch = {
      Source: 'robot',
      Sites: [site(1, 1, [{ ItemCode: 'PL-01', Values: [1, 2] }])],
    };
    const first = await send(taskId, batch, 'same-key');
    const again = await send(taskId, batch, 'same-key');
    expect(again.body).toEqual(first.body);
    const count = await t.db
      .select({ n: sql<number>`count(*)` })
      .from(siteReadings)
      .where(eq(siteReadings.taskId, taskId));
    expect(Number(count[0]?.n)).toBe(1);
    const history = await t.db.select().from(siteHistory).where(eq(siteHistory.taskId, taskId));
    expect(history).toHaveLength(0);
    const other = await send(
      taskId,
      { ...batch, Sites: [site(1, 1, [{ ItemCode: 'PL-01', Values: [3] }])] },
      'same-key',
    );
    expect(other.body.Code).toBe(409);
    const missing = await callRouteResponse(
      t.app,
      apiRoutes.resultsDevice.results,
      { TaskId: taskId, ...batch } as never,
      asDevice(),
    );
    expect(missing.body.Code).toBe(400);
    expect(JSON.stringify(missing.body.Result)).toContain('Idempotency-Key');
  });

  it('refuses bad batches with their own message, stores nothing, and takes the next valid one', async () => {
    const taskId = await plannedTask(['PL-01', 'PL-06']);
    const good = site(1, 1, [{ ItemCode: 'PL-01', Values: [1] }]);
    const cases: [ResultBatch['Sites'], string, string][] = [
      [
        [{ ...good, ItemCode: undefined, Readings: [{ ItemCode: 'XX-9', Values: [1] }] } as never],
        'Sites[0].Readings[0].ItemCode',
        'XX-9',
      ],
      [[{ ...good, Floor: 5 }], 'Sites[0]', '不在该任务中'],
      [[{ ...good, RoomId: 'no-room' }], 'Sites[0].RoomId', 'no-room'],
      [
        [{ ...good, Readings: [{ ItemCode: 'PL-01', Values: [20_001] }] }],
        'Sites[0].Readings[0].Values[0]',
        '20000',
      ],
      [[good, { ...good }], 'Sites[1].PointIndex', '两次'],
      [
        [
          {
            ...good,
            Readings: [
              { ItemCode: 'PL-01', Values: Array(15_000).fill(1) },
              { ItemCode: 'PL-06', Values: Array(6_000).fill(1) },
            ],
          },
        ],
        'Sites[0].Readings',
        '21000',
      ],
      [
        [
          {
            ...good,
            Readings: [{ ItemCode: 'PL-01', Values: [1, 2], Rulers: [{ X1: 0, Y1: 0, X2: 1, Y2: 1 }] }],
          },
        ],
        'Sites[0].Readings[0].Rulers',
        '标尺',
      ],
    ];
    for (const [sites, field, text] of cases) {
      const answer = await send(taskId, { Source: 'robot', Sites: sites }, `bad-${field}`);
      expect(answer.body.Code, field).toBe(400);
      const problems = answer.body.Result as unknown as { Field: string; Message: string }[];
      expect(problems[0]?.Field, JSON.stringify(answer.body)).toBe(field);
      expect(problems[0]?.Message).toContain(text);
    }
    const stored = await t.db.select().from(taskSites).where(eq(taskSites.taskId, taskId));
    expect(stored).toHaveLength(0);
    const task = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: planner });
    expect(task.State).toBe('pending');
    expect((await send(taskId, { Source: 'robot', Sites: [good] }, 'good')).body.Code).toBe(0);
  });

  it('takes a batch over 64 kB (parsed in turns) like a small one: errors on their field, replay, 409', async () => {
    const taskId = await plannedTask(['PL-01']);
    const values = (index: number) => Array.from({ length: 300 }, (_, v) => ((index + v) % 40) / 10);
    const sites = Array.from({ length: 60 }, (_, index) =>
      site(index + 1, 1 + (index % 2), [{ ItemCode: 'PL-01', Values: values(index) }]),
    );
    expect(JSON.stringify(sites).length).toBeGreaterThan(64 * 1024);
    const wrong: [ResultBatch['Sites'][number], string][] = [
      [
        { ...sites[57]!, Readings: [{ ItemCode: 'PL-01', Values: [1, 'x' as never] }] },
        'Sites[57].Readings[0].Values[1]',
      ],
      [{ ...sites[57]!, Readings: [{ ItemCode: 'XX-9', Values: [1] }] }, 'Sites[57].Readings[0].ItemCode'],
    ];
    for (const [bad, field] of wrong) {
      const answer = await send(
        taskId,
        { Source: 'robot', Sites: [...sites.slice(0, 57), bad, ...sites.slice(58)] },
        field,
      );
      expect(answer.body.Code, field).toBe(400);
      expect((answer.body.Result as unknown as { Field: string }[])[0]?.Field).toBe(field);
    }
    expect(await t.db.select().from(taskSites).where(eq(taskSites.taskId, taskId))).toHaveLength(0);

    const batch: ResultBatch = { Source: 'robot', Sites: sites };
    const first = await send(taskId, batch, 'big');
    expect(first.body.Code).toBe(0);
    expect(first.body.Result).toMatchObject({ Sites: 60, Readings: 18_000 });
    expect((await send(taskId, batch, 'big')).body).toEqual(first.body);
    const changed = { ...batch, Sites: [...sites.slice(0, 59), { ...sites[59]!, Name: 'changed' }] };
    expect((await send(taskId, changed, 'big')).body.Code).toBe(409);
  });

  it('keeps devices to their own tasks and refuses closed tasks', async () => {
    const taskId = await plannedTask(['PL-01']);
    const batch: ResultBatch = { Source: 'robot', Sites: [site(1, 1, [{ ItemCode: 'PL-01', Values: [1] }])] };
    const other = await buildDevice(t, { companyId: (await buildCompany(t)).id });
    expect((await send(taskId, batch, 'k1', other.key)).body.Code).toBe(404);
    expect((await send(taskId, batch, 'k1', 'wrong-key')).status).toBe(401);
    await callRouteOk(t.app, apiRoutes.tasks.cancelTask, { TaskId: taskId }, { as: planner });
    // The task's state in the reader's words, not the API's value.
    expect((await send(taskId, batch, 'k2')).body).toMatchObject({
      Code: 409,
      Message: '任务状态为“已取消”，不能再上传数据',
    });
    const english = await callRouteResponse(
      t.app,
      apiRoutes.taskDevice.start,
      { TaskId: taskId },
      { ...asDevice(), lang: 'en-US' },
    );
    expect(english.body).toMatchObject({
      Code: 409,
      Message: 'The task is in state "cancelled" and cannot be started',
    });
    const session = await callRoute(
      t.app,
      apiRoutes.resultsDevice.results,
      { TaskId: taskId, ...batch } as never,
      {
        as: planner,
        headers: { 'idempotency-key': 'k3' },
      },
    );
    expect(session.Code).toBe(401);
  });
});
