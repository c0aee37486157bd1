import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { apiRoutes, type DataBackup, type DataBackupCounts } from '@measure/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import { uploadDeviceFile } from '../../../test/device-uploads.ts';
import { buildCompany, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { asDevice, buildScanTestbed, type ScanTestbed } from '../../../test/scan-testbed.ts';
import { runJobsOnce } from '../../../test/task-factories.ts';
import { LocalObjectStore } from '../../core/storage/local-object-store.ts';
import { BackupJob, emptyCounts } from './backup-job.ts';
import type { BackupManifest } from './backup-archive.ts';
import { RestoreJob } from './restore-job.ts';
import { readTar } from './tar-archive.ts';

let t: TestApp;
let bed: ScanTestbed;
let admin: BuiltUser;
let stranger: BuiltUser;
let pictureId: string;
let cloudId: string;
let tilesetKey: string;
/** The storage key of the project's house type plan. */
let planKey: string;
let planBytes: Buffer;

const silent = { warn: () => {}, info: () => {}, error: () => {}, debug: () => {} } as never;
const routes = apiRoutes.dataBackup;

async function runJobs() {
  const objects = new LocalObjectStore(t.config.dataDir);
  await runJobsOnce(t, {
    backups: new BackupJob({ db: t.db, objects, log: silent }),
    restores: new RestoreJob({ db: t.db, objects, log: silent }),
  });
}

const list = async (as: BuiltUser = admin) =>
  (await callRouteOk(t.app, routes.getBackupList, {}, { as })).List;
const one = async (backupId: string): Promise<DataBackup> => {
  const found = (await list()).find((backup) => backup.BackupId === backupId);
  if (!found) throw new Error(`no backup ${backupId}`);
  return found;
};

const count = async (table: string, where = sql`task_id = ${bed.taskId}`) =>
  (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`))
    .rows[0]?.n ?? -1;

/** What the database holds of the task, counted as a manifest counts. */
async function databaseCounts(): Promise<DataBackupCounts> {
  return {
    Tasks: await count('tasks', sql`id = ${bed.taskId}`),
    Sites: await count('task_sites'),
    Readings: await count('site_readings'),
    SiteHistory: await count('site_history'),
    Pictures: await count('device_files', sql`id = ${pictureId}`),
    Scans: await count('scans'),
    Reports: await count('reports'),
    Files:
      (await count('device_files', sql`id in (${pictureId}, ${cloudId})`)) +
      ((await new LocalObjectStore(t.config.dataDir).stat(tilesetKey)) ? 1 : 0) +
      ((await new LocalObjectStore(t.config.dataDir).stat(planKey)) ? 1 : 0),
    Plans: await count('house_maps', sql`project_id = ${bed.projectId}`),
    Standards: await count('project_standards', sql`project_id = ${bed.projectId}`),
  };
}

/** The task gone, with its device files' rows and bytes (as after a mistaken delete and a clean-up). */
async function loseTask() {
  await t.db.execute(sql`delete from tasks where id = ${bed.taskId}`);
  await t.db.execute(sql`delete from device_files where id in (${pictureId}, ${cloudId})`);
  // The project's house types (their floors' assignments first) and standards go too.
  for (const table of ['household_assignments', 'house_maps', 'project_standards'])
    await t.db.execute(sql`delete from ${sql.raw(table)} where project_id = ${bed.projectId}`);
  const objects = new LocalObjectStore(t.config.dataDir);
  await objects.remove([
    `uploads/device-files/${pictureId}`,
    `uploads/device-files/${cloudId}`,
    tilesetKey,
    planKey,
  ]);
}

async function backupArchive(backupId: string, as: BuiltUser = admin) {
  return t.app.inject({
    method: 'POST',
    url: routes.downloadBackup.path,
    headers: { authorization: `Bearer ${as.token}` },
    payload: { BackupId: backupId },
  });
}

async function restore(backupId: string) {
  await callRouteOk(t.app, routes.restoreBackup, { BackupId: backupId }, { as: admin });
  await runJobs();
  const restored = (await one(backupId)).LastRestore;
  if (!restored) throw new Error('no restore');
  return restored;
}

beforeAll(async () => {
  t = await createTestApp();
  bed = await buildScanTestbed(t);
  admin = await buildUser(t, { companyId: bed.companyId, roles: ['CompanyAdmin'] });
  stranger = await buildUser(t, { companyId: (await buildCompany(t)).id, roles: ['CompanyAdmin'] });
  pictureId = await uploadDeviceFile(t, bed.device.key, Buffer.from('picture bytes'), {
    kind: 'picture',
    fileName: 'site.jpg',
  });
  const batch = (values: number[]) => ({
    TaskId: bed.taskId,
    Source: 'robot' as const,
    Sites: [
      {
        PointIndex: 1,
        BuildingNumber: '1#',
        Floor: 1,
        Household: 1,
        PictureFileIds: [pictureId],
        Readings: [
          { ItemCode: 'PL-01', Values: values },
          { ItemCode: 'PL-02', Values: [2] },
        ],
      },
    ],
  });
  // Two versions of the site: the first goes to its history.
  for (const [key, values] of [
    ['b1', [1, 2]],
    ['b2', [3]],
  ] as const)
    await callRouteOk(
      t.app,
      apiRoutes.resultsDevice.results,
      batch([...values]) as never,
      asDevice(bed.device.key, key),
    );
  cloudId = await uploadDeviceFile(
    t,
    bed.device.key,
    Buffer.from(
      'ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nproperty float y\nproperty float z\nend_header\n0 0 0\n',
    ),
    { kind: 'pointcloud', fileName: 'room.ply' },
  );
  const scan = await bed.register(
    { FileId: cloudId, Kind: 'pointcloud', BuildingNumber: '1#', Floor: 1, Household: 1 },
    's1',
  );
  expect(scan.body.Code).toBe(0);
  // As if processed: the scan ready, with its tileset in the store (a backup keeps a ready scan's outputs).
  const scanId = scan.body.Result.ScanId;
  tilesetKey = `scans/${bed.companyId}/${scanId}/tiles/tileset.json`;
  await t.db.execute(sql`update scans set status = 'ready', progress = 100,
    tiles_key = ${`scans/${bed.companyId}/${scanId}/tiles`} where id = ${scanId}`);
  await new LocalObjectStore(t.config.dataDir).put(tilesetKey, Buffer.from('{"asset":{"version":"1.1"}}'));
  const plan = await t.db.execute<{ stored_name: string }>(
    sql`select stored_name from house_maps where project_id = ${bed.projectId}`,
  );
  planKey = `uploads/house-maps/${plan.rows[0]?.stored_name}`;
  planBytes = await new LocalObjectStore(t.config.dataDir).read(planKey);
});

afterAll(async () => {
  await t.close();
});

describe('data backup', () => {
  let backupId: string;
  let before: DataBackupCounts;

  it('backs up a task with readings, pictures and a scan: the manifest counts what the database holds', async () => {
    before = await databaseCounts();
    expect(before).toMatchObject({
      Tasks: 1,
      Sites: 1,
      Readings: 2,
      SiteHistory: 1,
      Pictures: 1,
      Scans: 1,
      Files: 4,
      Plans: 1,
    });
    // One copy of the library per stage (the project's standards).
    expect(before.Standards).toBeGreaterThan(0);
    ({ BackupId: backupId } = await callRouteOk(
      t.app,
      routes.startBackup,
      { backupDir: 'site-backup_1', TaskIds: [bed.taskId] },
      { as: admin },
    ));
    expect((await one(backupId)).State).toBe('queued');
    await runJobs();
    const backup = await one(backupId);
    expect(backup).toMatchObject({
      State: 'ready',
      Progress: 100,
      Counts: before,
      FileName: 'site-backup_1.tar',
    });

    const download = await backupArchive(backupId);
    expect(download.headers['content-type']).toBe('application/x-tar');
    expect(download.rawPayload.length).toBe(backup.Size);
    const entries: { path: string; data: Buffer }[] = [];
    for await (const entry of readTar(Readable.from([download.rawPayload]))) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry.body) chunks.push(chunk);
      entries.push({ path: entry.path, data: Buffer.concat(chunks) });
    }
    const manifest = JSON.parse(entries.at(-1)?.data.toString() ?? '{}') as BackupManifest;
    expect(entries.at(-1)?.path).toBe('site-backup_1/manifest.json');
    expect(manifest.counts).toEqual(before);
    expect(manifest.entries.length).toBe(entries.length - 1);
    expect(entries.map((entry) => entry.path)).toEqual(
      expect.arrayContaining([
        `site-backup_1/files/uploads/device-files/${pictureId}`,
        `site-backup_1/files/${planKey}`,
        'site-backup_1/tables/house_maps.jsonl',
        'site-backup_1/tables/household_assignments.jsonl',
        'site-backup_1/tables/project_standards.jsonl',
      ]),
    );
  });

  it('restores into the same company after the task was deleted: exactly the counts come back', async () => {
    await loseTask();
    expect((await databaseCounts()).Tasks).toBe(0);
    const restored = await restore(backupId);
    expect(restored).toMatchObject({ State: 'ready', Progress: 100, Added: before, Error: null });
    expect(await databaseCounts()).toEqual(before);
    const objects = new LocalObjectStore(t.config.dataDir);
    expect((await objects.read(`uploads/device-files/${pictureId}`)).toString()).toBe('picture bytes');
    expect((await objects.read(tilesetKey)).toString()).toBe('{"asset":{"version":"1.1"}}');
    expect((await objects.read(planKey)).equals(planBytes)).toBe(true);
    expect(await count('household_assignments', sql`project_id = ${bed.projectId}`)).toBe(12);
  });

  it('restoring twice adds nothing', async () => {
    const again = await restore(backupId);
    expect(again.State).toBe('ready');
    expect(again.Added).toEqual(emptyCounts());
    expect(await databaseCounts()).toEqual(before);
  });

  it('a damaged archive (a changed byte, or cut short) restores nothing', async () => {
    const backup = await one(backupId);
    const file = path.join(t.config.dataDir, 'backups', bed.companyId, backupId, 'site-backup_1.tar');
    const original = await fs.readFile(file);
    await loseTask();
    const flipped = Buffer.from(original);
    const at = flipped.indexOf(Buffer.from('picture bytes'));
    flipped[at] = flipped[at] === 0x70 ? 0x71 : 0x70;
    await fs.writeFile(file, flipped);
    const damaged = await restore(backupId);
    expect(damaged.State).toBe('failed');
    expect(damaged.Error).toMatch(
      /^备份文件已损坏（checksum of files\/uploads\/device-files\/.+），数据未作任何更改$/,
    );
    expect(await databaseCounts()).toEqual(emptyCounts());

    await fs.writeFile(file, original.subarray(0, Math.floor((backup.Size ?? 0) / 2)));
    const cut = await restore(backupId);
    expect(cut.State).toBe('failed');
    expect(cut.Error).toBe('备份文件已损坏（truncated），数据未作任何更改');
    expect(await count('tasks', sql`id = ${bed.taskId}`)).toBe(0);
    expect(
      await new LocalObjectStore(t.config.dataDir).stat(`uploads/device-files/${pictureId}`),
    ).toBeUndefined();

    await fs.writeFile(file, original);
    expect((await restore(backupId)).Added).toEqual(before);
  });

  it('refuses a backup of nothing and a bad folder name, with translated messages on the field', async () => {
    const nothing = await callRoute(
      t.app,
      routes.startBackup,
      { backupDir: 'empty' },
      { as: admin, lang: 'en-US' },
    );
    expect(nothing).toMatchObject({
      Code: 400,
      Result: [
        {
          Field: 'ProjectIds',
          Message: 'Choose projects, tasks or a date range to back up: a backup of nothing is refused',
        },
      ],
    });
    const zh = await callRoute(t.app, routes.startBackup, { backupDir: 'empty', TaskIds: [] }, { as: admin });
    expect(zh).toMatchObject({
      Code: 400,
      Result: [{ Field: 'ProjectIds', Message: '请选择要备份的项目、任务或日期范围：不能备份空内容' }],
    });
    const badDir = await callRoute(
      t.app,
      routes.startBackup,
      { backupDir: '../up', TaskIds: [bed.taskId] },
      { as: admin },
    );
    expect(badDir).toMatchObject({ Code: 400, Result: [{ Field: 'backupDir' }] });
    const longDir = await callRoute(
      t.app,
      routes.startBackup,
      { backupDir: 'a'.repeat(65), TaskIds: [bed.taskId] },
      { as: admin },
    );
    expect(longDir).toMatchObject({ Code: 400, Result: [{ Field: 'backupDir' }] });
    const emptyRange = await callRoute(
      t.app,
      routes.startBackup,
      { backupDir: 'old', StartDate: '2001-01-01', EndDate: '2001-01-02' },
      { as: admin, lang: 'en-US' },
    );
    expect(emptyRange).toMatchObject({
      Code: 400,
      Result: [{ Field: 'ProjectIds', Message: 'The chosen range holds no task to back up' }],
    });
    expect((await list()).length).toBe(1);
  });

  it('another company cannot list, download, restore or delete it, nor back up this company’s task', async () => {
    expect(await list(stranger)).toEqual([]);
    expect((await backupArchive(backupId, stranger)).json()).toMatchObject({ Code: 404 });
    expect(
      await callRoute(t.app, routes.restoreBackup, { BackupId: backupId }, { as: stranger }),
    ).toMatchObject({ Code: 404 });
    expect(
      await callRoute(t.app, routes.deleteBackup, { BackupId: backupId }, { as: stranger }),
    ).toMatchObject({ Code: 404 });
    expect(
      await callRoute(
        t.app,
        routes.startBackup,
        { backupDir: 'steal', TaskIds: [bed.taskId] },
        { as: stranger },
      ),
    ).toMatchObject({ Code: 400, Result: [{ Field: 'TaskIds' }] });
    // A role without the permission (the planner is a measurement administrator).
    expect(await callRoute(t.app, routes.getBackupList, {}, { as: bed.planner })).toMatchObject({
      Code: 403,
    });
    expect((await one(backupId)).State).toBe('ready');
  });

  it('deletes a backup with its archive', async () => {
    await callRouteOk(t.app, routes.deleteBackup, { BackupId: backupId }, { as: admin });
    expect(await list()).toEqual([]);
    const objects = new LocalObjectStore(t.config.dataDir);
    expect(await objects.stat(`backups/${bed.companyId}/${backupId}/site-backup_1.tar`)).toBeUndefined();
  });
});
