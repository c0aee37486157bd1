import { createHash, randomBytes } from 'node:crypto';
import { Upload } from 'tus-js-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listeningUrl, type TestApp } from '../../../test/app.ts';
import { startCuttableProxy, type CuttableProxy } from '../../../test/cuttable-proxy.ts';
import { buildAdmin, buildDevice, type BuiltUser } from '../../../test/factories.ts';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { DeviceFileStore } from '../../modules/results/device-file-store.ts';
import { S3ObjectStore } from './s3-object-store.ts';
import { parseS3Url, type S3Location } from './s3-url.ts';

// Device uploads (tus, @tus/s3-store) interrupted halfway in S3 mode: the store goes away, or the
// instance drains and its connections are cut. The robot resumes from the server's offset, and
// nothing is served under the file's key until the upload is whole.
let s3: TestS3Server;
let proxy: CuttableProxy;
let bucket: S3ObjectStore;
let a: TestApp;
let b: TestApp;
let admin: BuiltUser;

beforeAll(async () => {
  s3 = await startS3Server();
  const direct = parseS3Url(s3.s3Url) as S3Location;
  bucket = new S3ObjectStore(direct);
  proxy = await startCuttableProxy(Number(new URL(direct.endpoint).port));
  // The instances reach the bucket through the proxy, so the test can take the store away.
  const throughProxy: S3Location = { ...direct, endpoint: `http://127.0.0.1:${proxy.port}` };
  a = await createTestApp({ config: { s3: throughProxy } });
  b = await createTestApp({ config: { s3: throughProxy }, sameDatabaseAs: a });
  admin = await buildAdmin(a);
}, 60_000);
afterEach(() => proxy?.restore());
afterAll(async () => {
  await b?.close();
  await a?.close();
  await proxy?.close();
  await s3?.stop();
});

/** The PATCH size of the interrupted uploads (half of @tus/s3-store's preferred 8 MiB part). */
const CHUNK = 4 * 1024 * 1024;
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const baseUrl = listeningUrl;

/** 20 MB that differ everywhere (a lost or repeated chunk changes the SHA-256). */
const cloud = () => randomBytes(20 * 1024 * 1024);

/**
 * One tus upload attempt, as the robot's uploader makes it (no automatic retry here: the test
 * decides). `interrupt` runs once, when more than `after` bytes were sent. Resolves with the
 * upload's address and whether it finished.
 */
function attempt(
  data: Buffer,
  options: {
    endpoint?: string;
    uploadUrl?: string;
    deviceKey: string;
    retryDelays?: number[];
    /** PATCH requests of this size (the robot's uploader sends the file in one by default). */
    chunkSize?: number;
  },
  interrupt?: { after: number; run: () => void },
): Promise<{ url: string; done: boolean }> {
  let interrupted = false;
  return new Promise((resolve) => {
    const uploader: Upload = new Upload(data, {
      endpoint: options.endpoint,
      uploadUrl: options.uploadUrl,
      retryDelays: options.retryDelays ?? [],
      ...(options.chunkSize ? { chunkSize: options.chunkSize } : {}),
      headers: { authorization: `Device ${options.deviceKey}` },
      metadata: { filename: 'cloud.las', kind: 'pointcloud' },
      onProgress: (sent) => {
        if (interrupt && !interrupted && sent > interrupt.after) {
          interrupted = true;
          interrupt.run();
        }
      },
      onSuccess: () => resolve({ url: uploader.url ?? '', done: true }),
      onError: () => resolve({ url: uploader.url ?? '', done: false }),
    });
    uploader.start();
  });
}

/** The server's offset of an upload (tus HEAD), which a resuming client starts from. */
async function offsetOf(url: string, deviceKey: string): Promise<{ offset: number; length: number }> {
  const ask = () =>
    fetch(url, {
      method: 'HEAD',
      headers: { 'tus-resumable': '1.0.0', authorization: `Device ${deviceKey}` },
    });
  // Right after the failure the failed PATCH may still hold the upload (its store calls give up
  // after the SDK's retries): the client asks again, as the robot's uploader does.
  let head = await ask();
  for (let tries = 0; head.status !== 200 && tries < 50; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    head = await ask();
  }
  expect(head.status).toBe(200);
  return {
    offset: Number(head.headers.get('upload-offset')),
    length: Number(head.headers.get('upload-length')),
  };
}

async function expectNotServed(fileId: string) {
  expect(await bucket.stat(`uploads/device-files/${fileId}`)).toBeUndefined();
  expect(await new DeviceFileStore(bucket).stat(fileId)).toBeUndefined();
}

describe('interrupted device uploads in S3 mode', () => {
  it('a store that fails mid-upload: the upload fails cleanly, resumes from the offset and completes', async () => {
    const device = await buildDevice(a, { companyId: admin.companyId });
    const data = cloud();
    const endpoint = `${await baseUrl(a)}/api/device/v1/Files`;
    // The bucket goes away mid-file. The file goes in PATCHes of 4 MiB: the cut lands after the
    // fourth has been sent, before the fifth (with one PATCH, a fast machine could store all 20 MB
    // before the progress callback fired).
    const first = await attempt(
      data,
      { endpoint, deviceKey: device.key, chunkSize: CHUNK },
      {
        after: 12 * 1024 * 1024,
        run: () => proxy.cut(),
      },
    );
    proxy.restore();
    expect(first.done).toBe(false);
    expect(first.url).toMatch(/\/api\/device\/v1\/Files\/[^/]+$/);
    const fileId = first.url.split('/').pop() ?? '';
    const { offset, length } = await offsetOf(first.url, device.key);
    expect(length).toBe(data.length);
    // What the store holds whole: whole PATCHes (8 MiB parts and a 4 MiB incomplete part); the
    // PATCH under way was lost with the store.
    // The three PATCHes answered before the cut are kept: the upload resumes from mid-file.
    expect(offset).toBeGreaterThanOrEqual(3 * CHUNK);
    expect(offset).toBeLessThan(data.length);
    expect(offset % CHUNK).toBe(0);
    await expectNotServed(fileId);

    const resumed = await attempt(data, { uploadUrl: first.url, deviceKey: device.key });
    expect(resumed.done).toBe(true);
    const stored = await bucket.read(`uploads/device-files/${fileId}`);
    expect(stored.length).toBe(data.length);
    expect(sha(stored)).toBe(sha(data));
  }, 120_000);

  it('an upload cut by a drain resumes on another instance without loss', async () => {
    const device = await buildDevice(a, { companyId: admin.companyId });
    const data = cloud();
    // SIGTERM on a third instance (the others stay up): the drain begins, the upload outlasts the
    // drain's limit and its connection is cut (what the forced exit does to it). The file goes in
    // PATCHes of 4 MiB, so progress is known mid-file; should the upload still finish before the
    // cut lands (a fast machine), the drain is tried again on a new instance.
    let first = { url: '', done: true };
    for (let tries = 0; first.done && tries < 5; tries += 1) {
      const draining = await createTestApp({
        config: a.config.s3 ? { s3: a.config.s3 } : {},
        sameDatabaseAs: a,
      });
      try {
        first = await attempt(
          data,
          {
            endpoint: `${await baseUrl(draining)}/api/device/v1/Files`,
            deviceKey: device.key,
            chunkSize: CHUNK,
          },
          {
            after: 9 * 1024 * 1024,
            run: () => {
              draining.app.drain.begin();
              draining.app.server.closeAllConnections();
            },
          },
        );
      } finally {
        await draining.close();
      }
    }
    expect(first.done).toBe(false);
    const fileId = first.url.split('/').pop() ?? '';
    await expectNotServed(fileId);

    // The robot resumes through the balancer, which now sends it to instance B.
    const onB = `${await baseUrl(b)}/api/device/v1/Files/${fileId}`;
    const { offset } = await offsetOf(onB, device.key);
    expect(offset).toBeLessThan(data.length);
    // The robot's retries (tools/robot): the cut PATCH may still be storing what it received.
    const resumed = await attempt(data, {
      uploadUrl: onB,
      deviceKey: device.key,
      retryDelays: [200, 1000, 3000],
    });
    expect(resumed.done).toBe(true);
    const stored = await bucket.read(`uploads/device-files/${fileId}`);
    expect(sha(stored)).toBe(sha(data));
  }, 120_000);
});
