import { createHash, randomBytes } from 'node:crypto';
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
import { FileStore } from '../../core/file-store.ts';
import { LocalObjectStore } from '../../core/storage/local-object-store.ts';
import { reportShares } from '../../db/schema.ts';
import { ReportRenderer, type ReportExtension } from './report-job.ts';
import { ReportsRepository } from './reports-repository.ts';
import { buildTask, runQueuedRenders } from '../../../test/task-factories.ts';

/**
 * The supplement pages' public reads (spec section 2): one site of a shared task with its pictures
 * (taskReportDetail), the report PDF (pdfView), and the sites on the shared report; only through an
 * open share, the same 404 for revoked, expired and unknown shares. A share is found by its id alone
 * (256 random bits, the secret); every read after it uses the share's own company.
 */
const routes = apiRoutes.reports;
let t: TestApp;
let admin: BuiltUser;
let companyId: string;
let taskId: string;
let task: TaskDetail;
let shareId: string;
let renderer: ReportRenderer;

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t)).id;
  admin = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  const device = await buildDevice(t, { companyId });
  const projectId = (await buildProject(t, { companyId })).id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 1 });
  taskId = await buildTask(t, admin, {
    ProjectId: projectId,
    ItemCodes: ['PL-01', 'PL-02'],
    DeviceGuid: device.id,
  });
  const server = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await runRobot({ server, key: device.key, seed: 5, errorRate: 0.3, batchSites: 5 });
  task = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: admin });
  renderer = new ReportRenderer({
    db: t.db,
    files: new FileStore<ReportExtension>(new LocalObjectStore(t.config.dataDir), 'reports', ['pdf', 'xlsx']),
  });
  shareId = (await callRouteOk(t.app, routes.sharingReport, { TaskId: taskId }, { as: admin })).ShareId;
}, 90_000);
afterAll(async () => t.close());

const runRenderJob = () => runQueuedRenders(t, renderer);

const get = (url: string) => t.app.inject({ method: 'GET', url });
const pdfUrl = (id: string, download = false) =>
  `/api/share/${encodeURIComponent(id)}/Pdf${download ? '?Download=true' : ''}`;

describe('supplement pages through a share', () => {
  it('lists the sites on the shared report with the figures of the task detail', async () => {
    const shared = await callRouteOk(t.app, routes.getSharedReport, { ShareId: shareId });
    expect(shared.Sites.length).toBeGreaterThan(1);
    expect(shared.Sites).toEqual(
      task.Sites.map((site) => ({
        PointIndex: site.PointIndex,
        BuildingNumber: site.BuildingNumber,
        Floor: site.Floor,
        Household: site.Household,
        Side: site.Side,
        Name: site.Name,
        Figures: site.Figures,
      })),
    );
  });

  it("answers one site with readings, figures and the share's picture addresses, without the change trail", async () => {
    const [first] = task.Sites;
    const site = await callRouteOk(t.app, routes.getSharedSite, { ShareId: shareId, PointIndex: 1 });
    const own = await callRouteOk(
      t.app,
      apiRoutes.review.getMsPicDto,
      { TaskId: taskId, PointIndex: 1 },
      { as: admin },
    );
    expect(site.Figures).toEqual(first?.Figures);
    expect(site.Readings).toEqual(own.Readings);
    expect(site).not.toHaveProperty('Changes');
    expect(site.Pictures.length).toBeGreaterThan(0);
    const picture = site.Pictures[0] as { FileId: string; Url: string; AnnotatedUrl: string };
    expect(picture.Url).toBe(`/api/share/${shareId}/Picture/1/${encodeURIComponent(picture.FileId)}`);
    const plain = await get(picture.Url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^image\/(png|jpeg)/);
    expect(plain.rawPayload.length).toBeGreaterThan(100);
    const annotated = await get(picture.AnnotatedUrl);
    expect(annotated.headers['content-type']).toBe('image/png');
    // A picture of another site, and a site the task does not have.
    const other = await callRouteOk(t.app, routes.getSharedSite, { ShareId: shareId, PointIndex: 2 });
    const foreign = await get(
      `/api/share/${shareId}/Picture/1/${encodeURIComponent(other.Pictures[0]?.FileId ?? 'x')}`,
    );
    expect(JSON.parse(foreign.body).Code).toBe(404);
    const missing = await callRoute(t.app, routes.getSharedSite, { ShareId: shareId, PointIndex: 999_999 });
    expect(missing.Code).toBe(400);
  });

  it('serves the report PDF inline once it is ready, with the recorded SHA-256', async () => {
    expect(JSON.parse((await get(pdfUrl(shareId))).body).Code).toBe(404);
    await runRenderJob();
    const [row] = (await callRouteOk(t.app, routes.getReportList, { TaskId: taskId }, { as: admin })).Items;
    expect(row?.Status).toBe('ready');
    const pdf = await get(pdfUrl(shareId));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="[^"]+\.pdf"/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(row?.Sha256);
    expect((await get(pdfUrl(shareId, true))).headers['content-disposition']).toMatch(/^attachment;/);
  }, 120_000);

  it("reaches only the share's own company: a share of another company naming this task finds nothing", async () => {
    const repository = new ReportsRepository(t.db);
    expect(await repository.openShare(shareId)).toMatchObject({ companyId, taskId });
    // Made by hand: the product never stores a share whose task is another company's.
    const other = (await buildCompany(t)).id;
    const foreign = randomBytes(32).toString('base64url');
    await t.db
      .insert(reportShares)
      .values({ id: foreign, companyId: other, taskId, expiresAt: sql`now() + interval '1 day'` });
    expect(await repository.openShare(foreign)).toMatchObject({ companyId: other, taskId });
    const site = await callRouteOk(t.app, routes.getSharedSite, { ShareId: shareId, PointIndex: 1 });
    const answers = [
      await callRoute(t.app, routes.getSharedReport, { ShareId: foreign }),
      await callRoute(t.app, routes.getSharedSite, { ShareId: foreign, PointIndex: 1 }),
      await callRoute(t.app, routes.getSharedPlan, { ShareId: foreign }),
      JSON.parse((await get(site.Pictures[0]?.Url.replace(shareId, foreign) ?? '')).body),
      JSON.parse((await get(pdfUrl(foreign))).body),
    ];
    expect(answers.map((answer) => answer.Code)).toEqual([404, 404, 404, 404, 404]);
  });

  it('refuses every read of a revoked, expired or unknown share with the same 404', async () => {
    const site = await callRouteOk(t.app, routes.getSharedSite, { ShareId: shareId, PointIndex: 1 });
    const expiring = (await callRouteOk(t.app, routes.sharingReport, { TaskId: taskId }, { as: admin }))
      .ShareId;
    await t.db.execute(
      sql`update report_shares set expires_at = now() - interval '1 second' where id = ${expiring}`,
    );
    await callRouteOk(t.app, routes.revokeShare, { ShareId: shareId }, { as: admin });
    for (const id of [shareId, expiring, `${shareId.slice(0, -2)}xx`]) {
      const answers = [
        await callRoute(t.app, routes.getSharedSite, { ShareId: id, PointIndex: 1 }),
        JSON.parse((await get(site.Pictures[0]?.Url.replace(shareId, id) ?? '')).body),
        JSON.parse((await get(pdfUrl(id))).body),
      ];
      for (const answer of answers) expect(answer.Code, id).toBe(404);
    }
  });
});
