import type { MeasureItemRow, ProjectStandard, projectStandardsRoutes, RouteResult } from '@measure/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../db/schema.ts';
import { call, createTestApp, DEMO, login, type TestApp } from '../../../test/app.ts';

let t: TestApp;
let admin = '';
let measure = '';
let pm = '';
let binjiang = '';
let yunqi = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, DEMO.admin.login, DEMO.admin.password);
  measure = await login(t.app, DEMO.measure.login, DEMO.measure.password);
  pm = await login(t.app, DEMO.pm.login, DEMO.pm.password);
  const projectId = async (name: string) =>
    (await t.db.select({ id: projects.id }).from(projects).where(eq(projects.name, name)))[0]?.id ?? '';
  binjiang = await projectId('滨江花园一期');
  yunqi = await projectId('云栖科创中心');
});
afterAll(async () => t.close());

let sequence = 0;
/** A valid new library item; `standard` overrides the first standard's values. */
function item(overrides: Record<string, unknown> = {}, standard: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    Code: `T-${sequence}`,
    NameZh: `测试项${sequence}`,
    NameEn: `Test item ${sequence}`,
    Stage: 'plaster',
    Mode: 'absolute',
    Standards: [{ Name: '普通', Left: 0, Right: 4, WarnLeft: 0, WarnRight: 3, ...standard }],
    ...overrides,
  };
}

const update = (token: string, body: object, lang?: string) =>
  call<MeasureItemRow[]>(t.app, 'POST', '/api/ms/standard/Update', { token, body, lang });
const saveItem = (overrides?: Record<string, unknown>, standard?: Record<string, unknown>) =>
  update(admin, { Classes: [item(overrides, standard)] });
const library = async (token = admin) =>
  (await call<MeasureItemRow[]>(t.app, 'GET', '/api/ms/standard/GetList', { token })).body.Result;
const projectStandards = async (projectId: string, token = admin) =>
  call<ProjectStandard[]>(t.app, 'GET', `/api/ms/standard/GetListByProject?ProjectGuid=${projectId}`, {
    token,
  });

/** Validation failures: Code 400, the message names the field (`Field: message`), Result lists them. */
describe('the standard library', () => {
  it('is seeded with the typical items of every stage, in both languages', async () => {
    const items = await library();
    expect(new Set(items.map((row) => row.Stage))).toEqual(
      new Set(['structure', 'masonry', 'plaster', 'decoration', 'floorGround']),
    );
    const flatness = items.find((row) => row.Code === 'ST-01');
    expect(flatness).toMatchObject({
      NameZh: '表面平整度',
      NameEn: 'Surface flatness',
      Mode: 'absolute',
      Concrete: true,
      Unit: 'mm',
    });
    expect(flatness?.Standards[0]).toMatchObject({ Left: 0, Right: 8, ExplodedEffective: 16 });
    const netHeight = items.find((row) => row.Code === 'PL-04');
    expect(netHeight).toMatchObject({ Mode: 'deviation', NeedsDesign: true, Dimension: 'height' });
    expect(netHeight?.Standards[0]).toMatchObject({ Left: -15, Right: 15 });
    const wall = items.find((row) => row.Code === 'PL-01');
    expect(wall?.Standards.map((standard) => [standard.NameEn, standard.Right])).toEqual([
      ['Ordinary', 4],
      ['High grade', 3],
    ]);
    const english = await call<MeasureItemRow[]>(t.app, 'GET', '/api/ms/standard/GetList', {
      token: admin,
      lang: 'en-US',
    });
    expect(english.body.Result.find((row) => row.Code === 'PL-04')?.Name).toBe('Net height');
  });

  it('filters by stage, mode and keyword, paged', async () => {
    const response = await call<{ Items: MeasureItemRow[]; Total: number }>(
      t.app,
      'POST',
      '/api/ms/standard/GetListCondition',
      { token: admin, body: { Stage: 'plaster', Mode: 'deviation', PageSize: 1 } },
    );
    expect(response.body.Result.Total).toBe(2);
    expect(response.body.Result.Items).toHaveLength(1);
    const keyword = await call<{ Items: MeasureItemRow[] }>(
      t.app,
      'POST',
      '/api/ms/standard/GetListCondition',
      {
        token: admin,
        body: { keyword: 'net height' },
      },
    );
    expect(keyword.body.Result.Items.map((row) => row.Code)).toEqual(['PL-04']);
  });

  it('creates and changes items', async () => {
    const created = await saveItem();
    expect(created.body.Code).toBe(0);
    const row = created.body.Result[0] as MeasureItemRow;
    expect(row).toMatchObject({ Mode: 'absolute', NeedsDesign: false, Enabled: true });
    const changed = await update(measure, {
      Classes: [{ ...item(), MeasureItemId: row.MeasureItemId, Code: row.Code, Mode: 'deviation' }],
    });
    expect(changed.body.Code).toBe(0);
    expect(changed.body.Result[0]).toMatchObject({ MeasureItemId: row.MeasureItemId, NeedsDesign: true });
  });

  it('keeps standard values in [-100, 100] (both sides of each edge)', async () => {
    expect((await saveItem({}, { Left: -100, WarnLeft: -100 })).body.Code).toBe(0);
    expect((await saveItem({}, { Right: 100, WarnRight: 100 })).body.Code).toBe(0);
    const below = await saveItem({}, { Left: -100.1, WarnLeft: -100 });
    expect(below.body).toMatchObject({
      Code: 400,
      Message: expect.stringContaining('标准值须在 -100 到 100 之间'),
    });
    expect(below.body.Result).toEqual([
      { Field: 'Classes[0].Standards[0].Left', Message: '标准值须在 -100 到 100 之间' },
    ]);
    const above = await update(admin, { Classes: [item({}, { Right: 100.1 })] }, 'en-US');
    expect(above.body).toMatchObject({
      Code: 400,
      Message: expect.stringContaining('Standard values must be between -100 and 100'),
    });
  });

  it('keeps concrete standard values in [0, 100]', async () => {
    expect((await saveItem({ Concrete: true }, { Left: 0, Right: 100, WarnRight: 100 })).body.Code).toBe(0);
    const negative = await saveItem({ Concrete: true }, { Left: -0.1 });
    expect(negative.body).toMatchObject({
      Code: 400,
      Message: expect.stringContaining('混凝土测量项的标准值须在 0 到 100 之间'),
    });
    expect((await saveItem({ Concrete: true }, { Right: 100.1 })).body.Code).toBe(400);
    // The same values are fine for an item that is not concrete.
    expect((await saveItem({ Concrete: false }, { Left: -0.1, WarnLeft: -0.1 })).body.Code).toBe(0);
  });

  it('refuses a left value above the right value', async () => {
    expect((await saveItem({}, { Left: 5, Right: 5, WarnLeft: 5, WarnRight: 5 })).body.Code).toBe(0);
    const crossed = await saveItem({}, { Left: 5.1, Right: 5, WarnLeft: 5, WarnRight: 5 });
    expect(crossed.body).toMatchObject({ Code: 400, Message: expect.stringContaining('左值不能大于右值') });
  });

  it('keeps the warning range inside the standard range', async () => {
    expect((await saveItem({}, { Left: 1, WarnLeft: 1, WarnRight: 4, Right: 4 })).body.Code).toBe(0);
    for (const standard of [
      { Left: 1, WarnLeft: 0.9 },
      { Right: 4, WarnRight: 4.1 },
      { WarnLeft: 3.1, WarnRight: 3 },
    ]) {
      const response = await saveItem({}, standard);
      expect(response.body, JSON.stringify(standard)).toMatchObject({
        Code: 400,
        Message: expect.stringContaining('预警值须在标准值范围内，且左值不大于右值'),
      });
    }
  });

  it('keeps the exploded threshold in [0, 200]', async () => {
    expect((await saveItem({}, { Exploded: 0 })).body.Code).toBe(0);
    expect((await saveItem({}, { Exploded: 200 })).body.Code).toBe(0);
    expect((await saveItem({}, { Exploded: -0.1 })).body.Code).toBe(400);
    expect((await saveItem({}, { Exploded: 200.1 })).body.Code).toBe(400);
  });

  it('allows at most 10 standards per item', async () => {
    const standards = (count: number) =>
      Array.from({ length: count }, (_, index) => ({
        Name: `档${index}`,
        Left: 0,
        Right: 4,
        WarnLeft: 0,
        WarnRight: 3,
      }));
    expect((await saveItem({ Standards: standards(10) })).body.Code).toBe(0);
    const eleven = await saveItem({ Standards: standards(11) });
    expect(eleven.body).toMatchObject({
      Code: 400,
      Message: expect.stringContaining('每个测量项最多 10 个标准'),
    });
    expect((await saveItem({ Standards: [] })).body).toMatchObject({
      Code: 400,
      Message: expect.stringContaining('至少需要一个标准'),
    });
  });

  it('refuses duplicate items: the same code, or the same name in one stage (409)', async () => {
    const sameCode = await saveItem({ Code: 'PL-01' });
    expect(sameCode.body).toMatchObject({ Code: 409, Message: '测量项重复：编码或同一工序下的名称已存在' });
    expect((await saveItem({ Code: 'pl-01' })).body.Code).toBe(409);
    expect((await saveItem({ NameZh: '室内净高', Stage: 'plaster' })).body.Code).toBe(409);
    expect((await saveItem({ NameEn: 'Net height', Stage: 'plaster' })).body.Code).toBe(409);
    // The same name in another stage is a different item.
    expect(
      (await saveItem({ NameZh: '室内净高', NameEn: 'Net height', Stage: 'decoration' })).body.Code,
    ).toBe(0);
    const twice = item();
    const inside = await update(admin, { Classes: [twice, { ...item(), Code: twice.Code }] });
    expect(inside.body).toMatchObject({ Code: 409 });
    expect(inside.body.Result).toEqual([{ Field: 'Classes[1].Code', Message: expect.any(String) }]);
  });

  it('answers 404 for an unknown item, and deletes items', async () => {
    const unknown = await update(admin, { Classes: [{ ...item(), MeasureItemId: crypto.randomUUID() }] });
    expect(unknown.body).toMatchObject({ Code: 404, Message: '测量项不存在' });
    const created = (await saveItem()).body.Result[0] as MeasureItemRow;
    const deleted = await call(t.app, 'POST', '/api/ms/standard/Delete', {
      token: admin,
      body: { Ids: [created.MeasureItemId] },
    });
    expect(deleted.body.Code).toBe(0);
    expect((await library()).some((row) => row.MeasureItemId === created.MeasureItemId)).toBe(false);
    const again = await call(t.app, 'POST', '/api/ms/standard/Delete', {
      token: admin,
      body: { Ids: [created.MeasureItemId] },
    });
    expect(again.body.Code).toBe(404);
  });

  it('needs standard.modify to change it (project administrators and surveyors: 403)', async () => {
    expect((await update(pm, { Classes: [item()] })).body.Code).toBe(403);
    expect((await library(pm)).length).toBeGreaterThan(0);
  });
});

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

describe('measure rules', () => {
  let itemId = '';
  const rule = (overrides: Record<string, unknown> = {}) => ({
    MeasureItemId: itemId,
    MinReadings: 1,
    MaxReadings: 10,
    InitialReadings: 2,
    RulerLength: 2000,
    ManualEntry: true,
    ...overrides,
  });
  const save = (overrides: Record<string, unknown> = {}, token = admin) =>
    call<MeasureItemRow>(t.app, 'POST', '/api/ms/measureRule/Update', { token, body: rule(overrides) });

  beforeAll(async () => {
    itemId = (await library()).find((row) => row.Code === 'PL-06')?.MeasureItemId ?? '';
  });

  it('lists rules per item, seeded from domain.md', async () => {
    const response = await call<MeasureItemRow[]>(t.app, 'GET', '/api/ms/measureRule/GetList?Stage=plaster', {
      token: admin,
    });
    expect(response.body.Result.every((row) => row.Stage === 'plaster')).toBe(true);
    expect(response.body.Result.find((row) => row.Code === 'PL-04')?.Rule).toMatchObject({
      MinReadings: 5,
      MaxReadings: 5,
    });
  });

  it('saves a rule (measureRule.manage only)', async () => {
    const saved = await save({ RulerPositions: [{ Name: 'middle', OffsetMm: 50, HeightMm: 1500 }] });
    expect(saved.body.Code).toBe(0);
    expect(saved.body.Result.Rule).toMatchObject({
      MaxReadings: 10,
      ManualEntry: true,
      BaseboardStartHeight: null,
    });
    expect((await save({}, pm)).body.Code).toBe(403);
    expect((await save({ MeasureItemId: crypto.randomUUID() })).body.Code).toBe(404);
  });

  it('allows at most 20,000 readings per site, at least 1, min <= initial <= max', async () => {
    expect((await save({ MaxReadings: 20_000 })).body.Code).toBe(0);
    expect((await save({ MaxReadings: 20_001 })).body).toMatchObject({
      Code: 400,
      Message: expect.stringContaining('每个测区的测量值数量须在 1 到 20000 之间'),
    });
    expect((await save({ MinReadings: 0 })).body.Code).toBe(400);
    expect((await save({ MinReadings: 10, InitialReadings: 10 })).body.Code).toBe(0);
    expect((await save({ MinReadings: 11, InitialReadings: 11 })).body.Code).toBe(400);
    expect((await save({ InitialReadings: 11 })).body.Code).toBe(400);
  });

  it('baseboard line: start height < end height, difference >= 50 mm', async () => {
    expect((await save({ BaseboardStartHeight: 100, BaseboardEndHeight: 150 })).body.Code).toBe(0);
    expect((await save({ BaseboardStartHeight: 100, BaseboardEndHeight: 149.9 })).body).toMatchObject({
      Code: 400,
      Message: expect.stringContaining('踢脚线结束高度与起始高度之差不能小于 50 毫米'),
    });
    expect((await save({ BaseboardStartHeight: 150, BaseboardEndHeight: 150 })).body).toMatchObject({
      Code: 400,
      Message: expect.stringContaining('踢脚线起始高度须小于结束高度'),
    });
    expect((await save({ BaseboardStartHeight: 100 })).body.Code).toBe(400);
  });

  it('door cover line: start margin < end margin, difference >= 50 mm', async () => {
    expect((await save({ DoorCoverStartMargin: 0, DoorCoverEndMargin: 50 })).body.Code).toBe(0);
    const close = await call(t.app, 'POST', '/api/ms/measureRule/Update', {
      token: admin,
      body: rule({ DoorCoverStartMargin: 0, DoorCoverEndMargin: 49.9 }),
      lang: 'en-US',
    });
    expect(close.body).toMatchObject({
      Code: 400,
      Message: expect.stringContaining(
        'The door cover end margin must be at least 50 mm beyond the start margin',
      ),
    });
    expect((await save({ DoorCoverStartMargin: 60, DoorCoverEndMargin: 10 })).body).toMatchObject({
      Code: 400,
      Message: expect.stringContaining('门套线起始边距须小于结束边距'),
    });
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
