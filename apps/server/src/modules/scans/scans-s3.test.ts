import fs from 'node:fs/promises';
import path from 'node:path';
import { apiRoutes, type ScanItem } from '@measure/contract';
import { householdModel } from '@measure/robot/household-model';
import { householdGeometry } from '@measure/robot/household-rooms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRouteOk } from '../../../test/call-route.ts';
import { uploadDeviceFile } from '../../../test/device-uploads.ts';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { runScanJobs, scanProcessor } from '../../../test/scan-jobs.ts';
import { buildScanTestbed, type ScanTestbed } from '../../../test/scan-testbed.ts';
import { tilesetPoints } from '../../../test/scan-tiles.ts';
import { S3ObjectStore } from '../../core/storage/s3-object-store.ts';
import { parseS3Url, type S3Location } from '../../core/storage/s3-url.ts';
import { binaryPly, wallCloud } from './engine/test-clouds.ts';
import { createScanEngine } from './engine/index.ts';
import type { ScanProcessor } from './scan-job.ts';
import { scanPrefixOf } from './scan-output-store.ts';

// The scan pipeline with S3_URL set (s3rver): the device's upload lands in the bucket, the job copies
// it to a local file, and the tiles and the model it puts are read back from the bucket by the routes.
let s3: TestS3Server;
let bucket: S3ObjectStore;
let t: TestApp;
let bed: ScanTestbed;
let processor: ScanProcessor;

beforeAll(async () => {
  s3 = await startS3Server();
  const location = parseS3Url(s3.s3Url) as S3Location;
  bucket = new S3ObjectStore(location);
  t = await createTestApp({ config: { s3: location } });
  bed = await buildScanTestbed(t);
  const engine = createScanEngine();
  processor = scanProcessor(t, () => Promise.resolve(engine), bucket);
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const get = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bed.planner.token}` } });

async function keysUnder(prefix: string): Promise<string[]> {
  const found: string[] = [];
  for await (const object of bucket.list(prefix)) found.push(object.key);
  return found.sort();
}

async function send(data: Buffer, kind: 'pointcloud' | 'model', fileName: string): Promise<string> {
  const fileId = await uploadDeviceFile(t, bed.device.key, data, { kind, fileName });
  const answer = await bed.register(
    { FileId: fileId, Kind: kind, BuildingNumber: '1#', Floor: 1, Household: 1, Name: fileName },
    fileName,
  );
  expect(answer.body.Code, JSON.stringify(answer.body)).toBe(0);
  return answer.body.Result.ScanId;
}

describe('scans in S3 mode', () => {
  it('registers, processes and serves a cloud and a model from the bucket', async () => {
    const cloud = wallCloud({ width: 2, height: 2.5, step: 0.02 });
    const points = cloud.xyz.length / 3;
    const model = Buffer.from(await householdModel(householdGeometry(undefined, ['客厅', '卧室']), 'm'));
    const cloudId = await send(binaryPly(cloud), 'pointcloud', 'wall.ply');
    const modelId = await send(model, 'model', 'house.glb');
    await runScanJobs(t, processor);

    const list = await callRouteOk(
      t.app,
      apiRoutes.scans.getGltfList,
      { TaskId: bed.taskId },
      { as: bed.planner },
    );
    const byId = (id: string) => list.Items.find((item) => item.ScanId === id) as ScanItem;
    expect(byId(cloudId)).toMatchObject({ Status: 'ready', Points: points, Format: 'ply', Error: null });
    expect(byId(modelId)).toMatchObject({ Status: 'ready', Format: 'glb', Error: null });

    // The outputs are in the bucket, nothing of them on the instance's disk.
    const tiles = await keysUnder(`${scanPrefixOf(bed.companyId, cloudId)}/tiles/`);
    expect(tiles).toContain(`${scanPrefixOf(bed.companyId, cloudId)}/tiles/tileset.json`);
    expect(await keysUnder(`${scanPrefixOf(bed.companyId, modelId)}/`)).toEqual([
      `${scanPrefixOf(bed.companyId, modelId)}/model.glb`,
    ]);
    await expect(fs.stat(path.join(t.config.dataDir, 'scans'))).rejects.toThrow(/ENOENT/);

    // Read back through the routes: every point of the source, and the kept model.
    expect(await tilesetPoints(get, byId(cloudId).TilesetUrl ?? '')).toBe(points);
    const served = await get(byId(modelId).ModelUrl ?? '');
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 4).toString('latin1')).toBe('glTF');
    const stored = await bucket.read(`${scanPrefixOf(bed.companyId, modelId)}/model.glb`);
    expect(Buffer.compare(served.rawPayload, Buffer.from(stored))).toBe(0);
  });
});
