import type { DeviceRow, PageResult, RobotRow } from '@measure/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, devices } from '../../db/schema.ts';
import { call, createTestApp, type TestApp } from '../../../test/app.ts';
import { buildCompany, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { addYears } from './warranty.ts';

let t: TestApp;
let admin: string;
let measure: string;
let surveyor: string;
let other: string;
let surveyorUser: BuiltUser;
let otherAdmin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  admin = (await buildUser(t, { companyId, roles: ['CompanyAdmin'] })).token;
  measure = (await buildUser(t, { companyId, roles: ['MeasureAdmin'] })).token;
  surveyorUser = await buildUser(t, { companyId, roles: ['Surveyor'], name: '赵实测' });
  surveyor = surveyorUser.token;
  otherAdmin = await buildUser(t, { roles: ['CompanyAdmin'] });
  other = otherAdmin.token;
});
afterAll(async () => t.close());

const post = <T = unknown>(token: string, path: string, body: unknown, lang?: string) =>
  call<T>(t.app, 'POST', `/api/sys/SysDevice/${path}`, { token, body, lang });
const list = (token: string, body: unknown = {}) => post<PageResult<DeviceRow>>(token, 'GetDeviceList', body);
const add = (token: string, body: unknown, lang?: string) => post<string>(token, 'AddDevice', body, lang);
async function addOk(body: Record<string, unknown>, token = admin): Promise<string> {
  const response = await add(token, body);
  expect(response.body, JSON.stringify(body)).toMatchObject({ Code: 0 });
  return response.body.Result;
}
async function row(deviceGuid: string, token = admin): Promise<DeviceRow | undefined> {
  return (await list(token, { DeviceGuid: deviceGuid })).body.Result.Items[0];
}
const heartbeat = (key: string | null, body: unknown = {}, authorization?: string) =>
  call<{ ServerTime: string; NextHeartbeatMs: number }>(t.app, 'POST', '/api/device/v1/Heartbeat', {
    body,
    headers: { authorization: authorization ?? (key ? `Device ${key}` : '') },
  });
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe('AddDevice, UpdateDevice, GetDeviceList', () => {
  it('registers a device with the spec defaults and answers its DeviceGuid', async () => {
    const id = await addOk({ DeviceNumber: 'R-DEF-1' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await row(id)).toMatchObject({
      DeviceGuid: id,
      DeviceNumber: 'R-DEF-1',
      DeviceType: 'robot',
      DeviceDateOfProduction: '2010-01-01',
      ScannerType: '1',
      IsActive: false,
      IsDelete: false,
      Allocated: false,
      DeviceUserId: null,
      Warranties: [],
      Online: false,
    });
  });

  it('keeps every field of the spec payload through UpdateDevice (PostData and any key case too)', async () => {
    const id = await addOk({ DeviceNumber: 'R-ALL-1' });
    const fields = {
      DeviceNumber: 'R-ALL-2',
      DeviceType: 'scanner',
      ProductSerialNumber: 'SN-0001',
      MachineModel: 'MR-3',
      MacAddress: '00-1a-2b-3c-4d-5e',
      CustomerCompanyName: '滨江建设',
      CustomerContact: '刘工',
      CustomerPhoneNumber: '0571-88888888',
      DeviceDateOfProduction: '2024-03-01',
      DeviceExpire: 3,
      DeviceSoftwareVersion: '2.1.0',
      ScannerNumber: 'SC-1',
      ScannerType: '2',
      ScannerDateOfProduction: '2024-02-01',
      ScannerExpire: 1,
      ScannerFirmwareVersion: 'fw-9',
      ComputerNumber: 'PC-1',
      ComputerType: 'NUC',
      ComputerDateOfProduction: '2024-01-01',
      ComputerExpire: 5,
      ComputerSystemVersion: 'Win 11',
      TripodType: 'T-1',
      TripodExpire: 1,
      EncryptedDogNumber: 'DOG-1',
      EncryptedDogType: 'USB',
      // Server-kept fields are accepted and ignored.
      IsActive: true,
      IsDelete: true,
      CreateUserGuid: crypto.randomUUID(),
    };
    const response = await post<DeviceRow>(admin, 'UpdateDevice', {
      PostData: JSON.stringify({ deviceGuid: id, ...fields }),
    });
    expect(response.body.Code).toBe(0);
    const { IsActive: _active, IsDelete: _deleted, CreateUserGuid: _creator, ...kept } = fields;
    expect(await row(id)).toMatchObject({
      ...kept,
      MacAddress: '00:1A:2B:3C:4D:5E',
      IsActive: false,
      IsDelete: false,
      DeviceExpireDate: '2027-03-01',
      ScannerExpireDate: '2025-02-01',
      ComputerExpireDate: '2029-01-01',
      TripodExpireDate: '2025-03-01',
    });
    // A missing field becomes empty or its default.
    await post(admin, 'UpdateDevice', { DeviceGuid: id, DeviceNumber: 'R-ALL-2' });
    expect(await row(id)).toMatchObject({
      DeviceDateOfProduction: '2010-01-01',
      ScannerType: '1',
      MacAddress: null,
      DeviceExpire: null,
      DeviceType: 'robot',
    });
  });

  it('refuses a duplicate number (case-insensitive), a warranty other than 1/3/5, a future production date', async () => {
    await addOk({ DeviceNumber: 'R-DUP-1' });
    const duplicate = await add(admin, { DeviceNumber: 'r-dup-1' });
    expect(duplicate.body).toMatchObject({ Code: 409, Message: '公司中已有该设备编号' });
    const warranty = await add(admin, { DeviceNumber: 'R-W-1', ScannerExpire: 2 }, 'en-US');
    expect(warranty.body).toMatchObject({
      Code: 400,
      Result: [{ Field: 'ScannerExpire', Message: 'The warranty must be 1, 3 or 5 years' }],
    });
    const future = await add(admin, {
      DeviceNumber: 'R-F-1',
      DeviceDateOfProduction: addYears(today(), 1),
    });
    expect(future.body).toMatchObject({
      Code: 400,
      Result: [{ Field: 'DeviceDateOfProduction', Message: '生产日期不能晚于今天' }],
    });
    const mac = await add(admin, { DeviceNumber: 'R-M-1', MacAddress: 'nope' });
    expect(mac.body.Code).toBe(400);
    // Renaming onto another device's number is refused too; nothing changed.
    const id = await addOk({ DeviceNumber: 'R-DUP-2' });
    const rename = await post(admin, 'UpdateDevice', { DeviceGuid: id, DeviceNumber: 'R-DUP-1' });
    expect(rename.body.Code).toBe(409);
    expect((await row(id))?.DeviceNumber).toBe('R-DUP-2');
    const count = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(devices)
      .where(sql`device_number like 'R-F-%' or device_number like 'R-W-%' or device_number like 'R-M-%'`);
    expect(count[0]?.n).toBe(0);
    // Another company may use the same number.
    expect((await add(other, { DeviceNumber: 'R-DUP-1' })).body.Code).toBe(0);
  });

  it('derives warranty expiry from the production date, then from the activation date; marks expired and expiring', async () => {
    const expired = await addOk({
      DeviceNumber: 'W-EXP',
      DeviceDateOfProduction: '2020-01-01',
      DeviceExpire: 1,
    });
    expect((await row(expired))?.Warranties).toEqual([
      { Part: 'Device', Years: 1, StartsOn: '2020-01-01', ExpiresOn: '2021-01-01', Status: 'expired' },
    ]);
    const produced = addYears(daysAgo(-10), -1); // one year minus ten days ago
    const expiring = await addOk({
      DeviceNumber: 'W-SOON',
      DeviceDateOfProduction: produced,
      TripodExpire: 1,
    });
    expect((await row(expiring))?.Warranties[0]).toMatchObject({ Part: 'Tripod', Status: 'expiring' });
    const valid = await addOk({ DeviceNumber: 'W-OK', DeviceDateOfProduction: today(), DeviceExpire: 5 });
    expect((await row(valid))?.Warranties[0]).toMatchObject({
      Status: 'valid',
      ExpiresOn: addYears(today(), 5),
    });
    // After activation the warranty runs from the activation date.
    await post(admin, 'ActivateDevice', { DeviceGuid: expired });
    const activated = await row(expired);
    expect(activated?.Warranties[0]).toMatchObject({ StartsOn: today(), Status: 'valid' });
    expect(activated?.DeviceExpireDate).toBe(addYears(today(), 1));
  });

  it('filters, sorts and pages (10 by default)', async () => {
    for (let index = 1; index <= 12; index += 1) {
      await addOk({
        DeviceNumber: `PG-${String(index).padStart(2, '0')}`,
        CustomerCompanyName: index % 2 ? '东方客户' : '西方客户',
        DeviceDateOfProduction: `2023-${String(index).padStart(2, '0')}-15`,
        MachineModel: index === 7 ? 'Special-X' : 'Std',
      });
    }
    const page = await list(admin, { DeviceNumber: 'PG-', OrderBy: 'DeviceNumber' });
    expect(page.body.Result).toMatchObject({ Total: 12, PageSize: 10, CurrentPage: 1 });
    expect(page.body.Result.Items.map((item) => item.DeviceNumber).slice(0, 2)).toEqual(['PG-01', 'PG-02']);
    const second = await list(admin, { DeviceNumber: 'PG-', OrderBy: 'DeviceNumber', CurrentPage: 2 });
    expect(second.body.Result.Items.map((item) => item.DeviceNumber)).toEqual(['PG-11', 'PG-12']);
    const desc = await list(admin, {
      DeviceNumber: 'PG-',
      OrderBy: 'DeviceDateOfProduction',
      AscDesc: 'desc',
    });
    expect(desc.body.Result.Items[0]?.DeviceNumber).toBe('PG-12');
    const customer = await list(admin, { DeviceNumber: 'PG-', CustomerCompanyName: '西方' });
    expect(customer.body.Result.Total).toBe(6);
    const range = await list(admin, {
      DeviceNumber: 'PG-',
      ProductionDateFrom: '2023-03-01',
      ProductionDateTo: '2023-05-31',
    });
    expect(range.body.Result.Items.map((item) => item.DeviceNumber).sort()).toEqual([
      'PG-03',
      'PG-04',
      'PG-05',
    ]);
    const keyword = await list(admin, { KeyWord: 'special-x' });
    expect(keyword.body.Result.Items.map((item) => item.DeviceNumber)).toEqual(['PG-07']);
    expect((await list(admin, { Query: 'special' })).body.Result.Total).toBe(1);
    const literal = await list(admin, { KeyWord: '%' });
    expect(literal.body.Result.Total).toBe(0);
    expect((await list(other, { DeviceNumber: 'PG-' })).body.Result.Total).toBe(0);
  });
});

describe('assignment', () => {
  it('assigns in bulk, all or nothing, refuses foreign devices and users, unbinds, lists per user', async () => {
    const surveyorId = surveyorUser.id;
    const otherAdminId = otherAdmin.id;
    const a = await addOk({ DeviceNumber: 'A-1' });
    const b = await addOk({ DeviceNumber: 'A-2' });
    const foreign = await addOk({ DeviceNumber: 'A-X' }, other);

    const mixed = await post(admin, 'AssignDeviceUserBatch', {
      DeviceGuids: [a, b, foreign],
      DeviceUserId: surveyorId,
      DeviceUserName: '赵实测',
    });
    expect(mixed.body).toMatchObject({ Code: 404, Message: '设备不存在或不属于本公司' });
    const foreignUser = await post(
      admin,
      'AssignDeviceUserBatch',
      { DeviceGuids: [a, b], DeviceUserId: otherAdminId },
      'en-US',
    );
    expect(foreignUser.body).toMatchObject({
      Code: 400,
      Result: [{ Field: 'DeviceUserId', Message: 'The person does not exist or belongs to another company' }],
    });
    expect((await row(a))?.Allocated).toBe(false);
    expect((await row(foreign, other))?.Allocated).toBe(false);

    const batch = await post<{ Assigned: number }>(admin, 'AssignDeviceUserBatch', {
      DeviceGuids: [a, b],
      DeviceUserId: surveyorId,
      DeviceUserName: 'ignored name',
    });
    expect(batch.body).toMatchObject({ Code: 0, Result: { Assigned: 2 } });
    expect(await row(a)).toMatchObject({
      Allocated: true,
      DeviceUserId: surveyorId,
      DeviceUserName: '赵实测',
    });
    const allocated = await list(admin, { DeviceNumber: 'A-', Allocated: true });
    expect(allocated.body.Result.Total).toBe(2);

    const assigned = await call<DeviceRow[]>(t.app, 'POST', '/api/sys/User/GetDeviceAssign', {
      token: admin,
      body: { userId: surveyorId },
    });
    expect(assigned.body.Result.map((device) => device.DeviceNumber)).toEqual(['A-1', 'A-2']);
    const foreignAssign = await call(t.app, 'POST', '/api/sys/User/GetDeviceAssign', {
      token: other,
      body: { userId: surveyorId },
    });
    expect(foreignAssign.body.Code).toBe(404);

    expect((await post(admin, 'DeleteDeviceUser', { DeviceGuid: a })).body.Code).toBe(0);
    expect(await row(a)).toMatchObject({ Allocated: false, DeviceUserId: null });
    expect((await list(admin, { DeviceNumber: 'A-', Allocated: false })).body.Result.Total).toBe(1);
    // Single assignment and unbinding of another company's device.
    expect(
      (await post(admin, 'AssignDeviceUser', { DeviceGuid: a, DeviceUserId: surveyorId })).body.Code,
    ).toBe(0);
    expect((await post(other, 'DeleteDeviceUser', { DeviceGuid: a })).body.Code).toBe(404);
    expect((await row(a))?.Allocated).toBe(true);
  });

  it('deletes all or nothing', async () => {
    const a = await addOk({ DeviceNumber: 'D-1' });
    const b = await addOk({ DeviceNumber: 'D-2' });
    const foreign = await addOk({ DeviceNumber: 'D-X' }, other);
    expect((await post(admin, 'DeleteDevices', { DeviceGuids: [a, foreign] })).body.Code).toBe(404);
    expect((await post(other, 'DeleteDevices', { DeviceGuids: [a] })).body.Code).toBe(404);
    expect(await row(a)).toBeDefined();
    const deleted = await post<{ Deleted: number }>(admin, 'DeleteDevices', { DeviceGuids: [a, b] });
    expect(deleted.body).toMatchObject({ Code: 0, Result: { Deleted: 2 } });
    expect(await row(a)).toBeUndefined();
    expect(await row(foreign, other)).toBeDefined();
  });

  it('is refused to the measurement administrator and the surveyor (no device permission)', async () => {
    for (const token of [measure, surveyor]) {
      expect((await list(token)).body.Code).toBe(403);
      expect((await add(token, { DeviceNumber: 'NOPE' })).body.Code).toBe(403);
      expect((await post(token, 'ExportDeviceToExcel', {})).body.Code).toBe(403);
      expect((await post(token, 'DeleteDeviceUser', { DeviceGuid: crypto.randomUUID() })).body.Code).toBe(
        403,
      );
    }
  });
});

describe('ExportDeviceToExcel', () => {
  it('exports the filtered list as .xlsx in the request language', async () => {
    await addOk({ DeviceNumber: 'X-1', CustomerCompanyName: '导出客户' });
    await addOk({ DeviceNumber: 'X-2', CustomerCompanyName: '导出客户' });
    await addOk({ DeviceNumber: 'X-3', CustomerCompanyName: '别的客户' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sys/SysDevice/ExportDeviceToExcel',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en-US' },
      payload: { CustomerCompanyName: '导出', OrderBy: 'DeviceNumber' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Device number');
    const numbers = [2, 3, 4].map((index) => sheet?.getRow(index).getCell(1).value ?? null);
    expect(numbers).toEqual(['X-1', 'X-2', null]);
  });
});

describe('activation, device keys and heartbeats', () => {
  it('activates with a key shown once, rotates, revokes; the device API answers 401 to every bad key; audited', async () => {
    const id = await addOk({ DeviceNumber: 'K-1' });
    expect((await heartbeat(null)).status).toBe(401);
    const first = await post<{ DeviceGuid: string; DeviceKey: string }>(admin, 'ActivateDevice', {
      DeviceGuid: id,
    });
    expect(first.body.Code).toBe(0);
    const key = first.body.Result.DeviceKey;
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    const [stored] = await t.db.select().from(devices).where(eq(devices.id, id));
    expect(stored?.keyHash).not.toContain(key);
    expect(stored?.keyHash).toHaveLength(64);
    expect(await row(id)).toMatchObject({ IsActive: true });

    const ok = await heartbeat(key, {});
    expect(ok.status).toBe(200);
    expect(ok.body.Result.NextHeartbeatMs).toBe(5000);
    expect(Math.abs(Date.parse(ok.body.Result.ServerTime) - Date.now())).toBeLessThan(10_000);

    const wrong = await heartbeat(`${key.slice(0, -2)}xx`, {}, undefined);
    expect(wrong.status).toBe(401);
    expect(wrong.body.Message).toBe('设备密钥缺失、错误或已被吊销');
    expect((await heartbeat(null, {}, `Bearer ${admin}`)).status).toBe(401);
    expect((await heartbeat(null, {}, key)).status).toBe(401);

    const second = await post<{ DeviceKey: string }>(admin, 'ActivateDevice', { DeviceGuid: id });
    const rotated = second.body.Result.DeviceKey;
    expect(rotated).not.toBe(key);
    expect((await heartbeat(key)).status).toBe(401);
    expect((await heartbeat(rotated)).status).toBe(200);

    expect((await post(other, 'ActivateDevice', { DeviceGuid: id })).body.Code).toBe(404);
    expect((await post(other, 'DeactivateDevice', { DeviceGuid: id })).body.Code).toBe(404);
    expect((await heartbeat(rotated)).status).toBe(200);

    expect((await post(admin, 'DeactivateDevice', { DeviceGuid: id })).body.Code).toBe(0);
    expect((await heartbeat(rotated)).status).toBe(401);
    expect(await row(id)).toMatchObject({ IsActive: false, Online: false });

    const events = await t.db
      .select({ event: auditLog.event })
      .from(auditLog)
      .where(and(sql`${auditLog.detail}->>'deviceId' = ${id}`, sql`${auditLog.event} like 'device.%'`))
      .orderBy(auditLog.id);
    expect(events.map((entry) => entry.event)).toEqual([
      'device.activated',
      'device.keyRotated',
      'device.deactivated',
    ]);
  });

  it('stores the latest health and shows robots online, with the catalogue messages, then offline', async () => {
    const id = await addOk({ DeviceNumber: 'H-1', MachineModel: 'MR-3' });
    await addOk({ DeviceNumber: 'H-SCAN', DeviceType: 'scanner' });
    const key = (await post<{ DeviceKey: string }>(admin, 'ActivateDevice', { DeviceGuid: id })).body.Result
      .DeviceKey;
    const robots = async (lang = 'zh-CN') =>
      (
        await post<{ OfflineAfterSeconds: number; Items: RobotRow[] }>(
          admin,
          'GetRobotList',
          { KeyWord: 'H-' },
          lang,
        )
      ).body.Result;
    expect((await robots()).Items.map((robot) => robot.DeviceNumber)).toEqual(['H-1']);
    expect((await robots()).Items[0]).toMatchObject({ Online: false, Health: null, Alerts: [] });

    const bad = await heartbeat(key, { Battery: 140 });
    expect(bad.body.Code).toBe(400);
    const beat = await heartbeat(key, {
      DriveHealth: { Health: true, Msg: '' },
      NetworkHealth: { Health: true, Msg: 'ok' },
      PowerHealth: { Health: false, Msg: '电池温度高' },
      VisionServerHealth: { Health: true, Msg: '' },
      TaskInDatabase: {
        DateTime: '2026-11-22T09:30:00Z',
        TaskID: 't-1',
        TaskPointList: [1, 2],
        Health: true,
        Msg: '',
      },
      TaskInFramework: { TaskID: 't-1', Health: true, UnqualifiedIndexList: [2] },
      SoftwareVersion: '3.2.1',
      Battery: 12,
      DiskFreeMB: 512.4,
    });
    expect(beat.body.Code).toBe(0);
    const [online] = (await robots('en-US')).Items;
    expect(online).toMatchObject({
      Online: true,
      Battery: 12,
      DiskFreeMB: 512.4,
      SoftwareVersion: '3.2.1',
      Health: {
        PowerHealth: { Health: false, Msg: '电池温度高' },
        TaskInFramework: { UnqualifiedIndexList: [2] },
      },
      Alerts: [
        { Kind: 'diskSpace', Message: 'Insufficient disk space: 512 MB left' },
        { Kind: 'lowBattery', Message: 'Low battery: 12% left' },
      ],
    });
    expect((await robots()).Items[0]?.Alerts.map((alert) => alert.Message)).toEqual([
      '磁盘空间不足，剩余 512 MB',
      '电量低，剩余 12%',
    ]);
    expect((await row(id))?.ReportedVersion).toBe('3.2.1');

    // No heartbeat for longer than the threshold (30 s by default): offline.
    expect((await robots()).OfflineAfterSeconds).toBe(30);
    await t.db
      .update(devices)
      .set({ lastSeenAt: new Date(Date.now() - 31_000) })
      .where(eq(devices.id, id));
    expect((await robots()).Items[0]?.Online).toBe(false);
    // Another company never sees it.
    const others = await post<{ Items: RobotRow[] }>(other, 'GetRobotList', {});
    expect(others.body.Result.Items.map((robot) => robot.DeviceGuid)).not.toContain(id);
  });
});
