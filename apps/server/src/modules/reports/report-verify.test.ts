import { createHash } from 'node:crypto';
import {
  apiRoutes,
  COMPANY_TIME_ZONE,
  formatDateTimeWithZone,
  type Language,
  type ReportVerification,
  type TaskDetail,
} from '@measure/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import type { BuiltUser } from '../../../test/factories.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { robotReportTask } from '../../../test/report-task.ts';
import { runQueuedRenders } from '../../../test/task-factories.ts';
import type { ReportRenderer } from './report-job.ts';
import { newVerificationCode } from './report-verification.ts';

/**
 * Verifiable printed reports (issue 28, item 9): every PDF prints a verification address with a
 * fresh code; the public verify route answers what that PDF showed and the SHA-256 of the file, and
 * a rendition replaced by a newer one says when, why and which one is current.
 */
const routes = apiRoutes.reports;
const ORIGIN = 'https://measure.example.com';
const BASE_PATH = '/cloud/';
const PROJECT_NAME = '翠湖花园三期';
const TITLES: Record<Language, string> = { 'zh-CN': '实测实量数据报告', 'en-US': 'Measurement data report' };
const ADDRESS = /https:\/\/measure\.example\.com\/cloud\/supplement\/verify\/([A-Z2-7]+)/g;
let t: TestApp;
let admin: BuiltUser;
let taskId: string;
let renderer: ReportRenderer;

beforeAll(async () => {
  t = await createTestApp({ config: { publicOrigin: ORIGIN, basePath: BASE_PATH } });
  ({ admin, taskId, renderer } = await robotReportTask(t, {
    projectName: PROJECT_NAME,
    itemCodes: ['PL-01'],
    seed: 7,
    publicBase: `${ORIGIN}${BASE_PATH}`,
  }));
}, 120_000);
afterAll(async () => t.close());

/** The ready report's PDF in `lang` as a reader downloads it. */
async function downloadPdf(lang: Language): Promise<Buffer> {
  const [report] = (await callRouteOk(t.app, routes.getReportList, { TaskId: taskId }, { as: admin })).Items;
  expect(report?.Status).toBe('ready');
  const { Url } = await callRouteOk(
    t.app,
    routes.downloadReport,
    { ReportIds: [report?.ReportId as string], Format: 'pdf' },
    { as: admin, lang },
  );
  return (await t.app.inject({ method: 'GET', url: new URL(Url).pathname })).rawPayload;
}

/** The one verification code a PDF prints (the same on every page). */
function codeIn(pdf: Buffer): string {
  const codes = new Set([...pdfText(pdf).matchAll(ADDRESS)].map((match) => match[1] as string));
  expect(codes.size).toBe(1);
  return [...codes][0] as string;
}

const queuedReason = async () =>
  (
    await t.db.execute<{ reason: string }>(
      sql`select queued_reason as reason from reports where task_id = ${taskId}`,
    )
  ).rows[0]?.reason;

const verify = (Code: string) => callRouteOk(t.app, routes.getReportVerification, { Code });

describe('report verification', () => {
  const first: Partial<Record<Language, { code: string; sha256: string; task: TaskDetail }>> = {};

  it('every page of each language prints its own address and code; the route answers the file', async () => {
    // The robot's last change finished the task: that is why the report was queued.
    expect(await queuedReason()).toBe('finished');
    await runQueuedRenders(t, renderer);
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const pdf = await downloadPdf(lang);
      const text = pdfText(pdf);
      const code = codeIn(pdf);
      const pages = (text.match(/(page|第) \d+/g) ?? []).length;
      expect(pages).toBeGreaterThan(1);
      expect([...text.matchAll(ADDRESS)]).toHaveLength(pages);
      expect(text).toContain(lang === 'zh-CN' ? `验证码 ${code}` : `Verification code ${code}`);
      const task = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: admin, lang });
      const sha256 = createHash('sha256').update(pdf).digest('hex');
      const answer = await verify(code);
      expect(answer).toEqual({
        Code: code,
        ReportName: `${TITLES[lang]} ${task.Name}`,
        ProjectName: PROJECT_NAME,
        TaskName: task.Name,
        Language: lang,
        RenderedAt: expect.any(String),
        Sha256: sha256,
        Figures: task.Figures,
        Superseded: null,
      } satisfies ReportVerification);
      // The time on the cover is the rendition's time, in the company's zone and the PDF's language.
      expect(text).toContain(formatDateTimeWithZone(answer.RenderedAt, lang, COMPANY_TIME_ZONE));
      first[lang] = { code, sha256, task };
    }
    expect(first['zh-CN']?.code).not.toBe(first['en-US']?.code);
  }, 120_000);

  it('answers without a session, and reads the code case-insensitively', async () => {
    const code = first['zh-CN']?.code as string;
    const answer = await callRoute(t.app, routes.getReportVerification, { Code: code.toLowerCase() });
    expect(answer.Code).toBe(0);
    expect(answer.Result?.Code).toBe(code);
  });

  it('rendered again after a correction: the old code is superseded, why and by which code', async () => {
    const task = first['zh-CN']?.task as TaskDetail;
    const pointIndex = task.Sites[0]?.PointIndex as number;
    const site = await callRouteOk(
      t.app,
      apiRoutes.review.getMsPicDto,
      { TaskId: taskId, PointIndex: pointIndex },
      { as: admin },
    );
    await callRouteOk(
      t.app,
      apiRoutes.review.updateRulerSetting,
      {
        TaskId: taskId,
        PointIndex: pointIndex,
        ItemCode: site.Readings[0]?.ItemCode as string,
        RulerIndex: 0,
        Valid: false,
      },
      { as: admin },
    );
    await runQueuedRenders(t, renderer);
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const old = first[lang] as { code: string; sha256: string; task: TaskDetail };
      const pdf = await downloadPdf(lang);
      const code = codeIn(pdf);
      expect(code).not.toBe(old.code);
      const current = await verify(code);
      const corrected = await callRouteOk(
        t.app,
        apiRoutes.tasks.getTask,
        { TaskId: taskId },
        { as: admin, lang },
      );
      expect(current).toMatchObject({
        Sha256: createHash('sha256').update(pdf).digest('hex'),
        Figures: corrected.Figures,
        Superseded: null,
      });
      expect(corrected.Figures).not.toEqual(old.task.Figures);
      expect(await verify(old.code)).toMatchObject({
        Code: old.code,
        Sha256: old.sha256,
        Figures: old.task.Figures,
        Superseded: {
          At: current.RenderedAt,
          Reason: 'correction',
          CurrentCode: code,
          CurrentUrl: `${ORIGIN}${BASE_PATH}supplement/verify/${code}`,
        },
      });
    }
  }, 120_000);

  it('a retry supersedes again: the first code links the newest rendition, and keeps its own reason', async () => {
    await callRouteOk(t.app, routes.retryReport, { TaskId: taskId }, { as: admin });
    await runQueuedRenders(t, renderer);
    const newest = codeIn(await downloadPdf('zh-CN'));
    const oldest = await verify(first['zh-CN']?.code as string);
    expect(oldest.Superseded).toMatchObject({ Reason: 'correction', CurrentCode: newest });
    const rows = await t.db.execute<{ reason: string; n: number }>(
      sql`select superseded_reason as reason, count(*)::int as n from report_renditions
          where task_id = ${taskId} group by 1 order by 1 nulls last`,
    );
    expect(rows.rows).toEqual([
      { reason: 'correction', n: 2 },
      { reason: 'retry', n: 2 },
      { reason: null, n: 2 },
    ]);
  }, 120_000);

  it('a deleted report still answers; rendered again (audit), its renditions are superseded per task', async () => {
    const code = first['en-US']?.code as string;
    const [report] = (await callRouteOk(t.app, routes.getReportList, { TaskId: taskId }, { as: admin }))
      .Items;
    await callRouteOk(
      t.app,
      routes.batchDeleteReport,
      { ReportIds: [report?.ReportId as string] },
      { as: admin },
    );
    expect((await verify(code)).Code).toBe(code);
    const before = await t.db.execute<{ code: string }>(
      sql`select code from report_renditions where task_id = ${taskId} and superseded_at is null and language = 'en-US'`,
    );
    await callRouteOk(t.app, apiRoutes.review.auditTask, { TaskId: taskId }, { as: admin });
    expect(await queuedReason()).toBe('audit');
    await runQueuedRenders(t, renderer);
    const audited = codeIn(await downloadPdf('en-US'));
    expect(await verify(before.rows[0]?.code as string)).toMatchObject({
      Superseded: { Reason: 'audit', CurrentCode: audited },
    });
    expect((await verify(code)).Superseded?.CurrentCode).toBe(audited);
  }, 120_000);

  it('unknown and malformed codes answer 404 alike', async () => {
    for (const code of [newVerificationCode(), 'AAAAAAAAAAAAAAAA', 'not-a-code', 'A'.repeat(100)]) {
      const answer = await callRoute(t.app, routes.getReportVerification, { Code: code });
      expect(answer.Code, code).toBe(404);
      expect(answer.Result, code).toBeNull();
    }
  });

  it('codes are 16 base32 characters (80 random bits), each one new', () => {
    const codes = Array.from({ length: 2000 }, newVerificationCode);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{16}$/);
    expect(new Set(codes).size).toBe(codes.length);
    // Every position takes every one of the 32 characters: no fixed or narrowed bits.
    for (let position = 0; position < 16; position += 1) {
      expect(new Set(codes.map((code) => code[position])).size, `position ${position}`).toBe(32);
    }
  });
});
