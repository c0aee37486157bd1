import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, users, verifyCodes } from '../../db/schema.ts';
import { call, createTestApp, login, loginRaw, type TestApp } from '../../../test/app.ts';
import { buildCompany, buildUser, FACTORY_PASSWORD } from '../../../test/factories.ts';
import { type CodeMessage, type CodeSender } from './code-sender.ts';

/** Captures what would be sent; can be told to fail. */
class FakeSender implements CodeSender {
  messages: CodeMessage[] = [];
  failNext = false;

  async send(message: CodeMessage): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('smtp down');
    }
    this.messages.push(message);
  }

  lastCode(): string {
    const text = this.messages.at(-1)?.text ?? '';
    const match = /\b(\d{6})\b/.exec(text);
    if (!match?.[1]) throw new Error(`no code in ${text}`);
    return match[1];
  }
}

const sender = new FakeSender();
let t: TestApp;
/** The accounts of this file (made here, one company): addresses the tests name. */
const ACCOUNTS = {
  admin: { email: 'reset.admin@example.com', phone: '13600000001', roles: ['CompanyAdmin'] },
  measure: { email: 'reset.measure@example.com', phone: '13600000002', roles: ['MeasureAdmin'] },
  pm: { email: 'reset.pm@example.com', phone: '13600000003', roles: ['ProjectAdmin'] },
  surveyor: { email: 'reset.surveyor@example.com', phone: '13600000004', roles: ['Surveyor'] },
} as const;
beforeAll(async () => {
  t = await createTestApp({ overrides: { codeSender: sender } });
  const companyId = (await buildCompany(t)).id;
  for (const account of Object.values(ACCOUNTS)) {
    await buildUser(t, { companyId, email: account.email, phone: account.phone, roles: [...account.roles] });
  }
});
afterAll(async () => t.close());

/** Moves earlier code requests back in time, so the resend limits of one test do not hit the next. */
async function ageRequests(seconds: number): Promise<void> {
  const interval = `${seconds} seconds`;
  await t.db.execute(
    sql`update ${auditLog} set created_at = created_at - ${interval}::interval where event = 'password.resetCodeSent'`,
  );
  await t.db.execute(sql`update ${verifyCodes} set created_at = created_at - ${interval}::interval`);
}

beforeEach(async () => {
  await ageRequests(2 * 3600);
  sender.messages = [];
});

const requestCode = (body: unknown, lang?: string, ip?: string) =>
  call<null>(t.app, 'POST', '/api/sys/User/VerifyCode_Get', { body, lang, ip });
const reset = (body: unknown, lang?: string) =>
  call<null>(t.app, 'POST', '/api/sys/User/ResetCloudUserPassword', { body, lang });
const byEmail = (email: string) => ({ Email: email, AccountType: 1, OperationType: 1 });
const byPhone = (phone: string) => ({ PhoneNumber: phone, AccountType: 2 });
const getSelf = (token: string) => call(t.app, 'POST', '/api/sys/User/GetSelf', { token });

const SENT = { Code: 0, Message: '验证码已发送，10 分钟内有效', Result: null };
const INVALID = { Code: 400, Message: '验证码错误或已过期', Result: null };

async function codesOf(email: string) {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return t.db
    .select()
    .from(verifyCodes)
    .where(eq(verifyCodes.userId, user?.id ?? ''))
    .orderBy(desc(verifyCodes.createdAt));
}

describe('VerifyCode_Get', () => {
  it('sends a 6-digit code by email and stores only its SHA-256', async () => {
    const response = await requestCode(byEmail('RESET.PM@example.com'));
    expect(response.status).toBe(200);
    expect(response.body).toEqual(SENT);
    expect(sender.messages).toHaveLength(1);
    const message = sender.messages[0];
    expect(message).toMatchObject({
      channel: 'email',
      to: 'reset.pm@example.com',
      subject: '测量云：重置密码验证码',
    });
    const code = sender.lastCode();
    expect(message?.text).toContain(code);

    const [stored] = await codesOf('reset.pm@example.com');
    expect(stored).toMatchObject({ channel: 'email', attempts: 0, usedAt: null });
    expect(stored?.codeHash).toBe(createHash('sha256').update(code).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(code);
    const ttl = (stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0);
    expect(Math.abs(ttl - 600_000)).toBeLessThan(5_000);
  });

  it('sends to the mobile number for AccountType 2, in the request language', async () => {
    const response = await requestCode(byPhone('13600000003'), 'en-US');
    expect(response.body).toEqual({
      Code: 0,
      Message: 'The verification code was sent; it is valid for 10 minutes',
      Result: null,
    });
    expect(sender.messages[0]).toMatchObject({
      channel: 'phone',
      to: '13600000003',
      subject: 'Measure Cloud: password reset code',
    });
  });

  it('answers an unknown or disabled account exactly like a known one, and sends nothing', async () => {
    const unknown = await requestCode(byEmail('nobody@example.com'));
    const unknownPhone = await requestCode(byPhone('13700000000'));
    await t.db.execute(sql`update ${users} set status = 0 where email = 'reset.measure@example.com'`);
    const disabled = await requestCode(byEmail('reset.measure@example.com'));
    await t.db.execute(sql`update ${users} set status = 1 where email = 'reset.measure@example.com'`);
    for (const response of [unknown, unknownPhone, disabled]) {
      expect(response.status).toBe(200);
      expect(response.body).toEqual(SENT);
    }
    expect(sender.messages).toHaveLength(0);
    expect(await codesOf('reset.measure@example.com')).toHaveLength(0);
  });

  it('allows one code a minute per address, for unknown addresses too (HTTP 429 with Retry-After)', async () => {
    for (const body of [byEmail('reset.surveyor@example.com'), byEmail('ghost@example.com')]) {
      expect((await requestCode(body)).body.Code).toBe(0);
      const again = await requestCode(body, 'en-US');
      expect(again.status).toBe(429);
      expect(again.body.Code).toBe(429);
      expect(again.body.Message).toMatch(/try again in \d+ seconds/);
      const retryAfter = Number(again.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(50);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    expect(sender.messages).toHaveLength(1);
    await ageRequests(61);
    expect((await requestCode(byEmail('reset.surveyor@example.com'))).body.Code).toBe(0);
    expect(sender.messages).toHaveLength(2);
  });

  it('allows at most 10 codes an hour per address', async () => {
    for (let index = 0; index < 10; index++) {
      expect((await requestCode(byEmail('hourly@example.com'))).body.Code, `request ${index + 1}`).toBe(0);
      await ageRequests(61);
    }
    const eleventh = await requestCode(byEmail('hourly@example.com'));
    expect(eleventh.status).toBe(429);
    // The oldest of the ten is 610 s old, so it leaves the hour in about 2990 s.
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(2900);
    expect(retryAfter).toBeLessThanOrEqual(3000);
  });

  it('sends one code a minute per user, also across email and phone, without revealing it', async () => {
    expect((await requestCode(byEmail('reset.pm@example.com'))).body).toEqual(SENT);
    expect((await requestCode(byPhone('13600000003'))).body).toEqual(SENT);
    expect(sender.messages).toHaveLength(1);
  });

  it('validates the address for the account type', async () => {
    const badEmail = await requestCode({ Email: 'not-an-email', AccountType: 1 }, 'en-US');
    expect(badEmail.body).toMatchObject({
      Code: 400,
      Result: [{ Field: 'Email', Message: 'Enter a valid email address' }],
    });
    const badPhone = await requestCode({ PhoneNumber: '12345', AccountType: 2 });
    expect(badPhone.body).toMatchObject({ Code: 400, Result: [{ Field: 'PhoneNumber' }] });
    const badType = await requestCode({ Email: 'reset.pm@example.com', AccountType: 3 });
    expect(badType.body.Code).toBe(400);
    expect(sender.messages).toHaveLength(0);
  });

  it('reports a delivery failure clearly and leaves no usable code', async () => {
    sender.failNext = true;
    const response = await requestCode(byEmail('reset.pm@example.com'), 'en-US');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      Code: 500,
      Message: 'The verification code could not be sent; please try again later',
      Result: null,
    });
    const [stored] = await codesOf('reset.pm@example.com');
    expect(stored?.usedAt).not.toBeNull();
  });
});

describe('ResetCloudUserPassword', () => {
  const newPassword = 'Reset@2026x';

  it('refuses a wrong code and kills the code after 5 wrong tries', async () => {
    await requestCode(byEmail('reset.pm@example.com'));
    const code = sender.lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await reset({
        Email: 'reset.pm@example.com',
        VerifyCode: wrong,
        AccountType: 1,
        Password: newPassword,
      });
      expect(response.body, `attempt ${attempt}`).toEqual(INVALID);
    }
    const [stored] = await codesOf('reset.pm@example.com');
    expect(stored?.attempts).toBe(5);
    const right = await reset({
      Email: 'reset.pm@example.com',
      VerifyCode: code,
      AccountType: 1,
      Password: newPassword,
    });
    expect(right.body).toEqual(INVALID);
    expect((await loginRaw(t.app, ACCOUNTS.pm.email, FACTORY_PASSWORD)).body.Code).toBe(0);
    const failures = await t.db.select().from(auditLog).where(eq(auditLog.event, 'password.resetFailed'));
    expect(failures.length).toBeGreaterThanOrEqual(6);
  });

  it('refuses an expired code', async () => {
    await requestCode(byEmail('reset.pm@example.com'));
    const code = sender.lastCode();
    await t.db.execute(
      sql`update ${verifyCodes} set expires_at = now() - interval '1 second' where used_at is null`,
    );
    const response = await reset({
      Email: 'reset.pm@example.com',
      VerifyCode: code,
      AccountType: 1,
      Password: newPassword,
    });
    expect(response.body).toEqual(INVALID);
  });

  it('accepts only the newest code', async () => {
    await requestCode(byEmail('reset.pm@example.com'));
    const first = sender.lastCode();
    await ageRequests(61);
    await requestCode(byEmail('reset.pm@example.com'));
    const second = sender.lastCode();
    if (first !== second) {
      const old = await reset({
        Email: 'reset.pm@example.com',
        VerifyCode: first,
        AccountType: 1,
        Password: newPassword,
      });
      expect(old.body).toEqual(INVALID);
    }
    const [newest, older] = await codesOf('reset.pm@example.com');
    expect(newest?.usedAt).toBeNull();
    expect(older?.usedAt).not.toBeNull();
  });

  it('answers an unknown account like a wrong code', async () => {
    const response = await reset({
      Email: 'nobody@example.com',
      VerifyCode: '123456',
      AccountType: 1,
      Password: newPassword,
    });
    expect(response.body).toEqual(INVALID);
    const phone = await reset({
      Email: '13700000000',
      VerifyCode: '123456',
      AccountType: 2,
      Password: newPassword,
    });
    expect(phone.body).toEqual(INVALID);
  });

  it('checks that the account matches the account type', async () => {
    const response = await reset(
      { Email: 'reset.pm@example.com', VerifyCode: '123456', AccountType: 2, Password: newPassword },
      'en-US',
    );
    expect(response.body).toEqual({
      Code: 400,
      Message: 'The account type does not match the account',
      Result: [{ Field: 'Email', Message: 'The account type does not match the account' }],
    });
    const phoneAsEmail = await reset({
      Email: '13600000003',
      VerifyCode: '123456',
      AccountType: 1,
      Password: newPassword,
    });
    expect(phoneAsEmail.body).toMatchObject({
      Code: 400,
      Result: [{ Field: 'Email', Message: '账号类型与账号不匹配' }],
    });
  });

  it('validates the body: code format and password strength', async () => {
    const badCode = await reset({
      Email: 'reset.pm@example.com',
      VerifyCode: '12ab56',
      AccountType: 1,
      Password: newPassword,
    });
    expect(badCode.body).toMatchObject({ Code: 400, Result: [{ Field: 'VerifyCode' }] });
    const weak = await reset({
      Email: 'reset.pm@example.com',
      VerifyCode: '123456',
      AccountType: 1,
      Password: 'weakpass',
    });
    expect(weak.body).toMatchObject({ Code: 400, Result: [{ Field: 'Password' }] });
  });

  it('sets the new password, ends every session and uses the code up', async () => {
    const first = await login(t.app, ACCOUNTS.surveyor.email, FACTORY_PASSWORD);
    const second = await login(t.app, '13600000004', FACTORY_PASSWORD);
    await t.db.execute(
      sql`update ${users} set must_change_password = true where email = 'reset.surveyor@example.com'`,
    );

    expect((await requestCode(byPhone('13600000004'))).body).toEqual(SENT);
    const code = sender.lastCode();
    const response = await reset(
      { Email: '13600000004', VerifyCode: code, AccountType: 2, Password: newPassword },
      'en-US',
    );
    expect(response.body).toEqual({
      Code: 0,
      Message: 'The password was reset; sign in with the new password',
      Result: null,
    });

    expect((await getSelf(first)).status).toBe(401);
    expect((await getSelf(second)).status).toBe(401);
    expect((await loginRaw(t.app, ACCOUNTS.surveyor.email, FACTORY_PASSWORD)).body.Code).toBe(400);
    const fresh = await loginRaw(t.app, ACCOUNTS.surveyor.email, newPassword);
    expect(fresh.body.Code).toBe(0);
    expect(fresh.body.Result).not.toContain('#'); // no forced change after a reset by the owner

    const again = await reset({
      Email: '13600000004',
      VerifyCode: code,
      AccountType: 2,
      Password: 'Another@2026',
    });
    expect(again.body).toEqual(INVALID);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.event, 'password.reset'));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(newPassword);
    expect(JSON.stringify(await t.db.select().from(auditLog))).not.toContain(code);
  });

  it('does not accept a code sent to the email for the phone', async () => {
    await requestCode(byEmail('reset.admin@example.com'));
    const code = sender.lastCode();
    const response = await reset({
      Email: '13600000001',
      VerifyCode: code,
      AccountType: 2,
      Password: newPassword,
    });
    expect(response.body).toEqual(INVALID);
  });
});
