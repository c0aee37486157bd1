import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiRoutes, type UpdatePackage } from '@measure/contract';
import { cuttingFetch } from '@measure/robot/cut-connection';
import { readInstalledVersion, runUpdate } from '@measure/robot/software-update';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceUpdateReports, deviceUpdates } from '../src/db/schema.ts';
import { callRouteOk } from './call-route.ts';
import { buildAdmin, buildDevice, type BuiltUser } from './factories.ts';
import { operatorSuite } from './operator-factories.ts';
import { sha256Of, uploadUpdatePackage } from './update-packages.ts';

/**
 * The outside check of the simulator's `--update` (issue 34 item 7): packages published through
 * UploadUpdate, the robot plays the device against the real server (check, ranged download cut
 * mid-way and resumed, SHA-256, install, report), and the server's update status shows the reports.
 * Also: where reports go when the operator moves the device to another company.
 */
const suite = operatorSuite();

async function publish(as: BuiltUser, version: string, data: Buffer): Promise<UpdatePackage> {
  const answer = await uploadUpdatePackage(suite.t, as, { Version: version }, data);
  expect(answer.Code, JSON.stringify(answer)).toBe(0);
  return answer.Result;
}

const statusOf = async (as: BuiltUser, deviceId: string) =>
  (await callRouteOk(suite.t.app, apiRoutes.devices.getUpdateStatus, {}, { as })).find(
    (row) => row.DeviceGuid === deviceId,
  );

const reportsOf = (deviceId: string) =>
  suite.t.db
    .select({
      companyId: deviceUpdateReports.companyId,
      version: deviceUpdateReports.version,
      success: deviceUpdateReports.success,
    })
    .from(deviceUpdateReports)
    .where(eq(deviceUpdateReports.deviceId, deviceId))
    .orderBy(deviceUpdateReports.reportedAt);

const tempDir = () => fs.mkdtemp(path.join(os.tmpdir(), 'robot-update-'));

describe('robot --update against the server (outside check)', () => {
  it('resumes a cut download, installs, reports; a package with a wrong hash is reported failed, not installed; reports stay with the company of report time', async () => {
    const admin = await buildAdmin(suite.t);
    const device = await buildDevice(suite.t, { companyId: admin.companyId, as: admin });
    const server = await suite.t.app.listen({ port: 0, host: '127.0.0.1' });
    const dir = await tempDir();
    const base = { server, key: device.key, dir, retryDelayMs: 10 };

    // 1. A good package, its download broken after 100 000 bytes and resumed with a Range.
    const good = randomBytes(300_000);
    const published = await publish(admin, '1.2.0', good);
    const ranges: (string | null)[] = [];
    const installed = await runUpdate({
      ...base,
      version: '1.0.0',
      fetch: cuttingFetch(100_000, 1, (range) => ranges.push(range)),
    });
    expect(ranges).toEqual([null, 'bytes=100000-']);
    expect(installed).toMatchObject({
      state: 'installed',
      updateId: published.UpdateId,
      version: '1.2.0',
      downloads: [{ from: 100_000, status: 206 }],
    });
    expect(sha256Of(await fs.readFile(path.join(dir, 'installed', '1.2.0.bin')))).toBe(sha256Of(good));
    expect(await readInstalledVersion(dir)).toBe('1.2.0');
    expect(await statusOf(admin, device.id)).toMatchObject({
      RunningVersion: '1.2.0',
      LatestVersion: '1.2.0',
      Outdated: false,
      LatestReport: {
        UpdateId: published.UpdateId,
        Version: '1.2.0',
        Success: true,
        Message: 'installed 1.2.0: 300000 bytes, sha256 verified',
      },
      FailedReports: 0,
    });
    expect(await runUpdate(base)).toEqual({ state: 'upToDate', version: '1.2.0' });

    // 2. A package whose stored file no longer matches its SHA-256 (damaged in the store).
    const damagedBytes = randomBytes(40_000);
    const damaged = await publish(admin, '1.3.0', damagedBytes);
    const wrong = sha256Of(Buffer.from('something else'));
    await suite.t.db
      .update(deviceUpdates)
      .set({ sha256: wrong })
      .where(eq(deviceUpdates.id, damaged.UpdateId));
    const failed = await runUpdate({ ...base, attempts: 2 });
    expect(failed).toMatchObject({ state: 'failed', version: '1.3.0', installedFile: null });
    expect(await fs.readdir(path.join(dir, 'installed'))).toEqual(['1.2.0.bin']);
    expect(await readInstalledVersion(dir)).toBe('1.2.0');
    const status = await statusOf(admin, device.id);
    expect(status).toMatchObject({
      RunningVersion: '1.2.0',
      Outdated: true,
      LatestReport: { UpdateId: damaged.UpdateId, Version: '1.3.0', Success: false },
      FailedReports: 1,
    });
    expect(status?.LatestReport?.Message).toBe(
      `install of 1.3.0 failed after 2 attempt(s): sha256 mismatch: expected ${wrong} (40000 bytes), ` +
        `got ${sha256Of(damagedBytes)} (40000 bytes)`,
    );

    // 3. The operator moves the device to another company: the reports stay with the company they
    //    were made in (its package counts keep them); the new company starts with none of them.
    const other = await buildAdmin(suite.t);
    await suite.ok(apiRoutes.operatorConsole.allocateDevice, {
      DeviceId: device.id,
      CompanyId: other.companyId,
    });
    const { DeviceKey } = await callRouteOk(
      suite.t.app,
      apiRoutes.devices.activateDevice,
      { DeviceGuid: device.id },
      { as: other },
    );
    expect(await statusOf(other, device.id)).toMatchObject({ LatestReport: null, FailedReports: 0 });
    const oldPackages = await callRouteOk(suite.t.app, apiRoutes.devices.getUpdateList, {}, { as: admin });
    expect(oldPackages.map((row) => [row.Version, row.Reports, row.Failures])).toEqual([
      ['1.3.0', 1, 1],
      ['1.2.0', 1, 0],
    ]);
    // The old company's packages are out of the device's reach now; the new company's are in it.
    const theirs = await publish(other, '2.0.0', randomBytes(5_000));
    const moved = await runUpdate({ ...base, key: DeviceKey });
    expect(moved).toMatchObject({ state: 'installed', updateId: theirs.UpdateId, version: '2.0.0' });
    expect(await reportsOf(device.id)).toEqual([
      { companyId: admin.companyId, version: '1.2.0', success: true },
      { companyId: admin.companyId, version: '1.3.0', success: false },
      { companyId: other.companyId, version: '2.0.0', success: true },
    ]);
    expect(await statusOf(other, device.id)).toMatchObject({
      RunningVersion: '2.0.0',
      LatestReport: { Version: '2.0.0', Success: true },
      FailedReports: 0,
    });
  }, 60_000);
});
