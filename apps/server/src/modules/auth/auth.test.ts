import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginTickets, sessions, users } from '../../db/schema.ts';
import { call, createTestApp, DEMO, encodeLogin, login, loginRaw, type TestApp } from '../../../test/app.ts';
import { buildStaff, type Staff } from '../../../test/company-staff.ts';

/** The demo accounts are signed in once (they are the demo's); every other test uses its own company. */
let t: TestApp;
let staff: Staff;
beforeAll(async () => {
  t = await createTestApp();
  staff = await buildStaff(t, 'auth');
});
afterAll(async () => t.close());

const getSelf = (token: string) => call(t.app, 'POST', '/api/sys/User/GetSelf', { token });

describe('AuthLogin', () => {
  it('signs every demo account in through the wire format', async () => {
    for (const account of Object.values(DEMO)) {
      const response = await loginRaw(t.app, account.login, account.password);
      expect(response.status).toBe(200);
      expect(response.body.Code).toBe(0);
      expect(response.body.Result).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('accepts the phone number and any case of the email', async () => {
    expect((await loginRaw(t.app, '13600000004', staff.surveyor.password)).body.Code).toBe(0);
    expect((await loginRaw(t.app, 'AUTH.ADMIN@Example.com', staff.admin.password)).body.Code).toBe(0);
  });

  it('accepts the base64 without URL-encoding, and PostData-wrapped bodies with any key case', async () => {
    const plain = (text: string) => decodeURIComponent(encodeLogin(text));
    const response = await call<string>(t.app, 'POST', '/api/SYS/auth/authlogin', {
      body: {
        PostData: JSON.stringify({ email: plain(staff.pm.login), PASSWORD: plain(staff.pm.password) }),
      },
    });
    expect(response.body.Code).toBe(0);
  });

  it('answers unknown user, wrong password, disabled user and undecodable fields identically', async () => {
    await t.db.execute(sql`update ${users} set status = 0 where email = 'auth.measure@example.com'`);
    const attempts = [
      await loginRaw(t.app, 'nobody@example.com', 'Whatever@123', '10.0.0.1'),
      await loginRaw(t.app, staff.pm.login, 'Wrong@123456', '10.0.0.2'),
      await loginRaw(t.app, staff.measure.login, staff.measure.password, '10.0.0.3'),
      await call(t.app, 'POST', '/api/sys/Auth/AuthLogin', {
        body: { Email: 'not-base64!', Password: 'x' },
        ip: '10.0.0.4',
      }),
    ];
    await t.db.execute(sql`update ${users} set status = 1 where email = 'auth.measure@example.com'`);
    for (const response of attempts) {
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ Code: 400, Message: '用户名或密码错误', Result: null });
    }
    const english = await call(t.app, 'POST', '/api/sys/Auth/AuthLogin', {
      body: { Email: encodeLogin('x@example.com'), Password: encodeLogin('y') },
      lang: 'en-US',
      ip: '10.0.0.5',
    });
    expect(english.body.Message).toBe('Wrong user name or password');
  });

  it('writes every attempt to the audit log and never the password', async () => {
    const rows = await t.db.select().from(auditLog);
    expect(rows.some((row) => row.event === 'login.success')).toBe(true);
    expect(rows.some((row) => row.event === 'login.failure' && row.account === 'nobody@example.com')).toBe(
      true,
    );
    const dump = JSON.stringify(rows);
    for (const secret of ['Wrong@123456', 'Whatever@123', staff.pm.password])
      expect(dump).not.toContain(secret);
  });

  it('returns "<message>#<token>" when the password must be changed', async () => {
    await t.db.execute(
      sql`update ${users} set must_change_password = true where email = 'auth.pm@example.com'`,
    );
    const response = await loginRaw(t.app, staff.pm.login, staff.pm.password);
    await t.db.execute(
      sql`update ${users} set must_change_password = false where email = 'auth.pm@example.com'`,
    );
    const [message, token] = response.body.Result.split('#');
    expect(message).toBe('登录成功，为了账号安全请先修改密码');
    expect((await getSelf(token ?? '')).body.Code).toBe(0);
  });

  it('asks for a change when the password is older than the company limit', async () => {
    await t.db.execute(sql`update companies set password_max_age_days = 90 where id = ${staff.companyId}`);
    await t.db.execute(
      sql`update ${users} set password_changed_at = now() - interval '91 days' where email = 'auth.surveyor@example.com'`,
    );
    const response = await loginRaw(t.app, staff.surveyor.login, staff.surveyor.password);
    await t.db.execute(sql`update companies set password_max_age_days = null where id = ${staff.companyId}`);
    expect(response.body.Result).toMatch(/^登录成功，密码已超过有效期，请先修改密码#/);
  });

  it('rejects missing and over-long fields with Code 400 and the field named', async () => {
    const response = await call(t.app, 'POST', '/api/sys/Auth/AuthLogin', {
      body: { Email: 'x'.repeat(2000) },
      lang: 'en-US',
    });
    expect(response.body.Code).toBe(400);
    expect(response.body.Result).toEqual([
      { Field: 'Email', Message: 'At most 1024 characters' },
      { Field: 'Password', Message: 'Required' },
    ]);
  });
});

describe('login throttling', () => {
  it('refuses the 11th failure for one account within 15 minutes with HTTP 429 and Retry-After', async () => {
    const account = 'auth.surveyor@example.com';
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await loginRaw(t.app, account, `Wrong@${attempt}xxxx`, `10.1.0.${attempt}`);
      expect(response.body.Code).toBe(400);
    }
    const blocked = await loginRaw(t.app, account, staff.surveyor.password, '10.1.1.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body.Code).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    // Other accounts are unaffected; the window passing frees the account.
    expect((await loginRaw(t.app, staff.pm.login, staff.pm.password, '10.1.1.2')).body.Code).toBe(0);
    await t.db.execute(
      sql`update ${auditLog} set created_at = now() - interval '16 minutes' where account = ${account} and event = 'login.failure'`,
    );
    expect((await loginRaw(t.app, account, staff.surveyor.password, '10.1.1.3')).body.Code).toBe(0);
  });

  it('refuses the 31st failed attempt from one address within a minute', async () => {
    const ip = '10.2.0.1';
    for (let attempt = 1; attempt <= 30; attempt++) {
      const response = await loginRaw(t.app, `user${attempt}@example.com`, 'Wrong@123456', ip);
      expect(response.status).toBe(200);
    }
    const blocked = await loginRaw(t.app, staff.admin.login, staff.admin.password, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await loginRaw(t.app, staff.admin.login, staff.admin.password, '10.2.0.2')).body.Code).toBe(0);
  });
});

describe('sessions', () => {
  it('accepts a bare token as well as Bearer, and answers HTTP 401 without one', async () => {
    const token = await login(t.app, staff.admin.login, staff.admin.password);
    const bare = await call(t.app, 'POST', '/api/sys/User/GetSelf', { headers: { authorization: token } });
    expect(bare.body.Code).toBe(0);
    const none = await call(t.app, 'POST', '/api/sys/User/GetSelf');
    expect(none.status).toBe(401);
    expect(none.body.Code).toBe(401);
    const forged = await getSelf('A'.repeat(43));
    expect(forged.status).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const token = await login(t.app, staff.admin.login, staff.admin.password);
    const rows = await t.db.select({ hash: sessions.tokenHash }).from(sessions);
    expect(rows.some((row) => row.hash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.hash))).toBe(true);
  });

  it('ends the session on logout: the very next call gets 401', async () => {
    const token = await login(t.app, staff.admin.login, staff.admin.password);
    const out = await call(t.app, 'POST', '/api/sys/Auth/Logout', { token });
    expect(out.body).toMatchObject({ Code: 0, Message: '已退出登录' });
    expect((await getSelf(token)).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/sys/Auth/Logout', { token })).status).toBe(401);
  });

  it('expires after 2 hours idle and after 12 hours in all', async () => {
    const idle = await login(t.app, staff.admin.login, staff.admin.password);
    const old = await login(t.app, staff.admin.login, staff.admin.password);
    const fresh = await login(t.app, staff.admin.login, staff.admin.password);
    await t.db.execute(sql`update ${sessions} set last_seen_at = now() - interval '121 minutes'
      where id = (select id from ${sessions} order by created_at desc offset 2 limit 1)`);
    await t.db.execute(sql`update ${sessions} set expires_at = now() - interval '1 second'
      where id = (select id from ${sessions} order by created_at desc offset 1 limit 1)`);
    expect((await getSelf(idle)).status).toBe(401);
    expect((await getSelf(old)).status).toBe(401);
    expect((await getSelf(fresh)).body.Code).toBe(0);
  });

  it('ends the sessions of a user who is disabled', async () => {
    const token = await login(t.app, staff.measure.login, staff.measure.password);
    await t.db.execute(sql`update ${users} set status = 0 where email = 'auth.measure@example.com'`);
    expect((await getSelf(token)).status).toBe(401);
    await t.db.execute(sql`update ${users} set status = 1 where email = 'auth.measure@example.com'`);
    expect((await getSelf(token)).status).toBe(401);
  });
});

describe('login tickets (GetTokenByID)', () => {
  it('exchanges a ticket once for a new session of the same user', async () => {
    const token = await login(t.app, staff.pm.login, staff.pm.password);
    const ticket = await call<{ Id: string; ExpiresAt: string }>(
      t.app,
      'POST',
      '/api/sys/Auth/CreateLoginTicket',
      { token },
    );
    expect(ticket.body.Code).toBe(0);
    const expiresIn = new Date(ticket.body.Result.ExpiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(55_000);
    expect(expiresIn).toBeLessThanOrEqual(60_000);

    const first = await call<string>(t.app, 'POST', '/api/sys/Auth/GetTokenByID', {
      body: { Id: ticket.body.Result.Id },
    });
    expect(first.body.Code).toBe(0);
    expect(first.body.Result).not.toBe(token);
    const self = await call<{ Email: string }>(t.app, 'POST', '/api/sys/User/GetSelf', {
      token: first.body.Result,
    });
    expect(self.body.Result.Email).toBe('auth.pm@example.com');

    const second = await call(t.app, 'POST', '/api/sys/Auth/GetTokenByID', {
      body: { Id: ticket.body.Result.Id },
    });
    expect(second.body).toMatchObject({ Code: 400, Message: '登录凭证无效或已过期' });
  });

  it('refuses an expired ticket, an unknown one, and creation without a session', async () => {
    const token = await login(t.app, staff.pm.login, staff.pm.password);
    const ticket = await call<{ Id: string }>(t.app, 'POST', '/api/sys/Auth/CreateLoginTicket', { token });
    await t.db.execute(sql`update ${loginTickets} set expires_at = now() - interval '1 second'`);
    expect(
      (await call(t.app, 'POST', '/api/sys/Auth/GetTokenByID', { body: { Id: ticket.body.Result.Id } })).body
        .Code,
    ).toBe(400);
    expect(
      (await call(t.app, 'POST', '/api/sys/Auth/GetTokenByID', { body: { Id: 'made-up' } })).body.Code,
    ).toBe(400);
    expect((await call(t.app, 'POST', '/api/sys/Auth/CreateLoginTicket')).status).toBe(401);
  });
});
