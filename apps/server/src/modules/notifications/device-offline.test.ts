import { apiRoutes } from '@measure/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobDefinitions } from '../../jobs/jobs.ts';
import { call, createTestApp, type TestApp } from '../../../test/app.ts';
import { callRouteOk } from '../../../test/call-route.ts';
import { buildAdmin, buildCompany, buildDevice, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { DeviceOfflineNotifier } from './device-offline.ts';

/**
 * Issue 18 item 4, the device offline message: a device whose last heartbeat is older than the
 * threshold has its holder and its company's administrators told once per silence, through the
 * periodic job; nobody else, no other company, and never a device that never sent a heartbeat.
 */
let t: TestApp;
let admin: BuiltUser;
let holder: BuiltUser;
let planner: BuiltUser;
let disabledAdmin: BuiltUser;
let otherAdmin: BuiltUser;
let device: { id: string; number: string; key: string };
let silentNever: { id: string; number: string; key: string };
let notifier: DeviceOfflineNotifier;

const offline = async (as: BuiltUser, lang?: string) =>
  (
    await callRouteOk(t.app, apiRoutes.notifications.getMessageList, { PageSize: 50 }, { as, lang })
  ).Items.filter((item) => item.Kind === 'deviceOffline');
const heartbeat = (key: string) =>
  call(t.app, 'POST', '/api/device/v1/Heartbeat', { body: {}, headers: { authorization: `Device ${key}` } });
/** Time passes for the device: its heartbeat and the last telling move `minutes` into the past. */
const age = (deviceId: string, minutes: number) =>
  t.db.execute(sql`update devices set last_seen_at = last_seen_at - make_interval(mins => ${minutes}),
    offline_notified_at = offline_notified_at - make_interval(mins => ${minutes}) where id = ${deviceId}`);

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  admin = await buildUser(t, { companyId, roles: ['CompanyAdmin'] });
  holder = await buildUser(t, { companyId, roles: ['Surveyor'] });
  planner = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  disabledAdmin = await buildUser(t, { companyId, roles: ['CompanyAdmin'] });
  await t.db.execute(sql`update users set status = 0 where id = ${disabledAdmin.id}`);
  otherAdmin = await buildAdmin(t, { companyId: (await buildCompany(t)).id });
  device = await buildDevice(t, { companyId, as: admin });
  silentNever = await buildDevice(t, { companyId, as: admin });
  await t.db.execute(sql`update devices set device_user_id = ${holder.id} where id = ${device.id}`);
  // Only this file's devices: anything else the template holds is told now, before the checks.
  notifier = new DeviceOfflineNotifier({ db: t.db, olderThanSeconds: 300 });
  await notifier.notify();
});
afterAll(async () => t.close());

describe('device offline messages', () => {
  it('tells nobody about a device with a fresh heartbeat or none at all', async () => {
    expect((await heartbeat(device.key)).body.Code).toBe(0);
    expect(await notifier.notify()).toEqual({ devices: 0, messages: 0 });
    expect(await offline(admin)).toEqual([]);
  });

  it('tells the holder and the enabled company administrators once, through the job', async () => {
    await age(device.id, 6);
    const job = jobDefinitions(t.db, { info: () => {} } as never, { deviceOffline: notifier });
    expect(job.crontab).toContain('* * * * * notifications:deviceOffline');
    await job.tasks['notifications:deviceOffline']?.({}, {} as never);
    for (const user of [admin, holder]) {
      const [message, ...rest] = await offline(user);
      expect(rest).toEqual([]);
      expect(message).toMatchObject({ Title: '设备离线', IsReaded: false, TaskId: null, WorkOrderId: null });
      expect(message?.Content).toMatch(
        new RegExp(`^设备 ${device.number} 自 \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d`),
      );
    }
    const [english] = await offline(holder, 'en-US');
    expect(english?.Title).toBe('Device offline');
    expect(english?.Content).toContain(`Device ${device.number} has sent no heartbeat since`);
    for (const user of [planner, otherAdmin]) expect(await offline(user)).toEqual([]);
    // The disabled administrator cannot sign in: nothing is stored for them either.
    const stored = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from messages where user_id = ${disabledAdmin.id}`,
    );
    expect(stored.rows[0]?.n).toBe(0);
    // Once: the next sweeps find nothing new.
    expect(await notifier.notify()).toEqual({ devices: 0, messages: 0 });
    expect(await offline(admin)).toHaveLength(1);
  });

  it('tells again after the device came back and fell silent again, not before', async () => {
    expect((await heartbeat(device.key)).body.Code).toBe(0);
    expect(await notifier.notify()).toEqual({ devices: 0, messages: 0 });
    await age(device.id, 4);
    expect(await notifier.notify()).toEqual({ devices: 0, messages: 0 });
    await age(device.id, 26);
    expect(await notifier.notify()).toEqual({ devices: 1, messages: 2 });
    expect(await offline(holder)).toHaveLength(2);
    expect(await offline(admin)).toHaveLength(2);
    // A device that never sent a heartbeat stays quiet.
    const [never] = (
      await t.db.execute<{ last_seen_at: Date | null }>(
        sql`select last_seen_at from devices where id = ${silentNever.id}`,
      )
    ).rows;
    expect(never?.last_seen_at).toBeNull();
  });

  it("names the last heartbeat in the reader's format and the company's zone, zone named", async () => {
    // 16:05 UTC on 26 November is 00:05 on 27 November in Shanghai (UTC+8): the day changes too.
    await t.db
      .execute(sql`update devices set last_seen_at = '2026-11-26T16:05:00Z', offline_notified_at = null
      where id = ${device.id}`);
    expect(await notifier.notify()).toEqual({ devices: 1, messages: 2 });
    const chinese = (await offline(holder)).map((message) => message.Content);
    expect(chinese).toContain(`设备 ${device.number} 自 2026-11-27 00:05 (UTC+8) 起没有心跳，已离线`);
    const english = (await offline(admin, 'en-US')).map((message) => message.Content);
    expect(english).toContain(
      `Device ${device.number} has sent no heartbeat since Nov 27, 2026, 00:05 (UTC+8) and is offline`,
    );
  });

  it('reads a notice stored before as the Shanghai wall time it was', async () => {
    await t.db.execute(sql`update messages set params = jsonb_set(params, '{since}', '"2026-11-20 08:30"')
      where user_id = ${holder.id} and kind = 'deviceOffline'`);
    const english = (await offline(holder, 'en-US')).map((message) => message.Content);
    expect(english[0]).toBe(
      `Device ${device.number} has sent no heartbeat since Nov 20, 2026, 08:30 (UTC+8) and is offline`,
    );
  });
});
