import fs from 'node:fs/promises';
import path from 'node:path';
import { apiRoutes } from '@measure/contract';
import { eq } from 'drizzle-orm';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceFiles as deviceFilesTable } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute } from '../../../test/call-route.ts';
import { DeviceFilesService } from './device-files-service.ts';
import {
  assignHouseType,
  buildCompany,
  buildDevice,
  buildHouseType,
  buildProject,
  buildUser,
} from '../../../test/factories.ts';
import { buildTask } from '../../../test/task-factories.ts';
import { LocalObjectStore } from '../../core/storage/local-object-store.ts';

let t: TestApp;
let base: string;
let device: { id: string; key: string };
let otherDevice: { id: string; key: string };
let taskId: string;

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  const planner = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  device = await buildDevice(t, { companyId });
  otherDevice = await buildDevice(t, { companyId });
  const projectId = (await buildProject(t, { companyId })).id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 2 });
  taskId = await buildTask(t, planner, {
    ProjectId: projectId,
    ItemCodes: ['PL-01'],
    DeviceGuid: device.id,
  });
  base = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/device/v1/Files`;
});
afterAll(async () => t.close());

const picture = Buffer.alloc(200 * 1024, 7);

/** Uploads with tus-js-client as a robot does; `stopAfter` aborts once that many bytes went up. */
function upload(
  data: Buffer,
  options: { key?: string; kind?: string; uploadUrl?: string; stopAfter?: number } = {},
): Promise<{ url: string; offset: number; done: boolean }> {
  return new Promise((resolve, reject) => {
    const settle = (done: boolean, offset: number) => resolve({ url: uploader.url ?? '', offset, done });
    const uploader: Upload = new Upload(data, {
      endpoint: base,
      uploadUrl: options.uploadUrl,
      chunkSize: 64 * 1024,
      retryDelays: [],
      headers: { authorization: `Device ${options.key ?? device.key}` },
      metadata: { filename: 'wall-1.png', kind: options.kind ?? 'picture' },
      onChunkComplete: (_chunk, sent) => {
        if (options.stopAfter !== undefined && sent >= options.stopAfter) {
          void uploader.abort().then(() => settle(false, sent));
        }
      },
      onSuccess: () => settle(true, data.length),
      onError: reject,
    });
    uploader.start();
  });
}

const raw = (url: string, init: RequestInit & { key?: string } = {}) =>
  fetch(url, {
    ...init,
    headers: {
      'tus-resumable': '1.0.0',
      authorization: `Device ${init.key ?? device.key}`,
      ...(init.headers as Record<string, string> | undefined),
    },
  });
const metadata = (kind: string) =>
  `filename ${Buffer.from('a.bin').toString('base64')},kind ${Buffer.from(kind).toString('base64')}`;

describe('device files (tus)', () => {
  it('uploads a picture resumably: interrupted, resumed from the server offset, then named in results', async () => {
    const first = await upload(picture, { stopAfter: 64 * 1024 });
    expect(first.done).toBe(false);
    const head = await raw(first.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('upload-offset'))).toBe(64 * 1024);
    const resumed = await upload(picture, { uploadUrl: first.url });
    expect(resumed.done).toBe(true);
    const fileId = first.url.split('/').pop() ?? '';
    const [row] = await t.db.select().from(deviceFilesTable).where(eq(deviceFilesTable.id, fileId));
    expect(row).toMatchObject({ kind: 'picture', complete: true, size: picture.length, deviceId: device.id });

    const site = (ids: string[]) => ({
      TaskId: taskId,
      Source: 'robot',
      Sites: [
        {
          PointIndex: 1,
          BuildingNumber: '1#',
          Floor: 1,
          Household: 1,
          PictureFileIds: ids,
          Readings: [{ ItemCode: 'PL-01', Values: [1] }],
        },
      ],
    });
    const headers = (key: string) => ({
      headers: { authorization: `Device ${device.key}`, 'idempotency-key': key },
    });
    const unknown = await callRoute(
      t.app,
      apiRoutes.resultsDevice.results,
      site(['nope']) as never,
      headers('a'),
    );
    expect(unknown.Result).toEqual([expect.objectContaining({ Field: 'Sites[0].PictureFileIds[0]' })]);
    const named = await callRoute(
      t.app,
      apiRoutes.resultsDevice.results,
      site([fileId]) as never,
      headers('b'),
    );
    expect(named.Code).toBe(0);
  });

  it('refuses a bad key, another device’s upload, an unknown kind, a size over the kind’s limit and a wrong offset', async () => {
    const { url } = await upload(picture, { stopAfter: 64 * 1024 });
    expect((await raw(url, { method: 'HEAD', key: 'wrong-key-0123456789abcdef' })).status).toBe(401);
    expect((await raw(url, { method: 'HEAD', key: otherDevice.key })).status).toBe(404);
    const create = (kind: string, length: number) =>
      raw(base, {
        method: 'POST',
        headers: { 'upload-length': String(length), 'upload-metadata': metadata(kind) },
      });
    expect((await create('video', 10)).status).toBe(400);
    expect((await create('picture', 20 * 1024 * 1024 + 1)).status).toBe(413);
    expect((await create('model', 20 * 1024 * 1024 + 1)).status).toBe(201);
    const wrongOffset = await raw(url, {
      method: 'PATCH',
      headers: { 'upload-offset': '5', 'content-type': 'application/offset+octet-stream' },
      body: Buffer.alloc(10),
    });
    expect(wrongOffset.status).toBe(409);
    expect((await raw(url, { method: 'DELETE' })).status).toBe(204);
    expect((await raw(url, { method: 'HEAD' })).status).toBe(404);
  });

  it('removes partial uploads older than 24 hours, bytes and rows', async () => {
    const { url } = await upload(picture, { stopAfter: 64 * 1024 });
    const fileId = url.split('/').pop() ?? '';
    const directory = path.join(t.config.dataDir, 'uploads', 'device-files');
    const info = JSON.parse(await fs.readFile(path.join(directory, `${fileId}.json`), 'utf8')) as Record<
      string,
      unknown
    >;
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    await fs.writeFile(
      path.join(directory, `${fileId}.json`),
      JSON.stringify({ ...info, creation_date: dayAgo.toISOString() }),
    );
    await t.db.update(deviceFilesTable).set({ createdAt: dayAgo }).where(eq(deviceFilesTable.id, fileId));
    // The hourly job's work, on the app's database and data directory.
    const files = new DeviceFilesService({
      db: t.db,
      objects: new LocalObjectStore(t.config.dataDir),
      devices: { authenticate: async () => null },
      trustProxy: false,
    });
    const removed = await files.cleanUp();
    expect(removed.rows).toBeGreaterThanOrEqual(1);
    await expect(fs.stat(path.join(directory, fileId))).rejects.toThrow();
    expect(await t.db.select().from(deviceFilesTable).where(eq(deviceFilesTable.id, fileId))).toEqual([]);
  });
});
