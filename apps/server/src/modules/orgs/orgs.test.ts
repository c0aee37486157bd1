import type { OrgRow, OrgTreeNode, UserRow } from '@measure/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { call, createTestApp, type TestApp } from '../../../test/app.ts';
import { buildCompany, buildUser, type BuiltCompany, type BuiltUser } from '../../../test/factories.ts';

/**
 * The organisation tree of a company made here: root (the company's) -> 工程管理部 -> 华东项目部, and
 * root -> 测量中心; the administrator in the root, the measurement administrator in 测量中心, a
 * project administrator and a surveyor in 华东项目部; another company with its administrator.
 */
let t: TestApp;
let company: BuiltCompany;
let admin: string;
let measure: string;
let other: string;
let pm: BuiltUser;
let surveyor: BuiltUser;
let otherAdmin: BuiltUser;
const ids = { HQ: '', ENG: '', MEASURE: '', 'ENG-EAST': '' };

beforeAll(async () => {
  t = await createTestApp();
  company = await buildCompany(t, { nameZh: '测试建设集团' });
  ids.HQ = company.rootOrgId;
  admin = (await buildUser(t, { companyId: company.id, roles: ['CompanyAdmin'], orgId: ids.HQ })).token;
  const org = async (Name: string, ParentId: string) =>
    (await save(admin, { Name, ParentId })).body.Result.OrgId;
  ids.MEASURE = await org('测量中心', ids.HQ);
  ids.ENG = await org('工程管理部', ids.HQ);
  ids['ENG-EAST'] = await org('华东项目部', ids.ENG);
  const member = (roles: ['MeasureAdmin'] | ['ProjectAdmin'] | ['Surveyor'], orgId: string) =>
    buildUser(t, { companyId: company.id, roles, orgId });
  measure = (await member(['MeasureAdmin'], ids.MEASURE)).token;
  pm = await member(['ProjectAdmin'], ids['ENG-EAST']);
  surveyor = await member(['Surveyor'], ids['ENG-EAST']);
  const otherCompany = await buildCompany(t, { nameZh: '另一家建设公司' });
  otherAdmin = await buildUser(t, { companyId: otherCompany.id, roles: ['CompanyAdmin'] });
  other = otherAdmin.token;
});
afterAll(async () => t.close());

const tree = (token: string) => call<OrgTreeNode[]>(t.app, 'GET', '/api/sys/SysOrg/GetOrgTree', { token });
const save = (token: string, body: unknown, lang?: string) =>
  call<OrgRow>(t.app, 'POST', '/api/sys/SysOrg/Create', { token, body, lang });
const del = (token: string, body: unknown, lang?: string) =>
  call<null>(t.app, 'POST', '/api/sys/SysOrg/del', { token, body, lang });

const flatten = (nodes: OrgTreeNode[]): OrgTreeNode[] =>
  nodes.flatMap((node) => [node, ...flatten(node.Children)]);
/** The company's organisations as the tree answers them, by id. */
async function orgsById(): Promise<Map<string, OrgTreeNode>> {
  return new Map(flatten((await tree(admin)).body.Result).map((node) => [node.OrgId, node]));
}

describe('GetOrgTree, GetSubOrgs, SubUsers', () => {
  it('returns the company tree with direct user counts', async () => {
    const response = await tree(admin);
    expect(response.body.Code).toBe(0);
    const [root] = response.body.Result;
    expect(response.body.Result).toHaveLength(1);
    expect(root).toMatchObject({
      OrgId: ids.HQ,
      Name: '测试建设集团',
      Code: 'HQ',
      ParentId: null,
      UserCount: 1,
    });
    expect(root?.Children.map((child) => child.OrgId).sort()).toEqual([ids.ENG, ids.MEASURE].sort());
    const east = flatten(response.body.Result).find((node) => node.OrgId === ids['ENG-EAST']);
    expect(east).toMatchObject({ Name: '华东项目部', ParentId: ids.ENG, UserCount: 2, Children: [] });
  });

  it('lets the measurement administrator read it (user.view) and shows each company only its own', async () => {
    expect((await tree(measure)).body.Code).toBe(0);
    const others = await tree(other);
    expect(flatten(others.body.Result).map((node) => node.Name)).toEqual(['另一家建设公司']);
  });

  it('lists direct sub-organisations and direct users', async () => {
    const subs = await call<OrgRow[]>(t.app, 'GET', `/api/sys/SysOrg/GetSubOrgs/${ids.HQ}`, { token: admin });
    expect(subs.body.Result.map((org) => org.OrgId).sort()).toEqual([ids.ENG, ids.MEASURE].sort());
    const people = await call<UserRow[]>(t.app, 'GET', `/api/sys/sysorg/subusers/${ids['ENG-EAST']}`, {
      token: admin,
    });
    expect(people.body.Result.map((user) => user.Email).sort()).toEqual([pm.email, surveyor.email].sort());
    const eastCode = (await orgsById()).get(ids['ENG-EAST'])?.Code;
    expect(eastCode).toMatch(/^ORG\d{3,}$/);
    expect(people.body.Result[0]).toMatchObject({ OrgCode: eastCode, OrgName: '华东项目部' });
  });

  it('answers 404 for unknown or foreign ids and 400 for malformed ones', async () => {
    for (const path of ['GetSubOrgs', 'SubUsers']) {
      const foreign = await call(t.app, 'GET', `/api/sys/SysOrg/${path}/${ids.HQ}`, { token: other });
      expect(foreign.body).toMatchObject({ Code: 404, Result: null });
      const unknown = await call(t.app, 'GET', `/api/sys/SysOrg/${path}/${crypto.randomUUID()}`, {
        token: admin,
      });
      expect(unknown.body.Code).toBe(404);
      expect((await call(t.app, 'GET', `/api/sys/SysOrg/${path}/nope`, { token: admin })).body.Code).toBe(
        400,
      );
    }
  });
});

describe('Create (create, rename, move)', () => {
  it('creates with a generated code, names unique among siblings only', async () => {
    const created = await save(admin, { Name: '质量部', ParentId: ids.ENG });
    expect(created.body).toMatchObject({ Code: 0, Message: '保存成功' });
    expect(created.body.Result).toMatchObject({ Name: '质量部', ParentId: ids.ENG, UserCount: 0 });
    expect(created.body.Result.Code).toMatch(/^ORG\d{3,}$/);

    const duplicate = await save(admin, { name: '质量部', parentId: ids.ENG }, 'en-US');
    expect(duplicate.body).toEqual({
      Code: 409,
      Message: 'An organisation with this name already exists under the same parent',
      Result: [
        { Field: 'Name', Message: 'An organisation with this name already exists under the same parent' },
      ],
    });
    const elsewhere = await save(admin, { Name: '质量部', ParentId: ids.MEASURE });
    expect(elsewhere.body.Code).toBe(0);
    expect(elsewhere.body.Result.Code).not.toBe(created.body.Result.Code);
  });

  it('validates the name and the parent', async () => {
    const long = await save(admin, { Name: 'x'.repeat(33), ParentId: ids.HQ }, 'en-US');
    expect(long.body).toMatchObject({
      Code: 400,
      Result: [{ Field: 'Name', Message: 'At most 32 characters' }],
    });
    expect((await save(admin, { Name: '  ', ParentId: ids.HQ })).body.Code).toBe(400);
    const unknownParent = await save(admin, { Name: '新部门', ParentId: crypto.randomUUID() });
    expect(unknownParent.body).toMatchObject({
      Code: 400,
      Result: [{ Field: 'ParentId', Message: '上级组织不存在' }],
    });
    // Another company's organisation is just as unknown.
    const foreignParent = await save(other, { Name: '新部门', ParentId: ids.HQ });
    expect(foreignParent.body.Code).toBe(400);
  });

  it('renames and moves with OrgId or Id, never under itself or its descendants', async () => {
    const created = await save(admin, { Name: '临时部', ParentId: ids.HQ });
    const id = created.body.Result.OrgId;
    const renamed = await save(admin, { Id: id, Name: '临时部二', ParentId: ids.ENG });
    expect(renamed.body.Result).toMatchObject({ OrgId: id, Name: '临时部二', ParentId: ids.ENG });
    expect(renamed.body.Result.Code).toBe(created.body.Result.Code);

    for (const parent of [ids.ENG, ids['ENG-EAST']]) {
      const loop = await save(admin, { OrgId: ids.ENG, Name: '工程管理部', ParentId: parent });
      expect(loop.body).toMatchObject({
        Code: 400,
        Result: [{ Field: 'ParentId', Message: '不能把组织移动到它自己或它的下级组织下面' }],
      });
    }
    const foreign = await save(other, { OrgId: ids.ENG, Name: 'x', ParentId: null });
    expect(foreign.body.Code).toBe(404);
    expect((await orgsById()).get(ids['ENG-EAST'])?.ParentId).toBe(ids.ENG);
  });

  it('is refused to the measurement administrator (org.manage)', async () => {
    expect((await save(measure, { Name: '测量二部', ParentId: ids.HQ })).body.Code).toBe(403);
  });
});

describe('del', () => {
  it('refuses while the organisation has sub-organisations or users, with a clear message', async () => {
    expect((await del(admin, { OrgId: ids.ENG })).body).toMatchObject({
      Code: 409,
      Message: '该组织下还有下级组织，请先删除或移走下级组织',
    });
    expect((await del(admin, { Id: ids['ENG-EAST'] }, 'en-US')).body).toMatchObject({
      Code: 409,
      Message: 'This organisation still has users; remove them from it first',
    });
  });

  it('deletes an empty organisation; unknown or foreign ids are 404', async () => {
    const created = await save(admin, { Name: '待删除', ParentId: ids.HQ });
    expect((await del(other, { OrgId: created.body.Result.OrgId })).body.Code).toBe(404);
    expect((await del(admin, { OrgId: created.body.Result.OrgId })).body.Code).toBe(0);
    expect((await orgsById()).has(created.body.Result.OrgId)).toBe(false);
    expect((await del(admin, { OrgId: created.body.Result.OrgId })).body.Code).toBe(404);
    expect((await del(admin, {})).body.Code).toBe(400);
  });
});

describe('AddUsers and RemoveUsers', () => {
  it('moves users in and out of an organisation', async () => {
    const created = await save(admin, { Name: '外业组', ParentId: ids.HQ });
    const org = created.body.Result.OrgId;
    const [first, second] = await Promise.all([
      buildUser(t, { companyId: company.id, orgId: ids['ENG-EAST'] }),
      buildUser(t, { companyId: company.id, orgId: null }),
    ]);

    const added = await call(t.app, 'POST', '/api/sys/SysOrg/AddUsers', {
      token: admin,
      body: { OrgId: org, UserIds: [first.id, second.id] },
    });
    expect(added.body.Code).toBe(0);
    const inside = await call<UserRow[]>(t.app, 'GET', `/api/sys/SysOrg/SubUsers/${org}`, { token: admin });
    expect(inside.body.Result.map((user) => user.Email).sort()).toEqual([first.email, second.email].sort());

    const removed = await call(t.app, 'POST', '/api/sys/SysOrg/RemoveUsers', {
      token: admin,
      body: { orgId: org, userIds: [first.id] },
    });
    expect(removed.body.Code).toBe(0);
    const orgOf = async (id: string) =>
      (await t.db.select({ orgId: users.orgId }).from(users).where(eq(users.id, id))).map((row) => row.orgId);
    expect(await orgOf(first.id)).toEqual([null]);
    expect(await orgOf(second.id)).toEqual([org]);
  });

  it('changes nothing when an id is another company’s (404)', async () => {
    const mixed = await call(t.app, 'POST', '/api/sys/SysOrg/AddUsers', {
      token: admin,
      body: { OrgId: ids.MEASURE, UserIds: [pm.id, otherAdmin.id] },
    });
    expect(mixed.body.Code).toBe(404);
    const [row] = await t.db.select({ orgId: users.orgId }).from(users).where(eq(users.id, pm.id));
    expect(row?.orgId).toBe(ids['ENG-EAST']);
    const empty = await call(t.app, 'POST', '/api/sys/SysOrg/AddUsers', {
      token: admin,
      body: { OrgId: ids.MEASURE, UserIds: [] },
    });
    expect(empty.body.Code).toBe(400);
  });
});
