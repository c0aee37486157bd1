import type { VersionNotification } from '@measure/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, notificationReads, updateNotifications } from '../../db/schema.ts';
import { call, createTestApp, DEMO, login, type TestApp } from '../../../test/app.ts';
import { DEMO_NOTIFICATION } from '../../demo/demo-data.ts';

let t: TestApp;
let admin: string;
let surveyor: string;
let otherAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, DEMO.admin.login, DEMO.admin.password);
  surveyor = await login(t.app, DEMO.surveyor.login, DEMO.surveyor.password);
  otherAdmin = await login(t.app, DEMO.otherAdmin.login, DEMO.otherAdmin.password);
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

async function addNotice(companyCode: string | null, title: string): Promise<string> {
  let companyId: string | null = null;
  if (companyCode) {
    const [company] = await t.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.code, companyCode));
    companyId = company?.id ?? null;
  }
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
  it('shows the demo notice unread, in the request language', async () => {
    const zh = await latest(admin);
    expect(zh.status).toBe(200);
    expect(zh.body.Code).toBe(0);
    expect(zh.body.Result).toMatchObject({
      UpdateTitle: DEMO_NOTIFICATION.titleZh,
      TipsContent: DEMO_NOTIFICATION.tipsZh,
      UpdateContent: DEMO_NOTIFICATION.contentZh,
      IsReaded: false,
    });
    expect(zh.body.Result?.UpdateNotificationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(zh.body.Result?.CreateTime ?? ''))).toBe(false);
    const en = await latest(admin, 'en-US');
    expect(en.body.Result).toMatchObject({
      UpdateTitle: DEMO_NOTIFICATION.titleEn,
      TipsContent: DEMO_NOTIFICATION.tipsEn,
      UpdateContent: DEMO_NOTIFICATION.contentEn,
    });
    expect((await latest(otherAdmin)).body.Result?.IsReaded).toBe(false);
  });

  it('marks a notice read for this user only, and twice changes nothing', async () => {
    const id = (await latest(admin)).body.Result?.UpdateNotificationId ?? '';
    const first = await setRead(admin, id);
    expect(first.body).toEqual({ Code: 0, Message: '操作成功', Result: null });
    expect((await setRead(admin, id)).body.Code).toBe(0);
    expect((await latest(admin)).body.Result?.IsReaded).toBe(true);
    expect((await latest(surveyor)).body.Result?.IsReaded).toBe(false);
    expect((await latest(otherAdmin)).body.Result?.IsReaded).toBe(false);
    const reads = await t.db.select().from(notificationReads).where(eq(notificationReads.notificationId, id));
    expect(reads).toHaveLength(1);
  });

  it('marks every visible notice read when no id is given', async () => {
    expect((await setRead(surveyor)).body.Code).toBe(0);
    expect((await latest(surveyor)).body.Result?.IsReaded).toBe(true);
    expect((await latest(otherAdmin)).body.Result?.IsReaded).toBe(false);
  });

  it('keeps notices of one company away from another', async () => {
    const otherNotice = await addNotice('other', 'Only for the other company');
    // The newest notice the demo company sees is still the common one.
    const seen = await latest(admin);
    expect(seen.body.Result?.UpdateNotificationId).not.toBe(otherNotice);
    expect((await latest(otherAdmin)).body.Result).toMatchObject({
      UpdateNotificationId: otherNotice,
      IsReaded: false,
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

  it('shows the newest notice, unread again, when a new one arrives', async () => {
    const id = await addNotice(null, 'Version 2.7');
    const response = await latest(admin);
    expect(response.body.Result).toMatchObject({
      UpdateNotificationId: id,
      UpdateTitle: 'Version 2.7',
      IsReaded: false,
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
    expect((await latest(admin)).body.Result).toMatchObject({ UpdateNotificationId: id, IsReaded: true });
  });
});
