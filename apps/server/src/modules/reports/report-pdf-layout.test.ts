import { apiRoutes, formatMessage, type Language, type MessageKey } from '@measure/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { runRobot } from '@measure/robot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRouteOk } from '../../../test/call-route.ts';
import {
  assignHouseType,
  buildCompany,
  buildDevice,
  buildHouseType,
  buildProject,
  buildUser,
  type BuiltUser,
} from '../../../test/factories.ts';
import { buildTask, runQueuedRenders } from '../../../test/task-factories.ts';
import { FileStore } from '../../core/file-store.ts';
import { LocalObjectStore } from '../../core/storage/local-object-store.ts';
import { ReviewService } from '../review/review-service.ts';
import { type ReportExtension, ReportRenderer } from './report-job.ts';
import { DeviceFileStore } from '../results/device-file-store.ts';

let t: TestApp;
let admin: BuiltUser;
let taskId: string;

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  admin = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  const device = await buildDevice(t, { companyId });
  const projectId = (await buildProject(t, { companyId, name: '翠湖花园三期' })).id;
  const houseMapId = (await buildHouseType(t, { projectId, name: 'A户型' })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 6 });
  taskId = await buildTask(t, admin, {
    ProjectId: projectId,
    Households: [1, 2, 3, 4, 5, 6].map((Floor) => ({ BuildingNumber: '1#', Floor, Household: 1 })),
    ItemCodes: ['PL-01', 'PL-02'],
    DeviceGuid: device.id,
  });
  const server = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await runRobot({ server, key: device.key, seed: 7, errorRate: 0.4, batchSites: 5 });
  const review = new ReviewService({
    db: t.db,
    deviceFiles: new DeviceFileStore(new LocalObjectStore(t.config.dataDir)),
  });
  const renderer = new ReportRenderer({
    db: t.db,
    files: new FileStore<ReportExtension>(new LocalObjectStore(t.config.dataDir), 'reports', ['pdf', 'xlsx']),
    sitePicture: (owner, task, pointIndex) => review.firstAnnotatedPicture(owner, task, pointIndex),
  });
  await runQueuedRenders(t, renderer);
}, 120_000);
afterAll(async () => t.close());

async function downloadPdf(lang: Language): Promise<Buffer> {
  const routes = apiRoutes.reports;
  const [report] = (await callRouteOk(t.app, routes.getReportList, { TaskId: taskId }, { as: admin, lang }))
    .Items;
  if (!report) throw new Error('no report');
  const { Url } = await callRouteOk(
    t.app,
    routes.downloadReport,
    { ReportIds: [report.ReportId], Format: 'pdf' },
    { as: admin, lang },
  );
  const response = await t.app.inject({ method: 'GET', url: new URL(Url).pathname });
  return response.rawPayload;
}

interface Placed {
  page: number;
  text: string;
  /** Distance from the top of the page, in points. */
  top: number;
}

/** Every text run of the PDF with its page and height on it (pdf.js, as a viewer lays it out). */
async function placedText(pdf: Buffer): Promise<Placed[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const placed: Placed[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const height = page.getViewport({ scale: 1 }).height;
    for (const item of (await page.getTextContent()).items) {
      if ('str' in item && item.str.trim())
        placed.push({ page: number, text: item.str, top: height - item.transform[5] });
    }
  }
  await document.destroy();
  return placed;
}

/** The section headings a task without plans, re-measure or standard changes shows. */
const HEADINGS: MessageKey[] = [
  'reports.doc.figures',
  'reports.doc.charts',
  'reports.doc.items',
  'reports.doc.households',
  'reports.doc.plans',
  'reports.doc.failedSites',
  'reports.doc.pictures',
  'reports.doc.standard',
];
/** Where the page footer (verification link and code, page number) begins, from the top of A4. */
const FOOTER_TOP = 841.89 - 60;

describe.each(['zh-CN', 'en-US'] as const)('report PDF layout (%s)', (lang) => {
  let placed: Placed[];
  beforeAll(async () => {
    placed = await placedText(await downloadPdf(lang));
  }, 60_000);

  it('keeps every section heading on the page of what follows it', () => {
    for (const key of HEADINGS) {
      const text = formatMessage(lang, key);
      const heading = placed.find((item) => item.text === text);
      expect(heading, text).toBeDefined();
      const below = placed.filter(
        (item) => item.page === heading!.page && item.top > heading!.top + 5 && item.top < FOOTER_TOP,
      );
      expect(below.length, `content under "${text}" on page ${heading!.page}`).toBeGreaterThan(0);
    }
  });

  it('cuts no column header: every label is there in full, nothing ends with an ellipsis', () => {
    const all = placed.map((item) => item.text);
    expect(all.filter((text) => text.includes('…'))).toEqual([]);
    const labels: MessageKey[] = [
      'reports.doc.unqualified',
      'reports.doc.explodedRate',
      'reports.doc.household',
      'reports.doc.explodedLimit',
    ];
    const joined = all.join(' ');
    for (const key of labels) {
      for (const word of formatMessage(lang, key).split(' ')) expect(joined).toContain(word);
    }
  });

  it('repeats a table’s header on the page it continues on', () => {
    const siteNo = formatMessage(lang, 'reports.doc.pointIndex');
    const pages = new Set(placed.filter((item) => item.text === siteNo).map((item) => item.page));
    // The 72 sites' failures run over more than one page here.
    expect(pages.size).toBeGreaterThan(1);
  });
});
