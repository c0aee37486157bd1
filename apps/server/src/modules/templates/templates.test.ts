import type { AlgorithmTemplate, DesignTemplate, ProjectStandard } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAdmin, buildProject, buildUser } from '../../../test/factories.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { pngBytes } from '../../../test/plan-files.ts';

let t: TestApp;
let admin = '';
let pm = '';
let binjiang = '';
let yunqi = '';
const ids = new Map<string, string>();

/** A company of the factories with its administrator, an assigned project administrator and two projects. */
beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await buildAdmin(t);
  const companyId = adminUser.companyId;
  admin = adminUser.token;
  const pmUser = await buildUser(t, { companyId, roles: ['ProjectAdmin'] });
  pm = pmUser.token;
  // binjiang: the project administrator is assigned to it; yunqi: not.
  binjiang = (await buildProject(t, { companyId, staff: [pmUser], as: adminUser })).id;
  yunqi = (await buildProject(t, { companyId, as: adminUser })).id;
  const copies = await call<ProjectStandard[]>(
    t.app,
    'GET',
    `/api/ms/standard/GetListByProject?ProjectGuid=${binjiang}`,
    {
      token: admin,
    },
  );
  for (const row of copies.body.Result.flatMap((copy) => copy.Classes)) ids.set(row.Code, row.MeasureItemId);
});
afterAll(async () => t.close());

const templates = async (projectId = binjiang, token = admin, lang?: string) =>
  call<DesignTemplate[]>(t.app, 'POST', '/api/ms/Project/GetMeasureItemTemplate', {
    token,
    lang,
    body: { ProjectGuid: projectId },
  });
const saveTemplate = (body: object, projectId = binjiang, token = admin) =>
  call<DesignTemplate>(t.app, 'POST', '/api/ms/Project/UpdateMeasureTemplate', {
    token,
    body: { ProjectGuid: projectId, ...body },
  });

async function uploadHouseMap(projectId: string, name: string): Promise<string> {
  const plan = multipartBody([{ name: 'plan.png', data: pngBytes(), type: 'image/png' }], {
    ProjectId: projectId,
    Name: name,
    FloorArea: '88',
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ms/Project/HouseMapUpdate',
    payload: plan.payload,
    headers: { ...plan.headers, authorization: `Bearer ${admin}` },
  });
  return response.json<{ Result: { HouseMapId: string } }>().Result.HouseMapId;
}

describe('design value templates', () => {
  it('has a default template with the net height at 2,800 mm', async () => {
    const response = await templates();
    expect(response.body.Code).toBe(0);
    const [first] = response.body.Result;
    expect(first).toMatchObject({ IsDefault: true, Name: '默认模板' });
    expect(first?.Items).toEqual([expect.objectContaining({ Code: 'PL-04', DesignValue: 2800 })]);
    expect((await templates(binjiang, admin, 'en-US')).body.Result[0]?.Name).toBe('Default template');
    expect((await templates(binjiang, pm)).body.Code).toBe(0);
    expect((await templates(yunqi, pm)).body.Code).toBe(404);
  });

  it('creates and edits templates: at least one item, design values at most 20,000, unique names', async () => {
    const item = (DesignValue: number, code = 'PL-05') => ({ MeasureItemId: ids.get(code), DesignValue });
    const created = await saveTemplate({ Name: '高层', Items: [item(20_000)] });
    expect(created.body.Code).toBe(0);
    expect(created.body.Result.Items[0]).toMatchObject({ Code: 'PL-05', DesignValue: 20_000 });
    const over = await saveTemplate({ Name: '超限', Items: [item(20_000.1)] });
    expect(over.body).toMatchObject({
      Code: 400,
      Message: expect.stringContaining('设计值须在 0 到 20000 之间'),
    });
    const empty = await saveTemplate({ Name: '空模板', Items: [] });
    expect(empty.body).toMatchObject({
      Code: 400,
      Message: expect.stringContaining('设计值模板至少需要一个测量项'),
    });
    expect((await saveTemplate({ Name: '一项', Items: [item(3000)] })).body.Code).toBe(0);
    expect((await saveTemplate({ Name: '高层', Items: [item(1)] })).body.Code).toBe(409);
    const edited = await saveTemplate({
      TemplateId: created.body.Result.TemplateId,
      Name: '高层户型',
      Items: [item(3300), item(2900, 'PL-04')],
    });
    expect(edited.body.Result).toMatchObject({ Name: '高层户型' });
    expect(edited.body.Result.Items).toHaveLength(2);
    expect((await saveTemplate({ Name: '重复', Items: [item(1), item(2)] })).body.Code).toBe(409);
    expect((await saveTemplate({ Name: '越权', Items: [item(1)] }, binjiang, pm)).body.Code).toBe(403);
  });

  it('never deletes the default template; deletes others', async () => {
    const [defaultTemplate] = (await templates()).body.Result;
    const refused = await call(t.app, 'POST', '/api/ms/Project/DeleteMeasureTemplate', {
      token: admin,
      body: { ProjectGuid: binjiang, TemplateId: defaultTemplate?.TemplateId },
    });
    expect(refused.body).toMatchObject({ Code: 409, Message: '默认模板不能删除' });
    const created = await saveTemplate({
      Name: '临时',
      Items: [{ MeasureItemId: ids.get('PL-05'), DesignValue: 1 }],
    });
    const deleted = await call(t.app, 'POST', '/api/ms/Project/DeleteMeasureTemplate', {
      token: admin,
      body: { ProjectGuid: binjiang, TemplateId: created.body.Result.TemplateId },
    });
    expect(deleted.body.Code).toBe(0);
  });

  it('applies templates to house types and tells whether design values are input', async () => {
    const houseMapId = await uploadHouseMap(binjiang, '模板户型');
    const before = await call<{ HasInput: boolean; Missing: { Code: string }[] }>(
      t.app,
      'POST',
      '/api/ms/task/HasMeasureItemInput',
      { token: admin, body: { ProjectGuid: binjiang, HouseMapId: houseMapId, Stage: 'plaster' } },
    );
    expect(before.body.Result.HasInput).toBe(false);
    expect(before.body.Result.Missing.map((item) => item.Code)).toEqual(['PL-05']);
    const full = await saveTemplate({
      Name: '完整',
      Items: [
        { MeasureItemId: ids.get('PL-04'), DesignValue: 2800 },
        { MeasureItemId: ids.get('PL-05'), DesignValue: 3600 },
      ],
    });
    const applied = await call(t.app, 'POST', '/api/ms/Project/updateHouseTypeTemplate', {
      token: admin,
      body: { HouseMapId: houseMapId, KeyAndName: { Key: full.body.Result.TemplateId, Name: '完整' } },
    });
    expect(applied.body).toMatchObject({ Code: 0, Result: { TemplateName: '完整' } });
    const after = await call<{ HasInput: boolean }>(t.app, 'POST', '/api/ms/task/HasMeasureItemInput', {
      token: admin,
      body: { ProjectGuid: binjiang, HouseMapId: houseMapId, Stage: 'plaster' },
    });
    expect(after.body.Result.HasInput).toBe(true);
    const list = (await templates()).body.Result;
    expect(list.find((template) => template.Name === '完整')?.HouseMapIds).toEqual([houseMapId]);
  });

  it('locks the templates of a published project (423)', async () => {
    const added = await call<{ ProjectId: string }>(t.app, 'POST', '/api/ms/Project/Add', {
      token: admin,
      body: { Name: '模板发布项目' },
    });
    const projectId = added.body.Result.ProjectId;
    const [defaultTemplate] = (await templates(projectId)).body.Result;
    const houseMapId = await uploadHouseMap(projectId, '发布户型');
    await call(t.app, 'POST', '/api/ms/Project/publiceProject', {
      token: admin,
      body: { ProjectId: projectId },
    });
    const body = { TemplateId: defaultTemplate?.TemplateId, Name: '默认模板', Items: defaultTemplate?.Items };
    expect((await saveTemplate(body, projectId)).body.Code).toBe(423);
    const apply = await call(t.app, 'POST', '/api/ms/Project/updateHouseTypeTemplate', {
      token: admin,
      body: { HouseMapId: houseMapId, KeyAndName: { Key: null } },
    });
    expect(apply.body.Code).toBe(423);
  });
});

describe('algorithm parameter templates', () => {
  const param = (overrides: object = {}) => ({
    Name: '体素',
    Value: 5,
    Min: 1,
    Max: 50,
    Unit: 'mm',
    ...overrides,
  });
  const save = (body: object, token = admin) =>
    call<AlgorithmTemplate>(
      t.app,
      'POST',
      '/api/ms/AlgorithmParamTemplate/SaveAlgorithmParamTemplateDetail',
      {
        token,
        body,
      },
    );

  it('lists the seeded company-wide template', async () => {
    const list = await call<{ Items: AlgorithmTemplate[]; Total: number }>(
      t.app,
      'POST',
      '/api/ms/algo/GetAlgorithmParamTemplateList',
      { token: pm, body: {} },
    );
    expect(list.body.Result.Items.map((item) => item.Name)).toEqual(['标准参数']);
    expect(list.body.Result.Items[0]?.list.length).toBeGreaterThan(0);
  });

  it('saves, reads, lists by project and deletes templates', async () => {
    const saved = await save({ Name: '项目参数', detail: '滨江', ProjectGuid: binjiang, list: [param()] });
    expect(saved.body.Code).toBe(0);
    const guid = saved.body.Result.guid;
    const detail = await call<AlgorithmTemplate>(
      t.app,
      'GET',
      `/api/ms/AlgorithmParamTemplate/GetAlgorithmParamTemplateDetail?guid=${guid}`,
      { token: pm },
    );
    expect(detail.body.Result).toMatchObject({ Name: '项目参数', detail: '滨江', ProjectId: binjiang });
    const byProject = await call<AlgorithmTemplate[]>(
      t.app,
      'GET',
      `/api/ms/algo/GetAlgoTempByProjID?projectId=${binjiang}`,
      {
        token: admin,
      },
    );
    expect(byProject.body.Result.map((item) => item.Name).sort()).toEqual(['标准参数', '项目参数'].sort());
    const other = await call<AlgorithmTemplate[]>(
      t.app,
      'GET',
      `/api/ms/algo/GetAlgoTempByProjID?projectId=${yunqi}`,
      {
        token: admin,
      },
    );
    expect(other.body.Result.map((item) => item.Name)).toEqual(['标准参数']);
    expect((await save({ Name: '项目参数', list: [param()] })).body.Code).toBe(409);
    const deleted = await call(t.app, 'GET', `/api/ms/AlgorithmParamTemplate/DeleteAlgoTempById?id=${guid}`, {
      token: admin,
    });
    expect(deleted.body.Code).toBe(0);
    expect((await save({ Name: 'x', list: [param()] }, pm)).body.Code).toBe(403);
  });

  it('keeps each value within its range', async () => {
    expect(
      (await save({ Name: '边界', list: [param({ Value: 1 }), param({ Name: '上限', Value: 50 })] })).body
        .Code,
    ).toBe(0);
    const below = await save({ Name: '低', list: [param({ Value: 0.9 })] });
    expect(below.body).toMatchObject({
      Code: 400,
      Message: expect.stringContaining('参数值须在最小值和最大值之间'),
    });
    expect((await save({ Name: '高', list: [param({ Value: 50.1 })] })).body.Code).toBe(400);
    expect((await save({ Name: '反', list: [param({ Min: 60 })] })).body.Code).toBe(400);
    expect((await save({ Name: '重', list: [param(), param()] })).body.Code).toBe(400);
    expect((await save({ Name: '空', list: [] })).body.Code).toBe(400);
  });
});
