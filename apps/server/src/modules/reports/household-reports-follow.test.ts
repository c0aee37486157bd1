import { apiRoutes, type ApartmentReport, type ResultSite } from '@measure/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStore } from '../../core/file-store.ts';
import { FeatureGate } from '../../core/feature-gate.ts';
import { LocalObjectStore } from '../../core/storage/local-object-store.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRouteOk } from '../../../test/call-route.ts';
import { openEventStream, type OpenedStream, type ReadEvent } from '../../../test/event-stream-client.ts';
import { readExport } from '../../../test/read-sheet.ts';
import { asDevice, buildScanTestbed, type ScanTestbed } from '../../../test/scan-testbed.ts';
import { buildTask, runJobsOnce } from '../../../test/task-factories.ts';
import { HouseholdReportRenderer } from './household-report-job.ts';
import { HouseholdReportsService } from './household-reports-service.ts';
import type { ReportExtension } from './report-job.ts';

/** Household reports follow their data: live events, a refresh when readings change, the export. */
let t: TestApp;
let bed: ScanTestbed;
let url: string;
let jobs: Parameters<typeof runJobsOnce>[1];
const streams: OpenedStream[] = [];
let batches = 0;

const site = (pointIndex: number, floor: number, value: number): ResultSite => ({
  PointIndex: pointIndex,
  BuildingNumber: '1#',
  Floor: floor,
  Household: 1,
  Readings: [{ ItemCode: 'PL-01', Values: [value] }],
});

async function sendBatch(sites: ResultSite[], taskId = bed.taskId) {
  batches += 1;
  await callRouteOk(
    t.app,
    apiRoutes.resultsDevice.results,
    { TaskId: taskId, Source: 'robot', Sites: sites } as never,
    asDevice(bed.device.key, `follow-${batches}`),
  );
}

const list = () =>
  callRouteOk(t.app, apiRoutes.scans.getApartmentReports, { TaskId: bed.taskId }, { as: bed.planner });

async function jobCount(key: string): Promise<number> {
  const rows = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from graphile_worker._private_jobs where key = ${key}`,
  );
  return rows.rows[0]?.n ?? 0;
}

async function listen(): Promise<OpenedStream> {
  const stream = await openEventStream(`${url}/api/events`, { authorization: `Bearer ${bed.planner.token}` });
  streams.push(stream);
  expect((await stream.next()).event).toBe('resync');
  return stream;
}

const reportEvent = (reportId: string | null, status: string) => (event: ReadEvent) =>
  event.event === 'report' &&
  (event.data as { ReportId: string }).ReportId === reportId &&
  (event.data as { Status: string }).Status === status;

beforeAll(async () => {
  t = await createTestApp();
  bed = await buildScanTestbed(t);
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const objects = new LocalObjectStore(t.config.dataDir);
  jobs = {
    householdReports: new HouseholdReportRenderer({
      db: t.db,
      objects,
      files: new FileStore<ReportExtension>(objects, 'reports', ['pdf', 'xlsx']),
    }),
    householdRefresh: new HouseholdReportsService({
      db: t.db,
      requireModeling: (companyId) => new FeatureGate(t.db).assertEnabled(companyId, 'modeling'),
    }),
  };
  await sendBatch([site(1, 1, 2), site(2, 2, 3)]);
}, 60_000);
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

describe('household report events', () => {
  it('raises `report` with Household: true when asking queues them, and as each renders', async () => {
    const stream = await listen();
    const rows = await list();
    expect(rows.map((row) => row.Status)).toEqual(['queued', 'queued']);
    for (const row of rows) {
      const queued = await stream.find(reportEvent(row.ReportId, 'queued'));
      expect(queued.data).toEqual({
        ReportId: row.ReportId,
        TaskId: bed.taskId,
        ProjectId: bed.projectId,
        Status: 'queued',
        Household: true,
      });
    }
    await runJobsOnce(t, jobs);
    for (const row of rows) {
      await stream.find(reportEvent(row.ReportId, 'rendering'));
      await stream.find(reportEvent(row.ReportId, 'ready'));
    }
    expect((await list()).map((row) => row.Status)).toEqual(['ready', 'ready']);
  }, 120_000);
});

describe('the export of household reports', () => {
  it('answers the rows GetApartmentReports shows, in the request language, and queues nothing', async () => {
    const rows = await list();
    const figures = (row: ApartmentReport) => [
      row.Figures.PassRate,
      row.Figures.Qualified,
      row.Figures.Warning,
      row.Figures.Unqualified,
      row.Figures.Exploded,
      row.Figures.Total,
      row.Figures.Unjudged,
      row.Figures.Sites,
      row.Figures.ExplodedSites,
      row.Figures.ExplodedRate,
    ];
    const path = apiRoutes.scans.exportApartmentReports.path;
    const english = await readExport(t, path, bed.planner.token, { TaskId: bed.taskId }, 'en-US');
    expect(english[0]?.slice(0, 4)).toEqual(['Building', 'Floor', 'Household', 'Pass rate (%)']);
    expect(english[0]?.slice(-2)).toEqual(['Report status', 'Model view']);
    expect(english.slice(1)).toEqual(
      rows.map((row) => [row.BuildingNumber, row.Floor, row.Household, ...figures(row), 'Ready', 'No']),
    );
    const chinese = await readExport(t, path, bed.planner.token, { TaskId: bed.taskId }, 'zh-CN');
    expect(chinese[0]?.slice(0, 3)).toEqual(['楼栋', '楼层', '户']);
    expect(chinese[1]?.slice(-2)).toEqual(['已生成', '否']);
    // A later batch changes household 1's figures: the export shows them, without queueing its report.
    await sendBatch([site(3, 1, 9)]);
    await readExport(t, path, bed.planner.token, { TaskId: bed.taskId }, 'en-US');
    const statuses = await t.db.execute<{ status: string }>(
      sql`select status from household_reports where task_id = ${bed.taskId} order by floor`,
    );
    expect(statuses.rows.map((row) => row.status)).toEqual(['ready', 'ready']);
  });
});

describe('household reports follow their readings', () => {
  it('a batch queues one refresh per task (repeats collapse); it queues again only the changed household', async () => {
    const refreshKey = `household-refresh:${bed.taskId}`;
    // The export test's batch queued it already; two more collapse into it.
    await sendBatch([site(4, 1, 1)]);
    await sendBatch([site(5, 1, 12)]);
    expect(await jobCount(refreshKey)).toBe(1);
    const stream = await listen();
    // Run it now rather than in HOUSEHOLD_REFRESH_DELAY_SECONDS.
    await t.db.execute(
      sql`update graphile_worker._private_jobs set run_at = now() where key = ${refreshKey}`,
    );
    const [first, second] = await list().then((rows) => rows.map((row) => row.ReportId));
    await runJobsOnce(t, { householdRefresh: jobs?.householdRefresh });
    expect(await jobCount(refreshKey)).toBe(0);
    await stream.find(reportEvent(first ?? null, 'queued'));
    const after = await t.db.execute<{ floor: number; status: string }>(
      sql`select floor, status from household_reports where task_id = ${bed.taskId} order by floor`,
    );
    expect(after.rows).toEqual([
      { floor: 1, status: 'queued' },
      { floor: 2, status: 'ready' },
    ]);
    expect(stream.events.some(reportEvent(second ?? null, 'queued'))).toBe(false);
  });

  it('a task whose household reports nobody asked for gets no refresh', async () => {
    const other = await buildTask(t, bed.planner, {
      ProjectId: bed.projectId,
      Households: [{ BuildingNumber: '1#', Floor: 3, Household: 1 }],
      ItemCodes: ['PL-01'],
      DeviceGuid: bed.device.id,
    });
    await sendBatch([site(1, 3, 2)], other);
    expect(await jobCount(`household-refresh:${other}`)).toBe(0);
  });
});
