import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult, ProjectHome, ProjectRow } from '@measure/contract';
import { eq } from 'drizzle-orm';
import { projects } from '../../db/schema.ts';
import { call, createTestApp, type TestApp } from '../../../test/app.ts';
import {
  buildAdmin,
  buildCompany,
  buildProject,
  buildUser,
  type BuiltUser,
} from '../../../test/factories.ts';

let t: TestApp;
/** The users of a factory company (and another company's administrator) and their projects. */
const U = {} as Record<'admin' | 'measure' | 'pm' | 'surveyor' | 'other', BuiltUser>;
const P = { binjiang: '', yunqi: '', east: '' };
beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  U.admin = await buildAdmin(t, { companyId });
  U.measure = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  U.pm = await buildUser(t, { companyId, roles: ['ProjectAdmin'] });
  U.surveyor = await buildUser(t, { companyId, roles: ['Surveyor'] });
  U.other = await buildAdmin(t);
  const binjiang = await buildProject(t, {
    companyId,
    name: '滨江花园一期',
    buildings: [
      { number: '1#', stories: 18, households: 4 },
      { number: '2#', stories: 18, households: 4 },
      { number: '3#', stories: 11, households: 2, delivery: 'none' },
    ],
    staff: [U.pm, U.surveyor],
    as: U.admin,
  });
  P.binjiang = binjiang.id;
  P.yunqi = (await buildProject(t, { companyId, name: '云栖科创中心', as: U.admin })).id;
  P.east = (await buildProject(t, { companyId: U.other.companyId, name: '东湖公寓', as: U.other })).id;
});
afterAll(async () => t.close());

const page = async (user: { token: string }, body: object = {}) =>
  call<PageResult<ProjectRow>>(t.app, 'POST', '/api/ms/Project/GetPage', { token: user.token, body });
const names = (result: PageResult<ProjectRow>) => result.Items.map((item) => item.Name).sort();

it('shows company and measurement administrators every project of their company', async () => {
  for (const account of [U.admin, U.measure]) {
    const response = await page(account);
    expect(response.body.Code).toBe(0);
    expect(names(response.body.Result)).toEqual(['云栖科创中心', '滨江花园一期']);
    expect(response.body.Result).toMatchObject({ Total: 2, PageSize: 10, CurrentPage: 1 });
  }
});

it('shows project administrators and surveyors only the projects they are assigned to', async () => {
  for (const account of [U.pm, U.surveyor]) {
    expect(names((await page(account)).body.Result)).toEqual(['滨江花园一期']);
  }
});

it('never shows another company’s projects', async () => {
  expect(names((await page(U.other)).body.Result)).toEqual(['东湖公寓']);
  expect(names((await page(U.admin, { ProjectName: '东湖' })).body.Result)).toEqual([]);
});

it('returns buildings as DetailsInfo with the building count', async () => {
  const response = await page(U.admin, { ProjectName: '滨江' });
  const [project] = response.body.Result.Items;
  expect(project).toMatchObject({ Name: '滨江花园一期', BuildingCount: 3, IsPublished: false });
  expect(project?.DetailsInfo[0]).toEqual({
    BuildingNumber: '1#',
    Stories: 18,
    Households: 4,
    DeliveryStandard: 'fine',
  });
});

it('searches by name literally, pages and orders', async () => {
  expect((await page(U.admin, { ProjectName: '%' })).body.Result.Total).toBe(0);
  const first = await page(U.admin, { PageSize: 1, CurrentPage: 1, OrderBy: 'Name', AscDesc: 'asc' });
  const second = await page(U.admin, { PageSize: 1, CurrentPage: 2, OrderBy: 'Name', AscDesc: 'asc' });
  expect(first.body.Result.Total).toBe(2);
  expect(first.body.Result.Items).toHaveLength(1);
  expect(first.body.Result.Items[0]?.Name).not.toBe(second.body.Result.Items[0]?.Name);
  const beyond = await page(U.admin, { CurrentPage: 9 });
  expect(beyond.body.Result).toMatchObject({ Items: [], Total: 2, CurrentPage: 9 });
});

it('answers a page in the shape and order of its parts: buildings by position, staff by id, one project by id', async () => {
  const all = (await page(U.admin)).body.Result.Items;
  const [latest] = all;
  expect(all.map((item) => item.CreateTime)).toEqual(
    all.map((item) => item.CreateTime).sort((x, y) => y.localeCompare(x)),
  );
  const binjiang = all.find((item) => item.Name === '滨江花园一期');
  expect(binjiang?.DetailsInfo.map((building) => building.BuildingNumber)).toEqual(['1#', '2#', '3#']);
  expect(binjiang?.UserIds).toHaveLength(2);
  expect(binjiang?.UserIds).toEqual([...(binjiang?.UserIds ?? [])].sort());
  const one = await page(U.surveyor, { ProjectId: binjiang?.ProjectId });
  expect(one.body.Result).toMatchObject({ Total: 1, Items: [binjiang] });
  const unassigned = all.find((item) => item.Name !== '滨江花园一期');
  expect((await page(U.surveyor, { ProjectId: unassigned?.ProjectId })).body.Result).toMatchObject({
    Items: [],
    Total: 0,
  });
  expect(latest?.CreateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
});

it('lists the times a project answers elsewhere, to the millisecond in UTC', async () => {
  const added = await call<ProjectRow>(t.app, 'POST', '/api/ms/Project/Add', {
    token: U.admin.token,
    body: {
      Name: '时间项目',
      DetailsInfo: [{ BuildingNumber: '1#', Stories: 1, Households: 1, DeliveryStandard: 'fine' }],
    },
  });
  expect(added.body.Code).toBe(0);
  const id = added.body.Result.ProjectId;
  expect(
    (
      await call(t.app, 'POST', '/api/ms/Project/publiceProject', {
        token: U.admin.token,
        body: { ProjectId: id },
      })
    ).body.Code,
  ).toBe(0);
  const [listed] = (await page(U.admin, { ProjectId: id })).body.Result.Items;
  const [stored] = await t.db.select().from(projects).where(eq(projects.id, id));
  expect(listed?.PublishTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  expect([listed?.CreateTime, listed?.UpdateTime, listed?.PublishTime]).toEqual([
    stored?.createdAt.toISOString(),
    stored?.updatedAt.toISOString(),
    stored?.publishedAt?.toISOString(),
  ]);
  expect(listed?.CreateTime).toBe(added.body.Result.CreateTime);
  await t.db.delete(projects).where(eq(projects.id, id)); // the lists of the tests below stay as they were
});

it('refuses bad paging and over-long search text', async () => {
  for (const body of [
    { PageSize: 0 },
    { PageSize: 1000 },
    { CurrentPage: -1 },
    { OrderBy: 'Password' },
    { ProjectName: 'x'.repeat(21) },
  ]) {
    expect((await page(U.admin, body)).body.Code).toBe(400);
  }
});

describe('listing aliases, picker and home counts', () => {
  it('answers GetList, GetProjecList, syncProjectToCloud and the fms alias like GetPage', async () => {
    const token = U.pm.token;
    for (const url of [
      '/api/ms/Project/GetList',
      '/api/ms/Project/GetProjecList',
      '/api/ms/Project/syncProjectToCloud',
      '/api/fms/Project/GetList',
    ]) {
      const response = await call<PageResult<ProjectRow>>(t.app, 'POST', url, {
        token,
        body: { PageSize: 1 },
      });
      expect(names(response.body.Result), url).toEqual(['滨江花园一期']);
      expect(response.body.Result).toMatchObject({ Total: 1, PageSize: 1, CurrentPage: 1 });
    }
  });

  it('lists picker items and counts buildings, floors and households for the home page', async () => {
    const admin = U.admin.token;
    const items = await call<Array<{ Name: string }>>(t.app, 'POST', '/api/ms/Project/GetProjectSelectItem', {
      token: admin,
    });
    expect(items.body.Result.map((item) => item.Name).sort()).toEqual(['云栖科创中心', '滨江花园一期']);
    const pm = U.pm.token;
    const home = await call<ProjectHome>(t.app, 'POST', '/api/ms/Project/GetProjectForHome', { token: pm });
    // 滨江花园一期: 1# 18x4, 2# 18x4, 3# 11x2.
    expect(home.body.Result).toMatchObject({
      ProjectCount: 1,
      PublishedCount: 0,
      BuildingCount: 3,
      FloorCount: 47,
      HouseholdCount: 166,
      HouseMapCount: 0,
    });
  });
});

describe('add and update', () => {
  const building = (BuildingNumber: string, Stories = 5, Households = 2) => ({
    BuildingNumber,
    Stories,
    Households,
    DeliveryStandard: 'fine',
  });
  let admin: string;
  let counter = 0;
  beforeAll(async () => {
    admin = U.admin.token;
  });
  const add = (body: object, lang?: string) =>
    call<ProjectRow>(t.app, 'POST', '/api/ms/Project/Add', { token: admin, body, lang });

  it('creates a project with its buildings and logs it', async () => {
    const response = await add({
      Name: '新项目甲',
      Address: '地址',
      Province: '浙江省',
      City: '杭州市',
      District: '滨江区',
      DetailedAddress: '江南大道 1 号',
      ProjectManager: '张三',
      RegionalCompany: '华东',
      Details: [building('1#'), building('2#', 200, 50)],
    });
    expect(response.body.Code).toBe(0);
    expect(response.body.Result).toMatchObject({
      Name: '新项目甲',
      DetailedAddress: '江南大道 1 号',
      BuildingCount: 2,
      IsPublished: false,
      UserIds: [],
    });
    const logs = await call<PageResult<{ Message: string; UserName: string }>>(
      t.app,
      'GET',
      `/api/ms/projectlog/GetList?ProjectId=${response.body.Result.ProjectId}`,
      { token: admin, lang: 'en-US' },
    );
    expect(logs.body.Result.Items[0]).toMatchObject({
      Message: 'Created the project 新项目甲',
      UserName: U.admin.name,
    });
  });

  it('checks every limit on both sides', async () => {
    const cases: Array<[object, number]> = [
      [{ Name: 'n'.repeat(20) }, 0],
      [{ Name: 'm'.repeat(21) }, 400],
      [{ Name: '' }, 400],
      [{ Name: `地址${++counter}`, Address: 'a'.repeat(50) }, 0],
      [{ Name: `地址${++counter}`, Address: 'a'.repeat(51) }, 400],
      [{ Name: `详址${++counter}`, DetailedAddress: 'a'.repeat(50) }, 0],
      [{ Name: `详址${++counter}`, DetailedAddress: 'a'.repeat(51) }, 400],
      [{ Name: `区域${++counter}`, RegionalCompany: 'r'.repeat(64) }, 0],
      [{ Name: `区域${++counter}`, RegionalCompany: 'r'.repeat(65) }, 400],
      [{ Name: `楼层${++counter}`, DetailsInfo: [building('1#', 0)] }, 400],
      [{ Name: `楼层${++counter}`, DetailsInfo: [building('1#', 201)] }, 400],
      [{ Name: `户数${++counter}`, DetailsInfo: [building('1#', 5, 51)] }, 400],
      [{ Name: `户数${++counter}`, DetailsInfo: [building('1#', 5, 0)] }, 400],
      [{ Name: `标准${++counter}`, DetailsInfo: [{ ...building('1#'), DeliveryStandard: 'gold' }] }, 400],
      [{ Name: `重复${++counter}`, DetailsInfo: [building('1#'), building('1#')] }, 400],
    ];
    for (const [body, code] of cases) {
      expect((await add(body)).body.Code, JSON.stringify(body).slice(0, 80)).toBe(code);
    }
    const duplicate = await add({ Name: '滨江花园一期' }, 'en-US');
    expect(duplicate.body).toMatchObject({
      Code: 409,
      Message: 'A project with this name already exists in the company',
    });
    const repeated = await add(
      { Name: `重复${++counter}`, DetailsInfo: [building('A'), building('a')] },
      'en-US',
    );
    expect(repeated.body.Result).toEqual([
      { Field: 'DetailsInfo[1].BuildingNumber', Message: 'Duplicate building number' },
    ]);
  });

  it('diffs buildings on update by number and keeps them without DetailsInfo', async () => {
    const created = await add({ Name: '差异项目', DetailsInfo: [building('1#'), building('2#')] });
    const projectId = created.body.Result.ProjectId;
    const update = (body: object) =>
      call<ProjectRow>(t.app, 'POST', '/api/ms/Project/Update', {
        token: admin,
        body: { ProjectId: projectId, ...body },
      });
    const changed = await update({ Name: '差异项目改', Details: [building('2#', 9, 3), building('3#')] });
    expect(
      changed.body.Result.DetailsInfo.map((entry) => `${entry.BuildingNumber}:${entry.Stories}`),
    ).toEqual(['2#:9', '3#:5']);
    const buildings = await call<Array<{ BuildingId: string; BuildingNumber: string }>>(
      t.app,
      'POST',
      '/api/ms/Project/GetProjectBuilding',
      { token: admin, body: { ProjectId: projectId } },
    );
    expect(buildings.body.Result.map((entry) => entry.BuildingNumber)).toEqual(['2#', '3#']);
    const kept = await update({ Name: '差异项目改二', Address: '新地址' });
    expect(kept.body.Result).toMatchObject({ Name: '差异项目改二', Address: '新地址', BuildingCount: 2 });
    expect((await update({ Name: '云栖科创中心' })).body.Code).toBe(409);
    expect((await update({ Name: 'x'.repeat(21) })).body.Code).toBe(400);
    const foreign = await call(t.app, 'POST', '/api/ms/Project/Update', {
      token: U.other.token,
      body: { ProjectId: projectId, Name: '偷改' },
    });
    expect(foreign.body.Code).toBe(404);
  });
});

describe('staff', () => {
  it('sets the staff of a project and the projects of a user, within the company', async () => {
    const admin = U.admin.token;
    const pmToken = U.pm.token;
    const pmId = U.pm.id;
    const otherId = U.other.id;
    const projectId = P.yunqi;
    const save = (body: object, token = admin) =>
      call(t.app, 'POST', '/api/ms/Project/SaveProjectUser', { token, body });
    expect((await save({ ProjectId: projectId, UserIds: [pmId, otherId] })).body.Code).toBe(404);
    expect((await page(U.pm)).body.Result.Total).toBe(1);
    expect((await save({ ProjectId: projectId, UserIds: [pmId] })).body.Code).toBe(0);
    expect(names((await page(U.pm)).body.Result)).toEqual(['云栖科创中心', '滨江花园一期']);
    expect((await save({ ProjectId: projectId, UserIds: [pmId] }, pmToken)).body.Code).toBe(403);

    const toUser = (body: object) =>
      call(t.app, 'POST', '/api/ms/Project/SaveUserToProject', { token: admin, body });
    expect((await toUser({ UserId: pmId, ProjectIds: [projectId] })).body.Code).toBe(0);
    expect(names((await page(U.pm)).body.Result)).toEqual(['云栖科创中心']);
    expect((await toUser({ UserId: otherId, ProjectIds: [] })).body.Code).toBe(404);
    expect((await toUser({ UserId: pmId, ProjectIds: [P.east] })).body.Code).toBe(404);
    expect(names((await page(U.pm)).body.Result)).toEqual(['云栖科创中心']);
    const logs = await call<PageResult<{ Action: string }>>(
      t.app,
      'GET',
      `/api/ms/projectlog/GetList?ProjectId=${projectId}`,
      {
        token: admin,
      },
    );
    expect(logs.body.Result.Items.map((entry) => entry.Action)).toContain('projectLog.staffChanged');
  });
});

it('puts the manager picked by name on the new project’s staff (issue 10)', async () => {
  const token = U.admin.token;
  const added = await call<ProjectRow>(t.app, 'POST', '/api/ms/Project/Add', {
    token,
    body: { Name: '经理在岗测试', ProjectManager: U.pm.name, DetailsInfo: [] },
  });
  expect(added.body.Code).toBe(0);
  expect(names((await page(U.pm)).body.Result)).toContain('经理在岗测试');
  // A name that is nobody's adds no one.
  const other = await call<ProjectRow>(t.app, 'POST', '/api/ms/Project/Add', {
    token,
    body: { Name: '无此经理测试', ProjectManager: '不存在的人', DetailsInfo: [] },
  });
  expect(other.body.Code).toBe(0);
  expect(names((await page(U.pm)).body.Result)).not.toContain('无此经理测试');
  for (const project of [added.body.Result, other.body.Result]) {
    await call(t.app, 'POST', '/api/ms/Project/Delete', { token, body: { ProjectId: project.ProjectId } });
  }
});

it('lists the buildings and staff the database holds now, also after a deleted user and an edit', async () => {
  const companyId = U.admin.companyId;
  const leaving = await buildUser(t, { companyId, roles: ['Surveyor'] });
  const staying = await buildUser(t, { companyId, roles: ['Surveyor'] });
  const project = await buildProject(t, {
    companyId,
    name: '清单子项测试',
    buildings: [{ number: '1#', stories: 6, households: 2 }],
    staff: [leaving, staying],
    as: U.admin,
  });
  const listed = async () =>
    (await page(U.admin, { ProjectId: project.id })).body.Result.Items[0] as ProjectRow;
  expect((await listed()).UserIds).toEqual([leaving.id, staying.id].sort());

  // A cascade the application never sees (the user's project_users rows) still leaves the list.
  const deleted = await call(t.app, 'POST', '/api/sys/User/DeleteUsers', {
    token: U.admin.token,
    body: { Ids: [leaving.id] },
  });
  expect(deleted.body.Code).toBe(0);
  expect((await listed()).UserIds).toEqual([staying.id]);

  const updated = await call(t.app, 'POST', '/api/ms/Project/Update', {
    token: U.admin.token,
    body: {
      ProjectId: project.id,
      Name: '清单子项测试',
      DetailsInfo: [
        { BuildingNumber: '1#', Stories: 9, Households: 3, DeliveryStandard: 'none' },
        { BuildingNumber: '2#', Stories: 5, Households: 2, DeliveryStandard: 'fine' },
      ],
    },
  });
  expect(updated.body.Code).toBe(0);
  expect((await listed()).DetailsInfo).toEqual([
    { BuildingNumber: '1#', Stories: 9, Households: 3, DeliveryStandard: 'none' },
    { BuildingNumber: '2#', Stories: 5, Households: 2, DeliveryStandard: 'fine' },
  ]);
  // The list's rows (written by PostgreSQL) are the rows the other calls answer (written by the server).
  expect(JSON.stringify(await listed())).toBe(JSON.stringify(updated.body.Result));
  await call(t.app, 'POST', '/api/ms/Project/Delete', {
    token: U.admin.token,
    body: { ProjectId: project.id },
  });
});
