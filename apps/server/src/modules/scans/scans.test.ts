import { apiRoutes, type RegisterScanBody, type ResultBatch } from '@measure/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk, callRouteResponse } from '../../../test/call-route.ts';
import { uploadDeviceFile } from '../../../test/device-uploads.ts';
import {
  assignHouseType,
  buildCompany,
  buildDevice,
  buildHouseType,
  buildProject,
  buildUser,
  type BuiltUser,
} from '../../../test/factories.ts';
import { readExport } from '../../../test/read-sheet.ts';
import { buildTask } from '../../../test/task-factories.ts';

let t: TestApp;
let companyId: string;
let planner: BuiltUser;
let outsider: BuiltUser;
let stranger: BuiltUser;
let device: { id: string; key: string };
let otherDevice: { id: string; key: string };
let strangerDevice: { id: string; key: string };
let projectId: string;
let taskId: string;

const asDevice = (key: string, idempotencyKey?: string) => ({
  headers: {
    authorization: `Device ${key}`,
    ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
  },
});

const register = (body: RegisterScanBody, key: string, deviceKey = device.key, task = taskId) =>
  callRouteResponse(
    t.app,
    apiRoutes.scanDevice.registerScan,
    { TaskId: task, ...body },
    asDevice(deviceKey, key),
  );

const setModeling = (company: string, on: boolean) =>
  t.db.update(companies).set({ enabledModeling: on }).where(eq(companies.id, company));

const place = { BuildingNumber: '1#', Floor: 1, Household: 1 };
const cloudBytes = Buffer.from(
  'ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nproperty float y\nproperty float z\nend_header\n0 0 0\n',
);

const scansOf = (as: BuiltUser, body: object = { TaskId: taskId }) =>
  callRouteOk(t.app, apiRoutes.scans.getGltfList, body as never, { as });

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t)).id;
  await setModeling(companyId, true);
  planner = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  outsider = await buildUser(t, { companyId, roles: ['Surveyor'] });
  device = await buildDevice(t, { companyId });
  otherDevice = await buildDevice(t, { companyId });
  projectId = (await buildProject(t, { companyId, buildings: [{ number: '1#', stories: 6, households: 2 }] }))
    .id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 6 });
  taskId = await buildTask(t, planner, {
    ProjectId: projectId,
    Households: [1, 2].map((floor) => ({ BuildingNumber: '1#', Floor: floor, Household: 1 })),
    ItemCodes: ['PL-01', 'PL-02'],
    DeviceGuid: device.id,
  });
  const strangerCompany = (await buildCompany(t)).id;
  await setModeling(strangerCompany, true);
  stranger = await buildUser(t, { companyId: strangerCompany, roles: ['MeasureAdmin'] });
  strangerDevice = await buildDevice(t, { companyId: strangerCompany });
});
afterAll(async () => t.close());

describe('registering scans (device)', () => {
  let scanId: string;
  let fileId: string;

  it('registers an upload once: the same FileId answers the same ScanId, a reused key with another body is 409', async () => {
    fileId = await uploadDeviceFile(t, device.key, cloudBytes, { kind: 'pointcloud', fileName: 'room.ply' });
    const body = { FileId: fileId, Kind: 'pointcloud' as const, ...place };
    const first = await register(body, 'scan-1');
    expect(first.body.Code, JSON.stringify(first.body)).toBe(0);
    scanId = first.body.Result.ScanId;
    expect((await register(body, 'scan-1')).body).toEqual(first.body);
    expect((await register(body, 'scan-2')).body.Result).toEqual({ ScanId: scanId });
    const reused = await register({ ...body, Name: 'another' }, 'scan-1');
    expect(reused.body.Code).toBe(409);
    const keyless = await callRoute(
      t.app,
      apiRoutes.scanDevice.registerScan,
      { TaskId: taskId, ...body },
      asDevice(device.key),
    );
    expect(keyless.Code).toBe(400);
    expect(keyless.Result).toEqual([expect.objectContaining({ Field: 'Idempotency-Key' })]);

    const list = await scansOf(planner);
    expect(list.Total).toBe(1);
    expect(list.Items[0]).toMatchObject({
      ScanId: scanId,
      TaskId: taskId,
      ProjectId: projectId,
      Kind: 'pointcloud',
      Name: 'room.ply',
      Format: null,
      BuildingNumber: '1#',
      Floor: 1,
      Household: 1,
      Side: null,
      PointIndex: null,
      Points: null,
      Size: cloudBytes.length,
      Status: 'queued',
      Progress: 0,
      Error: null,
      TilesetUrl: null,
      ModelUrl: null,
    });
    const jobs = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from graphile_worker.jobs where key = ${`scan:${scanId}`}`,
    );
    expect(jobs.rows[0]?.n).toBe(1);
  });

  it('refuses a Kind other than the upload, an unknown or foreign file and a place outside the task, storing nothing', async () => {
    const model = await uploadDeviceFile(t, device.key, Buffer.from('glTF'), {
      kind: 'model',
      fileName: 'm.glb',
    });
    const mismatch = await callRoute(
      t.app,
      apiRoutes.scanDevice.registerScan,
      { TaskId: taskId, FileId: model, Kind: 'pointcloud', ...place },
      { ...asDevice(device.key, 'bad-1'), lang: 'en-US' },
    );
    expect(mismatch.Code).toBe(400);
    expect(mismatch.Result).toEqual([
      { Field: 'Kind', Message: `File ${model} was uploaded as model, not pointcloud` },
    ]);
    const foreign = await uploadDeviceFile(t, otherDevice.key, cloudBytes, {
      kind: 'pointcloud',
      fileName: 'x.ply',
    });
    for (const [index, fileIdOf] of ['no-such-file', foreign].entries()) {
      const answer = await register({ FileId: fileIdOf, Kind: 'pointcloud', ...place }, `bad-file-${index}`);
      expect(answer.body.Code).toBe(400);
      expect(answer.body.Result).toEqual([expect.objectContaining({ Field: 'FileId' })]);
    }
    // A site at floor 2 (PointIndex 7): a scan naming it on floor 1 is outside the task.
    const batch: ResultBatch = {
      Source: 'robot',
      Sites: [
        {
          PointIndex: 7,
          BuildingNumber: '1#',
          Floor: 2,
          Household: 1,
          Readings: [{ ItemCode: 'PL-01', Values: [1] }],
        },
      ],
    };
    const sent = await callRoute(
      t.app,
      apiRoutes.resultsDevice.results,
      { TaskId: taskId, ...batch } as never,
      asDevice(device.key, 'batch-7'),
    );
    expect(sent.Code).toBe(0);
    const cloud = await uploadDeviceFile(t, device.key, cloudBytes, {
      kind: 'pointcloud',
      fileName: 'y.ply',
    });
    const places: [Partial<RegisterScanBody>, string][] = [
      [{ BuildingNumber: '9#' }, 'BuildingNumber'],
      [{ Floor: 5 }, 'Floor'],
      [{ Household: 2 }, 'Household'],
      [{ Household: null, PointIndex: 3 }, 'PointIndex'],
      [{ PointIndex: 7 }, 'PointIndex'],
    ];
    for (const [index, [change, field]] of places.entries()) {
      const answer = await callRoute(
        t.app,
        apiRoutes.scanDevice.registerScan,
        { TaskId: taskId, FileId: cloud, Kind: 'pointcloud', ...place, ...change },
        { ...asDevice(device.key, `bad-place-${index}`), lang: 'en-US' },
      );
      expect(answer.Code, field).toBe(400);
      expect(answer.Result).toEqual([
        {
          Field: field,
          Message: expect.stringMatching(/^The task has no such place: 1#|^The task has no such place: 9#/),
        },
      ]);
    }
    expect((await scansOf(planner)).Total).toBe(1);
  });

  it('answers 404 for a task of another device or company', async () => {
    const body = { FileId: 'anything', Kind: 'pointcloud' as const, ...place };
    expect((await register(body, 'k', otherDevice.key)).body.Code).toBe(404);
    expect((await register(body, 'k', strangerDevice.key)).body.Code).toBe(404);
  });

  it('registers the clouds and the model a results batch names, in its transaction', async () => {
    const cloud = await uploadDeviceFile(t, device.key, cloudBytes, {
      kind: 'pointcloud',
      fileName: 'w.ply',
    });
    const model = await uploadDeviceFile(t, device.key, Buffer.from('glTF'), {
      kind: 'model',
      fileName: 'house.glb',
    });
    const batch: ResultBatch = {
      Source: 'robot',
      Sites: [
        {
          PointIndex: 11,
          BuildingNumber: '1#',
          Floor: 2,
          Household: 1,
          Name: '北墙',
          PointCloudFileId: cloud,
          Readings: [{ ItemCode: 'PL-01', Values: [2] }],
        },
      ],
      ModelFileId: model,
    };
    const sent = await callRoute(
      t.app,
      apiRoutes.resultsDevice.results,
      { TaskId: taskId, ...batch } as never,
      asDevice(device.key, 'batch-11'),
    );
    expect(sent.Code, JSON.stringify(sent)).toBe(0);
    const items = (await scansOf(planner)).Items;
    expect(items.find((item) => item.Kind === 'model')).toMatchObject({
      Name: 'house.glb',
      Floor: 2,
      Household: 1,
      PointIndex: null,
      Size: 4,
    });
    expect(items.find((item) => item.PointIndex === 11)).toMatchObject({
      Kind: 'pointcloud',
      Name: '北墙',
      Floor: 2,
    });
    // The same FileId registered by the scans route answers the batch's scan.
    const again = await register(
      { FileId: model, Kind: 'model', BuildingNumber: '1#', Floor: 2 },
      'model-again',
    );
    expect(again.body.Result.ScanId).toBe(items.find((item) => item.Kind === 'model')?.ScanId);
    expect((await scansOf(planner)).Total).toBe(3);
  });

  it('lists follow the project scope, filters and sort; other companies see 404', async () => {
    expect((await callRouteOk(t.app, apiRoutes.scans.getPointClouds, {}, { as: outsider })).Total).toBe(0);
    expect(
      (await callRoute(t.app, apiRoutes.scans.getPointClouds, { TaskId: taskId }, { as: outsider })).Code,
    ).toBe(404);
    expect(
      (await callRoute(t.app, apiRoutes.scans.getGltfList, { TaskId: taskId }, { as: stranger })).Code,
    ).toBe(404);
    const scanId = (await scansOf(planner)).Items[0]?.ScanId ?? '';
    expect(
      (await callRoute(t.app, apiRoutes.scans.downloadPointCloud, { ScanId: scanId }, { as: stranger })).Code,
    ).toBe(404);
    expect(
      (await callRoute(t.app, apiRoutes.scans.getModelPreview, { TaskId: taskId }, { as: outsider })).Code,
    ).toBe(404);
    const tile = await t.app.inject({
      method: 'GET',
      url: `/api/ms/Scans/${scanId}/Tiles/tileset.json`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(tile.json()).toMatchObject({ Code: 404 });

    const models = await callRouteOk(
      t.app,
      apiRoutes.scans.getPointClouds,
      { ProjectId: projectId, Kind: 'model' },
      { as: planner },
    );
    expect(models.Items.map((item) => item.Name)).toEqual(['house.glb']);
    const floor2 = await callRouteOk(
      t.app,
      apiRoutes.scans.getPointClouds,
      { Floor: 2, OrderBy: 'Name', AscDesc: 'asc' },
      { as: planner },
    );
    expect(floor2.Items.map((item) => item.Name)).toEqual(['house.glb', '北墙']);
    const bySize = await callRouteOk(
      t.app,
      apiRoutes.scans.getPointClouds,
      { OrderBy: 'Size', AscDesc: 'asc' },
      { as: planner },
    );
    expect(bySize.Items.map((item) => item.Size)).toEqual([4, cloudBytes.length, cloudBytes.length]);
    const rows = await readExport(
      t,
      apiRoutes.scans.exportPointClouds.path,
      planner.token,
      { Kind: 'model' },
      'en-US',
    );
    expect(rows[0]?.slice(0, 3)).toEqual(['Name', 'Kind', 'Format']);
    expect(rows.slice(1).map((row) => row.slice(0, 2))).toEqual([['house.glb', 'Model']]);
  });

  it('downloads the original through a short-lived address, with ranges', async () => {
    const scan = (await scansOf(planner)).Items.find((item) => item.Name === 'room.ply');
    const { Url } = await callRouteOk(
      t.app,
      apiRoutes.scans.downloadPointCloud,
      { ScanId: scan?.ScanId ?? '' },
      { as: planner },
    );
    const path = new URL(Url).pathname;
    const whole = await t.app.inject({ method: 'GET', url: path });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(cloudBytes)).toBe(true);
    expect(whole.headers['content-disposition']).toContain('room.ply');
    const part = await t.app.inject({ method: 'GET', url: path, headers: { range: 'bytes=0-2' } });
    expect(part.statusCode).toBe(206);
    expect(part.payload).toBe('ply');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/ms/PointCloud/File/not-a-token' });
    expect(unknown.json()).toMatchObject({ Code: 404 });
  });

  it('deletes failed scans only', async () => {
    const scan = (await scansOf(planner)).Items[0];
    const answer = await callRoute(
      t.app,
      apiRoutes.scans.deleteScan,
      { ScanId: scan?.ScanId ?? '' },
      { as: planner, lang: 'en-US' },
    );
    expect(answer).toMatchObject({
      Code: 400,
      Message: 'Only a scan whose processing failed can be deleted',
    });
  });
});

describe('the modelling gate', () => {
  it('answers Code 403 on every web call while modelling is off; devices still store, scans appear when it is on', async () => {
    await setModeling(companyId, false);
    try {
      const gated = await callRoute(
        t.app,
        apiRoutes.scans.getGltfList,
        { TaskId: taskId },
        { as: planner, lang: 'en-US' },
      );
      expect(gated).toMatchObject({
        Code: 403,
        Message: 'This feature is not enabled for your company: Modelling',
      });
      const chinese = await callRoute(
        t.app,
        apiRoutes.scans.getPointClouds,
        {},
        { as: planner, lang: 'zh-CN' },
      );
      expect(chinese).toMatchObject({ Code: 403, Message: '贵公司未开通此功能：建模' });
      const scanId =
        (await t.db.execute<{ id: string }>(sql`select id from scans where task_id = ${taskId} limit 1`))
          .rows[0]?.id ?? '';
      for (const [route, input] of [
        [apiRoutes.scans.downloadPointCloud, { ScanId: scanId }],
        [apiRoutes.scans.deleteScan, { ScanId: scanId }],
        [apiRoutes.scans.getModelPreview, { TaskId: taskId }],
      ] as const) {
        expect((await callRoute(t.app, route, input as never, { as: planner })).Code, route.path).toBe(403);
      }
      const tile = await t.app.inject({
        method: 'GET',
        url: `/api/ms/Scans/${scanId}/Tiles/tileset.json`,
        headers: { authorization: `Bearer ${planner.token}` },
      });
      expect(tile.json()).toMatchObject({ Code: 403 });
      const cloud = await uploadDeviceFile(t, device.key, cloudBytes, {
        kind: 'pointcloud',
        fileName: 'gated.ply',
      });
      const stored = await register({ FileId: cloud, Kind: 'pointcloud', ...place }, 'gated');
      expect(stored.body.Code).toBe(0);
    } finally {
      await setModeling(companyId, true);
    }
    expect((await scansOf(planner)).Items.map((item) => item.Name)).toContain('gated.ply');
  });
});

describe('shares naming a scan', () => {
  it("keeps the ScanId of the task, refuses another task's, reads the preview without a session, 404 after revoke", async () => {
    const otherTask = await buildTask(t, planner, {
      ProjectId: projectId,
      Households: [{ BuildingNumber: '1#', Floor: 3, Household: 1 }],
      ItemCodes: ['PL-01'],
      DeviceGuid: device.id,
    });
    const scanId = (await scansOf(planner)).Items[0]?.ScanId ?? '';
    const refused = await callRoute(
      t.app,
      apiRoutes.reports.sharingReport,
      { TaskId: otherTask, ScanId: scanId },
      { as: planner },
    );
    expect(refused.Code).toBe(400);
    expect(refused.Result).toEqual([expect.objectContaining({ Field: 'ScanId' })]);
    const share = await callRouteOk(
      t.app,
      apiRoutes.reports.sharingReport,
      { TaskId: taskId, ScanId: scanId },
      { as: planner },
    );
    const preview = await callRouteOk(t.app, apiRoutes.scans.getSharedModelPreview, {
      ShareId: share.ShareId,
    });
    expect(preview.TaskId).toBe(taskId);
    expect(preview.FocusScanId).toBe(scanId);
    expect(preview.Scans.map((scan) => scan.ScanId)).toContain(scanId);
    expect(preview.Sites.map((site) => site.PointIndex)).toEqual([7, 11]);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/share/${share.ShareId}/Scans/00000000-0000-4000-8000-000000000000/Model`,
    });
    expect(foreign.json()).toMatchObject({ Code: 404 });
    await setModeling(companyId, false);
    expect(
      (await callRoute(t.app, apiRoutes.scans.getSharedModelPreview, { ShareId: share.ShareId })).Code,
    ).toBe(404);
    await setModeling(companyId, true);
    await callRouteOk(t.app, apiRoutes.reports.revokeShare, { ShareId: share.ShareId }, { as: planner });
    expect(
      (await callRoute(t.app, apiRoutes.scans.getSharedModelPreview, { ShareId: share.ShareId })).Code,
    ).toBe(404);
  });
});
