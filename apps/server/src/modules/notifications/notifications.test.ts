import type { VersionNotification } from '@measure/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationReads, updateNotifications } from '../../db/schema.ts';
import { call, createTestApp, type TestApp } from '../../../test/app.ts';
import { buildCompany, buildUser } from '../../../test/factories.ts';

/** A notice for every company, newer than any the database already has (the demo seed's). */
const COMMON = {
  titleZh: '测量云 2.6 版发布',
  titleEn: 'Measure Cloud 2.6 released',
  tipsZh: '请更新到新版本',
  tipsEn: 'Please update to the new version',
  contentZh: '新增报表分享',
  contentEn: 'Reports can be shared',
};

let t: TestApp;
let admin: string;
let surveyor: string;
let otherAdmin: string;
let otherCompanyId: string;
beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  admin = (await buildUser(t, { companyId, roles: ['CompanyAdmin'] })).token;
  surveyor = (await buildUser(t, { companyId, roles: ['Surveyor'] })).token;
  otherCompanyId = (await buildCompany(t)).id;
  otherAdmin = (await buildUser(t, { companyId: otherCompanyId, roles: ['CompanyAdmin'] })).token;
  await t.db
    .insert(updateNotifications)
    .values({ ...COMMON, companyId: null, createdAt: sql`now() + interval '30 seconds'` });
});
afterAll(async () => t.close());

const latest = (token: string, lang?: string) =>
  call<VersionNotification | null>(t.app, 'GET', '/api/sys/Notification/GetNotification', { token, lang });
const setRead = (token: string, id?: string) =>
  call<null>(
    t.app,
    'GET',
    `/api/sys/Notification/SetReaded${id === undefined ? '' : `?UpdateNotificationId=${encodeURIComponent(id)}`}`,
    { token },
  );

async function addNotice(companyId: string | null, title: string): Promise<string> {
  const [row] = await t.db
    .insert(updateNotifications)
    .values({
      companyId,
      titleZh: title,
      titleEn: title,
      tipsZh: '提示',
      tipsEn: 'Tips',
      contentZh: '内容',
      contentEn: 'Content',
      createdAt: sql`now() + interval '1 minute'`,
    })
    .returning({ id: updateNotifications.id });
  return row?.id ?? '';
}

describe('Notification', () => {
  it('shows the newest common notice flagged to be read (IsReaded true, spec section 4), in the request language', async () => {
    const zh = await latest(admin);
    expect(zh.status).toBe(200);
    expect(zh.body.Code).toBe(0);
    expect(zh.body.Result).toMatchObject({
      UpdateTitle: COMMON.titleZh,
      TipsContent: COMMON.tipsZh,
      UpdateContent: COMMON.contentZh,
      IsReaded: true,
    });
    expect(zh.body.Result?.UpdateNotificationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(zh.body.Result?.CreateTime ?? ''))).toBe(false);
    const en = await latest(admin, 'en-US');
    expect(en.body.Result).toMatchObject({
      UpdateTitle: COMMON.titleEn,
      TipsContent: COMMON.tipsEn,
      UpdateContent: COMMON.contentEn,
    });
    expect((await latest(otherAdmin)).body.Result?.IsReaded).toBe(true);
  });

  it('acknowledges a notice for this user only (IsReaded turns false), and twice changes nothing', async () => {
    const id = (await latest(admin)).body.Result?.UpdateNotificationId ?? '';
    const first = await setRead(admin, id);
    expect(first.body).toEqual({ Code: 0, Message: '操作成功', Result: null });
    expect((await setRead(admin, id)).body.Code).toBe(0);
    expect((await latest(admin)).body.Result?.IsReaded).toBe(false);
    expect((await latest(surveyor)).body.Result?.IsReaded).toBe(true);
    expect((await latest(otherAdmin)).body.Result?.IsReaded).toBe(true);
    const reads = await t.db.select().from(notificationReads).where(eq(notificationReads.notificationId, id));
    expect(reads).toHaveLength(1);
  });

  it('marks every visible notice read when no id is given', async () => {
    expect((await setRead(surveyor)).body.Code).toBe(0);
    expect((await latest(surveyor)).body.Result?.IsReaded).toBe(false);
    expect((await latest(otherAdmin)).body.Result?.IsReaded).toBe(true);
  });

  it('keeps notices of one company away from another', async () => {
    const otherNotice = await addNotice(otherCompanyId, 'Only for the other company');
    // The newest notice the first company sees is still the common one.
    const seen = await latest(admin);
    expect(seen.body.Result?.UpdateNotificationId).not.toBe(otherNotice);
    expect((await latest(otherAdmin)).body.Result).toMatchObject({
      UpdateNotificationId: otherNotice,
      IsReaded: true,
    });

    const refused = await setRead(admin, otherNotice);
    expect(refused.body).toEqual({ Code: 404, Message: '请求的数据不存在', Result: null });
    const unknown = await setRead(admin, '00000000-0000-4000-8000-000000000000');
    expect(unknown.body.Code).toBe(404);

    // "All" marks only what the caller's company can see.
    expect((await setRead(surveyor)).body.Code).toBe(0);
    const reads = await t.db
      .select()
      .from(notificationReads)
      .where(eq(notificationReads.notificationId, otherNotice));
    expect(reads).toHaveLength(0);
    await t.db.delete(updateNotifications).where(eq(updateNotifications.id, otherNotice));
  });

  it('shows the newest notice, flagged to be read again, when a new one arrives', async () => {
    const id = await addNotice(null, 'Version 2.7');
    const response = await latest(admin);
    expect(response.body.Result).toMatchObject({
      UpdateNotificationId: id,
      UpdateTitle: 'Version 2.7',
      IsReaded: true,
    });
  });

  it('answers null when there is no notice', async () => {
    await t.db.delete(notificationReads);
    await t.db.delete(updateNotifications);
    expect((await latest(admin)).body).toEqual({ Code: 0, Message: '操作成功', Result: null });
    expect((await setRead(admin)).body.Code).toBe(0);
  });

  it('refuses a malformed id with 400', async () => {
    const response = await setRead(admin, 'not-a-uuid');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      Code: 400,
      Result: [{ Field: 'UpdateNotificationId', Message: '编号格式不正确' }],
    });
  });

  it('answers HTTP 401 without a session', async () => {
    expect((await call(t.app, 'GET', '/api/sys/Notification/GetNotification')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/sys/Notification/SetReaded')).status).toBe(401);
    expect(
      (await call(t.app, 'GET', '/api/sys/Notification/SetReaded', { token: 'x'.repeat(43) })).status,
    ).toBe(401);
  });

  it('matches the path and the query key case-insensitively', async () => {
    const id = await addNotice(null, 'Case test');
    const response = await call(t.app, 'GET', `/api/SYS/notification/setreaded?updatenotificationid=${id}`, {
      token: admin,
    });
    expect(response.body.Code).toBe(0);
    expect((await latest(admin)).body.Result).toMatchObject({ UpdateNotificationId: id, IsReaded: false });
  });
});
