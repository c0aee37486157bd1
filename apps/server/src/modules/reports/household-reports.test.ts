import { createHash } from 'node:crypto';
import { apiRoutes, ErrorCode } from '@measure/contract';
import { runRobot } from '@measure/robot';
import { householdModel } from '@measure/robot/household-model';
import { householdGeometry } from '@measure/robot/household-rooms';
import { eq, sql } from 'drizzle-orm';
import { runOnce } from 'graphile-worker';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStore } from '../../core/file-store.ts';
import { LocalObjectStore } from '../../core/storage/local-object-store.ts';
import { companies, scans } from '../../db/schema.ts';
import { jobDefinitions } from '../../jobs/jobs.ts';
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
import { pdfText } from '../../../test/pdf-text.ts';
import { buildTask } from '../../../test/task-factories.ts';
import { HouseholdReportRenderer } from './household-report-job.ts';
import { loadScanEngine } from '../scans/scan-engine.ts';
import { runScanJobs, scanProcessor } from '../../../test/scan-jobs.ts';
import type { ReportExtension } from './report-job.ts';

const route = apiRoutes.scans.getApartmentReports;
let t: TestApp;
let companyId: string;
let projectId: string;
let admin: BuiltUser;
let taskId: string;
let renderer: HouseholdReportRenderer;
const HOUSEHOLDS = [
  { BuildingNumber: '1#', Floor: 1, Household: 1 },
  { BuildingNumber: '1#', Floor: 2, Household: 1 },
];

/** Runs the queued household renders now, as the worker would. */
async function runJobs() {
  const pool = new pg.Pool({ connectionString: t.connectionString, max: 2 });
  try {
    await runOnce({
      pgPool: pool,
      taskList: jobDefinitions(t.db, { info() {}, error() {}, warn() {} } as never, {
        householdReports: renderer,
      }).tasks,
    });
  } finally {
    await pool.end();
  }
}

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t)).id;
  await t.db.update(companies).set({ enabledModeling: true }).where(eq(companies.id, companyId));
  admin = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  const device = await buildDevice(t, { companyId });
  projectId = (await buildProject(t, { companyId })).id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 2 });
  taskId = await buildTask(t, admin, {
    ProjectId: projectId,
    Households: HOUSEHOLDS,
    ItemCodes: ['PL-01', 'PL-02'],
    DeviceGuid: device.id,
  });
  const server = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await runRobot({ server, key: device.key, seed: 32, errorRate: 0.3, pictures: false });
  const objects = new LocalObjectStore(t.config.dataDir);
  // A ready model of the first household, as the scans job leaves one (its .glb under a scans/ key).
  const modelKey = `scans/${companyId}/test-model.glb`;
  await objects.put(
    modelKey,
    Buffer.from(await householdModel(householdGeometry(undefined, ['客厅', '卧室']), 'x')),
  );
  await t.db.insert(scans).values({
    companyId,
    projectId,
    taskId,
    fileId: 'test-model',
    kind: 'model',
    name: 'model',
    buildingNumber: '1#',
    floor: 1,
    household: 1,
    size: 1,
    status: 'ready',
    progress: 100,
    modelKey,
  });
  renderer = new HouseholdReportRenderer({
    db: t.db,
    objects,
    files: new FileStore<ReportExtension>(objects, 'reports', ['pdf', 'xlsx']),
  });
}, 90_000);
afterAll(async () => t.close());

describe('GetApartmentReports', () => {
  it("answers each measured household with the task's household figures and queues one report each", async () => {
    const rows = await callRouteOk(t.app, route, { TaskId: taskId }, { as: admin });
    const detail = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: admin });
    // One household per floor: the task's floor figures are its households' (the task report's rows).
    expect(rows.map((row) => [row.BuildingNumber, row.Floor, row.Household, row.Figures])).toEqual(
      detail.Floors.map((floor) => [floor.BuildingNumber, floor.Floor, 1, floor.Figures]),
    );
    expect(rows.map((row) => row.Status)).toEqual(['queued', 'queued']);
    expect(new Set(rows.map((row) => row.ReportId)).size).toBe(2);
    const jobs = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from graphile_worker._private_jobs where key like 'household-report:%'`,
    );
    expect(jobs.rows[0]?.n).toBe(2);
  });

  it('renders each household as a job; asking again with the same data queues nothing', async () => {
    await runJobs();
    const rows = await callRouteOk(t.app, route, { TaskId: taskId }, { as: admin });
    expect(rows.map((row) => [row.Status, row.HasModelView])).toEqual([
      ['ready', true],
      ['ready', false],
    ]);
    const jobs = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from graphile_worker._private_jobs where key like 'household-report:%'`,
    );
    expect(jobs.rows[0]?.n).toBe(0);
  }, 120_000);

  it("downloads a household's own PDF through DownloadReport, with its place, figures and model view", async () => {
    const rows = await callRouteOk(t.app, route, { TaskId: taskId }, { as: admin });
    const texts: string[] = [];
    for (const row of rows) {
      const { Url } = await callRouteOk(
        t.app,
        apiRoutes.reports.downloadReport,
        { ReportIds: [row.ReportId as string], Format: 'pdf' },
        { as: admin, headers: { 'accept-language': 'en-US' } },
      );
      const file = await t.app.inject({ method: 'GET', url: new URL(Url).pathname });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      const text = pdfText(file.rawPayload);
      texts.push(text);
      // The printed verification code answers this file's SHA-256.
      const code = /Verification code (\w+)/.exec(text)?.[1] ?? '';
      const verified = await callRouteOk(t.app, apiRoutes.reports.getReportVerification, { Code: code });
      expect(verified.Sha256).toBe(createHash('sha256').update(file.rawPayload).digest('hex'));
    }
    expect(texts[0]).toContain('building 1# · floor 1 · household 1');
    expect(texts[1]).toContain('building 1# · floor 2 · household 1');
    expect(texts[0]).toContain(`${rows[0]?.Figures.PassRate}`);
    expect(texts[0]).toContain('3D view of the household');
    expect(texts[1]).not.toContain('3D view of the household');
  }, 60_000);

  it('answers Code 403 while the company has modelling off', async () => {
    await t.db.update(companies).set({ enabledModeling: false }).where(eq(companies.id, companyId));
    try {
      const answer = await callRoute(t.app, route, { TaskId: taskId }, { as: admin });
      expect(answer.Code).toBe(ErrorCode.Forbidden);
      expect(answer.Message).toBe('贵公司未开通此功能：建模');
    } finally {
      await t.db.update(companies).set({ enabledModeling: true }).where(eq(companies.id, companyId));
    }
  });

  it("answers 404 for another company's task and for a project outside the caller's scope", async () => {
    const otherCompany = (await buildCompany(t)).id;
    await t.db.update(companies).set({ enabledModeling: true }).where(eq(companies.id, otherCompany));
    const stranger = await buildAdmin(t, { companyId: otherCompany });
    expect((await callRoute(t.app, route, { TaskId: taskId }, { as: stranger })).Code).toBe(
      ErrorCode.NotFound,
    );
    const outsider = await buildUser(t, { companyId, roles: ['ProjectAdmin'] });
    expect((await callRoute(t.app, route, { TaskId: taskId }, { as: outsider })).Code).toBe(
      ErrorCode.NotFound,
    );
    const [first] = await callRouteOk(t.app, route, { TaskId: taskId }, { as: admin });
    const download = await callRoute(
      t.app,
      apiRoutes.reports.downloadReport,
      { ReportIds: [first?.ReportId as string], Format: 'pdf' },
      { as: stranger },
    );
    expect(download.Code).toBe(ErrorCode.NotFound);
  });
});

describe('robot scans to household reports', () => {
  it('a robot sending scans: processed by the engine, the household PDF draws its model and surfaces', async () => {
    const device = await buildDevice(t, { companyId });
    const scanTask = await buildTask(t, admin, {
      ProjectId: projectId,
      Households: [HOUSEHOLDS[0] as (typeof HOUSEHOLDS)[number]],
      ItemCodes: ['PL-01'],
      DeviceGuid: device.id,
    });
    const server = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const played = await runRobot({
      server,
      key: device.key,
      seed: 5,
      errorRate: 0.5,
      pictures: false,
      scans: { points: 30_000, sitePoints: 5_000 },
    });
    expect(played.scans.pointcloud).toHaveLength(1);
    expect(played.scans.model).toHaveLength(1);
    expect(played.scans.siteClouds).toBeGreaterThan(0);
    await runScanJobs(t, scanProcessor(t, loadScanEngine));
    const scanRows = await t.db
      .select({ kind: scans.kind, status: scans.status, points: scans.points, pointIndex: scans.pointIndex })
      .from(scans)
      .where(eq(scans.taskId, scanTask));
    expect(scanRows.filter((row) => row.status !== 'ready')).toEqual([]);
    expect(scanRows.find((row) => row.kind === 'pointcloud' && row.pointIndex === null)?.points).toBe(30_000);
    // The engine finds the simulated walls in the household's cloud.
    const surfaces = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from scan_surfaces s join scans c on c.id = s.scan_id
        where c.company_id = ${companyId} and c.task_id = ${scanTask} and s.kind = 'wall'`,
    );
    expect(surfaces.rows[0]?.n).toBeGreaterThan(0);
    const [row] = await callRouteOk(t.app, route, { TaskId: scanTask }, { as: admin });
    await runJobs();
    const [ready] = await callRouteOk(t.app, route, { TaskId: scanTask }, { as: admin });
    expect(ready).toMatchObject({ ReportId: row?.ReportId, Status: 'ready', HasModelView: true });
  }, 180_000);
});
