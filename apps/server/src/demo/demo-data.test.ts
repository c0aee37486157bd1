import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiRoutes, type Figures, TASK_STATES } from '@measure/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, login } from '../../test/app.ts';
import { callRouteOk } from '../../test/call-route.ts';
import { queryOnce } from '../../test/sql.ts';
import { TEST_PASSWORD_HASH_LOG_N } from '../../test/template.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabaseClient } from '../db/client.ts';
import type { FrozenItem } from '../db/json-types.ts';
import { runMigrations } from '../db/migrate.ts';
import { companies, scans, siteReadings, tasks } from '../db/schema.ts';
import { PasswordHasher } from '../modules/auth/password-hasher.ts';
import { Grade } from '../modules/standards/judging/judge.ts';
import { DEMO_FACADE_TASK } from './demo-facade.ts';
import { seedDatabase } from './seed.ts';

const adminUrl = () => inject('adminDatabaseUrl');
const name = `mc_demo_${randomBytes(6).toString('hex')}`;
const urlOf = (database: string) => {
  const url = new URL(adminUrl());
  url.pathname = `/${database}`;
  return url.toString();
};

let dataDir: string;
let client: ReturnType<typeof createDatabaseClient>;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  await queryOnce(adminUrl(), `CREATE DATABASE ${name}`);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-demo-data-'));
  client = createDatabaseClient(urlOf(name), { max: 5 });
  await runMigrations(client.db);
  const started = Date.now();
  const seeded = await seedDatabase(client.db, new PasswordHasher(TEST_PASSWORD_HASH_LOG_N), {
    demo: true,
    adminEmail: undefined,
    adminPassword: undefined,
    dataDir,
  });
  // Its time is printed on request, never asserted: a loaded machine (CI) takes twice as long.
  if (process.env.DEMO_SEED_TIMING) console.warn(`demo seed: ${Date.now() - started} ms`);
  expect(seeded).toBe('demo');
  app = await buildApp(
    { ...loadConfig({}), dataDir, passwordHashLogN: TEST_PASSWORD_HASH_LOG_N, jobs: false },
    { database: client },
  );
  await app.ready();
  token = await login(app, DEMO.admin.login, DEMO.admin.password);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await client?.close();
  await queryOnce(adminUrl(), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** The test's own grade of a judged value (domain.md section 4), independent of the server's engine. */
function gradeOf(item: FrozenItem, v: number): number {
  if (v >= item.WarnLeft && v <= item.WarnRight) return Grade.qualified;
  if (v >= item.Left && v <= item.Right) return Grade.warning;
  if (v < item.Left - item.Exploded || v > item.Right + item.Exploded) return Grade.exploded;
  return Grade.unqualified;
}

/** A task's figures recomputed from its stored readings (values, valid flags) with its frozen standard. */
async function recompute(taskId: string): Promise<Figures> {
  const [task] = await client.db.select().from(tasks).where(eq(tasks.id, taskId));
  if (!task) throw new Error('no task');
  const rows = await client.db
    .select()
    .from(siteReadings)
    .where(and(eq(siteReadings.taskId, taskId)));
  const counts = [0, 0, 0, 0];
  let unjudged = 0;
  const sites = new Set<number>();
  const explodedSites = new Set<number>();
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  for (const row of rows) {
    sites.add(row.pointIndex);
    const item = task.standard.Items.find((candidate) => candidate.Code === row.itemCode);
    if (!item) throw new Error(`reading of an item the task does not have: ${row.itemCode}`);
    const values = row.vals.filter((_, index) => row.valid[index]);
    if (item.Mode === 'deviation' && row.designValue === null) {
      unjudged += values.length;
      continue;
    }
    const judged =
      item.Mode === 'range'
        ? values.length > 0
          ? [round(Math.max(...values) - Math.min(...values))]
          : []
        : values.map((v) => (item.Mode === 'deviation' ? round(v - (row.designValue as number)) : v));
    const grades = judged.map((v) => gradeOf(item, v));
    // What is stored agrees with the standard the task froze.
    expect(row.grades?.filter((_, index) => item.Mode === 'range' || row.valid[index])).toEqual(grades);
    for (const grade of grades) counts[grade] = (counts[grade] ?? 0) + 1;
    if (grades.includes(Grade.exploded)) explodedSites.add(row.pointIndex);
  }
  const [qualified = 0, warning = 0, unqualified = 0, exploded = 0] = counts;
  const total = qualified + warning + unqualified + exploded;
  const rate = (part: number, whole: number) =>
    whole === 0 ? null : Math.round((part / whole) * 10_000) / 100;
  return {
    Qualified: qualified,
    Warning: warning,
    Unqualified: unqualified,
    Exploded: exploded,
    Total: total,
    Unjudged: unjudged,
    PassRate: rate(qualified + warning, total),
    Sites: sites.size,
    ExplodedSites: explodedSites.size,
    ExplodedRate: rate(explodedSites.size, sites.size),
  };
}

describe('demo data', () => {
  it('has scans of two finished tasks: a cloud and a model per household, and a facade panel cloud, queued for processing', async () => {
    const rows = await client.db
      .select({ kind: scans.kind, status: scans.status, household: scans.household, side: scans.side })
      .from(scans)
      .innerJoin(companies, eq(companies.id, scans.companyId))
      .where(eq(companies.code, 'demo'));
    // 滨江花园一期 1# floors 1-2 and 云栖科创中心 A 座 floors 1-2, two households each.
    const indoor = rows.filter((row) => row.side === null);
    expect(indoor.filter((row) => row.kind === 'pointcloud')).toHaveLength(8);
    expect(indoor.filter((row) => row.kind === 'model')).toHaveLength(8);
    // The external-wall task's one scanned panel.
    expect(rows.filter((row) => row.side !== null)).toEqual([
      { kind: 'pointcloud', status: 'queued', household: null, side: expect.any(String) },
    ]);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['queued']));
    const jobs = await client.db.execute<{ n: number }>(
      sql`select count(*)::int as n from graphile_worker._private_jobs j
        join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'scans:process'
        and j.payload->>'companyId' = (select id::text from companies where code = 'demo')`,
    );
    expect(jobs.rows[0]?.n).toBe(17);
  });

  it('has one external-wall task of the main company, finished, each side measured panel by panel', async () => {
    const page = await callRouteOk(
      app,
      apiRoutes.tasks.getTaskList,
      { CurrentPage: 1, PageSize: 100, TaskKind: 'externalWall' },
      { as: token },
    );
    expect(page.Items.map((task) => [task.ProjectName, task.BuildingNumber, task.State])).toEqual([
      [DEMO_FACADE_TASK.project, DEMO_FACADE_TASK.building, 'completed'],
    ]);
    const task = await callRouteOk(
      app,
      apiRoutes.externalWalls.getTask,
      { TaskId: page.Items[0]?.TaskId ?? '' },
      { as: token },
    );
    expect(task.Sides.map((side) => side.Side)).toEqual(DEMO_FACADE_TASK.sides.map((side) => side.Side));
    for (const side of task.Sides) {
      expect(side.Floors.map((floor) => floor.Floor)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(side.Panels.length).toBeGreaterThanOrEqual(6 * 3);
      expect(side.Figures.Sites).toBe(side.Panels.length);
    }
    expect(task.Figures.Unqualified + task.Figures.Exploded).toBeGreaterThan(0);
    // Its figures equal a recomputation from the stored readings (as every task's, below).
    expect(task.Figures).toEqual(await recompute(task.TaskId));
  });

  it('has every feature gate on for the main company; the other has modelling and external walls off', async () => {
    const rows = await client.db
      .select({
        code: companies.code,
        robot: companies.enabledRobotTask,
        modeling: companies.enabledModeling,
        externalWall: companies.enabledExternalWall,
      })
      .from(companies)
      .orderBy(companies.code);
    expect(rows).toEqual([
      { code: 'demo', robot: true, modeling: true, externalWall: true },
      { code: 'other', robot: true, modeling: false, externalWall: false },
      // The platform's hidden demo area (demo-area.ts), every feature on.
      { code: 'platform-demo-area', robot: true, modeling: true, externalWall: true },
    ]);
  });

  it('has tasks in every state in both demo projects, with results where they were measured', async () => {
    const page = await callRouteOk(
      app,
      apiRoutes.tasks.getTaskList,
      { CurrentPage: 1, PageSize: 100 },
      { as: token },
    );
    expect(new Set(page.Items.map((task) => task.State))).toEqual(new Set(TASK_STATES));
    expect(new Set(page.Items.map((task) => task.ProjectName)).size).toBe(2);
    for (const task of page.Items) {
      const measured = ['inProgress', 'uploaded', 'completed'].includes(task.State);
      expect(task.Figures.Sites > 0, `${task.Name} (${task.State})`).toBe(measured);
    }
    const figures = page.Items.map((task) => task.Figures);
    const sum = (key: 'Qualified' | 'Warning' | 'Unqualified' | 'Exploded') =>
      figures.reduce((total, row) => total + row[key], 0);
    // Mostly qualified, some warnings, a few unqualified and exploded readings.
    expect(sum('Qualified')).toBeGreaterThan(sum('Warning'));
    expect(sum('Warning')).toBeGreaterThan(0);
    expect(sum('Unqualified')).toBeGreaterThan(0);
    expect(sum('Exploded')).toBeGreaterThan(0);
  });

  it("every task's figures (GetTask) equal a recomputation from its stored readings", async () => {
    const page = await callRouteOk(
      app,
      apiRoutes.tasks.getTaskList,
      { CurrentPage: 1, PageSize: 100 },
      { as: token },
    );
    for (const row of page.Items) {
      const task = await callRouteOk(app, apiRoutes.tasks.getTask, { TaskId: row.TaskId }, { as: token });
      expect(task.Figures, task.Name).toEqual(await recompute(row.TaskId));
      // Measured over past days, each task's window spans its readings: none is flagged.
      expect(task.SitesOutsideWindow, task.Name).toBe(0);
      if (task.Sites.length > 0)
        expect(task.StartedAt, task.Name).toBe(task.Sites.map((site) => site.MeasuredAt).sort()[0]);
    }
    // So the demo's efficiency has working time.
    const efficiency = await callRouteOk(app, apiRoutes.analysis.getEfficiencySummaryData, {}, { as: token });
    expect(efficiency.Totals.WorkingHours).toBeGreaterThan(0);
  });

  it('has a house type with a real plan image and MeasurePoints, given to households', async () => {
    const maps = await callRouteOk(
      app,
      apiRoutes.houseMaps.houseMapList,
      { CurrentPage: 1, PageSize: 20 },
      { as: token },
    );
    expect(maps.Items.length).toBe(2);
    for (const map of maps.Items) {
      expect(map.RoomCount).toBeGreaterThan(0);
      expect(map.StationCount).toBeGreaterThan(0);
      expect(map.AssignedHouseholds).toBeGreaterThan(0);
      const plan = await app.inject({
        method: 'POST',
        url: apiRoutes.houseMaps.getHouseMapBase.path,
        headers: { authorization: `Bearer ${token}` },
        payload: { HouseMapId: map.HouseMapId },
      });
      expect(plan.headers['content-type']).toBe('image/png');
      expect(plan.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
  });
});
