/** API tests of the project standards (per-stage copies of the library) and the measure items of site types. */
import type { MeasureItemRow, ProjectStandard, projectStandardsRoutes, RouteResult } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAdmin, buildProject, buildUser } from '../../../test/factories.ts';
import { libraryItem, libraryOf, projectStandardsOf, updateStandards } from '../../../test/standards.ts';

let t: TestApp;
let admin = '';
let measure = '';
let pm = '';
let binjiang = '';
let yunqi = '';

/** A company of the factories (seeded with the default library), its roles, and two projects. */
beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await buildAdmin(t);
  const companyId = adminUser.companyId;
  admin = adminUser.token;
  measure = (await buildUser(t, { companyId, roles: ['MeasureAdmin'] })).token;
  const pmUser = await buildUser(t, { companyId, roles: ['ProjectAdmin'] });
  pm = pmUser.token;
  // binjiang: the project administrator is assigned to it; yunqi: not.
  binjiang = (await buildProject(t, { companyId, staff: [pmUser], as: adminUser })).id;
  yunqi = (await buildProject(t, { companyId, as: adminUser })).id;
});
afterAll(async () => t.close());

const item = libraryItem;
const update = (token: string, body: object, lang?: string) => updateStandards(t, token, body, lang);
const library = async (token = admin) => libraryOf(t, token);
const projectStandards = async (projectId: string, token = admin) => projectStandardsOf(t, projectId, token);

describe('project standards', () => {
  it('gives every project its own copy per stage, also to new projects', async () => {
    const response = await projectStandards(binjiang);
    expect(response.body.Code).toBe(0);
    expect(response.body.Result.map((copy) => copy.Stage)).toEqual([
      'structure',
      'masonry',
      'plaster',
      'decoration',
      'floorGround',
    ]);
    const plaster = response.body.Result.find((copy) => copy.Stage === 'plaster');
    expect(plaster?.ProjectStandardId).toBe(plaster?.MsProjectStandardId);
    expect(plaster?.Classes.some((row) => row.Code === 'PL-04')).toBe(true);

    const added = await call<{ ProjectId: string }>(t.app, 'POST', '/api/ms/Project/Add', {
      token: admin,
      body: { Name: '标准测试项目' },
    });
    const stages = await call<{ Stage: string; ItemCount: number }[]>(
      t.app,
      'GET',
      `/api/ms/standard/GetProjectStage?projectId=${added.body.Result.ProjectId}`,
      { token: admin },
    );
    expect(stages.body.Result).toHaveLength(5);
    expect(stages.body.Result.find((stage) => stage.Stage === 'plaster')?.ItemCount).toBeGreaterThan(5);
  });

  it('edits the copy without touching the library, and takes library updates on request', async () => {
    const copies = (await projectStandards(yunqi)).body.Result;
    const structure = copies.find((copy) => copy.Stage === 'structure') as ProjectStandard;
    const flatness = structure.Classes.find((row) => row.Code === 'ST-01') as MeasureItemRow;
    const verticality = structure.Classes.find((row) => row.Code === 'ST-02') as MeasureItemRow;
    const edited = await update(measure, {
      ProjectStandardId: structure.ProjectStandardId,
      ProjectGuid: yunqi,
      Classes: [
        { ...flatness, Standards: [{ ...flatness.Standards[0], Right: 7, WarnRight: 6 }] },
        { ...verticality, Enabled: false },
      ],
    });
    expect(edited.body.Code).toBe(0);
    const libraryFlatness = (await library()).find((row) => row.Code === 'ST-01') as MeasureItemRow;
    expect(libraryFlatness.Standards[0]?.Right).toBe(8);
    // A concrete item of the copy keeps the concrete range, whatever Concrete the caller sends.
    const negative = await update(measure, {
      ProjectStandardId: structure.ProjectStandardId,
      Classes: [
        { ...flatness, Concrete: false, Standards: [{ ...flatness.Standards[0], Left: -1, WarnLeft: -1 }] },
      ],
    });
    expect(negative.body.Code).toBe(400);

    // The library changes: the copy stays as it was (a frozen copy) and says it is out of date.
    await update(admin, {
      Classes: [
        { ...libraryFlatness, Standards: [{ ...libraryFlatness.Standards[0], Right: 9, WarnRight: 7 }] },
      ],
    });
    let copy = (await projectStandards(yunqi)).body.Result.find((entry) => entry.Stage === 'structure');
    expect(copy?.Classes.find((row) => row.Code === 'ST-01')?.Standards[0]?.Right).toBe(7);
    expect(copy?.OutOfDate).toBe(true);

    // Taking just that item's update is enough to bring the stage up to date.
    const itemOnly = await call<ProjectStandard[]>(t.app, 'POST', '/api/ms/standard/UpdateFromBase', {
      token: measure,
      body: { ProjectGuid: yunqi, Stage: 'structure', MeasureItemIds: [libraryFlatness.MeasureItemId] },
    });
    expect(itemOnly.body.Result[0]?.OutOfDate).toBe(false);
    expect(itemOnly.body.Result[0]?.Classes.find((row) => row.Code === 'ST-01')?.Standards[0]?.Right).toBe(9);
    // Any later library save of the item flags the stage again.
    await update(admin, {
      Classes: [
        { ...libraryFlatness, Standards: [{ ...libraryFlatness.Standards[0], Right: 9, WarnRight: 7 }] },
      ],
    });
    copy = (await projectStandards(yunqi)).body.Result.find((entry) => entry.Stage === 'structure');
    expect(copy?.OutOfDate).toBe(true);

    const fromBase = await call<ProjectStandard[]>(t.app, 'POST', '/api/ms/standard/UpdateFromBase', {
      token: measure,
      body: { ProjectGuid: yunqi, Stage: 'structure' },
    });
    expect(fromBase.body.Code).toBe(0);
    copy = fromBase.body.Result[0];
    expect(copy?.OutOfDate).toBe(false);
    expect(copy?.Classes.find((row) => row.Code === 'ST-01')?.Standards[0]?.Right).toBe(9);
    // The project's choice to leave an item out is kept.
    expect(copy?.Classes.find((row) => row.Code === 'ST-02')?.Enabled).toBe(false);
    // The project log names the stage in its reader's language.
    const log = async (lang: string) =>
      (
        await call<{ Items: { Message: string }[] }>(
          t.app,
          'GET',
          `/api/ms/projectlog/GetList?ProjectId=${yunqi}`,
          {
            token: admin,
            lang,
          },
        )
      ).body.Result.Items.map((entry) => entry.Message);
    expect(await log('zh-CN')).toEqual(
      expect.arrayContaining([
        '修改了主体结构阶段的项目标准（2 个测量项）',
        '从标准库更新了项目标准（主体结构）',
      ]),
    );
    expect(await log('en-US')).toEqual(
      expect.arrayContaining([
        'Changed the Structure project standards (2 measure items)',
        'Updated the project standards from the library (Structure)',
      ]),
    );

    const stage = await call<RouteResult<typeof projectStandardsRoutes.getStageStandard>>(
      t.app,
      'POST',
      '/api/ms/standard/GetStageStandard',
      {
        token: admin,
        body: { projectId: yunqi, supportCraft: 'structure', type: 'first', buildingFloor: '3' },
      },
    );
    expect(stage.body.Code).toBe(0);
    expect(stage.body.Result.some((entry) => entry.Code === 'ST-02')).toBe(false);
    expect(stage.body.Result.find((entry) => entry.Code === 'ST-01')).toMatchObject({
      Mode: 'absolute',
      Left: 0,
      Right: 9,
      WarnRight: 7,
      Exploded: 18,
    });
  });

  it('refuses items that are not in the copy (404)', async () => {
    const [structure] = (await projectStandards(binjiang)).body.Result;
    const response = await update(admin, {
      ProjectStandardId: structure?.ProjectStandardId,
      Classes: [{ ...item(), MeasureItemId: crypto.randomUUID() }],
    });
    expect(response.body.Code).toBe(404);
  });

  it('lets assigned project administrators read, never write; others see 404', async () => {
    expect((await projectStandards(binjiang, pm)).body.Code).toBe(0);
    expect((await projectStandards(yunqi, pm)).body.Code).toBe(404);
    const [structure] = (await projectStandards(binjiang)).body.Result;
    const write = await update(pm, {
      ProjectStandardId: structure?.ProjectStandardId,
      Classes: structure?.Classes.slice(0, 1),
    });
    expect(write.body.Code).toBe(403);
    const fromBase = await call(t.app, 'POST', '/api/ms/standard/UpdateFromBase', {
      token: pm,
      body: { ProjectGuid: binjiang },
    });
    expect(fromBase.body.Code).toBe(403);
  });

  it('lists the crafts, for the company or a project', async () => {
    const crafts = await call<{ Stage: string; Name: string }[]>(
      t.app,
      'POST',
      '/api/ms/standard/GetBuildingCraft',
      {
        token: admin,
        body: {},
        lang: 'en-US',
      },
    );
    expect(crafts.body.Result.map((craft) => craft.Name)).toEqual([
      'Structure',
      'Masonry',
      'Plaster',
      'Decoration',
      'Floor ground',
    ]);
    const project = await call<unknown[]>(t.app, 'POST', '/api/ms/standard/GetBuildingCraft', {
      token: admin,
      body: { ProjectGuid: binjiang },
    });
    expect(project.body.Result).toHaveLength(5);
  });

  it('locks the standards of a published project (423), reading still works', async () => {
    const added = await call<{ ProjectId: string }>(t.app, 'POST', '/api/ms/Project/Add', {
      token: admin,
      body: { Name: '发布标准项目' },
    });
    const projectId = added.body.Result.ProjectId;
    const [structure] = (await projectStandards(projectId)).body.Result;
    const body = { ProjectStandardId: structure?.ProjectStandardId, Classes: structure?.Classes.slice(0, 1) };
    expect((await update(admin, body)).body.Code).toBe(0);
    await call(t.app, 'POST', '/api/ms/Project/publiceProject', {
      token: admin,
      body: { ProjectId: projectId },
    });
    expect((await update(admin, body)).body).toMatchObject({
      Code: 423,
      Message: '项目已发布，数据已锁定，不能修改',
    });
    const fromBase = await call(t.app, 'POST', '/api/ms/standard/UpdateFromBase', {
      token: admin,
      body: { ProjectGuid: projectId },
    });
    expect(fromBase.body.Code).toBe(423);
    expect((await projectStandards(projectId)).body.Code).toBe(0);
  });
});

describe('site type measure items', () => {
  let typeId = '';
  const ids = new Map<string, string>();
  const save = (items: object[], extra: object = {}, token = admin, lang?: string) =>
    call<{ MeasureItems: { Code: string; DesignValue: number | null; Standard: string | null }[] }>(
      t.app,
      'POST',
      '/api/ms/standard/SavePointTypeMeasureItem',
      { token, lang, body: { ProjectGuid: binjiang, Id: typeId, MeasureItems: items, ...extra } },
    );
  const netHeight = (DesignValue: number | null) => ({ MeasureItemId: ids.get('PL-04'), DesignValue });
  const flatness = { MeasureItemId: '' };

  beforeAll(async () => {
    const created = await call<{ Id: string }>(t.app, 'POST', '/api/ms/Project/SavePointType', {
      token: admin,
      body: { ProjectGuid: binjiang, Name: '卧室' },
    });
    typeId = created.body.Result.Id;
    const copies = (await projectStandards(binjiang)).body.Result;
    for (const row of copies.flatMap((copy) => copy.Classes)) ids.set(row.Code, row.MeasureItemId);
    flatness.MeasureItemId = ids.get('PL-01') ?? '';
  });

  it('saves items with design values; the site types list shows them', async () => {
    const saved = await save([netHeight(2800), flatness]);
    expect(saved.body.Code).toBe(0);
    expect(saved.body.Result.MeasureItems).toEqual([
      expect.objectContaining({ Code: 'PL-04', DesignValue: 2800, Standard: '[-15, 15]' }),
      expect.objectContaining({ Code: 'PL-01', DesignValue: null, Standard: '[0, 4]' }),
    ]);
    const types = await call<{ Id: string; MeasureItems: unknown[] }[]>(
      t.app,
      'POST',
      '/api/ms/Project/GetAllPonitTypes',
      { token: pm, body: { ProjectGuid: binjiang } },
    );
    expect(types.body.Result.find((type) => type.Id === typeId)?.MeasureItems).toHaveLength(2);
    const details = await call<{ MeasureItems: unknown[] }>(
      t.app,
      'POST',
      '/api/ms/standard/GetPointTypeDetails',
      {
        token: pm,
        body: { ProjectGuid: binjiang, Id: typeId },
      },
    );
    expect(details.body.Result.MeasureItems).toHaveLength(2);
  });

  it('takes a standard text only as [lower, upper] with lower not above upper (defect 6: "[8,0]")', async () => {
    const withStandard = (Standard: string) => [{ ...flatness, Standard }];
    for (const bad of ['[8,0]', '8, 0', '[0, 101]', '[a, 4]']) {
      const answer = await save(withStandard(bad));
      expect(answer.body.Code, bad).toBe(400);
      expect(answer.body.Result, bad).toEqual([
        expect.objectContaining({ Field: 'MeasureItems[0].Standard', Message: expect.stringContaining('[') }),
      ]);
    }
    const good = await save(withStandard('[0, 3.5] high grade'));
    expect(good.body.Code).toBe(0);
    expect(good.body.Result.MeasureItems[0]?.Standard).toBe('[0, 3.5] high grade');
  });

  it('keeps design values at most 20,000', async () => {
    expect((await save([netHeight(20_000)])).body.Code).toBe(0);
    const over = await save([netHeight(20_000.1)]);
    expect(over.body).toMatchObject({
      Code: 400,
      Message: expect.stringContaining('设计值须在 0 到 20000 之间'),
    });
    expect((await save([netHeight(-0.1)])).body.Code).toBe(400);
  });

  it('saves only one net height design value', async () => {
    // A second item reading a height (a decoration item) next to the net height.
    const second = await update(admin, {
      Classes: [
        item({ Stage: 'decoration', Mode: 'deviation', Dimension: 'height' }, { Left: -5, WarnLeft: -4 }),
      ],
    });
    const created = second.body.Result[0] as MeasureItemRow;
    await call(t.app, 'POST', '/api/ms/standard/UpdateFromBase', {
      token: admin,
      body: { ProjectGuid: binjiang, Stage: 'decoration' },
    });
    const other = { MeasureItemId: created.MeasureItemId };
    expect(
      (await save([netHeight(2800), { ...other, DesignValue: null }], { Confirmed: true })).body.Code,
    ).toBe(0);
    const two = await save([netHeight(2800), { ...other, DesignValue: 2750 }]);
    expect(two.body).toMatchObject({ Code: 400, Message: expect.stringContaining('只能保存一个净高设计值') });
  });

  it('asks before saving a site without a design value, saves when confirmed', async () => {
    const asked = await save([netHeight(null)], {}, admin, 'en-US');
    expect(asked.body).toMatchObject({
      Code: 409,
      Message: 'Some measure items of this site have no design value. Save anyway?',
      Result: [{ Field: 'Confirmed', Message: expect.any(String) }],
    });
    expect((await save([netHeight(null)], { Confirmed: true })).body.Code).toBe(0);
    // Items that need no design value never ask.
    expect((await save([flatness])).body.Code).toBe(0);
  });

  it('refuses duplicates and items outside the project standards', async () => {
    expect((await save([flatness, flatness])).body.Code).toBe(409);
    expect((await save([{ MeasureItemId: crypto.randomUUID() }])).body.Code).toBe(404);
    expect((await save([flatness], {}, pm)).body.Code).toBe(403);
  });
});
