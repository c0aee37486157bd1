import type { CompanyUser, OrgTreeNode, PageResult, UserRow } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { call, createTestApp, login, loginRaw, type TestApp } from '../../../test/app.ts';
import { buildStaff } from '../../../test/company-staff.ts';

let t: TestApp;
let admin: string;
let measure: string;
let other: string;
const ids: Record<string, string> = {};
const orgs: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  // The demo's shape (test/company-staff.ts): HQ > MEASURE, ENG > ENG-EAST, four people, another company.
  const staff = await buildStaff(t, 'ua');
  admin = staff.admin.user.token;
  measure = staff.measure.user.token;
  other = staff.otherAdmin.user.token;
  for (const row of await t.db.select({ id: users.id, email: users.email }).from(users))
    ids[row.email] = row.id;
  const tree = await call<OrgTreeNode[]>(t.app, 'GET', '/api/sys/SysOrg/GetOrgTree', { token: admin });
  const walk = (nodes: OrgTreeNode[]): void =>
    nodes.forEach((node) => {
      orgs[node.Code] = node.OrgId;
      walk(node.Children);
    });
  walk(tree.body.Result);
});
afterAll(async () => t.close());

type Body = Record<string, unknown>;
const post = <T = unknown>(path: string, token: string, body?: unknown, lang?: string) =>
  call<T>(t.app, 'POST', `/api/sys/User/${path}`, { token, body, lang });
const list = (token: string, body: Body = {}) => post<PageResult<UserRow>>('GetUserList', token, body);
const fieldsOf = (result: unknown) =>
  (result as Array<{ Field: string; Message: string }>).map((f) => f.Field);

let counter = 0;
/** A valid create payload with a fresh email and phone. */
function newUser(change: Body = {}): Body {
  counter += 1;
  return {
    AppId: 'cloud',
    Code: `new.user${counter}@example.com`,
    Email: `new.user${counter}@example.com`,
    Name: `新用户${counter}`,
    Position: '测量员',
    Password: 'Initial@2026',
    Gender: 1,
    Status: 1,
    Department: '测量中心',
    Phone: `1770000${String(counter).padStart(4, '0')}`,
    SysOrg: [orgs.MEASURE],
    RoleNameList: ['Surveyor'],
    ...change,
  };
}

describe('GetUserList and GetCompanyUserList', () => {
  it('pages the company’s users, 20 by default, on both path spellings', async () => {
    for (const path of ['/api/sys/User/GetUserList', '/api/sys/user/getuserlist']) {
      const response = await call<PageResult<UserRow>>(t.app, 'POST', path, {
        token: admin,
        body: { appId: 'x', pageSize: 20, currentPage: 1 },
      });
      expect(response.body.Code).toBe(0);
      expect(response.body.Result).toMatchObject({ Total: 4, PageSize: 20, CurrentPage: 1 });
    }
    const defaults = await list(admin);
    expect(defaults.body.Result.PageSize).toBe(20);
    const row = defaults.body.Result.Items.find((item) => item.Email === 'ua.pm@example.com');
    expect(row).toMatchObject({
      Name: '张项目',
      Code: 'ua.pm@example.com',
      PhoneNumber: '13600000003',
      AccountNumber: '13600000003',
      Position: '项目经理',
      Gender: 1,
      Status: 1,
      OrgId: orgs['ENG-EAST'],
      OrgName: '华东项目部',
      RoleNameList: ['ProjectAdmin'],
    });
    expect(row?.ProjectIds).toHaveLength(1);
    expect(Date.parse(row?.CreateTime ?? '')).not.toBeNaN();
  });

  it('searches name, email and phone literally, filters by organisation subtree and status', async () => {
    const emails = async (body: Body) =>
      (await list(admin, body)).body.Result.Items.map((item) => item.Email).sort();
    expect(await emails({ Content: '张项' })).toEqual(['ua.pm@example.com']);
    expect(await emails({ Content: 'SURVEYOR@' })).toEqual(['ua.surveyor@example.com']);
    expect(await emails({ Content: '13600000002' })).toEqual(['ua.measure@example.com']);
    expect(await emails({ Content: '%' })).toEqual([]);
    expect(await emails({ OrgId: orgs.ENG })).toEqual(['ua.pm@example.com', 'ua.surveyor@example.com']);
    expect(await emails({ OrgId: orgs.HQ })).toHaveLength(4);
    expect(await emails({ Status: 0 })).toEqual([]);
    expect(await emails({ Status: 1, PageSize: 2 })).toHaveLength(2);
    const tooLong = await list(admin, { Content: 'x'.repeat(33) });
    expect(tooLong.body.Code).toBe(400);
    expect(fieldsOf(tooLong.body.Result)).toEqual(['Content']);
  });

  it('never shows another company’s users', async () => {
    const response = await list(other, { Content: 'example.com' });
    expect(response.body.Result.Items.map((item) => item.Email)).toEqual(['admin@ua.other.example.com']);
    expect((await list(other, { OrgId: orgs.HQ })).body.Result.Total).toBe(0);
  });

  it('gives light rows of every company user for pickers', async () => {
    const response = await call<CompanyUser[]>(t.app, 'POST', '/api/sys/user/GetCompanyUserList', {
      token: measure,
    });
    expect(response.body.Code).toBe(0);
    expect(response.body.Result.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(response.body.Result[0] ?? {}).sort()).toEqual(
      ['Email', 'Name', 'OrgId', 'OrgName', 'PhoneNumber', 'RoleNameList', 'Status', 'UserId'].sort(),
    );
    expect(response.body.Result.some((user) => user.Email.endsWith('other.example.com'))).toBe(false);
  });
});

describe('GetUser', () => {
  it('returns one user; keys match case-insensitively', async () => {
    const response = await post<UserRow>('GetUser', measure, { userId: ids['ua.surveyor@example.com'] });
    expect(response.body.Result).toMatchObject({
      Email: 'ua.surveyor@example.com',
      RoleNameList: ['Surveyor'],
    });
  });

  it('answers 404 for another company’s or an unknown id, 400 for a malformed one', async () => {
    expect((await post('GetUser', other, { UserId: ids['ua.admin@example.com'] })).body).toMatchObject({
      Code: 404,
      Result: null,
    });
    expect((await post('GetUser', admin, { UserId: crypto.randomUUID() })).body.Code).toBe(404);
    expect((await post('GetUser', admin, { UserId: 'x' })).body.Code).toBe(400);
  });
});

describe('CreateUser', () => {
  it('creates a user from the spec payload who must change the password at first sign-in', async () => {
    const body = newUser({ RoleNameList: ['MeasureAdmin', 'Surveyor'] });
    const response = await post<UserRow>('CreateUser', admin, body);
    expect(response.body).toMatchObject({ Code: 0, Message: '用户已创建' });
    expect(response.body.Result).toMatchObject({
      Email: body.Email,
      Code: body.Email,
      Name: body.Name,
      PhoneNumber: body.Phone,
      OrgId: orgs.MEASURE,
      OrgName: '测量中心',
      RoleNameList: ['MeasureAdmin', 'Surveyor'],
      Status: 1,
      Gender: 1,
    });
    const signIn = await loginRaw(t.app, String(body.Phone), 'Initial@2026');
    expect(signIn.body.Code).toBe(0);
    expect(signIn.body.Result).toMatch(/^登录成功，为了账号安全请先修改密码#.+/);
  });

  it('takes Code alone, SysOrg objects or OrgId, and defaults to the Surveyor role', async () => {
    const fromCode = await post<UserRow>('CreateUser', admin, {
      ...newUser({ Email: undefined, RoleNameList: undefined, SysOrg: [{ OrgId: orgs.ENG }] }),
    });
    expect(fromCode.body.Result).toMatchObject({ RoleNameList: ['Surveyor'], OrgId: orgs.ENG });
    expect(fromCode.body.Result.Email).toMatch(/^new\.user\d+@example\.com$/);
    const byOrgId = await post<UserRow>('CreateUser', admin, newUser({ SysOrg: undefined, OrgId: orgs.HQ }));
    expect(byOrgId.body.Result.OrgId).toBe(orgs.HQ);
    const noOrg = await post<UserRow>('CreateUser', admin, newUser({ SysOrg: [], Phone: '' }));
    expect(noOrg.body.Result).toMatchObject({ OrgId: null, PhoneNumber: null });
  });

  it('refuses a duplicate email or phone (any company) with 409 naming the field', async () => {
    const email = await post('CreateUser', admin, newUser({ Email: 'UA.PM@example.com', Code: undefined }));
    expect(email.body).toEqual({
      Code: 409,
      Message: '该邮箱已被使用',
      Result: [{ Field: 'Email', Message: '该邮箱已被使用' }],
    });
    const phone = await post('CreateUser', admin, newUser({ Phone: '13500000001' }), 'en-US');
    expect(phone.body).toMatchObject({ Code: 409, Result: [{ Field: 'Phone' }] });
  });

  it('refuses unknown organisations and roles with 400', async () => {
    const unknownOrg = await post('CreateUser', admin, newUser({ SysOrg: [crypto.randomUUID()] }));
    expect(unknownOrg.body).toMatchObject({ Code: 400, Result: [{ Field: 'OrgId', Message: '组织不存在' }] });
    const foreignOrg = await post('CreateUser', other, newUser({ SysOrg: [orgs.HQ] }));
    expect(foreignOrg.body.Code).toBe(400);
    const unknownRole = await post(
      'CreateUser',
      admin,
      newUser({ RoleNameList: ['Surveyor', 'Root'] }),
      'en-US',
    );
    expect(unknownRole.body).toMatchObject({
      Code: 400,
      Result: [{ Field: 'RoleNameList[1]', Message: 'Unknown role' }],
    });
    const labelOnly = await post('CreateUser', admin, newUser({ RoleNameList: ['FactoryAdmin'] }));
    expect(labelOnly.body.Code).toBe(400);
    expect((await post('CreateUser', admin, newUser({ RoleNameList: [] }))).body.Code).toBe(400);
  });

  it('applies the field rules of spec section 5', async () => {
    const cases: Array<[Body, string]> = [
      [{ Email: 'not-an-email', Code: undefined }, 'Email'],
      [{ Email: undefined, Code: undefined }, 'Email'],
      [{ Phone: '12345678901' }, 'Phone'],
      [{ Name: 'bad name!' }, 'Name'],
      [{ Name: 'n'.repeat(33) }, 'Name'],
      [{ Position: 'p'.repeat(33) }, 'Position'],
      [{ Department: 'd'.repeat(33) }, 'Department'],
      [{ Password: 'weakpassword' }, 'Password'],
      [{ Password: undefined }, 'Password'],
      [{ Gender: 5 }, 'Gender'],
      [{ Status: 3 }, 'Status'],
    ];
    for (const [change, field] of cases) {
      const response = await post('CreateUser', admin, newUser(change), 'en-US');
      expect(response.body.Code, JSON.stringify(change)).toBe(400);
      expect(fieldsOf(response.body.Result), JSON.stringify(change)).toContain(field);
    }
  });

  it('lets the measurement administrator create users but not company administrators', async () => {
    const surveyor = await post<UserRow>('CreateUser', measure, newUser());
    expect(surveyor.body.Code).toBe(0);
    const adminUser = await post('CreateUser', measure, newUser({ RoleNameList: ['CompanyAdmin'] }));
    expect(adminUser.body).toMatchObject({ Code: 403, Message: '只有公司管理员可以授予公司管理员角色' });
    const second = await post('CreateUser', measure, newUser({ RoleNameList: ['Surveyor', 'CompanyAdmin'] }));
    expect(second.body.Code).toBe(403);
  });
});

describe('EditUser', () => {
  it('edits profile, organisation and roles; a password sent here changes nothing', async () => {
    const created = (await post<UserRow>('CreateUser', admin, newUser())).body.Result;
    const response = await post<UserRow>('EditUser', admin, {
      ...newUser({ Email: created.Email, Code: created.Email, Phone: created.PhoneNumber }),
      UserId: created.UserId,
      Name: '改名了',
      Position: '',
      SysOrg: [orgs.ENG],
      RoleNameList: ['ProjectAdmin'],
      Password: 'Other@20260',
    });
    expect(response.body).toMatchObject({ Code: 0, Message: '保存成功' });
    expect(response.body.Result).toMatchObject({
      Name: '改名了',
      Position: null,
      OrgId: orgs.ENG,
      RoleNameList: ['ProjectAdmin'],
    });
    expect((await loginRaw(t.app, created.Email, 'Initial@2026')).body.Code).toBe(0);
    // Missing RoleNameList and organisation keep the current ones.
    const kept = await post<UserRow>('EditUser', admin, {
      UserId: created.UserId,
      Email: created.Email,
      Name: '改名了',
    });
    expect(kept.body.Result).toMatchObject({
      OrgId: orgs.ENG,
      RoleNameList: ['ProjectAdmin'],
      PhoneNumber: null,
    });
  });

  it('refuses duplicates, foreign ids, your own status and leaving no company administrator', async () => {
    const created = (await post<UserRow>('CreateUser', admin, newUser())).body.Result;
    const base = { UserId: created.UserId, Email: created.Email, Name: created.Name };
    expect((await post('EditUser', admin, { ...base, Email: 'ua.measure@example.com' })).body.Code).toBe(409);
    expect((await post('EditUser', admin, { ...base, Phone: '13600000002' })).body).toMatchObject({
      Code: 409,
      Result: [{ Field: 'Phone' }],
    });
    const foreign = await post('EditUser', other, { ...base, Name: 'Hacked' });
    expect(foreign.body.Code).toBe(404);
    expect((await post<UserRow>('GetUser', admin, { UserId: created.UserId })).body.Result.Name).toBe(
      created.Name,
    );

    const self = { UserId: ids['ua.admin@example.com'], Email: 'ua.admin@example.com', Name: '王管理' };
    expect((await post('EditUser', admin, { ...self, Status: 0 })).body).toMatchObject({
      Code: 400,
      Result: [{ Field: 'Status', Message: '不能对自己的账号执行此操作' }],
    });
    const demote = await post('EditUser', admin, { ...self, RoleNameList: ['Surveyor'] });
    expect(demote.body).toMatchObject({ Code: 409, Message: '至少要保留一名启用的公司管理员' });
    expect((await post<UserRow>('GetUser', admin, { UserId: self.UserId })).body.Result.RoleNameList).toEqual(
      ['CompanyAdmin'],
    );
    expect((await post('EditUser', measure, { ...base })).body.Code).toBe(403);
  });

  it('ends the sessions of a user disabled through EditUser', async () => {
    const body = newUser();
    const created = (await post<UserRow>('CreateUser', admin, body)).body.Result;
    const token = await login(t.app, created.Email, 'Initial@2026');
    await post('EditUser', admin, {
      UserId: created.UserId,
      Email: created.Email,
      Name: created.Name,
      Status: 0,
    });
    expect((await post('GetSelf', token)).status).toBe(401);
  });
});
