import type { UserRow } from '@measure/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.ts';
import { call, createTestApp, login, type TestApp } from '../../../test/app.ts';
import { buildStaff, type Staff } from '../../../test/company-staff.ts';
import type { CodeMessage, CodeSender } from '../account/code-sender.ts';
import { AuthEvents, LISTENER_APPLICATION_NAME } from './auth-events.ts';
import { SessionCache } from './session-cache.ts';
import { SessionService } from './session-service.ts';
import { hashToken } from './tokens.ts';

/**
 * The session cache on two instances of the app on one database (as two servers): a call through
 * instance B warms B's cache, the change goes through instance A, and the very next call on B is
 * refused. A and B each LISTEN on their own connection; A's NOTIFY is sent in the transaction of
 * the change.
 */
class FakeSender implements CodeSender {
  messages: CodeMessage[] = [];
  async send(message: CodeMessage): Promise<void> {
    this.messages.push(message);
  }
}

const sender = new FakeSender();
let a: TestApp;
let b: TestApp;
let admin: string;
let staff: Staff;

beforeAll(async () => {
  a = await createTestApp({ overrides: { codeSender: sender } });
  b = await createTestApp({ sameDatabaseAs: a });
  staff = await buildStaff(a, 'cache');
  admin = await login(a.app, staff.admin.login, staff.admin.password);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/**
 * PostgreSQL delivers an announcement to each listening connection on its own; another instance may
 * read it a few milliseconds after the writer's answer. Checks on B allow that delivery latency (at
 * most a second); without the announcement B would keep its cached entry for minutes and fail them.
 */
const DELIVERY = { timeout: 1000, interval: 5 };

const getSelf = (t: TestApp, token: string) => call(t.app, 'POST', '/api/sys/User/GetSelf', { token });
const userList = (t: TestApp, token: string) =>
  call(t.app, 'POST', '/api/sys/User/GetUserList', { token, body: {} });
const adminPost = <T = unknown>(path: string, body: unknown) =>
  call<T>(a.app, 'POST', `/api/sys/User/${path}`, { token: admin, body });

/** Sign-in token answered through B, so B has it cached. */
async function warmOnB(login: string, password: string): Promise<string> {
  const token = await loginOn(a, login, password);
  expect((await getSelf(b, token)).status).toBe(200);
  expect((await getSelf(b, token)).status).toBe(200);
  return token;
}

const loginOn = (t: TestApp, name: string, password: string) => login(t.app, name, password);

let counter = 0;
/** A new user of the staff company (created through A), signed in and cached on B. */
async function newUser(
  roles: string[] = ['Surveyor'],
): Promise<{ id: string; email: string; token: string }> {
  counter += 1;
  const email = `cache.user${counter}@example.com`;
  const created = await adminPost<UserRow>('CreateUser', {
    Email: email,
    Code: email,
    Name: `缓存${counter}`,
    Password: 'Initial@2026',
    Phone: `1660000${String(counter).padStart(4, '0')}`,
    RoleNameList: roles,
  });
  expect(created.body.Code).toBe(0);
  const token = await warmOnB(email, 'Initial@2026');
  return { id: created.body.Result.UserId, email, token };
}

async function listenerPids(t: TestApp): Promise<number[]> {
  const result = await t.db.execute<{ pid: number }>(
    sql`select pid from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME}
      and datname = current_database()`,
  );
  return result.rows.map((row) => row.pid);
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let waited = 0; waited < 5_000; waited += 20) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('revocation through instance A reaches the cache of instance B on the next call', () => {
  it('serves a warmed session from the cache while listening (no query sees a silent change)', async () => {
    const token = await warmOnB(staff.pm.login, staff.pm.password);
    // Changed behind the app's back (no NOTIFY): B keeps answering from its cache, A (not warmed
    // for this token) reads the database.
    await b.db.execute(sql`update ${sessions} set revoked_at = now() where token_hash = ${hashToken(token)}`);
    expect((await getSelf(b, token)).status).toBe(200);
    expect((await getSelf(a, token)).status).toBe(401);
  });

  it('logout', async () => {
    const token = await warmOnB(staff.pm.login, staff.pm.password);
    const other = await warmOnB(staff.pm.login, staff.pm.password);
    expect((await call(a.app, 'POST', '/api/sys/Auth/Logout', { token })).body.Code).toBe(0);
    await expect.poll(async () => (await getSelf(b, token)).status, DELIVERY).toBe(401);
    // Only that session ended.
    expect((await getSelf(b, other)).status).toBe(200);
  });

  it('password change ends the other sessions, not the one that changed it', async () => {
    const user = await newUser();
    const changer = await loginOn(a, user.email, 'Initial@2026');
    const changed = await call(a.app, 'POST', '/api/sys/User/ChangePassWord', {
      token: changer,
      body: { OldPassword: 'Initial@2026', NewPassword: 'Changed@2026' },
    });
    expect(changed.body.Code).toBe(0);
    await expect.poll(async () => (await getSelf(b, user.token)).status, DELIVERY).toBe(401);
    expect((await getSelf(b, changer)).status).toBe(200);
  });

  it('password reset by an administrator', async () => {
    const user = await newUser();
    expect((await adminPost('ResetPassword', { UserId: user.id, Password: 'Reset@20261' })).body.Code).toBe(
      0,
    );
    await expect.poll(async () => (await getSelf(b, user.token)).status, DELIVERY).toBe(401);
  });

  it('password reset with a verification code', async () => {
    const user = await newUser();
    const sent = await call(a.app, 'POST', '/api/sys/User/VerifyCode_Get', {
      body: { Email: user.email, AccountType: 1, OperationType: 1 },
    });
    expect(sent.body.Code).toBe(0);
    const code = /\b(\d{6})\b/.exec(sender.messages.at(-1)?.text ?? '')?.[1];
    const reset = await call(a.app, 'POST', '/api/sys/User/ResetCloudUserPassword', {
      body: { Email: user.email, VerifyCode: code, AccountType: 1, Password: 'Reset@20262' },
    });
    expect(reset.body.Code).toBe(0);
    await expect.poll(async () => (await getSelf(b, user.token)).status, DELIVERY).toBe(401);
  });

  it('disabling (UpdateUserStatus and EditUser)', async () => {
    const first = await newUser();
    expect((await adminPost('UpdateUserStatus', { Ids: [first.id], Status: 0 })).body.Code).toBe(0);
    await expect.poll(async () => (await getSelf(b, first.token)).status, DELIVERY).toBe(401);

    const second = await newUser();
    const edited = await adminPost('EditUser', {
      UserId: second.id,
      Email: second.email,
      Name: 'x',
      Status: 0,
    });
    expect(edited.body.Code).toBe(0);
    await expect.poll(async () => (await getSelf(b, second.token)).status, DELIVERY).toBe(401);
  });

  it('deleting', async () => {
    const user = await newUser(['MeasureAdmin']);
    await expect.poll(async () => (await userList(b, user.token)).body.Code, DELIVERY).toBe(0);
    expect((await adminPost('DeleteUsers', { Ids: [user.id] })).body.Code).toBe(0);
    // (GetSelf would refuse a deleted user anyway; the list reads nothing of the caller.)
    await expect.poll(async () => (await userList(b, user.token)).status, DELIVERY).toBe(401);
  });

  it('role change: a permission taken away is refused, one given is granted, on the next call', async () => {
    const user = await newUser(['MeasureAdmin']);
    await expect.poll(async () => (await userList(b, user.token)).body.Code, DELIVERY).toBe(0);
    const demoted = await adminPost('EditUser', {
      UserId: user.id,
      Email: user.email,
      Name: 'x',
      RoleNameList: ['Surveyor'],
    });
    expect(demoted.body.Code).toBe(0);
    await expect.poll(async () => (await userList(b, user.token)).body.Code, DELIVERY).toBe(403);
    // The session itself stays valid.
    expect((await getSelf(b, user.token)).status).toBe(200);
    const promoted = await adminPost('EditUser', {
      UserId: user.id,
      Email: user.email,
      Name: 'x',
      RoleNameList: ['MeasureAdmin'],
    });
    expect(promoted.body.Code).toBe(0);
    await expect.poll(async () => (await userList(b, user.token)).body.Code, DELIVERY).toBe(0);
  });

  it('a dropped listening connection empties the cache; it is used again once listening again', async () => {
    const token = await warmOnB(staff.surveyor.login, staff.surveyor.password);
    const before = await listenerPids(b);
    expect(before).toHaveLength(2); // A's and B's
    await b.db.execute(sql`update ${sessions} set revoked_at = now() where token_hash = ${hashToken(token)}`);
    expect((await getSelf(b, token)).status).toBe(200); // still cached
    await b.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`);
    await until(async () => {
      const pids = await listenerPids(b);
      return pids.length === 2 && pids.every((pid) => !before.includes(pid));
    }, 'both instances to listen again');
    await expect.poll(async () => (await getSelf(b, token)).status, DELIVERY).toBe(401);
    const fresh = await warmOnB(staff.surveyor.login, staff.surveyor.password);
    expect((await call(a.app, 'POST', '/api/sys/Auth/Logout', { token: fresh })).body.Code).toBe(0);
    await expect.poll(async () => (await getSelf(b, fresh)).status, DELIVERY).toBe(401);
  });
});

describe('without a listening connection', () => {
  it('reads every call from the database, and caches again once listening', async () => {
    const cache = new SessionCache();
    const events = new AuthEvents({ connectionString: a.connectionString }, cache);
    const service = new SessionService(
      a.db,
      { idleMs: a.config.sessionIdleMs, absoluteMs: a.config.sessionAbsoluteMs },
      cache,
      events,
    );
    const revokeSilently = (token: string) =>
      a.db.execute(sql`update ${sessions} set revoked_at = now() where token_hash = ${hashToken(token)}`);
    try {
      const first = await loginOn(a, staff.measure.login, staff.measure.password);
      expect(await service.authenticate(first)).not.toBeNull();
      expect(cache.size).toBe(0);
      await revokeSilently(first);
      expect(await service.authenticate(first)).toBeNull();

      await events.start();
      expect(events.connected).toBe(true);
      const second = await loginOn(a, staff.measure.login, staff.measure.password);
      expect(await service.authenticate(second)).not.toBeNull();
      expect(cache.size).toBe(1);

      const pids = await listenerPids(a);
      await a.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where pid in (${sql.join(pids, sql`, `)})`);
      await until(() => !events.connected, 'the listener to notice');
      expect(cache.size).toBe(0);
      await revokeSilently(second);
      expect(await service.authenticate(second)).toBeNull();
      await until(() => events.connected, 'the listener to reconnect');
    } finally {
      await events.close();
    }
  });
});
