import type { Envelope, ImportPreview, UserRow } from '@measure/contract';
import contentDisposition from 'content-disposition';
import ExcelJS from 'exceljs';
import { count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgs, userImports, users } from '../../db/schema.ts';
import { call, createTestApp, loginRaw, type TestApp } from '../../../test/app.ts';
import { buildCompany, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { importRows, importWorkbook } from '../../../test/import-workbook.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { zipOf } from '../../../test/zip.ts';
import { IMPORT_COLUMNS } from './user-import-sheet.ts';

let t: TestApp;
let admin: string;
let measure: string;
let other: string;
/** A user of another company: email and phone are unique across companies. */
let existing: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  const company = await buildCompany(t);
  // The organisation codes the import rows name (importRows: MEASURE; one row: ENG-EAST).
  await t.db.insert(orgs).values(
    ['MEASURE', 'ENG-EAST'].map((code, sort) => ({
      companyId: company.id,
      parentId: company.rootOrgId,
      name: code,
      code,
      sort: sort + 1,
    })),
  );
  admin = (await buildUser(t, { companyId: company.id, roles: ['CompanyAdmin'] })).token;
  measure = (await buildUser(t, { companyId: company.id, roles: ['MeasureAdmin'] })).token;
  existing = await buildUser(t, { roles: ['CompanyAdmin'] });
  other = existing.token;
});
afterAll(async () => t.close());

async function preview(
  token: string,
  files: Array<{ name: string; data: Buffer; type?: string }>,
  lang?: string,
): Promise<{ status: number; body: Envelope<ImportPreview> }> {
  const { payload, headers } = multipartBody(files);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sys/user/ImportPreview',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}`, ...(lang ? { 'accept-language': lang } : {}) },
  });
  return { status: response.statusCode, body: response.json() };
}
const commit = (token: string, body: unknown, lang?: string) =>
  call<{ Imported: number }>(t.app, 'POST', '/api/sys/user/ImportCommit', { token, body, lang });
const userCount = async () => (await t.db.select({ total: count() }).from(users))[0]?.total ?? 0;

describe('ImportTemplate', () => {
  it('downloads a bilingual .xlsx template with an example row and a help sheet', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/sys/user/importtemplate',
      headers: { authorization: `Bearer ${measure}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="user-import-template\.xlsx"/,
    );
    // Named in the request's language: Chinese by default, English for en-US.
    const headerIn = async (language: string) =>
      String(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/sys/user/importtemplate',
            headers: { authorization: `Bearer ${measure}`, 'accept-language': language },
          })
        ).headers['content-disposition'],
      );
    const nameOf = (header: unknown) => contentDisposition.parse(String(header)).parameters.filename;
    expect(nameOf(response.headers['content-disposition'])).toBe('用户导入模板.xlsx');
    expect(nameOf(await headerIn('zh-CN'))).toBe('用户导入模板.xlsx');
    expect(await headerIn('en-US')).toBe('attachment; filename="user-import-template.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const [sheet, help] = workbook.worksheets;
    expect((sheet?.getRow(1).values as unknown[]).slice(1)).toEqual([
      '姓名 Name',
      '邮箱 Email',
      '手机号 Phone',
      '职位 Position',
      '部门 Department',
      '性别 Gender',
      '组织编码 Org code',
      '角色 Role',
    ]);
    expect(sheet?.getRow(2).getCell(2).text).toBe('zhangsan@example.com');
    expect(help?.getRow(2).getCell(2).text).toContain('必填');
    expect(help?.getRow(2).getCell(3).text).toContain('Required');

    // The untouched template is a valid file with no data row (the example is skipped).
    const uploaded = await preview(admin, [{ name: 'template.xlsx', data: response.rawPayload }], 'en-US');
    expect(uploaded.body).toMatchObject({ Code: 400, Message: 'The file has no data rows' });
  });

  it('is refused without user.import', async () => {
    const pm = await buildUser(t, { roles: ['ProjectAdmin'] });
    const response = await call(t.app, 'GET', '/api/sys/user/ImportTemplate', { token: pm.token });
    expect(response.body.Code).toBe(403);
  });
});

describe('ImportPreview: the file', () => {
  it('checks the content, not the name', async () => {
    const text = Buffer.from('姓名 Name,邮箱 Email\n张三,a@example.com\n');
    const renamed = await preview(admin, [{ name: 'users.xlsx', data: text }], 'en-US');
    expect(renamed.body).toEqual({
      Code: 400,
      Message: 'The file is not a valid Excel (.xlsx) workbook',
      Result: [{ Field: 'File', Message: 'The file is not a valid Excel (.xlsx) workbook' }],
    });
    // A zip that is not a workbook.
    const zipLike = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 1)]);
    expect((await preview(admin, [{ name: 'users.xlsx', data: zipLike }])).body.Code).toBe(400);
    // A zip bomb: 80 MB of zeros in under 1 MB, declaring a tiny size.
    const bomb = zipOf(Buffer.alloc(80 * 1024 * 1024), { declaredSize: 100 });
    expect((await preview(admin, [{ name: 'users.xlsx', data: bomb }], 'en-US')).body).toEqual({
      Code: 400,
      Message: 'The file unpacks to more than 64 MB; it is not a user import sheet',
      Result: [
        { Field: 'File', Message: 'The file unpacks to more than 64 MB; it is not a user import sheet' },
      ],
    });
    // A real workbook with another name is fine.
    const real = await importWorkbook(importRows(1, 'named'));
    expect((await preview(admin, [{ name: 'users.txt', data: real, type: 'text/plain' }])).body.Code).toBe(0);
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(6 * 1024 * 1024, 7)]);
    const response = await preview(admin, [{ name: 'big.xlsx', data: big }], 'en-US');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ Code: 400, Message: 'The file must not be larger than 5 MB' });
    // Just over the limit, inside the room left for the multipart envelope.
    const edge = Buffer.alloc(5 * 1024 * 1024 + 10, 7);
    expect((await preview(admin, [{ name: 'edge.xlsx', data: edge }])).body).toMatchObject({ Code: 400 });
  });

  it('refuses another header row, no file, two files and a JSON body', async () => {
    const wrong = await importWorkbook(importRows(1), [
      'Name',
      'Mail',
      'Phone',
      'Position',
      'Dept',
      'Gender',
      'Org',
      'Role',
    ]);
    expect((await preview(admin, [{ name: 'a.xlsx', data: wrong }])).body).toMatchObject({
      Code: 400,
      Message: '表头与模板不一致，请下载模板后按模板填写',
    });
    // Single-language headers are accepted.
    const english = await importWorkbook(
      importRows(1, 'english'),
      IMPORT_COLUMNS.map((column) => column.header.slice(column.header.indexOf(' ') + 1)),
    );
    expect((await preview(admin, [{ name: 'b.xlsx', data: english }])).body.Code).toBe(0);
    const good = await importWorkbook(importRows(1));
    expect((await preview(admin, [])).body.Code).toBe(400);
    expect(
      (
        await preview(admin, [
          { name: 'a.xlsx', data: good },
          { name: 'b.xlsx', data: good },
        ])
      ).body,
    ).toMatchObject({ Code: 400, Message: '一次只能上传一个文件' });
    const json = await call(t.app, 'POST', '/api/sys/user/ImportPreview', {
      token: admin,
      body: { File: 'x' },
    });
    expect(json.body.Code).toBe(400);
  });
});

describe('ImportPreview and ImportCommit', () => {
  it('shows exactly the bad row’s errors in the request language; commit refuses and inserts nothing', async () => {
    const rows = importRows(3, 'onebad');
    rows[1] = { ...rows[1]!, Email: 'not-an-email', OrgCode: 'NOPE' };
    const file = await importWorkbook(rows);
    const before = await userCount();

    const english = await preview(admin, [{ name: 'users.xlsx', data: file }], 'en-US');
    expect(english.body.Code).toBe(0);
    expect(english.body.Result).toMatchObject({ Total: 3, Valid: 2 });
    expect(english.body.Result.Rows.map((row) => row.Row)).toEqual([2, 3, 4]);
    expect(english.body.Result.Rows[0]?.Errors).toEqual([]);
    expect(english.body.Result.Rows[2]?.Errors).toEqual([]);
    expect(english.body.Result.Rows[1]).toMatchObject({
      Row: 3,
      Email: 'not-an-email',
      OrgCode: 'NOPE',
      Errors: [
        { Field: 'Email', Message: 'Enter a valid email address' },
        { Field: 'OrgCode', Message: 'No organisation has this code' },
      ],
    });
    const chinese = await preview(admin, [{ name: 'users.xlsx', data: file }]);
    expect(chinese.body.Result.Rows[1]?.Errors).toEqual([
      { Field: 'Email', Message: '请输入正确的邮箱地址' },
      { Field: 'OrgCode', Message: '组织编码不存在' },
    ]);

    const refused = await commit(
      admin,
      { ImportId: english.body.Result.ImportId, InitialPassword: 'Import@2026' },
      'en-US',
    );
    expect(refused.body).toEqual({
      Code: 400,
      Message: '1 row is invalid; no user was imported',
      Result: [
        { Field: 'Rows[3].Email', Message: 'Enter a valid email address' },
        { Field: 'Rows[3].OrgCode', Message: 'No organisation has this code' },
      ],
    });
    expect(await userCount()).toBe(before);
  });

  it('validates every rule, duplicates in the file and against existing users', async () => {
    const base = importRows(12, 'rules');
    const bad = [
      { ...base[0]!, Name: 'bad name!' },
      { ...base[1]!, Email: base[0]!.Email.toUpperCase() },
      { ...base[2]!, Phone: base[0]!.Phone },
      { ...base[3]!, Phone: '12345678901' },
      { ...base[4]!, Email: existing.email },
      { ...base[5]!, Phone: existing.phone ?? '' },
      { ...base[6]!, Position: 'p'.repeat(33) },
      { ...base[7]!, Gender: '其他' },
      { ...base[8]!, Role: 'Root' },
      { ...base[9]!, Role: 'FactoryAdmin' },
      { ...base[10]!, Name: '' },
      { ...base[11]!, Role: 'CompanyAdmin, Surveyor' },
    ];
    const response = await preview(
      measure,
      [{ name: 'rules.xlsx', data: await importWorkbook(bad) }],
      'en-US',
    );
    const errors = response.body.Result.Rows.map((row) => row.Errors.map((e) => `${e.Field}: ${e.Message}`));
    expect(errors).toEqual([
      ['Name: Only Chinese characters, letters, digits or underscore'],
      ['Email: Same as row 2'],
      ['Phone: Same as row 2'],
      ['Phone: Enter a valid mobile number'],
      ['Email: This email address is already in use'],
      ['Phone: This mobile number is already in use'],
      ['Position: At most 32 characters'],
      ['Gender: Gender must be male, female, unknown or 0, 1, 2'],
      ['Role: Unknown role'],
      ['Role: Unknown role'],
      ['Name: This field is required'],
      // The measurement administrator may not create company administrators.
      ['Role: Only a company administrator can grant the company administrator role'],
    ]);
    expect(response.body.Result).toMatchObject({ Total: 12, Valid: 0 });
  });

  it('commits a good file in one go; the users sign in with the initial password and must change it', async () => {
    const rows = importRows(25, 'good');
    rows[0] = { ...rows[0]!, Role: 'CompanyAdmin, Surveyor', OrgCode: 'eng-east', Gender: '' };
    const before = await userCount();
    const response = await preview(admin, [{ name: 'good.xlsx', data: await importWorkbook(rows) }]);
    expect(response.body.Result).toMatchObject({ Total: 25, Valid: 25 });

    const weak = await commit(admin, { ImportId: response.body.Result.ImportId, InitialPassword: 'weak' });
    expect(weak.body).toMatchObject({ Code: 400, Result: [{ Field: 'InitialPassword' }] });
    const foreign = await commit(other, {
      ImportId: response.body.Result.ImportId,
      InitialPassword: 'Import@2026',
    });
    expect(foreign.body.Code).toBe(404);

    const done = await commit(admin, {
      importId: response.body.Result.ImportId,
      initialPassword: 'Import@2026',
    });
    expect(done.body).toEqual({ Code: 0, Message: '已导入 25 名用户', Result: { Imported: 25 } });
    expect(await userCount()).toBe(before + 25);

    const signIn = await loginRaw(t.app, 'good1@example.com', 'Import@2026');
    expect(signIn.body.Result).toMatch(/#/);
    expect((await loginRaw(t.app, rows[1]!.Phone, 'Import@2026')).body.Result).toMatch(/#/);
    const [first] = await t.db.select().from(users).where(eq(users.email, 'good1@example.com'));
    const [second] = await t.db.select().from(users).where(eq(users.email, 'good2@example.com'));
    // One hash for the whole import.
    expect(first?.passwordHash).toBe(second?.passwordHash);
    expect(first?.mustChangePassword).toBe(true);
    const row = await call<UserRow>(t.app, 'POST', '/api/sys/User/GetUser', {
      token: admin,
      body: { UserId: first?.id },
    });
    expect(row.body.Result).toMatchObject({
      RoleNameList: ['CompanyAdmin', 'Surveyor'],
      OrgCode: 'ENG-EAST',
      Gender: 0,
      Position: '测量员',
    });

    // A preview is used once.
    const again = await commit(admin, {
      ImportId: response.body.Result.ImportId,
      InitialPassword: 'Import@2026',
    });
    expect(again.body).toMatchObject({ Code: 404, Message: '导入预览已过期或不存在，请重新上传文件' });
  });

  it('re-validates at commit time and honours the one-hour expiry', async () => {
    const rows = importRows(2, 'late');
    const first = await preview(admin, [{ name: 'late.xlsx', data: await importWorkbook(rows) }]);
    const second = await preview(admin, [{ name: 'late.xlsx', data: await importWorkbook(rows) }]);
    expect(first.body.Result.Valid).toBe(2);
    expect(
      (await commit(admin, { ImportId: first.body.Result.ImportId, InitialPassword: 'Import@2026' })).body
        .Code,
    ).toBe(0);
    // The same rows are now taken: the second preview cannot be committed.
    const stale = await commit(admin, {
      ImportId: second.body.Result.ImportId,
      InitialPassword: 'Import@2026',
    });
    expect(stale.body).toMatchObject({ Code: 400, Message: '有 2 行数据不正确，未导入任何用户' });

    const third = await preview(admin, [
      { name: 'x.xlsx', data: await importWorkbook(importRows(1, 'expired')) },
    ]);
    await t.db
      .update(userImports)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(userImports.id, third.body.Result.ImportId));
    const expired = await commit(admin, {
      ImportId: third.body.Result.ImportId,
      InitialPassword: 'Import@2026',
    });
    expect(expired.body.Code).toBe(404);
    expect(await t.db.select().from(users).where(like(users.email, 'expired%'))).toHaveLength(0);
  });
});
