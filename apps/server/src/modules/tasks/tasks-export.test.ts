import { apiRoutes } from '@measure/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRouteOk } from '../../../test/call-route.ts';
import {
  assignHouseType,
  buildCompany,
  buildHouseType,
  buildProject,
  buildUser,
  type BuiltProject,
  type BuiltUser,
} from '../../../test/factories.ts';
import { buildTask } from '../../../test/task-factories.ts';

let t: TestApp;
let planner: BuiltUser;
let surveyor: BuiltUser;
let project: BuiltProject;
let otherProject: BuiltProject;

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  planner = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  surveyor = await buildUser(t, { companyId, roles: ['Surveyor'] });
  project = await buildProject(t, { companyId, staff: [surveyor] });
  otherProject = await buildProject(t, { companyId });
  for (const target of [project, otherProject]) {
    const houseMapId = (await buildHouseType(t, { projectId: target.id })).HouseMapId;
    await assignHouseType(t, { projectId: target.id, houseMapId, floorFrom: 1, floorTo: 3 });
  }
  for (const [target, name] of [
    [project, '导出一'],
    [project, '导出二'],
    [otherProject, '别的项目'],
  ] as const) {
    await buildTask(t, planner, {
      ProjectId: target.id,
      Name: name,
    });
  }
});
afterAll(async () => t.close());

async function exportNames(as: BuiltUser, body: object, language = 'zh-CN') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ms/MsTask/ExportTaskList',
    headers: { authorization: `Bearer ${as.token}`, 'accept-language': language },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const names: unknown[] = [];
  sheet?.eachRow((row, index) => {
    if (index > 1) names.push(row.getCell(1).value);
  });
  return { header: sheet?.getRow(1).getCell(1).value, state: sheet?.getRow(2).getCell(6).value, names };
}

describe('ExportTaskList', () => {
  it('exports what the task center filters and orders, in the request language', async () => {
    const order = { OrderBy: 'Name', AscDesc: 'asc' } as const;
    const all = await exportNames(planner, order, 'en-US');
    expect(all.header).toBe('Task name');
    expect(all.state).toBe('Pending');
    const page = await callRouteOk(
      t.app,
      apiRoutes.tasks.getTaskList,
      { ...order, PageSize: 10 },
      { as: planner },
    );
    expect(all.names).toEqual(page.Items.map((row) => row.Name));
    expect([...all.names].sort()).toEqual(['别的项目', '导出一', '导出二'].sort());
    const filtered = await exportNames(planner, { ProjectId: project.id, Keyword: '导出' });
    expect(filtered.header).toBe('任务名称');
    expect([...filtered.names].sort()).toEqual(['导出一', '导出二']);
  });

  it('holds only the tasks of the projects the caller sees', async () => {
    expect([...(await exportNames(surveyor, {})).names].sort()).toEqual(['导出一', '导出二']);
  });
});
