import type { SelfInfo } from '@measure/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema.ts';
import { call, createTestApp, login, loginRaw, type TestApp } from '../../../test/app.ts';
import { buildStaff, type Staff } from '../../../test/company-staff.ts';
import { companies } from '../../db/schema.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';

/** A company shaped like the demo's (test/company-staff.ts), with the demo company's flags and names. */
let t: TestApp;
let staff: Staff;
beforeAll(async () => {
  t = await createTestApp();
  staff = await buildStaff(t, 'acct');
  await t.db
    .update(companies)
    .set({
      nameZh: '账户测试集团',
      nameEn: 'Account Test Group',
      enabledModeling: true,
      enabledExternalWall: true,
    })
    .where(eq(companies.id, staff.companyId));
  await t.db
    .update(companies)
    .set({ nameZh: '另一家建设公司' })
    .where(eq(companies.id, staff.otherCompanyId));
});
afterAll(async () => t.close());

const getSelf = (token: string, lang?: string) =>
  call<SelfInfo>(t.app, 'POST', '/api/sys/User/GetSelf', { token, lang });
const editMe = (token: string, body: unknown, lang?: string) =>
  call<unknown>(t.app, 'POST', '/api/sys/User/EditMe', { token, body, lang });
const changePassword = (token: string, body: unknown, lang?: string) =>
  call<unknown>(t.app, 'POST', '/api/sys/User/ChangePassWord', { token, body, lang });

async function selfOf(account: {
  login: string;
  password: string;
}): Promise<{ token: string; self: SelfInfo }> {
  const token = await login(t.app, account.login, account.password);
  const response = await getSelf(token);
  expect(response.body.Code).toBe(0);
  return { token, self: response.body.Result };
}

describe('GetSelf', () => {
  it('returns the profile, roles, permissions of the first role and the company flags', async () => {
    const { self } = await selfOf(staff.admin);
    expect(self).toMatchObject({
      Name: '王管理',
      Email: 'acct.admin@example.com',
      Code: 'acct.admin@example.com',
      PhoneNumber: '13600000001',
      AccountNumber: '13600000001',
      Position: '系统管理员',
      Gender: 1,
      Status: 1,
      OrgCode: 'HQ',
      CompanyName: '账户测试集团',
      RoleNameList: ['CompanyAdmin'],
      MustChangePassword: false,
      EnabledRobotTask: true,
      EnabledModeling: true,
      EnabledExternalWall: true,
      EnabledGj: false,
      TimeZone: 'Asia/Shanghai',
    });
    expect(self.UserId).toMatch(/^[0-9a-f-]{36}$/);
    expect(self.Permissions).toContain('user.create');
    expect(self.Permissions).toContain('device.distribute');
  });

  it('gives each role its own permissions', async () => {
    const measure = (await selfOf(staff.measure)).self;
    expect(measure.RoleNameList).toEqual(['MeasureAdmin']);
    expect(measure.Permissions).toContain('user.create');
    expect(measure.Permissions).toContain('standard.editOperate');
    expect(measure.Permissions.some((permission) => permission.startsWith('device.'))).toBe(false);

    const pm = (await selfOf(staff.pm)).self;
    expect(pm.RoleNameList).toEqual(['ProjectAdmin']);
    expect(pm.Permissions).toEqual([]);
    expect(pm.ProjectIds).toHaveLength(1);

    const surveyor = (await selfOf(staff.surveyor)).self;
    expect(surveyor.RoleNameList).toEqual(['Surveyor']);
    expect(surveyor.Permissions).toEqual([]);
    expect(surveyor.ProjectIds).toEqual(pm.ProjectIds);

    const other = (await selfOf(staff.otherAdmin)).self;
    expect(other.RoleNameList).toEqual(['CompanyAdmin']);
    expect(other.CompanyName).toBe('另一家建设公司');
    expect(other.CompanyId).not.toBe(measure.CompanyId);
  });

  it('lets the first role decide when a user has several', async () => {
    const { token, self } = await selfOf(staff.surveyor);
    await t.db.execute(
      sql`insert into user_roles (company_id, user_id, role, position) values (${self.CompanyId}, ${self.UserId}, 'CompanyAdmin', 1)`,
    );
    const response = await getSelf(token);
    await t.db.execute(sql`delete from user_roles where user_id = ${self.UserId} and role = 'CompanyAdmin'`);
    expect(response.body.Result.RoleNameList).toEqual(['Surveyor', 'CompanyAdmin']);
    expect(response.body.Result.Permissions).toEqual([]);
  });

  it('names the company in the request language', async () => {
    const token = await login(t.app, staff.admin.login, staff.admin.password);
    expect((await getSelf(token, 'en-US')).body.Result.CompanyName).toBe('Account Test Group');
  });

  it('answers HTTP 401 without a session', async () => {
    const response = await call(t.app, 'POST', '/api/sys/User/GetSelf');
    expect(response.status).toBe(401);
    expect(response.body.Code).toBe(401);
  });
});

describe('EditMe', () => {
  const base = {
    Name: '赵实测',
    Email: 'acct.surveyor@example.com',
    Phone: '13600000004',
    Position: '实测员',
    Department: '华东项目部',
    Gender: 1,
  };

  it('saves the profile and returns the fresh self info', async () => {
    const { token, self } = await selfOf(staff.surveyor);
    const response = await editMe(token, {
      ...base,
      UserId: self.UserId,
      Name: '赵实测_2',
      Email: 'Surveyor2@Example.com',
      Phone: '13912345678',
      Position: '高级实测员',
      Department: '',
      Gender: 2,
    });
    expect(response.body.Code).toBe(0);
    expect(response.body.Message).toBe('保存成功');
    expect(response.body.Result).toMatchObject({
      UserId: self.UserId,
      Name: '赵实测_2',
      Email: 'surveyor2@example.com',
      Code: 'surveyor2@example.com',
      PhoneNumber: '13912345678',
      AccountNumber: '13912345678',
      Position: '高级实测员',
      Department: null,
      Gender: 2,
    });
    expect((await getSelf(token)).body.Result.Name).toBe('赵实测_2');
    // The new email and phone are the sign-in names now.
    expect((await loginRaw(t.app, 'surveyor2@example.com', staff.surveyor.password)).body.Code).toBe(0);
    expect((await loginRaw(t.app, '13912345678', staff.surveyor.password)).body.Code).toBe(0);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.event, 'profile.updated'));
    expect(audit.some((row) => row.userId === self.UserId)).toBe(true);

    // Code is accepted for the email; the original values come back.
    const restored = await editMe(token, { ...base, Email: undefined, Code: 'acct.surveyor@example.com' });
    expect(restored.body.Code).toBe(0);
    expect(restored.body.Result).toMatchObject({
      Email: 'acct.surveyor@example.com',
      PhoneNumber: '13600000004',
    });
  });

  it('ignores Status: you cannot disable or change your own status', async () => {
    const { token } = await selfOf(staff.surveyor);
    const response = await editMe(token, { ...base, Status: 0 });
    expect(response.body.Code).toBe(0);
    expect(response.body.Result).toMatchObject({ Status: 1 });
    expect((await getSelf(token)).status).toBe(200);
  });

  it('refuses to edit another user', async () => {
    const { token } = await selfOf(staff.surveyor);
    const admin = (await selfOf(staff.admin)).self;
    const response = await editMe(token, { ...base, UserId: admin.UserId, Name: 'Hacked' });
    expect(response.body).toMatchObject({ Code: 403, Message: '只能修改自己的资料' });
    expect((await selfOf(staff.admin)).self.Name).toBe('王管理');
  });

  it('validates the fields with translated messages', async () => {
    const { token } = await selfOf(staff.surveyor);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ Name: 'a'.repeat(33) }, 'Name', 'At most 32 characters'],
      [{ Name: '' }, 'Name', 'This field is required'],
      [{ Name: 'bad name!' }, 'Name', ''],
      [{ Email: 'not-an-email' }, 'Email', ''],
      [{ Email: undefined }, 'Email', ''],
      [{ Phone: '12345678901' }, 'Phone', ''],
      [{ Phone: '1380000000' }, 'Phone', ''],
      [{ Position: 'p'.repeat(33) }, 'Position', 'At most 32 characters'],
      [{ Department: 'd'.repeat(33) }, 'Department', 'At most 32 characters'],
      [{ Gender: 3 }, 'Gender', ''],
      [{ UserId: 'not-a-uuid' }, 'UserId', ''],
    ];
    for (const [change, field, message] of cases) {
      const response = await editMe(token, { ...base, ...change }, 'en-US');
      expect(response.status, field).toBe(200);
      expect(response.body.Code, field).toBe(400);
      const fields = response.body.Result as Array<{ Field: string; Message: string }>;
      expect(
        fields.map((entry) => entry.Field),
        JSON.stringify(change),
      ).toContain(field);
      const entry = fields.find((item) => item.Field === field);
      expect(entry?.Message).toMatch(/^[\x20-\x7e]+$/); // English, not Chinese
      if (message) expect(entry?.Message).toBe(message);
    }
    const chinese = await editMe(token, { ...base, Email: 'bad' });
    expect(chinese.body.Result).toEqual([{ Field: 'Email', Message: '请输入正确的邮箱地址' }]);
    expect((await getSelf(token)).body.Result.Name).toBe('赵实测');
  });

  it('refuses an email or phone of another user with 409 naming the field', async () => {
    const { token } = await selfOf(staff.surveyor);
    const email = await editMe(token, { ...base, Email: 'ACCT.ADMIN@example.com' });
    expect(email.body).toEqual({
      Code: 409,
      Message: '该邮箱已被使用',
      Result: [{ Field: 'Email', Message: '该邮箱已被使用' }],
    });
    const otherCompany = await editMe(token, { ...base, Email: 'admin@acct.other.example.com' }, 'en-US');
    expect(otherCompany.body.Code).toBe(409);
    expect(otherCompany.body.Result).toEqual([{ Field: 'Email', Message: expect.any(String) }]);
    const phone = await editMe(token, { ...base, Phone: '13600000001' });
    expect(phone.body).toMatchObject({
      Code: 409,
      Result: [{ Field: 'Phone', Message: '该手机号已被使用' }],
    });
    expect((await getSelf(token)).body.Result.Email).toBe('acct.surveyor@example.com');
  });

  it('answers the race of two users taking the same email with 409, not 500', async () => {
    const pm = await selfOf(staff.pm);
    const surveyor = await selfOf(staff.surveyor);
    const body = (name: string) => ({
      ...base,
      Name: name,
      Phone: undefined,
      Email: 'contested@example.com',
    });
    const [first, second] = await Promise.all([
      editMe(pm.token, body('张项目')),
      editMe(surveyor.token, body('赵实测')),
    ]);
    const codes = [first.body.Code, second.body.Code].sort();
    expect(codes).toEqual([0, 409]);
    for (const response of [first, second]) expect(response.status).toBe(200);
    // Put both back.
    await t.db.execute(
      sql`update ${users} set email = 'acct.pm@example.com', phone = '13600000003' where id = ${staff.pm.user.id}`,
    );
    await t.db.execute(
      sql`update ${users} set email = 'acct.surveyor@example.com', phone = '13600000004' where id = ${staff.surveyor.user.id}`,
    );
  });
});

describe('uniqueViolation', () => {
  it('finds the violated index through the Drizzle error wrapper', async () => {
    const error = await t.db
      .execute(sql`update ${users} set email = 'acct.admin@example.com' where email = 'acct.pm@example.com'`)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(uniqueViolation(error)).toBe('users_email_uq');
    expect(uniqueViolation(new Error('other'))).toBeUndefined();
  });
});

describe('ChangePassWord', () => {
  // The staff's measurement administrator (test/company-staff.ts); known before the company is made.
  const account = { login: 'acct.measure@example.com', password: 'Measure@12345' };

  it('checks the old password', async () => {
    const { token } = await selfOf(account);
    const response = await changePassword(token, { OldPassword: 'Wrong@12345', NewPassword: 'Better@12345' });
    expect(response.body).toEqual({
      Code: 400,
      Message: '原密码不正确',
      Result: [{ Field: 'OldPassword', Message: '原密码不正确' }],
    });
  });

  it('refuses the 11th wrong old password within 15 minutes with 429, even with the right one', async () => {
    const { token } = await selfOf(staff.otherAdmin);
    for (let attempt = 1; attempt <= 10; attempt++) {
      const wrong = await changePassword(token, {
        OldPassword: `Wrong@${attempt}xxxx`,
        NewPassword: 'Better@12345',
      });
      expect(wrong.body.Code).toBe(400);
    }
    const blocked = await changePassword(token, {
      OldPassword: staff.otherAdmin.password,
      NewPassword: 'Better@12345',
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    await t.db.execute(
      sql`update ${auditLog} set created_at = now() - interval '16 minutes' where event = 'password.changeFailed'`,
    );
    const freed = await changePassword(token, {
      OldPassword: staff.otherAdmin.password,
      NewPassword: 'Better@12345',
    });
    expect(freed.body.Code).toBe(0);
  });

  it('enforces each strength rule', async () => {
    const { token } = await selfOf(account);
    const weak = [
      'Abc@1234', // 8 characters: too short
      'Abcdefgh@12345678', // 17 characters: too long
      'Abcdefgh@', // no digit
      '123456789@', // no letter
      'Abcdefgh123', // no special character
      'Abc defg@123', // whitespace
      '', // empty
    ];
    for (const password of weak) {
      const response = await changePassword(
        token,
        { OldPassword: account.password, NewPassword: password },
        'en-US',
      );
      expect(response.body.Code, password).toBe(400);
      const fields = response.body.Result as Array<{ Field: string; Message: string }>;
      expect(fields[0]?.Field, password).toBe('NewPassword');
    }
    const missing = await changePassword(token, { NewPassword: 'Better@12345' });
    expect((missing.body.Result as Array<{ Field: string }>)[0]?.Field).toBe('OldPassword');
    // Nothing changed.
    expect((await loginRaw(t.app, account.login, account.password)).body.Code).toBe(0);
  });

  it('accepts 9 and 16 characters (the bounds of the strength rule)', async () => {
    const { token } = await selfOf(account);
    for (const password of ['Abcdef@12', 'Abcdefgh@1234567']) {
      const response = await changePassword(token, { OldPassword: 'Wrong@12345', NewPassword: password });
      // Validation passed; only the old password is wrong.
      expect(response.body.Result).toEqual([{ Field: 'OldPassword', Message: '原密码不正确' }]);
    }
  });

  it('refuses the same password', async () => {
    const { token } = await selfOf(account);
    const response = await changePassword(token, {
      OldPassword: account.password,
      NewPassword: account.password,
    });
    expect(response.body).toMatchObject({
      Code: 400,
      Result: [{ Field: 'NewPassword', Message: '新密码不能与原密码相同' }],
    });
  });

  it('changes the password, ends the other sessions and keeps the current one', async () => {
    const current = await login(t.app, account.login, account.password);
    const other = await login(t.app, account.login, account.password);
    const otherUser = await login(t.app, staff.admin.login, staff.admin.password);
    await t.db.execute(sql`update ${users} set must_change_password = true where email = ${account.login}`);

    const newPassword = 'Changed@2026';
    const response = await changePassword(current, {
      oldPassword: account.password,
      newpassword: newPassword,
    });
    expect(response.body).toEqual({ Code: 0, Message: '密码修改成功', Result: null });

    expect((await getSelf(other)).status).toBe(401);
    const kept = await getSelf(current);
    expect(kept.status).toBe(200);
    expect(kept.body.Result.MustChangePassword).toBe(false);
    expect((await getSelf(otherUser)).status).toBe(200);

    expect((await loginRaw(t.app, account.login, account.password)).body.Code).toBe(400);
    const fresh = await loginRaw(t.app, account.login, newPassword);
    expect(fresh.body.Code).toBe(0);
    expect(fresh.body.Result).not.toContain('#');

    const [row] = await t.db.select().from(users).where(eq(users.email, account.login));
    expect(Date.now() - (row?.passwordChangedAt.getTime() ?? 0)).toBeLessThan(60_000);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'password.changed'), eq(auditLog.userId, row?.id ?? '')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(newPassword);

    // Change it back through the API (the current session still works).
    const back = await changePassword(current, { OldPassword: newPassword, NewPassword: account.password });
    expect(back.body.Code).toBe(0);
  });

  it('answers HTTP 401 without a session, before looking at the body', async () => {
    const response = await changePassword('', { OldPassword: 'x' });
    expect(response.status).toBe(401);
  });
});
