import { apiRoutes, type Language } from '@measure/contract';
import contentDisposition from 'content-disposition';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStore } from '../../core/file-store.ts';
import { LocalObjectStore } from '../../core/storage/local-object-store.ts';
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
import { pdfText } from '../../../test/pdf-text.ts';
import { buildTask, finishWorkOrder } from '../../../test/task-factories.ts';
import { ReportRenderer, type ReportExtension } from '../reports/report-job.ts';

/**
 * Issue 29: a name the system made (a task planned without a name, a work order's re-measure task)
 * is answered in the reader's language everywhere it shows; a typed name stays as typed.
 */
const PROJECT = '名称花园';
const DAY = '2026-11-20';
const TYPED = '二层抹灰 typed';
const LANGUAGES: Language[] = ['zh-CN', 'en-US'];
/** What the generator makes of the project, plaster and the planned day, per language. */
const PLANNED: Record<Language, string> = {
  'zh-CN': `${PROJECT} 抹灰 ${DAY}`,
  'en-US': `${PROJECT} Plaster ${DAY}`,
};

let t: TestApp;
let admin: BuiltUser;
let worker: BuiltUser;
let projectId: string;
let device: { id: string; key: string };
let generated: string;
let typed: string;

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  admin = await buildUser(t, { companyId, roles: ['CompanyAdmin'] });
  worker = await buildUser(t, { companyId, roles: ['Surveyor'] });
  device = await buildDevice(t, { companyId });
  projectId = (
    await buildProject(t, {
      companyId,
      name: PROJECT,
      buildings: [{ number: '1#', stories: 3, households: 2 }],
      staff: [worker],
    })
  ).id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 3 });
  generated = await buildTask(t, admin, { ProjectId: projectId, PlannedDate: DAY, DeviceGuid: device.id });
  typed = await buildTask(t, admin, { ProjectId: projectId, Name: TYPED, PlannedDate: DAY });
});
afterAll(async () => t.close());

const taskName = async (taskId: string, lang: Language) =>
  (await callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: admin, lang })).Name;

const listNames = async (lang: Language, body: Record<string, unknown> = {}) =>
  (
    await callRouteOk(
      t.app,
      apiRoutes.tasks.getTaskList,
      { ProjectId: projectId, PageSize: 50, CurrentPage: 1, ...body },
      { as: admin, lang },
    )
  ).Items.map((row) => row.Name);

describe('names the system made follow the reader; typed names stay', () => {
  it('answers GetTask, the task list, the device list and the export in each language', async () => {
    for (const lang of LANGUAGES) {
      expect(await taskName(generated, lang)).toBe(PLANNED[lang]);
      expect(await taskName(typed, lang)).toBe(TYPED);
      expect((await listNames(lang)).sort()).toEqual([PLANNED[lang], TYPED].sort());
      const devices = await callRouteOk(t.app, apiRoutes.taskDevice.tasks, {}, {
        headers: { authorization: `Device ${device.key}`, 'accept-language': lang },
      } as never);
      expect(devices.map((row) => row.Name)).toEqual([PLANNED[lang]]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/ms/MsTask/ExportTaskList',
        headers: { authorization: `Bearer ${admin.token}`, 'accept-language': lang },
        payload: { ProjectId: projectId },
      });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const cells: unknown[] = [];
      workbook.worksheets[0]?.eachRow((row) => cells.push(...(row.values as unknown[])));
      expect(cells).toContain(PLANNED[lang]);
      expect(cells).toContain(TYPED);
    }
  });

  it("names a task in the project's log in the reader's language", async () => {
    for (const lang of LANGUAGES) {
      const log = await callRouteOk(
        t.app,
        apiRoutes.projects.projectLogGetList,
        { ProjectId: projectId, PageSize: 50, CurrentPage: 1 } as never,
        { as: admin, lang },
      );
      const created = log.Items.filter((entry) => entry.Action === 'projectLog.taskCreated').map(
        (entry) => entry.Message,
      );
      const household = lang === 'zh-CN' ? '（1 户）' : ' (1 household)';
      const verb = lang === 'zh-CN' ? '创建了任务 ' : 'Created the task ';
      expect(created).toContain(`${verb}${PLANNED[lang]}${household}`);
      expect(created).toContain(`${verb}${TYPED}${household}`);
    }
  });

  it('searches and sorts names as the reader reads them', async () => {
    expect(await listNames('en-US', { Keyword: `Plaster ${DAY}` })).toEqual([PLANNED['en-US']]);
    expect(await listNames('zh-CN', { Keyword: `抹灰 ${DAY}` })).toEqual([PLANNED['zh-CN']]);
    // The stored Chinese rendering is found from English too; a typed name by what was typed.
    expect(await listNames('en-US', { Keyword: '抹灰 2026' })).toEqual([PLANNED['en-US']]);
    expect(await listNames('en-US', { Keyword: 'typed' })).toEqual([TYPED]);
    expect(await listNames('zh-CN', { Keyword: 'Plaster' })).toEqual([]);
    // Two stages of one day: 抹灰 (U+62B9) before 砌筑 (U+780C) in Chinese, Masonry before Plaster in English.
    const other = await buildProject(t, { companyId: admin.companyId, name: '排序花园' });
    const map = (await buildHouseType(t, { projectId: other.id })).HouseMapId;
    await assignHouseType(t, { projectId: other.id, houseMapId: map, floorFrom: 1 });
    for (const Stage of ['plaster', 'masonry'] as const) {
      await buildTask(t, admin, { ProjectId: other.id, Stage, PlannedDate: DAY });
    }
    const sorted = async (lang: Language, AscDesc: 'asc' | 'desc') =>
      listNames(lang, { ProjectId: other.id, OrderBy: 'Name', AscDesc });
    expect(await sorted('zh-CN', 'asc')).toEqual([`排序花园 抹灰 ${DAY}`, `排序花园 砌筑 ${DAY}`]);
    expect(await sorted('en-US', 'asc')).toEqual([`排序花园 Masonry ${DAY}`, `排序花园 Plaster ${DAY}`]);
    expect(await sorted('en-US', 'desc')).toEqual([`排序花园 Plaster ${DAY}`, `排序花园 Masonry ${DAY}`]);
  });

  it("names a work order's re-measure task by its order number in each language", async () => {
    const id = await callRouteOk(
      t.app,
      apiRoutes.workOrders.add,
      { ProjectId: projectId, Type: 'rectify', Process: 'plaster', BuildingNumber: '1#', Floor: 1 } as never,
      { as: admin },
    );
    await callRouteOk(
      t.app,
      apiRoutes.workOrders.assign,
      { WorkOrderId: id, AssigneeId: worker.id },
      { as: admin },
    );
    await finishWorkOrder(t, id, worker, '已整改');
    const order = await callRouteOk(t.app, apiRoutes.workOrders.get, { WorkOrderId: id }, { as: admin });
    // Made in English: the stored parts, not the maker's language, decide what each reader sees.
    const remeasure = await callRouteOk(
      t.app,
      apiRoutes.workOrders.createRemeasureTask,
      { WorkOrderId: id },
      { as: admin, lang: 'en-US' },
    );
    expect(await taskName(remeasure, 'zh-CN')).toBe(`${order.OrderNumber} 复测`);
    expect(await taskName(remeasure, 'en-US')).toBe(`${order.OrderNumber} re-measure`);
    expect(await listNames('en-US', { Keyword: 're-measure' })).toEqual([`${order.OrderNumber} re-measure`]);
  });

  it('names the report, its PDF and its file in the language downloaded', async () => {
    const report = await buildTask(t, admin, {
      ProjectId: projectId,
      PlannedDate: DAY,
      SurveyorIds: [worker.id],
    });
    await callRouteOk(t.app, apiRoutes.tasks.startTask, { TaskId: report }, { as: worker });
    await callRouteOk(t.app, apiRoutes.tasks.finishTask, { TaskId: report }, { as: worker });
    // The planner's "task finished" message names it in the language it is read in.
    for (const lang of LANGUAGES) {
      const messages = await callRouteOk(
        t.app,
        apiRoutes.notifications.getMessageList,
        { PageSize: 50, CurrentPage: 1 },
        { as: admin, lang },
      );
      const finished = messages.Items.find((message) => message.TaskId === report);
      expect(finished?.Content).toBe(
        lang === 'zh-CN'
          ? `任务“${PLANNED[lang]}”（${PROJECT}）已测量完成并上传，等待审核`
          : `Task “${PLANNED[lang]}” (${PROJECT}) has been measured and uploaded and awaits the audit`,
      );
    }
    const renderer = new ReportRenderer({
      db: t.db,
      files: new FileStore<ReportExtension>(new LocalObjectStore(t.config.dataDir), 'reports', [
        'pdf',
        'xlsx',
      ]),
    });
    expect(await renderer.render({ companyId: admin.companyId, taskId: report })).toBe('ready');
    for (const lang of LANGUAGES) {
      const [row] = (
        await callRouteOk(t.app, apiRoutes.reports.getReportList, { TaskId: report }, { as: admin, lang })
      ).Items;
      expect(row?.Name).toBe(PLANNED[lang]);
      const { Url } = await callRouteOk(
        t.app,
        apiRoutes.reports.downloadReport,
        { ReportIds: [row?.ReportId as string], Format: 'pdf' },
        { as: admin, lang },
      );
      const file = await t.app.inject({ method: 'GET', url: new URL(Url).pathname });
      expect(contentDisposition.parse(String(file.headers['content-disposition'])).parameters).toEqual({
        filename: `${PLANNED[lang]}.pdf`,
      });
      const text = pdfText(file.rawPayload);
      expect(text).toContain(PLANNED[lang]);
      expect(text).not.toContain(PLANNED[lang === 'zh-CN' ? 'en-US' : 'zh-CN']);
    }
  });

  it('keeps a typed name that looks generated as typed', async () => {
    const lookalike = `${PROJECT} 抹灰 2026-01-01`;
    const id = await buildTask(t, admin, { ProjectId: projectId, Name: lookalike });
    for (const lang of LANGUAGES) expect(await taskName(id, lang)).toBe(lookalike);
  });
});
