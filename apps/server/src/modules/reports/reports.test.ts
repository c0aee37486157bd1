import fs from 'node:fs/promises';
import path from 'node:path';
import { apiRoutes, type ReportRow, type ResultSite } from '@measure/contract';
import { runRobot } from '@measure/robot';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStore } from '../../core/file-store.ts';
import { LocalObjectStore } from '../../core/storage/local-object-store.ts';
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
import { ReportRenderer, type ReportExtension } from './report-job.ts';
import { buildTask, runQueuedRenders } from '../../../test/task-factories.ts';

const routes = apiRoutes.reports;
const PROJECT_NAME = '翠湖花园二期';
let t: TestApp;
let companyId: string;
let admin: BuiltUser;
let surveyor: BuiltUser;
let stranger: BuiltUser;
let taskId: string;
let projectId: string;
let secondTaskId: string;
let renderer: ReportRenderer;
/** The sites the robot sent for the task, the last version of each PointIndex. */
const sentSites = new Map<number, ResultSite>();

beforeAll(async () => {
  t = await createTestApp({ config: { reportDownloadMax: 2 } });
  companyId = (await buildCompany(t)).id;
  admin = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  surveyor = await buildUser(t, { companyId, roles: ['Surveyor'] });
  stranger = await buildAdmin(t, { companyId: (await buildCompany(t)).id });
  const device = await buildDevice(t, { companyId });
  projectId = (await buildProject(t, { companyId, name: PROJECT_NAME })).id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 2 });
  taskId = await buildTask(t, admin, {
    ProjectId: projectId,
    Households: [
      { BuildingNumber: '1#', Floor: 1, Household: 1 },
      { BuildingNumber: '1#', Floor: 2, Household: 1 },
    ],
    ItemCodes: ['PL-01', 'PL-02'],
    DeviceGuid: device.id,
  });
  const server = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // The robot measures through the device API and finishes the task (uploaded): the report is queued.
  const played = await runRobot({ server, key: device.key, seed: 16, errorRate: 0.3, batchSites: 5 });
  for (const site of played.tasks.find((task) => task.TaskId === taskId)?.sites ?? [])
    sentSites.set(site.PointIndex, site);
  renderer = new ReportRenderer({
    db: t.db,
    files: new FileStore<ReportExtension>(new LocalObjectStore(t.config.dataDir), 'reports', ['pdf', 'xlsx']),
  });
}, 90_000);
afterAll(async () => t.close());

const list = async (as = admin) =>
  (await callRouteOk(t.app, routes.getReportList, { TaskId: taskId }, { as })).Items;

/** Runs the queued render job now (its run_at is a moment ahead, to coalesce bursts). */
const runRenderJob = () => runQueuedRenders(t, renderer);

async function get(url: string) {
  const response = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
  return response;
}

describe('reports', () => {
  let report: ReportRow;

  it('queues a report when the task is finished, with one job per task', async () => {
    const [row] = await list();
    expect(row).toMatchObject({ TaskId: taskId, Status: 'queued', Audited: false, Sha256: null });
    expect(row?.UploadTime).not.toBeNull();
    const jobs = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from graphile_worker._private_jobs where key = ${`report:${taskId}`}`,
    );
    expect(jobs.rows[0]?.n).toBe(1);
  });

  it('renders through the job: ready with the PDF SHA-256', async () => {
    await runRenderJob();
    const [row] = await list();
    expect(row).toMatchObject({ Status: 'ready', Error: null });
    expect(row?.Sha256).toMatch(/^[0-9a-f]{64}$/);
    report = row as ReportRow;
  }, 120_000);

  it('the PDF holds the Chinese project name and the pass rates of GetTask; its SHA-256 is recorded', async () => {
    const detail = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: admin });
    const { Url } = await callRouteOk(
      t.app,
      routes.downloadReport,
      { ReportIds: [report.ReportId], Format: 'pdf' },
      { as: admin },
    );
    const response = await get(Url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(report.Sha256);
    const text = pdfText(pdf);
    expect(text).toContain(PROJECT_NAME);
    expect(text).toContain(detail.Name);
    expect(text).toContain(`报告编号 ${report.ReportId}`);
    expect(detail.Figures.PassRate).not.toBeNull();
    expect(text).toContain(String(detail.Figures.PassRate));
    for (const item of detail.Items) {
      expect(text).toMatch(
        new RegExp(`${item.ItemCode}\\n${item.Name}\\n${item.Figures.PassRate ?? '-'}\\n`),
      );
    }
  });

  it('the workbook holds one row per value sent (numbers as numbers), the measure kind and the figures', async () => {
    const { Url } = await callRouteOk(
      t.app,
      routes.downloadReport,
      { ReportIds: [report.ReportId], Format: 'xlsx' },
      { as: admin },
    );
    const response = await get(Url);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as never);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      '汇总',
      '分项指标',
      '分户指标',
      '测区',
      '读数',
    ]);
    // One row per value sent, in site then item order: site, place, item, value no., value, all numbers.
    const sheet = workbook.getWorksheet('读数') as ExcelJS.Worksheet;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      '测区序号',
      '测区名称',
      '楼栋',
      '楼层',
      '户',
      '房间',
      '编码',
      '测量项',
      '值序号',
      '测量值',
      '评定',
      '有效',
    ]);
    const expected = [...sentSites.values()]
      .sort((a, b) => a.PointIndex - b.PointIndex)
      .flatMap((site) =>
        [...site.Readings]
          .sort((a, b) => a.ItemCode.localeCompare(b.ItemCode))
          .flatMap((reading) =>
            reading.Values.map((value, i) => [
              site.PointIndex,
              site.BuildingNumber,
              site.Floor,
              site.Household,
              reading.ItemCode,
              i + 1,
              value,
            ]),
          ),
      );
    const rows: unknown[][] = [];
    const grades = new Map<unknown, number>();
    sheet.eachRow((row, index) => {
      if (index === 1) return;
      rows.push([1, 3, 4, 5, 7, 9, 10].map((column) => row.getCell(column).value));
      for (const column of [1, 4, 5, 9, 10]) expect(row.getCell(column).type).toBe(ExcelJS.ValueType.Number);
      expect(row.getCell(12).value).toBe('是');
      grades.set(row.getCell(11).value, (grades.get(row.getCell(11).value) ?? 0) + 1);
    });
    expect(rows.length).toBeGreaterThan(sentSites.size);
    expect(rows).toEqual(expected);
    // Every value valid and judged: the grades add up to the task's figures.
    const { Figures } = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: admin });
    expect(Object.fromEntries(grades)).toEqual(
      Object.fromEntries(
        (
          [
            ['合格', Figures.Qualified],
            ['临界', Figures.Warning],
            ['超差', Figures.Unqualified],
            ['爆点', Figures.Exploded],
          ] as const
        ).filter(([, count]) => count > 0),
      ),
    );
    const summary = workbook.getWorksheet('汇总');
    expect(summary?.getRow(2).getCell(2).value).toBe(PROJECT_NAME);
    const fields = new Map<unknown, unknown>();
    summary?.eachRow((row) => fields.set(row.getCell(1).value, row.getCell(2).value));
    expect(fields.get('测量类型')).toBe('初测');
    expect(fields.get('户数')).toBe(2);
    expect(fields.get('审核状态')).toBe('未审核');
  });

  it('a download address answers without a session and stops after 10 minutes', async () => {
    const { Url, ExpiresAt } = await callRouteOk(
      t.app,
      routes.downloadReport,
      { ReportIds: [report.ReportId], Format: 'pdf' },
      { as: admin },
    );
    expect(new Date(ExpiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(new URL(Url).pathname).toMatch(/^\/api\/ms\/statis\/ReportFile\/[\w-]{43}$/);
    expect((await get(Url)).statusCode).toBe(200);
    await t.db.execute(sql`update report_downloads set expires_at = now() - interval '1 second'`);
    const expired = await get(Url);
    expect(expired.json()).toMatchObject({ Code: 404 });
    const forged = await get(`${Url.slice(0, -4)}AAAA`);
    expect(forged.json()).toMatchObject({ Code: 404 });
  });

  it('several reports come as a zip; more than REPORT_DOWNLOAD_MAX answers the limit message', async () => {
    const ids = [report.ReportId, report.ReportId];
    const { Url } = await callRouteOk(
      t.app,
      routes.downloadReport,
      { ReportIds: ids, Format: 'pdf' },
      { as: admin },
    );
    expect((await get(Url)).headers['content-type']).toBe('application/pdf');
    const three = [
      '00000000-0000-4000-8000-000000000001',
      '00000000-0000-4000-8000-000000000002',
      report.ReportId,
    ];
    const zh = await callRoute(
      t.app,
      routes.downloadReport,
      { ReportIds: three, Format: 'pdf' },
      { as: admin },
    );
    expect(zh).toMatchObject({ Code: 400, Message: '每次最多下载 2 份报告' });
    const en = await callRoute(
      t.app,
      routes.downloadReport,
      { ReportIds: three, Format: 'xlsx' },
      { as: admin, lang: 'en-US' },
    );
    expect(en).toMatchObject({ Code: 400, Message: 'No more than 2 reports should be downloaded each time' });
  });

  it('a task finished on the web is reported too; several reports download as one zip', async () => {
    const second = await buildTask(t, admin, {
      ProjectId: projectId,
      Households: [{ BuildingNumber: '1#', Floor: 1, Household: 2 }],
      ItemCodes: ['PL-01'],
      Name: '第二个任务',
    });
    secondTaskId = second;
    await callRouteOk(t.app, apiRoutes.tasks.startTask, { TaskId: second }, { as: admin });
    expect((await callRouteOk(t.app, routes.getReportList, { TaskId: second }, { as: admin })).Items).toEqual(
      [],
    );
    await callRouteOk(t.app, apiRoutes.tasks.finishTask, { TaskId: second }, { as: admin });
    expect(await renderer.render({ companyId, taskId: second })).toBe('ready');
    const [other] = (await callRouteOk(t.app, routes.getReportList, { TaskId: second }, { as: admin })).Items;
    const { Url } = await callRouteOk(
      t.app,
      routes.downloadReport,
      { ReportIds: [report.ReportId, other?.ReportId as string], Format: 'xlsx' },
      { as: admin },
    );
    const response = await get(Url);
    expect(response.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(entries).sort()).toEqual([`${report.Name}.xlsx`, '第二个任务.xlsx'].sort());
  }, 120_000);

  it('follows project scope: an unassigned surveyor and another company see nothing', async () => {
    expect(await list(surveyor)).toEqual([]);
    expect(await list(stranger)).toEqual([]);
    const other = await callRoute(
      t.app,
      routes.downloadReport,
      { ReportIds: [report.ReportId], Format: 'pdf' },
      { as: stranger },
    );
    expect(other.Code).toBe(404);
  });

  it('share lifecycle: create, read publicly, revoke -> 404; forged and expired ids 404', async () => {
    const share = await callRouteOk(t.app, routes.sharingReport, { TaskId: taskId }, { as: admin });
    expect(share.ShareId).toMatch(/^[\w-]{43}$/);
    expect(share.Url).toMatch(new RegExp(`^http://[^/]+/supplement/taskReportList/${share.ShareId}$`));
    expect(share.QrCode).toMatch(/^data:image\/png;base64,/);
    expect(new Date(share.ExpiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const detail = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: admin });
    const shared = await callRouteOk(t.app, routes.getSharedReport, { ShareId: share.ShareId });
    expect(shared).toMatchObject({
      TaskId: taskId,
      ProjectName: PROJECT_NAME,
      Figures: detail.Figures,
      Sha256: report.Sha256,
    });
    expect(shared.Items.map((item) => item.Figures)).toEqual(detail.Items.map((item) => item.Figures));
    expect(shared.Households).toHaveLength(2);
    const open = await callRouteOk(t.app, routes.getReportShares, { TaskId: taskId }, { as: admin });
    expect(open.map((row) => row.ShareId)).toEqual([share.ShareId]);

    expect(
      (await callRoute(t.app, routes.revokeShare, { ShareId: share.ShareId }, { as: stranger })).Code,
    ).toBe(404);
    await callRouteOk(t.app, routes.revokeShare, { ShareId: share.ShareId }, { as: admin });
    const revoked = await callRoute(t.app, routes.getSharedReport, { ShareId: share.ShareId });
    const forged = await callRoute(t.app, routes.getSharedReport, {
      ShareId: `${share.ShareId.slice(0, -2)}xx`,
    });
    const short = await callRouteOk(
      t.app,
      routes.sharingReport,
      { TaskId: taskId, ExpiresInDays: 1 },
      { as: admin },
    );
    await t.db.execute(
      sql`update report_shares set expires_at = now() - interval '1 second' where id = ${short.ShareId}`,
    );
    const expired = await callRoute(t.app, routes.getSharedReport, { ShareId: short.ShareId });
    for (const answer of [revoked, forged, expired]) expect(answer).toEqual(revoked);
    expect(revoked.Code).toBe(404);
    const tooLong = await callRoute(
      t.app,
      routes.sharingReport,
      { TaskId: taskId, ExpiresInDays: 366 },
      { as: admin },
    );
    expect(tooLong.Code).toBe(400);
  });

  it('a review correction queues the report again', async () => {
    const detail = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: admin });
    const pointIndex = detail.Sites[0]?.PointIndex as number;
    const site = await callRouteOk(
      t.app,
      apiRoutes.review.getMsPicDto,
      { TaskId: taskId, PointIndex: pointIndex },
      { as: admin },
    );
    const itemCode = site.Readings[0]?.ItemCode as string;
    expect(await list()).toMatchObject([{ Status: 'ready' }]);
    await callRouteOk(
      t.app,
      apiRoutes.review.updateRulerSetting,
      { TaskId: taskId, PointIndex: pointIndex, ItemCode: itemCode, RulerIndex: 0, Valid: false },
      { as: admin },
    );
    expect(await list()).toMatchObject([{ Status: 'queued', Sha256: null }]);
  });

  it('auditing queues it again (Audited), and a failed rendering can be retried', async () => {
    await callRouteOk(t.app, apiRoutes.review.auditTask, { TaskId: taskId }, { as: admin });
    expect(await list()).toMatchObject([{ Status: 'queued', Audited: true }]);
    await runRenderJob();
    const [ready] = await list();
    expect(ready).toMatchObject({ Status: 'ready', Audited: true });
    expect(ready?.Sha256).not.toBe(report.Sha256);
    expect(await list()).toEqual(
      (await callRouteOk(t.app, routes.getReportList, { Audited: true }, { as: admin })).Items,
    );
    // A rendering that cannot write its files fails with the reason; RetryReport queues it again.
    await callRouteOk(t.app, routes.retryReport, { TaskId: taskId }, { as: admin });
    const blocked = path.join(t.config.dataDir, 'not-a-directory');
    await fs.writeFile(blocked, 'x');
    const broken = new ReportRenderer({
      db: t.db,
      files: new FileStore<ReportExtension>(new LocalObjectStore(blocked), 'reports', ['pdf', 'xlsx']),
    });
    expect(await broken.render({ companyId, taskId })).toBe('failed');
    const [failed] = await list();
    expect(failed).toMatchObject({ Status: 'failed', Sha256: null });
    expect(failed?.Error).toMatch(/ENOTDIR|EEXIST/);
    const notReady = await callRoute(
      t.app,
      routes.downloadReport,
      { ReportIds: [failed?.ReportId as string], Format: 'pdf' },
      { as: admin },
    );
    expect(notReady.Code).toBe(409);
    const retried = await callRouteOk(t.app, routes.retryReport, { TaskId: taskId }, { as: admin });
    expect(retried).toMatchObject({ Status: 'queued', Error: null });
    expect(await renderer.render({ companyId, taskId })).toBe('ready');
  }, 120_000);

  it('deleting needs reportData.delete and removes the report', async () => {
    const [row] = await list();
    const denied = await callRoute(
      t.app,
      routes.batchDeleteReport,
      { ReportIds: [row?.ReportId as string] },
      { as: surveyor },
    );
    expect(denied.Code).toBe(403);
    const companyAdmin = await buildAdmin(t, { companyId });
    expect(
      await callRouteOk(
        t.app,
        routes.batchDeleteReport,
        { ReportIds: [row?.ReportId as string] },
        { as: companyAdmin },
      ),
    ).toBe(1);
    expect(await list()).toEqual([]);
  });

  it('the files of a deleted task are swept', async () => {
    // The demo company's reports may be rendered here too; only this task's four files go (PDF and
    // workbook in Chinese and English).
    const dir = path.join(t.config.dataDir, 'reports');
    const before = await fs.readdir(dir);
    await callRouteOk(t.app, apiRoutes.tasks.deleteTask, { Ids: [secondTaskId] }, { as: admin });
    expect(await renderer.sweepOrphanFiles(0)).toHaveLength(4);
    expect(await fs.readdir(dir)).toHaveLength(before.length - 4);
  });
});
