/** User administration API tests: disabling, deleting and resetting passwords of users (factory users). */
import type { UserRow } from '@measure/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.ts';
import { call, createTestApp, login, loginRaw, type TestApp } from '../../../test/app.ts';
import { buildAdmin, buildCompany, buildUser, type BuiltUser } from '../../../test/factories.ts';

let t: TestApp;
let admin: string;
let other: string;
let adminUser: BuiltUser;
let pmUser: BuiltUser;
let otherUser: BuiltUser;
let orgId = '';

beforeAll(async () => {
  t = await createTestApp();
  const company = await buildCompany(t);
  orgId = company.rootOrgId;
  adminUser = await buildAdmin(t, { companyId: company.id });
  pmUser = await buildUser(t, { companyId: company.id, roles: ['ProjectAdmin'] });
  otherUser = await buildAdmin(t);
  admin = adminUser.token;
  other = otherUser.token;
});
afterAll(async () => t.close());

type Body = Record<string, unknown>;
const post = <T = unknown>(path: string, token: string, body?: unknown, lang?: string) =>
  call<T>(t.app, 'POST', `/api/sys/User/${path}`, { token, body, lang });

let counter = 0;
/** A valid create payload with a fresh email and phone. */
function newUser(change: Body = {}): Body {
  counter += 1;
  return {
    AppId: 'cloud',
    Email: `lifecycle.user${counter}@example.com`,
    Name: `新用户${counter}`,
    Password: 'Initial@2026',
    Phone: `1760000${String(counter).padStart(4, '0')}`,
    SysOrg: [orgId],
    RoleNameList: ['Surveyor'],
    ...change,
  };
}

describe('UpdateUserStatus', () => {
  it('disables (ending sessions) and enables, with Ids or UserId', async () => {
    const created = (await post<UserRow>('CreateUser', admin, newUser())).body.Result;
    const token = await login(t.app, created.Email, 'Initial@2026');
    expect((await post('GetSelf', token)).status).toBe(200);

    const disabled = await post('UpdateUserStatus', admin, { Ids: [created.UserId], Status: 0 });
    expect(disabled.body).toMatchObject({ Code: 0, Message: '状态已更新' });
    expect((await post('GetSelf', token)).status).toBe(401);
    const open = await t.db.select().from(sessions).where(eq(sessions.userId, created.UserId));
    expect(open.every((session) => session.revokedAt !== null)).toBe(true);
    expect((await loginRaw(t.app, created.Email, 'Initial@2026')).body.Code).not.toBe(0);

    expect((await post('UpdateUserStatus', admin, { UserId: created.UserId, Status: 1 })).body.Code).toBe(0);
    expect((await loginRaw(t.app, created.Email, 'Initial@2026')).body.Code).toBe(0);
  });

  it('never disables yourself, and changes nothing when an id is foreign', async () => {
    expect((await post('UpdateUserStatus', admin, { Ids: [adminUser.id], Status: 0 })).body).toMatchObject({
      Code: 400,
      Result: [{ Field: 'Ids' }],
    });
    const mixed = await post('UpdateUserStatus', admin, {
      Ids: [pmUser.id, otherUser.id],
      Status: 0,
    });
    expect(mixed.body.Code).toBe(404);
    const rows = await t.db
      .select({ status: users.status })
      .from(users)
      .where(inArray(users.id, [pmUser.id, otherUser.id]));
    expect(rows.map((row) => row.status)).toEqual([1, 1]);
    expect((await post('UpdateUserStatus', admin, { Status: 0 })).body.Code).toBe(400);
    expect((await post('UpdateUserStatus', admin, { Ids: [pmUser.id], Status: 2 })).body.Code).toBe(400);
  });
});

describe('DeleteUsers', () => {
  it('deletes all or nothing, never yourself, 404 for foreign ids', async () => {
    const a = (await post<UserRow>('CreateUser', admin, newUser())).body.Result;
    const b = (await post<UserRow>('CreateUser', admin, newUser())).body.Result;

    const withSelf = await post('DeleteUsers', admin, { Ids: [a.UserId, adminUser.id] });
    expect(withSelf.body).toMatchObject({
      Code: 400,
      Result: [{ Field: 'Ids', Message: '不能对自己的账号执行此操作' }],
    });
    const withForeign = await post('DeleteUsers', admin, { Ids: [a.UserId, otherUser.id] });
    expect(withForeign.body.Code).toBe(404);
    const unknown = await post('DeleteUsers', admin, { Ids: [a.UserId, crypto.randomUUID()] });
    expect(unknown.body.Code).toBe(404);
    expect(
      await t.db
        .select()
        .from(users)
        .where(inArray(users.id, [a.UserId, b.UserId])),
    ).toHaveLength(2);

    const done = await post('DeleteUsers', admin, { ids: [a.UserId, b.UserId] });
    expect(done.body).toMatchObject({ Code: 0, Message: '删除成功' });
    expect(
      await t.db
        .select()
        .from(users)
        .where(inArray(users.id, [a.UserId, b.UserId])),
    ).toHaveLength(0);
    expect((await post('DeleteUsers', admin, { Ids: [] })).body.Code).toBe(400);
  });

  it('lets another company administrator delete administrators (the caller always remains)', async () => {
    const second = (await post<UserRow>('CreateUser', admin, newUser({ RoleNameList: ['CompanyAdmin'] })))
      .body.Result;
    const token = await login(t.app, second.Email, 'Initial@2026');
    const victim = (await post<UserRow>('CreateUser', admin, newUser({ RoleNameList: ['CompanyAdmin'] })))
      .body.Result;
    expect((await post('DeleteUsers', token, { Ids: [victim.UserId] })).body.Code).toBe(0);
    // Through the API the caller is an enabled company administrator it cannot delete, so one always
    // remains; the last-administrator rule is reached by demoting yourself (see EditUser).
    expect((await post('DeleteUsers', token, { Ids: [second.UserId] })).body.Code).toBe(400);
    expect((await post('DeleteUsers', admin, { Ids: [second.UserId] })).body.Code).toBe(0);
  });
});

describe('ResetPassword', () => {
  it('sets the password, forces a change at the next sign-in and ends the user’s sessions', async () => {
    const created = (await post<UserRow>('CreateUser', admin, newUser())).body.Result;
    const token = await login(t.app, created.Email, 'Initial@2026');
    const response = await post('ResetPassword', admin, { UserId: created.UserId, Password: 'Reset@20261' });
    expect(response.body).toMatchObject({ Code: 0, Message: '密码已重置，该用户下次登录时须修改密码' });
    expect((await post('GetSelf', token)).status).toBe(401);
    expect((await loginRaw(t.app, created.Email, 'Initial@2026')).body.Code).not.toBe(0);
    expect((await loginRaw(t.app, created.Email, 'Reset@20261')).body.Result).toContain('#');
  });

  it('refuses weak passwords (400) and foreign users (404)', async () => {
    const weak = await post('ResetPassword', admin, { UserId: pmUser.id, Password: 'short' });
    expect(weak.body).toMatchObject({ Code: 400, Result: [{ Field: 'Password' }] });
    const foreign = await post('ResetPassword', other, {
      UserId: pmUser.id,
      Password: 'Reset@20261',
    });
    expect(foreign.body.Code).toBe(404);
    expect((await loginRaw(t.app, pmUser.email, pmUser.password)).body.Code).toBe(0);
  });
});
