import { apiRoutes, type RouteBodyInput } from '@measure/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import { buildCompany, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { messages } from '../../db/schema.ts';

/**
 * The messages page's filters (issue 34 item 6): read or unread, kind, a day range in the company's
 * time zone (Asia/Shanghai), with paging; the unread count stays the user's whole count.
 */
const routes = apiRoutes.notifications;
let t: TestApp;
let reader: BuiltUser;

type Body = RouteBodyInput<typeof routes.getMessageList>;
const names = async (body: Body) =>
  (await callRouteOk(t.app, routes.getMessageList, { PageSize: 50, ...body }, { as: reader })).Items.filter(
    (item) => item.Kind !== 'version',
  ).map((item) => item.Content);

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  reader = await buildUser(t, { companyId, roles: ['Surveyor'] });
  const other = await buildUser(t, { companyId, roles: ['Surveyor'] });
  const offline = (device: string, at: string, read: boolean, userId = reader.id) => ({
    companyId,
    userId,
    kind: 'deviceOffline',
    params: { device, since: at },
    createdAt: new Date(at),
    readAt: read ? new Date(at) : null,
  });
  await t.db.insert(messages).values([
    // 2026-03-01 00:30 in Shanghai is still 2026-02-28 in UTC: the day is the company's.
    offline('D-1', '2026-02-28T16:30:00Z', false),
    offline('D-2', '2026-03-02T04:00:00Z', true),
    offline('D-3', '2026-03-03T15:59:00Z', false),
    offline('D-4', '2026-03-03T16:01:00Z', false),
    offline('D-X', '2026-03-02T04:00:00Z', false, other.id),
    {
      companyId,
      userId: reader.id,
      kind: 'workOrderAssigned',
      params: { order: 'WO-9', project: 'P', building: '1#', floor: '2' },
      createdAt: new Date('2026-03-02T05:00:00Z'),
    },
  ]);
});
afterAll(async () => t.close());

const devices = (contents: string[]) => contents.map((text) => /D-\w/.exec(text)?.[0] ?? 'workOrder');

describe('message list filters', () => {
  it('keeps read or unread entries only', async () => {
    expect(devices(await names({ Kind: 'deviceOffline', IsReaded: true }))).toEqual(['D-2']);
    expect(devices(await names({ Kind: 'deviceOffline', IsReaded: false }))).toEqual(['D-4', 'D-3', 'D-1']);
    expect(devices(await names({ Kind: 'deviceOffline', UnreadOnly: true }))).toEqual(['D-4', 'D-3', 'D-1']);
  });

  it('keeps one kind', async () => {
    expect(devices(await names({ Kind: 'workOrderAssigned' }))).toEqual(['workOrder']);
    expect(devices(await names({}))).toEqual(['D-4', 'D-3', 'workOrder', 'D-2', 'D-1']);
  });

  it('keeps the days of the range in the company time zone, both ends included', async () => {
    expect(devices(await names({ StartDate: '2026-03-01', EndDate: '2026-03-03' }))).toEqual([
      'D-3',
      'workOrder',
      'D-2',
      'D-1',
    ]);
    expect(devices(await names({ StartDate: '2026-03-04' }))).toEqual(['D-4']);
    expect(devices(await names({ EndDate: '2026-02-28' }))).toEqual([]);
  });

  it('pages the filtered entries and counts them, the unread count staying the whole one', async () => {
    const page = await callRouteOk(
      t.app,
      routes.getMessageList,
      { Kind: 'deviceOffline', PageSize: 2, CurrentPage: 2 },
      { as: reader },
    );
    expect(devices(page.Items.map((item) => item.Content))).toEqual(['D-2', 'D-1']);
    expect(page.Total).toBe(4);
    const all = await callRouteOk(t.app, routes.getUnreadCount, {}, { as: reader });
    expect(page.Unread).toBe(all.Unread);
  });

  it('refuses a range that ends before it starts and an unknown kind, translated', async () => {
    const reversed = await callRoute(
      t.app,
      routes.getMessageList,
      { StartDate: '2026-03-03', EndDate: '2026-03-01' },
      { as: reader, lang: 'en-US' },
    );
    expect(reversed.Code).toBe(400);
    expect(reversed.Message).toContain('end date cannot be before the start date');
    const kind = await callRoute(t.app, routes.getMessageList, { Kind: 'nope' as never }, { as: reader });
    expect(kind.Code).toBe(400);
  });
});
