import fs from 'node:fs/promises';
import path from 'node:path';
import { apiRoutes, type UpdatePackage } from '@measure/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceUpdateReports, deviceUpdates } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk, callRouteResponse } from '../../../test/call-route.ts';
import { buildAdmin, buildCompany, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { sha256Of, uploadUpdatePackage } from '../../../test/update-packages.ts';

let t: TestApp;
let admin: BuiltUser;
let otherAdmin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t, { companyId: (await buildCompany(t)).id });
  otherAdmin = await buildAdmin(t, { companyId: (await buildCompany(t)).id });
});
afterAll(async () => t.close());

const sha = sha256Of;
const updateDir = () => path.join(t.config.dataDir, 'uploads', 'device-updates');
const storedFiles = async () => (await fs.readdir(updateDir()).catch(() => [])).sort();

const upload = (as: BuiltUser, fields: Record<string, string>, data?: Buffer, lang?: string) =>
  uploadUpdatePackage(t, as, fields, data, lang);
async function uploadOk(
  as: BuiltUser,
  fields: Record<string, string>,
  data?: Buffer,
): Promise<UpdatePackage> {
  const answer = await upload(as, fields, data);
  expect(answer, JSON.stringify(answer)).toMatchObject({ Code: 0 });
  return answer.Result;
}

/** A registered, activated device of the admin's company: its id and key. */
async function device(as: BuiltUser, deviceType: 'robot' | 'scanner' = 'robot', version?: string) {
  const number = `UPD-${Math.random().toString(36).slice(2, 8)}`;
  const id = await callRouteOk(
    t.app,
    apiRoutes.devices.addDevice,
    { DeviceNumber: number, DeviceType: deviceType },
    { as },
  );
  const { DeviceKey: key } = await callRouteOk(
    t.app,
    apiRoutes.devices.activateDevice,
    { DeviceGuid: id },
    { as },
  );
  if (version) {
    await callRouteOk(
      t.app,
      apiRoutes.deviceApi.heartbeat,
      { SoftwareVersion: version },
      { headers: deviceAuth(key) },
    );
  }
  return { id, key, number };
}
const deviceAuth = (key: string) => ({ authorization: `Device ${key}` });

describe('UploadUpdate', () => {
  it('stores a package with its size and SHA-256 and lists it newest first', async () => {
    const data = Buffer.from('robot firmware 1.2.0');
    const before = await storedFiles();
    const row = await uploadOk(admin, { Version: '1.2.0', Notes: '修复导航' }, data);
    expect(row).toMatchObject({
      DeviceType: 'robot',
      Version: '1.2.0',
      Notes: '修复导航',
      Size: data.length,
      Sha256: sha(data),
      FileName: 'update.bin',
      Reports: 0,
    });
    expect((await storedFiles()).length).toBe(before.length + 1);
    await uploadOk(admin, { Version: '1.10' });
    const list = await callRouteOk(
      t.app,
      apiRoutes.devices.getUpdateList,
      { DeviceType: 'robot' },
      { as: admin },
    );
    const versions = list.map((item) => item.Version);
    expect(versions.indexOf('1.10')).toBeLessThan(versions.indexOf('1.2.0'));
  });

  it('refuses a SHA-256 mismatch with its own message and stores nothing (no row, no file)', async () => {
    const before = await storedFiles();
    const answer = await upload(
      admin,
      { Version: '7.0.1', Sha256: 'a'.repeat(64) },
      Buffer.from('x'),
      'en-US',
    );
    expect(answer.Code).toBe(400);
    expect(answer.Message).toMatch(/SHA-256 mismatch/);
    expect(answer.Result).toEqual([{ Field: 'Sha256', Message: answer.Message }]);
    expect(await t.db.select().from(deviceUpdates).where(eq(deviceUpdates.version, '7.0.1'))).toEqual([]);
    expect(await storedFiles()).toEqual(before);
    const zh = await upload(admin, { Version: '7.0.1', Sha256: 'b'.repeat(64) });
    expect(zh.Message).toContain('SHA-256 校验值不一致');
  });

  it('refuses a declared size that does not match, an empty file and no file', async () => {
    const before = await storedFiles();
    expect(
      (await upload(admin, { Version: '7.0.2', Size: '999' }, Buffer.from('abc'), 'en-US')).Message,
    ).toBe('Size mismatch: received 3 bytes, declared 999; nothing was stored');
    expect((await upload(admin, { Version: '7.0.3' }, Buffer.alloc(0), 'en-US')).Message).toBe(
      'The package file is empty',
    );
    const noFile = multipartBody([], { Version: '7.0.4', DeviceType: 'robot', Sha256: 'a'.repeat(64) });
    const response = await t.app.inject({
      method: 'POST',
      url: apiRoutes.devices.uploadUpdate.path,
      payload: noFile.payload,
      headers: { ...noFile.headers, authorization: `Bearer ${admin.token}` },
    });
    expect(response.json()).toMatchObject({ Code: 400, Result: [{ Field: 'File' }] });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses bad versions, unknown device types and bad checksums, each with its own message', async () => {
    const en = async (fields: Record<string, string>) =>
      (await upload(admin, fields, undefined, 'en-US')).Result;
    expect(await en({ Version: 'v1.2' })).toEqual([
      { Field: 'Version', Message: expect.stringMatching(/^Invalid version/) },
    ]);
    expect(await en({ Version: '1..2' })).toMatchObject([{ Field: 'Version' }]);
    expect(await en({ Version: '1.2.3.4.5.6' })).toMatchObject([{ Field: 'Version' }]);
    expect(await en({ Version: '1.0', DeviceType: 'drone' })).toEqual([
      { Field: 'DeviceType', Message: 'The device type must be robot or scanner' },
    ]);
    expect(await en({ Version: '1.0', Sha256: 'xyz' })).toEqual([
      { Field: 'Sha256', Message: 'The SHA-256 checksum must be 64 hexadecimal characters' },
    ]);
  });

  it('answers 409 to a version the device type already has (numerically: 2.0 = 2.0.0), not to another type', async () => {
    await uploadOk(admin, { Version: '2.0' });
    const duplicate = await upload(admin, { Version: '2.0.0' }, Buffer.from('other bytes'), 'en-US');
    expect(duplicate).toMatchObject({ Code: 409, Result: [{ Field: 'Version' }] });
    expect(duplicate.Message).toBe('This version has already been uploaded for the device type');
    await uploadOk(admin, { Version: '2.0', DeviceType: 'scanner' });
    await uploadOk(otherAdmin, { Version: '2.0' });
  });

  it('needs device.distribute', async () => {
    const surveyor = await buildUser(t, { companyId: admin.companyId, roles: ['Surveyor'] });
    expect((await upload(surveyor, { Version: '8.0' })).Code).toBe(403);
  });
});

describe('the device API', () => {
  let company: BuiltUser;
  let v3: UpdatePackage;
  let v31: UpdatePackage;
  let scanner: UpdatePackage;
  const data31 = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');
  beforeAll(async () => {
    company = await buildAdmin(t, { companyId: (await buildCompany(t)).id });
    v3 = await uploadOk(company, { Version: '3.0' });
    v31 = await uploadOk(company, { Version: '3.1', Notes: 'newest' }, data31);
    scanner = await uploadOk(company, { Version: '9.9', DeviceType: 'scanner' });
  });

  it('answers the newest package newer than the device version, null when current', async () => {
    const robot = await device(company);
    const check = (Version?: string) =>
      callRouteOk(t.app, apiRoutes.deviceApi.updates, { Version }, { headers: deviceAuth(robot.key) });
    expect(await check('2.9')).toEqual({
      UpdateId: v31.UpdateId,
      Version: '3.1',
      Notes: 'newest',
      Size: data31.length,
      Sha256: sha(data31),
      DownloadUrl: `/api/device/v1/Updates/${v31.UpdateId}/File`,
    });
    expect((await check(undefined))?.Version).toBe('3.1');
    expect((await check('3.0.5'))?.Version).toBe('3.1');
    expect(await check('3.1')).toBeNull();
    expect(await check('10')).toBeNull();
    const bad = await callRoute(
      t.app,
      apiRoutes.deviceApi.updates,
      { Version: 'abc' },
      { headers: deviceAuth(robot.key) },
    );
    expect(bad).toMatchObject({ Code: 400, Result: [{ Field: 'Version' }] });
    // The spec's CheckSystemUpdate is the same call.
    expect(
      (
        await callRouteOk(
          t.app,
          apiRoutes.deviceApi.checkSystemUpdate,
          { Version: '3.0' },
          { headers: deviceAuth(robot.key) },
        )
      )?.UpdateId,
    ).toBe(v31.UpdateId);
  });

  it('filters by device type and company: a scanner sees scanner packages, another company 404', async () => {
    const scan = await device(company, 'scanner');
    const seen = await callRouteOk(
      t.app,
      apiRoutes.deviceApi.updates,
      { Version: '1' },
      { headers: deviceAuth(scan.key) },
    );
    expect(seen?.UpdateId).toBe(scanner.UpdateId);
    const robotFile = await callRouteResponse(
      t.app,
      apiRoutes.deviceApi.updateFile,
      { UpdateId: v31.UpdateId },
      { headers: deviceAuth(scan.key) },
    );
    expect(robotFile.body.Code).toBe(404);
    const stranger = await device(otherAdmin);
    const other = await callRouteResponse(
      t.app,
      apiRoutes.deviceApi.updateFile,
      { UpdateId: v31.UpdateId },
      { headers: deviceAuth(stranger.key) },
    );
    expect(other.body.Code).toBe(404);
    const report = await callRoute(
      t.app,
      apiRoutes.deviceApi.updateResult,
      { UpdateId: v31.UpdateId, Success: true },
      { headers: deviceAuth(stranger.key) },
    );
    expect(report.Code).toBe(404);
    expect(
      await t.db.select().from(deviceUpdateReports).where(eq(deviceUpdateReports.updateId, v31.UpdateId)),
    ).toEqual([]);
  });

  it('downloads with Range: whole file, bytes=0-9, a suffix, If-Range and 416', async () => {
    const robot = await device(company);
    const get = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: `/api/device/v1/Updates/${v31.UpdateId}/File`,
        headers: { ...deviceAuth(robot.key), ...headers },
      });
    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(data31)).toBe(true);
    expect(whole.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'content-type': 'application/octet-stream',
      'content-length': String(data31.length),
      etag: `"${sha(data31)}"`,
    });
    const first = await get({ range: 'bytes=0-9' });
    expect(first.statusCode).toBe(206);
    expect(first.body).toBe('0123456789');
    expect(first.headers['content-range']).toBe(`bytes 0-9/${data31.length}`);
    expect(first.headers['content-length']).toBe('10');
    const suffix = await get({ range: 'bytes=-6' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.body).toBe('uvwxyz');
    const resumed = await get({ range: 'bytes=30-', 'if-range': `"${sha(data31)}"` });
    expect([resumed.statusCode, resumed.body]).toEqual([206, 'uvwxyz']);
    const changed = await get({ range: 'bytes=30-', 'if-range': '"other"' });
    expect([changed.statusCode, changed.rawPayload.length]).toEqual([200, data31.length]);
    const beyond = await get({ range: `bytes=${data31.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${data31.length}`);
    // The spec's DownloadUpdate (UpdateId) is the same download.
    const alias = await t.app.inject({
      method: 'POST',
      url: '/api/sys/Vision/DownloadUpdate',
      headers: { ...deviceAuth(robot.key), range: 'bytes=10-12' },
      payload: { UpdateId: v31.UpdateId },
    });
    expect([alias.statusCode, alias.body]).toEqual([206, 'abc']);
  });

  it('answers 401 to a session or no key', async () => {
    const asAdmin = await callRouteResponse(
      t.app,
      apiRoutes.deviceApi.updates,
      { Version: '1' },
      { as: company },
    );
    expect(asAdmin.status).toBe(401);
    const none = await t.app.inject({ method: 'GET', url: `/api/device/v1/Updates/${v31.UpdateId}/File` });
    expect(none.statusCode).toBe(401);
  });

  it('stores install reports and shows them in the status with the running version', async () => {
    const robot = await device(company, 'robot', '3.0');
    const current = await device(company, 'robot', '3.1');
    const silent = await device(company, 'robot');
    const failed = await callRoute(
      t.app,
      apiRoutes.deviceApi.updateResult,
      { UpdateId: v31.UpdateId, Success: false, Message: '磁盘空间不足' },
      { headers: deviceAuth(robot.key), lang: 'en-US' },
    );
    expect(failed).toMatchObject({ Code: 0, Message: 'Install result recorded' });
    await callRouteOk(
      t.app,
      apiRoutes.deviceApi.updateSystem,
      { UpdateId: v3.UpdateId, Success: true },
      { headers: deviceAuth(current.key) },
    );
    const status = await callRouteOk(t.app, apiRoutes.devices.getUpdateStatus, {}, { as: company });
    const of = (id: string) => status.find((row) => row.DeviceGuid === id);
    expect(of(robot.id)).toMatchObject({
      DeviceNumber: robot.number,
      RunningVersion: '3.0',
      LatestVersion: '3.1',
      Outdated: true,
      LatestReport: { UpdateId: v31.UpdateId, Version: '3.1', Success: false, Message: '磁盘空间不足' },
      FailedReports: 1,
    });
    expect(of(current.id)).toMatchObject({
      Outdated: false,
      LatestReport: { Version: '3.0', Success: true },
    });
    expect(of(silent.id)).toMatchObject({ RunningVersion: null, Outdated: true, LatestReport: null });
    const onlyFailed = await callRouteOk(
      t.app,
      apiRoutes.devices.getUpdateStatus,
      { Filter: 'failed' },
      { as: company },
    );
    expect(onlyFailed.map((row) => row.DeviceGuid)).toEqual([robot.id]);
    const list = await callRouteOk(t.app, apiRoutes.devices.getUpdateList, {}, { as: company });
    expect(list.find((row) => row.UpdateId === v31.UpdateId)).toMatchObject({ Reports: 1, Failures: 1 });
    // Another company sees none of these devices.
    const foreign = await callRouteOk(t.app, apiRoutes.devices.getUpdateStatus, {}, { as: otherAdmin });
    expect(foreign.some((row) => row.DeviceGuid === robot.id)).toBe(false);
  });

  it('deletes a package and its file; reports keep the version; another company gets 404', async () => {
    const doomed = await uploadOk(company, { Version: '0.5' });
    const robot = await device(company);
    await callRouteOk(
      t.app,
      apiRoutes.deviceApi.updateResult,
      { UpdateId: doomed.UpdateId, Success: true },
      { headers: deviceAuth(robot.key) },
    );
    const foreign = await callRoute(
      t.app,
      apiRoutes.devices.deleteUpdate,
      { UpdateId: doomed.UpdateId },
      { as: otherAdmin },
    );
    expect(foreign.Code).toBe(404);
    const files = await storedFiles();
    await callRouteOk(t.app, apiRoutes.devices.deleteUpdate, { UpdateId: doomed.UpdateId }, { as: company });
    expect((await storedFiles()).length).toBe(files.length - 1);
    const status = await callRouteOk(t.app, apiRoutes.devices.getUpdateStatus, {}, { as: company });
    expect(status.find((row) => row.DeviceGuid === robot.id)?.LatestReport).toMatchObject({
      UpdateId: null,
      Version: '0.5',
    });
  });
});
