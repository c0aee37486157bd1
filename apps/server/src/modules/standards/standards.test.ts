/** API tests of the company standard library and the measure rules. */
import type { MeasureItemRow } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAdmin, buildUser } from '../../../test/factories.ts';
import { libraryItem, libraryOf, updateStandards } from '../../../test/standards.ts';

let t: TestApp;
let admin = '';
let measure = '';
let pm = '';

/** A company of the factories (seeded with the default library) and its roles. */
beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await buildAdmin(t);
  const companyId = adminUser.companyId;
  admin = adminUser.token;
  measure = (await buildUser(t, { companyId, roles: ['MeasureAdmin'] })).token;
  const pmUser = await buildUser(t, { companyId, roles: ['ProjectAdmin'] });
  pm = pmUser.token;
});
afterAll(async () => t.close());

const item = libraryItem;
const update = (token: string, body: object, lang?: string) => updateStandards(t, token, body, lang);
const saveItem = (overrides?: Record<string, unknown>, standard?: Record<string, unknown>) =>
  update(admin, { Classes: [item(overrides, standard)] });
const library = async (token = admin) => libraryOf(t, token);

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
