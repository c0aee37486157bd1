import { createHash } from 'node:crypto';
import {
  apiRoutes,
  formatMessage,
  type Language,
  PLAN_GRADE_FILL,
  type ReportRow,
  worstPlanGrade,
} from '@measure/contract';
import { runRobot } from '@measure/robot';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
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
import { pdfStreams, pdfText } from '../../../test/pdf-text.ts';
import { FileStore } from '../../core/file-store.ts';
import { LocalObjectStore } from '../../core/storage/local-object-store.ts';
import { ReviewService } from '../review/review-service.ts';
import { type ReportExtension, ReportRenderer } from './report-job.ts';
import { MAX_REPORT_PICTURES } from './report-pictures.ts';
import { buildTask, runQueuedRenders } from '../../../test/task-factories.ts';
import { DeviceFileStore } from '../results/device-file-store.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** An instant as Shanghai's clock (UTC+8) in the English format, written out by hand. */
function shanghaiEnglish(iso: string | null): string {
  const wall = new Date(Date.parse(iso ?? '') + 8 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`;
  return `${MONTHS[wall.getUTCMonth()]} ${wall.getUTCDate()}, ${wall.getUTCFullYear()}, ${time} (UTC+8)`;
}

const routes = apiRoutes.reports;
const PROJECT_NAME = '翠湖花园三期';
const MAP_NAME = 'A户型';
let t: TestApp;
let companyId: string;
let admin: BuiltUser;
let planTaskId: string;
let plainTaskId: string;
let renderer: ReportRenderer;

const square = (x: number) => [
  { X: x, Y: 0 },
  { X: x + 40, Y: 0 },
  { X: x + 40, Y: 40 },
  { X: x, Y: 40 },
];

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t)).id;
  admin = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  const device = await buildDevice(t, { companyId });
  // One project whose house type has two rooms and a station.
  const projectId = (await buildProject(t, { companyId, name: PROJECT_NAME })).id;
  const houseMapId = (await buildHouseType(t, { projectId, name: MAP_NAME })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 2 });
  const saved = await callRoute(
    t.app,
    apiRoutes.houseMaps.saveMeasurePoints,
    {
      HouseMapId: houseMapId,
      MeasurePoints: {
        Rooms: [
          { Id: 'r1', Name: 'Living', Polygon: square(0) },
          { Id: 'r2', Name: 'Bed', Polygon: square(50) },
        ],
        Stations: [{ Id: 's1', X: 20, Y: 20, RoomId: 'r1' }],
        Points: [],
      },
    } as never,
    { as: admin },
  );
  expect(saved.Code).toBe(0);
  // Tasks need house types; this one's is a picture plan without rooms (no plan view to draw).
  const plainProjectId = (await buildProject(t, { companyId, name: '无房间户型项目' })).id;
  const plainMapId = (await buildHouseType(t, { projectId: plainProjectId })).HouseMapId;
  await assignHouseType(t, { projectId: plainProjectId, houseMapId: plainMapId, floorFrom: 1, floorTo: 2 });
  const addTask = (
    ProjectId: string,
    Households: { BuildingNumber: string; Floor: number; Household: number }[],
  ) =>
    buildTask(t, admin, {
      ProjectId,
      Households,
      ItemCodes: ['PL-01', 'PL-02'],
      DeviceGuid: device.id,
    });
  planTaskId = await addTask(projectId, [
    { BuildingNumber: '1#', Floor: 1, Household: 1 },
    { BuildingNumber: '1#', Floor: 2, Household: 1 },
  ]);
  plainTaskId = await addTask(plainProjectId, [{ BuildingNumber: '1#', Floor: 2, Household: 1 }]);
  const server = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await runRobot({ server, key: device.key, seed: 21, errorRate: 0.3, batchSites: 5 });
  // The robot's sites (sent without rooms) are put in the rooms before the report renders.
  await t.db.execute(
    sql`update task_sites set room_id = case when point_index % 2 = 1 then 'r1' else 'r2' end
      where company_id = ${companyId} and task_id = ${planTaskId}`,
  );
  // Sites named as older devices did, their place written into the name ("1# 1-1 Living 北墙").
  await t.db.execute(
    sql`update task_sites set name = building_number || ' ' || floor || '-' || household || ' ' || name
      where company_id = ${companyId} and task_id = ${planTaskId}`,
  );
  const review = new ReviewService({
    db: t.db,
    deviceFiles: new DeviceFileStore(new LocalObjectStore(t.config.dataDir)),
  });
  renderer = new ReportRenderer({
    db: t.db,
    files: new FileStore<ReportExtension>(new LocalObjectStore(t.config.dataDir), 'reports', ['pdf', 'xlsx']),
    sitePicture: (owner, task, pointIndex) => review.firstAnnotatedPicture(owner, task, pointIndex),
  });
  await runQueuedRenders(t, renderer);
}, 120_000);
afterAll(async () => t.close());

const reportOf = async (taskId: string, lang: Language): Promise<ReportRow> => {
  const [row] = (await callRouteOk(t.app, routes.getReportList, { TaskId: taskId }, { as: admin, lang }))
    .Items;
  if (!row) throw new Error('no report');
  return row;
};

const download = async (taskId: string, format: 'pdf' | 'xlsx', lang: Language) => {
  const report = await reportOf(taskId, lang);
  const { Url } = await callRouteOk(
    t.app,
    routes.downloadReport,
    { ReportIds: [report.ReportId], Format: format },
    { as: admin, lang },
  );
  // The address works without a session or a language: it answers the requester's files.
  const response = await t.app.inject({ method: 'GET', url: new URL(Url).pathname });
  expect(response.statusCode).toBe(200);
  return { report, data: response.rawPayload };
};

describe('report rendering: plan views and languages', () => {
  it('a report is ready only with its files in both languages, each PDF with its own SHA-256', async () => {
    for (const taskId of [planTaskId, plainTaskId]) {
      const rows = await t.db.execute<Record<string, string | null>>(
        sql`select status, pdf_name, xlsx_name, pdf_sha256, pdf_name_en, xlsx_name_en, pdf_sha256_en
          from reports where company_id = ${companyId} and task_id = ${taskId}`,
      );
      const row = rows.rows[0] as Record<string, string | null>;
      expect(row.status).toBe('ready');
      for (const value of Object.values(row)) expect(value).not.toBeNull();
      expect(row.pdf_sha256).not.toBe(row.pdf_sha256_en);
    }
    const zh = await reportOf(planTaskId, 'zh-CN');
    const en = await reportOf(planTaskId, 'en-US');
    expect(zh.Sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(en.Sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(en.Sha256).not.toBe(zh.Sha256);
  });

  it('the PDF draws each measured household’s plan: title, labelled rooms, legend (Chinese)', async () => {
    const { report, data } = await download(planTaskId, 'pdf', 'zh-CN');
    expect(createHash('sha256').update(data).digest('hex')).toBe(report.Sha256);
    const text = pdfText(data);
    expect(text).toContain('户型平面图');
    const plans = await callRouteOk(
      t.app,
      apiRoutes.review.getPlanViewLabelingImages,
      { TaskId: planTaskId },
      { as: admin },
    );
    expect(plans).toHaveLength(2);
    // Rooms are the only filled and stroked shapes (B): their fills, in drawing order, are the colours
    // of the worst grades of their sites, as on the page's plan.
    const hex = (value: string) =>
      Math.round(Number(value) * 255)
        .toString(16)
        .padStart(2, '0');
    const fills = pdfStreams(data).flatMap((stream) =>
      [...stream.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) scn\n\/DeviceRGB CS\n[\d. ]+ SCN\nB\n/g)].map(
        (m) => `#${hex(m[1] as string)}${hex(m[2] as string)}${hex(m[3] as string)}`,
      ),
    );
    const expected = plans.flatMap((household) =>
      household.MeasurePoints.Rooms.map(
        (room) =>
          PLAN_GRADE_FILL[
            worstPlanGrade(household.Sites.filter((site) => site.RoomId === room.Id)) ?? 'none'
          ],
      ),
    );
    expect(fills).toEqual(expected);
    expect(new Set(expected).size).toBeGreaterThan(0);
    for (const household of plans) {
      expect(text).toContain(
        `楼栋 ${household.BuildingNumber} · ${household.Floor} 层 · ${household.Household} 户（户型：${MAP_NAME}）`,
      );
      for (const room of household.MeasurePoints.Rooms) {
        const sites = household.Sites.filter((site) => site.RoomId === room.Id).length;
        expect(sites).toBeGreaterThan(0);
        expect(text).toContain(`${room.Name} (${sites})`);
      }
    }
    for (const grade of ['qualified', 'warning', 'unqualified', 'exploded', 'none'] as const) {
      expect(text).toContain(formatMessage('zh-CN', `review.grade.${grade}`));
    }
    expect(text).toContain(formatMessage('zh-CN', 'reports.doc.planLegend'));
  });

  it('downloads in English with Accept-Language en-US: English headings, the pass rates of the API', async () => {
    const detail = await callRouteOk(
      t.app,
      apiRoutes.tasks.getTask,
      { TaskId: planTaskId },
      { as: admin, lang: 'en-US' },
    );
    const { report, data } = await download(planTaskId, 'pdf', 'en-US');
    expect(createHash('sha256').update(data).digest('hex')).toBe(report.Sha256);
    const text = pdfText(data);
    for (const heading of ['Measurement data report', 'Task figures', 'Figures per item', 'Plan views']) {
      expect(text).toContain(heading);
    }
    expect(text).toContain(`Project: ${PROJECT_NAME}`);
    expect(text).toContain(`Report ${report.ReportId} · page 1`);
    expect(text).toContain(`Building 1# · floor 1 · household 1 (house type: ${MAP_NAME})`);
    expect(text).toContain('Not measured');
    // Times in the English format, Shanghai's clock, the zone named.
    expect(text).toContain(`Started: ${shanghaiEnglish(detail.StartedAt)}`);
    expect(detail.Figures.PassRate).not.toBeNull();
    expect(text).toContain(`\n${detail.Figures.PassRate}\n`);
    for (const item of detail.Items) {
      expect(text).toMatch(
        new RegExp(`${item.ItemCode}\\n${item.Name}\\n${item.Figures.PassRate ?? '-'}\\n`),
      );
    }
    // No text of the Chinese catalogue is left in the English file.
    for (const key of [
      'reports.doc.title',
      'reports.doc.figures',
      'reports.doc.plans',
      'reports.doc.mode.absolute',
    ] as const) {
      expect(text).not.toContain(formatMessage('zh-CN', key));
    }
    // The Chinese file is still Chinese.
    const zh = pdfText((await download(planTaskId, 'pdf', 'zh-CN')).data);
    expect(zh).toContain('实测实量数据报告');
    expect(zh).not.toContain('Plan views');
  });

  it('the English workbook: English sheets and headers, every reading, the figures of the API', async () => {
    const detail = await callRouteOk(
      t.app,
      apiRoutes.tasks.getTask,
      { TaskId: planTaskId },
      { as: admin, lang: 'en-US' },
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(planTaskId, 'xlsx', 'en-US')).data as never);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Summary',
      'Figures per item',
      'Figures per household',
      'Sites',
      'Readings',
    ]);
    const summary = workbook.getWorksheet('Summary');
    expect(summary?.getRow(1).values).toEqual([undefined, 'Field', 'Value']);
    const cells = new Map<string, unknown>();
    summary?.eachRow((row) => cells.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(cells.get('Project')).toBe(PROJECT_NAME);
    expect(cells.get('Started')).toBe(shanghaiEnglish(detail.StartedAt));
    expect(cells.get('Pass rate (%)')).toBe(detail.Figures.PassRate);
    const items = workbook.getWorksheet('Figures per item');
    expect(items?.getRow(1).getCell(3).value).toBe('Pass rate (%)');
    // One row per value, headed in English.
    const values = await t.db.execute<{ n: number }>(
      sql`select sum(cardinality(vals))::int as n from site_readings where task_id = ${planTaskId}`,
    );
    const readings = workbook.getWorksheet('Readings');
    expect((readings?.rowCount ?? 0) - 1).toBe(values.rows[0]?.n);
    expect((readings?.getRow(1).values as unknown[]).slice(9)).toEqual([
      'Value no.',
      'Value',
      'Grade',
      'Valid',
    ]);
    expect(readings?.getRow(2).getCell(9).value).toBe(1);
    expect(readings?.getRow(2).getCell(10).type).toBe(ExcelJS.ValueType.Number);
  });

  it('a task whose house maps have no rooms renders correctly: no plan drawn, the note instead', async () => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const detail = await callRouteOk(
        t.app,
        apiRoutes.tasks.getTask,
        { TaskId: plainTaskId },
        { as: admin, lang },
      );
      const text = pdfText((await download(plainTaskId, 'pdf', lang)).data);
      expect(text).toContain(formatMessage(lang, 'reports.doc.plans'));
      expect(text).toContain(formatMessage(lang, 'reports.doc.noPlans'));
      expect(text).not.toContain(formatMessage(lang, 'reports.doc.planLegend'));
      expect(text).toContain(formatMessage(lang, 'reports.doc.standard'));
      expect(text).toContain(String(detail.Figures.PassRate ?? '-'));
    }
  });

  it('a share shows and serves the file of the viewer’s language, with its SHA-256', async () => {
    const share = await callRouteOk(t.app, routes.sharingReport, { TaskId: planTaskId }, { as: admin });
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const shared = await t.app.inject({
        method: 'GET',
        url: `/api/share/${share.ShareId}/Report`,
        headers: { 'accept-language': lang },
      });
      const { Sha256 } = shared.json().Result as { Sha256: string };
      expect(Sha256).toBe((await reportOf(planTaskId, lang)).Sha256);
      // pdfView names its language (Lang) so the frame shows what the page shows.
      const pdf = await t.app.inject({ method: 'GET', url: `/api/share/${share.ShareId}/Pdf?Lang=${lang}` });
      expect(pdf.statusCode).toBe(200);
      expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(Sha256);
      const byHeader = await t.app.inject({
        method: 'GET',
        url: `/api/share/${share.ShareId}/Pdf`,
        headers: { 'accept-language': lang },
      });
      expect(createHash('sha256').update(byHeader.rawPayload).digest('hex')).toBe(Sha256);
    }
  });

  it('a ready report rendered before English is queued again at start-up; until then English readers get Chinese', async () => {
    const zh = await reportOf(plainTaskId, 'zh-CN');
    await t.db.execute(
      sql`update reports set pdf_name_en = null, xlsx_name_en = null, pdf_sha256_en = null
        where company_id = ${companyId} and task_id = ${plainTaskId}`,
    );
    expect((await reportOf(plainTaskId, 'en-US')).Sha256).toBe(zh.Sha256);
    const { data } = await download(plainTaskId, 'pdf', 'en-US');
    expect(createHash('sha256').update(data).digest('hex')).toBe(zh.Sha256);
    expect(await renderer.queueMissingLanguages()).toBe(1);
    expect(await reportOf(plainTaskId, 'en-US')).toMatchObject({ Status: 'queued', Sha256: null });
  });

  it('the PDF shows the failed sites’ wall pictures with their rulers, worst first, in both languages', async () => {
    const detail = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: planTaskId }, { as: admin });
    const failed = detail.Sites.filter((site) => site.Figures.Unqualified > 0 || site.Figures.Exploded > 0);
    expect(failed.length).toBeGreaterThan(0);
    const shown = Math.min(failed.length, MAX_REPORT_PICTURES);
    for (const [lang, heading] of [
      ['zh-CN', '不合格测区墙面照片'],
      ['en-US', 'Wall pictures of failed sites'],
    ] as const) {
      const { data } = await download(planTaskId, 'pdf', lang);
      const text = pdfText(data);
      expect(text).toContain(heading);
      // One image per shown site (the robot sends a picture with every site): pdfkit writes each as
      // an image XObject whose dictionary stays readable.
      const images = data.toString('latin1').match(/\/Subtype \/Image/g) ?? [];
      expect(images.length).toBe(shown);
      for (const site of failed.slice(0, 3)) expect(text).toContain(`#${site.PointIndex} `);
      // Every placeholder of the catalogue texts was filled in.
      expect(text).not.toMatch(/\{\{?\w+\}/);
    }
  });

  it('the PDF charts each item’s pass rate and grades (ECharts SVG drawn as vectors), in both languages', async () => {
    const detail = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: planTaskId }, { as: admin });
    const judged = detail.Items.filter((item) => item.Figures.Total > 0);
    expect(judged.length).toBeGreaterThan(0);
    for (const [lang, titles] of [
      ['zh-CN', ['统计图', '各测量项合格率', '各测量项判定值等级分布', '合格', '爆点']],
      [
        'en-US',
        [
          'Charts',
          'Pass rate per measure item',
          'Judged values per measure item by grade',
          'Severe deviation',
        ],
      ],
    ] as const) {
      const { data } = await download(planTaskId, 'pdf', lang);
      const text = pdfText(data);
      for (const title of titles) expect(text).toContain(title);
      // The pass-rate bars are labelled with the API's rates.
      for (const item of judged) expect(text).toContain(`${item.Figures.PassRate}%`);
    }
  });

  it('shows each site’s place once, in the reader’s language, and "Severe deviation" in English', async () => {
    const detail = await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: planTaskId }, { as: admin });
    const failed = detail.Sites.filter((site) => site.Figures.Unqualified > 0 || site.Figures.Exploded > 0);
    const placed = (site: (typeof detail.Sites)[number]) => {
      const prefix = `${site.BuildingNumber} ${site.Floor}-${site.Household} `;
      expect(site.Name.startsWith(prefix)).toBe(true);
      return { ...site, own: site.Name.slice(prefix.length) };
    };
    const zh = pdfText((await download(planTaskId, 'pdf', 'zh-CN')).data);
    const en = pdfText((await download(planTaskId, 'pdf', 'en-US')).data);
    for (const site of failed.slice(0, 3).map(placed)) {
      // The wall picture's caption: the place once, then the site's own name.
      expect(zh).toContain(
        `#${site.PointIndex} ${site.BuildingNumber} ${site.Floor} 层 ${site.Household} 户 ${site.own}`,
      );
      expect(en).toContain(
        `#${site.PointIndex} ${site.BuildingNumber} floor ${site.Floor}, household ${site.Household} · ${site.own}`,
      );
    }
    for (const text of [zh, en]) expect(text).not.toMatch(/\d+# \d+-\d+ /);
    expect(en).toContain('Severe deviation');
    expect(en).not.toMatch(/exploded/i);
    // The workbook's sites sheet: the place in its own columns, the name without it.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(planTaskId, 'xlsx', 'en-US')).data as never);
    const sheet = workbook.getWorksheet('Sites') as ExcelJS.Worksheet;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Severe deviation');
    expect(header).not.toContain('Exploded');
    const nameColumn = header.indexOf('Site name') + 1;
    const names: unknown[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1) names.push(row.getCell(nameColumn).value);
    });
    expect(names).toEqual(detail.Sites.map((site) => placed(site).own));
    // The readings sheet names each site's room as its plan does (r1 Living, r2 Bed), not by its id.
    const readings = workbook.getWorksheet('Readings') as ExcelJS.Worksheet;
    const roomColumn = (readings.getRow(1).values as unknown[]).indexOf('Room');
    const rooms = new Set<unknown>();
    readings.eachRow((row, index) => {
      if (index > 1) rooms.add(row.getCell(roomColumn).value);
    });
    expect([...rooms].sort()).toEqual(['Bed', 'Living']);
  });
});
