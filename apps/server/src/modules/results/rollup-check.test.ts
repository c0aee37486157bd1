import { apiRoutes } from '@measure/contract';
import { and, eq } from 'drizzle-orm';
import { quickAddJob, runOnce } from 'graphile-worker';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  floorRollups,
  householdDays,
  itemRollups,
  taskDayRollups,
  taskItemDayRollups,
  tasks,
} from '../../db/schema.ts';
import { jobDefinitions } from '../../jobs/jobs.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRouteOk } from '../../../test/call-route.ts';
import {
  assignHouseType,
  buildCompany,
  buildDevice,
  buildHouseType,
  buildProject,
  buildUser,
} from '../../../test/factories.ts';
import { checkRollups } from './rollup-check.ts';
import { buildTask } from '../../../test/task-factories.ts';

let t: TestApp;
let taskId: string;
let planner: { token: string };
const warnings: unknown[] = [];
const log = { warn: (entry: unknown) => warnings.push(entry), info: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  planner = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  const device = await buildDevice(t, { companyId });
  const projectId = (await buildProject(t, { companyId })).id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 2 });
  taskId = await buildTask(t, planner, {
    ProjectId: projectId,
    ItemCodes: ['PL-01'],
    DeviceGuid: device.id,
  });
  await callRouteOk(
    t.app,
    apiRoutes.resultsDevice.results,
    {
      TaskId: taskId,
      Source: 'robot',
      Sites: [1, 2, 3].map((index) => ({
        PointIndex: index,
        BuildingNumber: '1#',
        Floor: 1,
        Household: 1,
        Readings: [{ ItemCode: 'PL-01', Values: [1, 5, 20] }],
      })),
    } as never,
    { headers: { authorization: `Device ${device.key}`, 'idempotency-key': 'one' } },
  );
});
afterAll(async () => t.close());

const figures = async () =>
  (await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: planner })).Figures;

describe('nightly rollup check', () => {
  it('finds nothing to repair after ingestion', async () => {
    expect(await checkRollups(t.db, log)).toMatchObject({ tasksRepaired: 0, rowsDiffering: 0 });
  });

  it('logs and repairs rollups that drifted from the readings', async () => {
    const before = await figures();
    await t.db.update(itemRollups).set({ qualified: 99 }).where(eq(itemRollups.taskId, taskId));
    await t.db.delete(floorRollups).where(and(eq(floorRollups.taskId, taskId), eq(floorRollups.floor, 1)));
    expect(await figures()).not.toEqual(before);
    const report = await checkRollups(t.db, log);
    // The day rollups followed the two changed rows (triggers): an item day and a day differ too.
    expect(report).toMatchObject({ tasksRepaired: 1, rowsDiffering: 4 });
    expect(warnings).toHaveLength(1);
    expect(await figures()).toEqual(before);
  });

  it('keeps the day rollups and household days equal to their sources, and repairs them alone', async () => {
    const sums = async () => {
      const floors = await t.db.select().from(floorRollups).where(eq(floorRollups.taskId, taskId));
      const items = await t.db.select().from(itemRollups).where(eq(itemRollups.taskId, taskId));
      const days = await t.db.select().from(taskDayRollups).where(eq(taskDayRollups.taskId, taskId));
      const itemDays = await t.db
        .select()
        .from(taskItemDayRollups)
        .where(eq(taskItemDayRollups.taskId, taskId));
      const total = (rows: { qualified: number; unqualified: number; sites: number }[]) =>
        rows.reduce((sum, row) => sum + row.qualified * 1e6 + row.unqualified * 1e3 + row.sites, 0);
      const households = await t.db.select().from(householdDays).where(eq(householdDays.taskId, taskId));
      return {
        floors: total(floors),
        days: total(days),
        items: total(items),
        itemDays: total(itemDays),
        households: households.map((row) => [row.floor, row.household, row.sites, row.judgedSites]),
      };
    };
    const before = await sums();
    expect(before.floors).toBeGreaterThan(0);
    expect(before.days).toBe(before.floors);
    expect(before.itemDays).toBe(before.items);
    expect(before.households).toEqual([[1, 1, 3, 3]]);
    await t.db.update(taskDayRollups).set({ sites: 77 }).where(eq(taskDayRollups.taskId, taskId));
    await t.db.delete(taskItemDayRollups).where(eq(taskItemDayRollups.taskId, taskId));
    await t.db.update(householdDays).set({ judgedSites: 0 }).where(eq(householdDays.taskId, taskId));
    expect(await checkRollups(t.db, log)).toMatchObject({ tasksRepaired: 1, rowsDiffering: 3 });
    expect(await sums()).toEqual(before);
  });

  it("carries the task's stage, kinds and state in the day rollups, follows a change, repairs a drift", async () => {
    const attributes = async () => {
      const rows = [
        ...(await t.db.select().from(taskDayRollups).where(eq(taskDayRollups.taskId, taskId))),
        ...(await t.db.select().from(taskItemDayRollups).where(eq(taskItemDayRollups.taskId, taskId))),
      ];
      return [
        ...new Set(
          rows.map((row) => `${row.stage}/${row.inspectionKind}/${row.measureKind}/${row.cancelled}`),
        ),
      ];
    };
    const [task] = await t.db.select().from(tasks).where(eq(tasks.id, taskId));
    const live = `${task!.stage}/${task!.inspectionKind}/${task!.measureKind}/false`;
    expect(await attributes()).toEqual([live]);

    await t.db.update(tasks).set({ state: 'cancelled' }).where(eq(tasks.id, taskId));
    expect(await attributes()).toEqual([live.replace(/false$/, 'true')]);
    await t.db.update(tasks).set({ state: task!.state }).where(eq(tasks.id, taskId));
    expect(await attributes()).toEqual([live]);

    await t.db.update(taskDayRollups).set({ stage: 'other' }).where(eq(taskDayRollups.taskId, taskId));
    await t.db
      .update(taskItemDayRollups)
      .set({ cancelled: true })
      .where(eq(taskItemDayRollups.taskId, taskId));
    expect(await checkRollups(t.db, log)).toMatchObject({ tasksRepaired: 1, rowsDiffering: 2 });
    expect(await attributes()).toEqual([live]);
  });

  it('runs as a graphile-worker job', async () => {
    await t.db.update(itemRollups).set({ warning: 42 }).where(eq(itemRollups.taskId, taskId));
    const pool = new pg.Pool({ connectionString: t.connectionString, max: 2 });
    try {
      await quickAddJob({ pgPool: pool }, 'results:checkRollups', {});
      const silent = { warn: () => {}, info: () => {}, error: () => {}, debug: () => {} };
      await runOnce({ pgPool: pool, taskList: jobDefinitions(t.db, silent as never).tasks });
    } finally {
      await pool.end();
    }
    const rows = await t.db.select().from(itemRollups).where(eq(itemRollups.taskId, taskId));
    expect(rows.every((row) => row.warning !== 42)).toBe(true);
  });
});
