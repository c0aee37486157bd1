import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { apiRoutes, type Envelope, type HouseMapRow, type UpdatePackage } from '@measure/contract';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listeningUrl, type TestApp } from '../../../test/app.ts';
import { buildApp } from '../../app.ts';
import { createDatabaseClient } from '../../db/client.ts';
import { callRouteOk } from '../../../test/call-route.ts';
import { buildAdmin, buildDevice, buildProject, type BuiltUser } from '../../../test/factories.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { dxfText } from '../../../test/plan-files.ts';
import { robotReportTask } from '../../../test/report-task.ts';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { queryOnce } from '../../../test/sql.ts';
import { runQueuedRenders } from '../../../test/task-factories.ts';
import { FileStore } from '../file-store.ts';
import { type ReportExtension, ReportRenderer } from '../../modules/reports/report-job.ts';
import { DeviceFileStore } from '../../modules/results/device-file-store.ts';
import { ReviewService } from '../../modules/review/review-service.ts';
import { S3ObjectStore } from './s3-object-store.ts';
import { tusDataStoreFor } from './tus-data-store.ts';
import { parseS3Url, type S3Location } from './s3-url.ts';

// The app with S3_URL set (s3rver): uploads and downloads of the product go through the bucket,
// and a second instance on the same database and bucket serves what the first stored.
let s3: TestS3Server;
let location: S3Location;
let bucket: S3ObjectStore;
let a: TestApp;
let b: TestApp;
let admin: BuiltUser;

beforeAll(async () => {
  s3 = await startS3Server();
  location = parseS3Url(s3.s3Url) as S3Location;
  bucket = new S3ObjectStore(location);
  a = await createTestApp({ config: { s3: location } });
  b = await createTestApp({ config: { s3: location }, sameDatabaseAs: a });
  admin = await buildAdmin(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.stop();
});

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
async function keys(prefix: string) {
  const found: string[] = [];
  for await (const object of bucket.list(prefix, { temporaries: true })) found.push(object.key);
  return found.sort();
}
/** The instance's address, listening first if it is not yet (robotReportTask listens too). */
const listening = listeningUrl;
const inject = (t: TestApp, body: ReturnType<typeof multipartBody>, url: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${admin.token}` },
  });

describe('S3 mode', () => {
  it('does not start on a wrong bucket or unknown credentials, naming S3_URL', async () => {
    for (const wrong of [
      { ...location, bucket: 'no-such-bucket' },
      { ...location, accessKeyId: 'UNKNOWN' },
    ]) {
      const client = createDatabaseClient(a.connectionString, { max: 1 });
      const app = await buildApp({ ...a.config, s3: wrong }, { database: client });
      await expect(app.ready()).rejects.toThrow(/^S3_URL: cannot use the bucket/);
      await app.close().catch(() => {});
      await client.close();
    }
  });

  it('stores a DXF plan in the bucket and the other instance downloads the same bytes', async () => {
    const projectId = (await buildProject(a, { companyId: admin.companyId })).id;
    const dxf = Buffer.from(dxfText());
    const body = multipartBody([{ name: '图纸.dxf', data: dxf, type: 'application/dxf' }], {
      ProjectId: projectId,
      Name: 'S3户型',
      FloorArea: '89.5',
    });
    const answer = (await inject(a, body, '/api/ms/Project/HouseMapUpdate')).json<Envelope<HouseMapRow>>();
    expect(answer.Code, JSON.stringify(answer)).toBe(0);
    const stored = await keys('uploads/house-maps/');
    expect(stored).toHaveLength(1);
    expect((await bucket.read(stored[0] ?? '')).equals(dxf)).toBe(true);
    const download = await b.app.inject({
      method: 'POST',
      url: '/api/ms/Project/DownloadDxfById',
      payload: { HouseMapId: answer.Result.HouseMapId },
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(dxf)).toBe(true);
    // Nothing of the product is written under DATA_DIR in S3 mode.
    await expect(fs.stat(path.join(a.config.dataDir, 'uploads'))).rejects.toThrow();
  });

  it('serves an update package from the bucket with Range, on the other instance', async () => {
    const data = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');
    const body = multipartBody([{ name: 'update.bin', data, type: 'application/octet-stream' }], {
      DeviceType: 'robot',
      Version: '9.1.0',
      Sha256: sha(data),
    });
    const answer = (await inject(a, body, apiRoutes.devices.uploadUpdate.path)).json<
      Envelope<UpdatePackage>
    >();
    expect(answer.Code, JSON.stringify(answer)).toBe(0);
    expect(await keys('uploads/device-updates/')).toHaveLength(1);
    const device = await buildDevice(a, { companyId: admin.companyId });
    const get = (range: string) =>
      b.app.inject({
        method: 'GET',
        url: `/api/device/v1/Updates/${answer.Result.UpdateId}/File`,
        headers: { authorization: `Device ${device.key}`, range },
      });
    const part = await get('bytes=10-12');
    expect([part.statusCode, part.body, part.headers['content-range']]).toEqual([
      206,
      'abc',
      'bytes 10-12/36',
    ]);
    const tail = await get('bytes=-3');
    expect([tail.statusCode, tail.body]).toEqual([206, 'xyz']);
    const beyond = await get('bytes=36-');
    expect([beyond.statusCode, beyond.headers['content-range']]).toEqual([416, 'bytes */36']);
  });

  it('takes a resumable upload through @tus/s3-store: nothing under the key until it is whole', async () => {
    const device = await buildDevice(a, { companyId: admin.companyId });
    const data = Buffer.alloc(300 * 1024, 3);
    data.write('wall picture', 0);
    const base = `${await listening(a)}/api/device/v1/Files`;
    const upload = (options: { uploadUrl?: string; stopAfter?: number }) =>
      new Promise<string>((resolve, reject) => {
        const uploader: Upload = new Upload(data, {
          endpoint: base,
          uploadUrl: options.uploadUrl,
          chunkSize: 100 * 1024,
          retryDelays: [],
          headers: { authorization: `Device ${device.key}` },
          metadata: { filename: 'wall.png', kind: 'picture' },
          onChunkComplete: (_chunk, sent) => {
            if (options.stopAfter !== undefined && sent >= options.stopAfter)
              void uploader.abort().then(() => resolve(uploader.url ?? ''));
          },
          onSuccess: () => resolve(uploader.url ?? ''),
          onError: reject,
        });
        uploader.start();
      });
    const url = await upload({ stopAfter: 100 * 1024 });
    const fileId = url.split('/').pop() ?? '';
    expect(await bucket.stat(`uploads/device-files/${fileId}`)).toBeUndefined();
    // The robot resumes on the other instance.
    const other = `${await listening(b)}/api/device/v1/Files/${fileId}`;
    await upload({ uploadUrl: other });
    expect((await bucket.read(`uploads/device-files/${fileId}`)).equals(data)).toBe(true);
  });

  it('sweeps an expired partial upload from the bucket, and only under the device-files prefix', async () => {
    const device = await buildDevice(a, { companyId: admin.companyId });
    const created = await fetch(`${await listening(a)}/api/device/v1/Files`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '1000',
        'upload-metadata': `filename ${Buffer.from('wall.png').toString('base64')},kind ${Buffer.from('picture').toString('base64')}`,
        authorization: `Device ${device.key}`,
      },
    });
    expect(created.status).toBe(201);
    const fileId = created.headers.get('location')?.split('/').pop() ?? '';
    expect(await keys(`uploads/device-files/${fileId}`)).toEqual([`uploads/device-files/${fileId}.info`]);
    await bucket.put('elsewhere/keep.bin', Buffer.from('kept'));
    const sweeper = tusDataStoreFor(bucket, 'uploads/device-files', { expirationPeriodInMilliseconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await sweeper.deleteExpired()).toBeGreaterThanOrEqual(1);
    expect(await keys(`uploads/device-files/${fileId}`)).toEqual([]);
    expect(await keys('elsewhere/')).toEqual(['elsewhere/keep.bin']);
  });

  it('renders a report with the robot’s pictures on one instance; the other serves it', async () => {
    // The robot works through a third instance (robotReportTask listens on it).
    const robotSide = await createTestApp({ config: { s3: location }, sameDatabaseAs: a });
    const { taskId, admin: reader } = await robotReportTask(robotSide, {
      projectName: 'S3 报告项目',
      itemCodes: ['PL-01'],
      seed: 31,
    }).finally(() => robotSide.close());
    // The robot's wall pictures went up through tus into the bucket (beside tus's .info objects).
    const pictures = (await keys('uploads/device-files/')).filter((key) => !key.includes('.'));
    expect(pictures.length).toBeGreaterThan(1);
    const review = new ReviewService({ db: a.db, deviceFiles: new DeviceFileStore(bucket) });
    const renderer = new ReportRenderer({
      db: a.db,
      files: new FileStore<ReportExtension>(bucket, 'reports', ['pdf', 'xlsx']),
      sitePicture: (companyId, task, pointIndex) => review.firstAnnotatedPicture(companyId, task, pointIndex),
    });
    await runQueuedRenders(a, renderer);
    const [row] = (
      await callRouteOk(b.app, apiRoutes.reports.getReportList, { TaskId: taskId }, { as: reader })
    ).Items;
    expect(row).toMatchObject({ Status: 'ready', Error: null });
    expect((await keys('reports/')).filter((key) => key.endsWith('.pdf')).length).toBeGreaterThanOrEqual(1);
    const { Url } = await callRouteOk(
      b.app,
      apiRoutes.reports.downloadReport,
      { ReportIds: [row?.ReportId ?? ''], Format: 'pdf' },
      { as: reader },
    );
    const pdf = await b.app.inject({ method: 'GET', url: new URL(Url).pathname });
    expect(pdf.statusCode).toBe(200);
    expect(sha(pdf.rawPayload)).toBe(row?.Sha256);
    // Range reads of what the bucket holds: the report and a robot's picture, on the other instance.
    const part = await b.app.inject({
      method: 'GET',
      url: new URL(Url).pathname,
      headers: { range: 'bytes=4-99' },
    });
    expect([part.statusCode, part.headers['content-range']]).toEqual([
      206,
      `bytes 4-99/${pdf.rawPayload.length}`,
    ]);
    expect(part.rawPayload.equals(pdf.rawPayload.subarray(4, 100))).toBe(true);
    const [site] = await queryOnce(
      a.connectionString,
      `SELECT point_index, picture_file_ids[1] AS file_id FROM task_sites
       WHERE task_id = '${taskId}' AND cardinality(picture_file_ids) > 0 ORDER BY point_index LIMIT 1`,
    );
    const pictureUrl = `/api/ms/Task/Picture/${taskId}/${site?.point_index}/${site?.file_id}`;
    const authorization = `Bearer ${reader.token}`;
    const picture = await b.app.inject({ method: 'GET', url: pictureUrl, headers: { authorization } });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(await bucket.read(`uploads/device-files/${site?.file_id}`))).toBe(true);
    const tail = await b.app.inject({
      method: 'GET',
      url: pictureUrl,
      headers: { authorization, range: 'bytes=-10' },
    });
    expect([tail.statusCode, tail.headers['content-range']]).toEqual([
      206,
      `bytes ${picture.rawPayload.length - 10}-${picture.rawPayload.length - 1}/${picture.rawPayload.length}`,
    ]);
    expect(tail.rawPayload.equals(picture.rawPayload.subarray(-10))).toBe(true);
  }, 120_000);
});
