import type { OrgRow, OrgTreeNode, UserRow } from '@measure/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { call, createTestApp, DEMO, login, type TestApp } from '../../../test/app.ts';

let t: TestApp;
let admin: string;
let measure: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, measure, other] = await Promise.all([
    login(t.app, DEMO.admin.login, DEMO.admin.password),
    login(t.app, DEMO.measure.login, DEMO.measure.password),
    login(t.app, DEMO.otherAdmin.login, DEMO.otherAdmin.password),
  ]);
});
afterAll(async () => t.close());

const tree = (token: string) => call<OrgTreeNode[]>(t.app, 'GET', '/api/sys/SysOrg/GetOrgTree', { token });
const save = (token: string, body: unknown, lang?: string) =>
  call<OrgRow>(t.app, 'POST', '/api/sys/SysOrg/Create', { token, body, lang });
const del = (token: string, body: unknown, lang?: string) =>
  call<null>(t.app, 'POST', '/api/sys/SysOrg/del', { token, body, lang });

const flatten = (nodes: OrgTreeNode[]): OrgTreeNode[] =>
  nodes.flatMap((node) => [node, ...flatten(node.Children)]);
async function orgIds(token = admin): Promise<Record<string, string>> {
  const response = await tree(token);
  return Object.fromEntries(flatten(response.body.Result).map((node) => [node.Code, node.OrgId]));
}
async function userId(email: string): Promise<string> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? '';
}

describe('GetOrgTree, GetSubOrgs, SubUsers', () => {
  it('returns the company tree with direct user counts', async () => {
    const response = await tree(admin);
    expect(response.body.Code).toBe(0);
    const [root] = response.body.Result;
    expect(response.body.Result).toHaveLength(1);
    expect(root).toMatchObject({ Name: '演示建设集团', Code: 'HQ', ParentId: null, UserCount: 1 });
    expect(root?.Children.map((child) => child.Code).sort()).toEqual(['ENG', 'MEASURE']);
    const east = flatten(response.body.Result).find((node) => node.Code === 'ENG-EAST');
    expect(east).toMatchObject({ Name: '华东项目部', UserCount: 2, Children: [] });
  });

  it('lets the measurement administrator read it (user.view) and shows each company only its own', async () => {
    expect((await tree(measure)).body.Code).toBe(0);
    const others = await tree(other);
    expect(flatten(others.body.Result).map((node) => node.Name)).toEqual(['另一家建设公司']);
  });

  it('lists direct sub-organisations and direct users', async () => {
    const ids = await orgIds();
    const subs = await call<OrgRow[]>(t.app, 'GET', `/api/sys/SysOrg/GetSubOrgs/${ids.HQ}`, { token: admin });
    expect(subs.body.Result.map((org) => org.Code).sort()).toEqual(['ENG', 'MEASURE']);
    const people = await call<UserRow[]>(t.app, 'GET', `/api/sys/sysorg/subusers/${ids['ENG-EAST']}`, {
      token: admin,
    });
    expect(people.body.Result.map((user) => user.Email).sort()).toEqual([
      'pm@example.com',
      'surveyor@example.com',
    ]);
    expect(people.body.Result[0]).toMatchObject({ OrgCode: 'ENG-EAST', OrgName: '华东项目部' });
  });

  it('answers 404 for unknown or foreign ids and 400 for malformed ones', async () => {
    const ids = await orgIds();
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
    const ids = await orgIds();
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
    const ids = await orgIds();
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
    const ids = await orgIds();
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
    expect((await orgIds())['ENG-EAST']).toBe(ids['ENG-EAST']);
  });

  it('is refused to the measurement administrator (org.manage)', async () => {
    const ids = await orgIds();
    expect((await save(measure, { Name: '测量二部', ParentId: ids.HQ })).body.Code).toBe(403);
  });
});

describe('del', () => {
  it('refuses while the organisation has sub-organisations or users, with a clear message', async () => {
    const ids = await orgIds();
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
    const ids = await orgIds();
    const created = await save(admin, { Name: '待删除', ParentId: ids.HQ });
    expect((await del(other, { OrgId: created.body.Result.OrgId })).body.Code).toBe(404);
    expect((await del(admin, { OrgId: created.body.Result.OrgId })).body.Code).toBe(0);
    expect((await orgIds())[created.body.Result.Code]).toBeUndefined();
    expect((await del(admin, { OrgId: created.body.Result.OrgId })).body.Code).toBe(404);
    expect((await del(admin, {})).body.Code).toBe(400);
  });
});

describe('AddUsers and RemoveUsers', () => {
  it('moves users in and out of an organisation', async () => {
    const ids = await orgIds();
    const created = await save(admin, { Name: '外业组', ParentId: ids.HQ });
    const org = created.body.Result.OrgId;
    const pm = await userId('pm@example.com');
    const surveyor = await userId('surveyor@example.com');

    const added = await call(t.app, 'POST', '/api/sys/SysOrg/AddUsers', {
      token: admin,
      body: { OrgId: org, UserIds: [pm, surveyor] },
    });
    expect(added.body.Code).toBe(0);
    const inside = await call<UserRow[]>(t.app, 'GET', `/api/sys/SysOrg/SubUsers/${org}`, { token: admin });
    expect(inside.body.Result).toHaveLength(2);

    const removed = await call(t.app, 'POST', '/api/sys/SysOrg/RemoveUsers', {
      token: admin,
      body: { orgId: org, userIds: [pm] },
    });
    expect(removed.body.Code).toBe(0);
    const [row] = await t.db.select({ orgId: users.orgId }).from(users).where(eq(users.id, pm));
    expect(row?.orgId).toBeNull();

    // Put them back where the demo has them.
    await call(t.app, 'POST', '/api/sys/SysOrg/AddUsers', {
      token: admin,
      body: { OrgId: ids['ENG-EAST'], UserIds: [pm, surveyor] },
    });
  });

  it('changes nothing when an id is another company’s (404)', async () => {
    const ids = await orgIds();
    const pm = await userId('pm@example.com');
    const foreignUser = await userId('admin@other.example.com');
    const mixed = await call(t.app, 'POST', '/api/sys/SysOrg/AddUsers', {
      token: admin,
      body: { OrgId: ids.MEASURE, UserIds: [pm, foreignUser] },
    });
    expect(mixed.body.Code).toBe(404);
    const [row] = await t.db.select({ orgId: users.orgId }).from(users).where(eq(users.id, pm));
    expect(row?.orgId).toBe(ids['ENG-EAST']);
    const empty = await call(t.app, 'POST', '/api/sys/SysOrg/AddUsers', {
      token: admin,
      body: { OrgId: ids.MEASURE, UserIds: [] },
    });
    expect(empty.body.Code).toBe(400);
  });
});
