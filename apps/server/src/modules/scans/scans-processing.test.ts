import { apiRoutes, type ResultSite, type ScanItem, type WorkPackage } from '@measure/contract';
import { Document, NodeIO } from '@gltf-transform/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import { uploadDeviceFile } from '../../../test/device-uploads.ts';
import { figuresOfTally, tally } from '../../../test/recompute.ts';
import { scanProcessor, runScanJobs } from '../../../test/scan-jobs.ts';
import { tilesetPoints } from '../../../test/scan-tiles.ts';
import { asDevice, buildScanTestbed, type ScanTestbed } from '../../../test/scan-testbed.ts';
import { RollupsRepository } from '../results/rollups-repository.ts';
import { asciiPly, binaryPly, wallCloud } from './engine/test-clouds.ts';
import { createScanEngine } from './engine/index.ts';
import type { ScanProcessor } from './scan-job.ts';

let t: TestApp;
let bed: ScanTestbed;
let processor: ScanProcessor;

beforeAll(async () => {
  t = await createTestApp();
  bed = await buildScanTestbed(t);
  const engine = createScanEngine();
  processor = scanProcessor(t, () => Promise.resolve(engine));
});
afterAll(async () => t.close());

const household = { BuildingNumber: '1#', Floor: 1, Household: 1 };
let keys = 0;

/** Uploads `data` as the device, registers it and runs the job: the scan as the list shows it. */
async function sendScan(
  data: Buffer,
  kind: 'pointcloud' | 'model',
  fileName: string,
  place: object = household,
  lang = 'en-US',
): Promise<ScanItem> {
  const fileId = await uploadDeviceFile(t, bed.device.key, data, { kind, fileName });
  keys += 1;
  const registered = await bed.register({ FileId: fileId, Kind: kind, ...household, ...place }, `p-${keys}`);
  expect(registered.body.Code, JSON.stringify(registered.body)).toBe(0);
  await runScanJobs(t, processor);
  const list = await callRouteOk(
    t.app,
    apiRoutes.scans.getGltfList,
    { TaskId: bed.taskId, PageSize: 200 },
    {
      as: bed.planner,
      lang,
    },
  );
  const item = list.Items.find((scan) => scan.ScanId === registered.body.Result.ScanId);
  if (!item) throw new Error('registered scan not listed');
  return item;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bed.planner.token}`, ...headers } });

async function triangleGlb(): Promise<Buffer> {
  const document = new Document();
  const buffer = document.createBuffer();
  const position = document
    .createAccessor()
    .setType('VEC3')
    .setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]))
    .setBuffer(buffer);
  const primitive = document.createPrimitive().setAttribute('POSITION', position);
  const mesh = document.createMesh().addPrimitive(primitive);
  document.createScene().addChild(document.createNode().setMesh(mesh));
  return Buffer.from(await new NodeIO().writeBinary(document));
}

describe('processing with the engine', () => {
  it('tiles a cloud: ready, and the tileset fetched through the tile route holds every point of the source', async () => {
    const cloud = wallCloud({ width: 3, height: 2.5, step: 0.02 });
    const scan = await sendScan(binaryPly(cloud), 'pointcloud', 'wall.ply');
    const points = cloud.xyz.length / 3;
    expect(scan).toMatchObject({
      Status: 'ready',
      Progress: 100,
      Format: 'ply',
      Points: points,
      Error: null,
    });
    expect(scan.TilesetUrl).toBe(`/api/ms/Scans/${scan.ScanId}/Tiles/tileset.json`);
    expect(await tilesetPoints(get, scan.TilesetUrl ?? '')).toBe(points);
    const preview = await callRouteOk(
      t.app,
      apiRoutes.scans.getModelPreview,
      { TaskId: bed.taskId },
      { as: bed.planner },
    );
    expect(preview.Surfaces.filter((surface) => surface.ScanId === scan.ScanId).length).toBeGreaterThan(0);
    expect(preview.Legend.map((entry) => entry.Grade)).toEqual([
      'qualified',
      'warning',
      'unqualified',
      'exploded',
    ]);
  });

  it('keeps a model as binary glTF, served with ranges', async () => {
    const glb = await triangleGlb();
    const scan = await sendScan(glb, 'model', 'house.glb');
    expect(scan).toMatchObject({ Status: 'ready', Format: 'glb', Points: null });
    const model = await get(scan.ModelUrl ?? '');
    expect(model.statusCode).toBe(200);
    expect(model.headers['content-type']).toBe('model/gltf-binary');
    expect(model.rawPayload.subarray(0, 4).toString('latin1')).toBe('glTF');
    const part = await get(scan.ModelUrl ?? '', { range: 'bytes=0-3' });
    expect(part.statusCode).toBe(206);
  });

  it('fails bad input with a translated reason, nothing else changes; deleted and sent again, it becomes ready', async () => {
    const nan = Buffer.from(
      'ply\nformat ascii 1.0\nelement vertex 2\nproperty float x\nproperty float y\nproperty float z\nend_header\n0 0 0\nnan 1 1\n',
    );
    const empty = asciiPly({ xyz: [], rgb: [] });
    const noBuffers = Buffer.from(
      JSON.stringify({
        asset: { version: '2.0' },
        buffers: [{ uri: 'missing.bin', byteLength: 36 }],
        bufferViews: [{ buffer: 0, byteLength: 36 }],
        accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3' }],
        meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
        nodes: [{ mesh: 0 }],
        scenes: [{ nodes: [0] }],
      }),
    );
    const cases: [Buffer, 'pointcloud' | 'model', string, string, string][] = [
      [
        Buffer.from('just some text, not a cloud'),
        'pointcloud',
        'text.ply',
        'The file is not a PLY, PCD, LAS or LAZ point cloud',
        '文件内容不是 PLY、PCD、LAS 或 LAZ 点云',
      ],
      [empty, 'pointcloud', 'empty.ply', 'The point cloud has no points', '点云中没有点'],
      [
        nan,
        'pointcloud',
        'nan.ply',
        '1 points of the cloud have coordinates that are not finite numbers (NaN or infinity)',
        '',
      ],
      [noBuffers, 'model', 'house.gltf', 'The model is missing data buffers: ', ''],
    ];
    for (const [data, kind, name, english] of cases) {
      const scan = await sendScan(data, kind, name);
      expect(scan.Status, name).toBe('failed');
      // The model's reason carries the engine's detail (which buffer), the others are exact.
      if (kind === 'model') expect(scan.Error, name).toContain(english);
      else expect(scan.Error, name).toBe(english);
      expect(scan.TilesetUrl).toBeNull();
    }
    const chinese = await callRouteOk(
      t.app,
      apiRoutes.scans.getPointClouds,
      { Status: 'failed', OrderBy: 'Name', AscDesc: 'asc' },
      { as: bed.planner, lang: 'zh-CN' },
    );
    expect(chinese.Items.map((item) => item.Name)).toEqual([
      'empty.ply',
      'house.gltf',
      'nan.ply',
      'text.ply',
    ]);
    expect(chinese.Items.find((item) => item.Name === 'empty.ply')?.Error).toBe(cases[1]?.[4]);
    expect(chinese.Items.find((item) => item.Name === 'text.ply')?.Error).toBe(cases[0]?.[4]);

    // The failed text file is deleted (row, outputs, upload): the same place takes the right file.
    const failed = chinese.Items.find((item) => item.Name === 'text.ply');
    expect(
      await callRouteOk(
        t.app,
        apiRoutes.scans.deleteScan,
        { ScanId: failed?.ScanId ?? '' },
        { as: bed.planner },
      ),
    ).toBe(true);
    const gone = await callRouteOk(
      t.app,
      apiRoutes.scans.getPointClouds,
      { Status: 'failed' },
      { as: bed.planner },
    );
    expect(gone.Total).toBe(3);
    const again = await sendScan(
      binaryPly(wallCloud({ width: 1, height: 1, step: 0.05 })),
      'pointcloud',
      'text.ply',
    );
    expect(again).toMatchObject({ Status: 'ready', Points: 21 * 21 });
  });
});

describe('unexpected errors', () => {
  it('are retried as jobs are; the last attempt fails the scan as unreadable (the engine is a stand-in here)', async () => {
    const fileId = await uploadDeviceFile(
      t,
      bed.device.key,
      binaryPly(wallCloud({ width: 1, height: 1, step: 0.1 })),
      {
        kind: 'pointcloud',
        fileName: 'flaky.ply',
      },
    );
    const { ScanId } = (await bed.register({ FileId: fileId, Kind: 'pointcloud', ...household }, 'flaky'))
      .body.Result;
    const broken = scanProcessor(t, () =>
      Promise.resolve({
        processPointCloud: () => Promise.reject(new Error('disk on fire')),
        checkModel: () => Promise.reject(new Error('disk on fire')),
      }),
    );
    const payload = { companyId: bed.companyId, scanId: ScanId };
    await expect(broken.run(payload, { attempts: 1, maxAttempts: 3 })).rejects.toThrow('disk on fire');
    const status = async () =>
      (
        await callRouteOk(
          t.app,
          apiRoutes.scans.getPointClouds,
          { Status: null },
          { as: bed.planner, lang: 'en-US' },
        )
      ).Items.find((item) => item.ScanId === ScanId);
    expect(await status()).toMatchObject({ Status: 'processing', Error: null });
    await broken.run(payload, { attempts: 3, maxAttempts: 3 });
    expect(await status()).toMatchObject({
      Status: 'failed',
      Error: 'The file cannot be read: disk on fire',
    });
  });
});

describe('sites derived from a site scan', () => {
  it('a site scan without a site becomes a Source: scanner site whose figures equal a recomputation; the rollups stay exact', async () => {
    const cloud = wallCloud({
      width: 3,
      height: 2.6,
      step: 0.02,
      bump: (x, z) => (Math.hypot(x - 1.5, z - 1.3) < 0.4 ? 0.006 : 0),
    });
    const scan = await sendScan(binaryPly(cloud), 'pointcloud', '北墙', {
      ...household,
      Floor: 2,
      PointIndex: 21,
    });
    expect(scan).toMatchObject({ Status: 'ready', PointIndex: 21 });
    const preview = await callRouteOk(
      t.app,
      apiRoutes.scans.getModelPreview,
      { TaskId: bed.taskId },
      { as: bed.planner },
    );
    const site = preview.Sites.find((row) => row.PointIndex === 21);
    expect(site).toMatchObject({ Source: 'scanner', Floor: 2, Household: 1 });
    const rulers = preview.Rulers.filter((ruler) => ruler.PointIndex === 21);
    expect(rulers.length).toBeGreaterThan(0);
    expect(rulers.every((ruler) => ruler.Grade !== null)).toBe(true);
    const readings = new Map<string, number[]>();
    for (const ruler of [...rulers].sort((a, b) => a.ValueIndex - b.ValueIndex))
      readings.set(ruler.ItemCode, [...(readings.get(ruler.ItemCode) ?? []), ruler.ValueMm]);
    const work = await callRouteOk(
      t.app,
      apiRoutes.taskDevice.workPackage,
      { TaskId: bed.taskId },
      asDevice(bed.device.key),
    );
    const derived: ResultSite = {
      ...household,
      Floor: 2,
      PointIndex: 21,
      Readings: [...readings].map(([code, values]) => ({ ItemCode: code, Values: values })),
    };
    expect(site?.Figures).toEqual(figuresOfTally(tally((work as WorkPackage).Items, [derived])));
    expect(await new RollupsRepository(t.db).differences(bed.companyId)).toEqual([]);

    // The same place again: the site exists, so nothing more is derived (sources never mix).
    const second = await sendScan(binaryPly(cloud), 'pointcloud', '北墙 2', {
      ...household,
      Floor: 2,
      PointIndex: 21,
    });
    expect(second.Status).toBe('ready');
    const after = await callRouteOk(
      t.app,
      apiRoutes.scans.getModelPreview,
      { TaskId: bed.taskId },
      { as: bed.planner },
    );
    expect(after.Sites.find((row) => row.PointIndex === 21)?.Figures).toEqual(site?.Figures);
    expect(
      after.Rulers.filter((ruler) => ruler.PointIndex === 21 && ruler.Grade === null).length,
    ).toBeGreaterThan(0);
  });
});

describe('shared tiles', () => {
  it("reads a ready cloud under a share without a session; another task's scan and a revoked share are 404", async () => {
    const scan = (
      await callRouteOk(
        t.app,
        apiRoutes.scans.getPointClouds,
        { Status: 'ready', Kind: 'pointcloud' },
        { as: bed.planner },
      )
    ).Items[0];
    const share = await callRouteOk(
      t.app,
      apiRoutes.reports.sharingReport,
      { TaskId: bed.taskId, ScanId: scan?.ScanId },
      { as: bed.planner },
    );
    const preview = await callRouteOk(t.app, apiRoutes.scans.getSharedModelPreview, {
      ShareId: share.ShareId,
    });
    const shared = preview.Scans.find((item) => item.ScanId === scan?.ScanId);
    expect(shared?.TilesetUrl).toBe(`/api/share/${share.ShareId}/Scans/${scan?.ScanId}/Tiles/tileset.json`);
    const tileset = await t.app.inject({ method: 'GET', url: shared?.TilesetUrl ?? '' });
    expect(tileset.statusCode).toBe(200);
    expect(tileset.json()).toHaveProperty('root');
    await callRouteOk(t.app, apiRoutes.reports.revokeShare, { ShareId: share.ShareId }, { as: bed.planner });
    const revoked = await t.app.inject({ method: 'GET', url: shared?.TilesetUrl ?? '' });
    expect(revoked.json()).toMatchObject({ Code: 404 });
    expect(
      (await callRoute(t.app, apiRoutes.scans.getSharedModelPreview, { ShareId: share.ShareId })).Code,
    ).toBe(404);
  });
});
