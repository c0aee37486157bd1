/**
 * Issue 31 (several instances): two real instances on one PostgreSQL and one bucket (s3rver as
 * S3_URL), each with its own DATA_DIR. A robot uploads a task's pictures (tus) and results through
 * A; they are read through B, whose event stream tells of them within a second. A is killed (SIGKILL)
 * while it takes a large batch; the robot sends the batch again to B with its Idempotency-Key, and
 * every reading and picture is stored exactly once.
 */
import { createHash } from 'node:crypto';
import { apiRoutes, type Envelope, type ResultBatchAnswer } from '@measure/contract';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceFiles, siteReadings, taskSites } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../app.ts';
import { buildCompany, buildDevice, buildUser } from '../factories.ts';
import { sendResultsBatch } from '../results-batch-request.ts';
import { startS3Server, type TestS3Server } from '../s3-server.ts';
import { buildPlannedProject, buildTask } from '../task-factories.ts';
import { openEventStream } from '../event-stream-client.ts';
import { startInstance, type Instance } from './instances.ts';
import { until } from './until.ts';

let t: TestApp;
let token: string;
/** A second person's session, signed out through A while B has it cached. */
let otherToken: string;
let device: { id: string; key: string };
let taskId: string;
let s3: TestS3Server;
const instances: Instance[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await buildCompany(t)).id;
  const planner = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  token = planner.token;
  otherToken = (await buildUser(t, { companyId, roles: ['MeasureAdmin'] })).token;
  device = await buildDevice(t, { companyId });
  const projectId = await buildPlannedProject(t, { companyId, stories: 2, households: 1 });
  taskId = await buildTask(t, planner, { ProjectId: projectId, ItemCodes: ['PL-01'], DeviceGuid: device.id });
  s3 = await startS3Server();
});
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.dispose()));
  await t.close();
  await s3.stop();
});

const base = (instance: Instance) => `http://127.0.0.1:${instance.port}`;

async function deviceCall<T>(
  instance: Instance,
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${base(instance)}/api/device/v1/${route}`, {
    method,
    headers: {
      authorization: `Device ${device.key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.Code, JSON.stringify(envelope)).toBe(0);
  return envelope.Result;
}

/** A distinct small PNG per number. */
const picture = (n: number) =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: { r: n, g: 255 - n, b: 7 } } })
    .png()
    .toBuffer();

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A tus upload of a picture through one instance; answers its FileId. */
function upload(instance: Instance, bytes: Buffer, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const tus: Upload = new Upload(bytes, {
      endpoint: `${base(instance)}/api/device/v1/Files`,
      headers: { authorization: `Device ${device.key}` },
      metadata: { filename: name, kind: 'picture' },
      onSuccess: () => resolve(tus.url?.split('/').pop() ?? ''),
      onError: reject,
    });
    tus.start();
  });
}

interface Site {
  PointIndex: number;
  BuildingNumber: string;
  Floor: number;
  Household: number;
  PictureFileIds: string[];
  Readings: { ItemCode: string; Values: number[] }[];
}

const site = (pointIndex: number, pictureFileIds: string[], values: number): Site => ({
  PointIndex: pointIndex,
  BuildingNumber: '1#',
  Floor: 1,
  Household: 1,
  PictureFileIds: pictureFileIds,
  Readings: [
    { ItemCode: 'PL-01', Values: Array.from({ length: values }, (_, v) => ((pointIndex + v) % 40) / 10) },
  ],
});

/** Uploads `n` pictures through the instance: their FileIds and checksums. */
async function uploadPictures(instance: Instance, first: number, n: number) {
  const sent = new Map<string, string>();
  for (let i = first; i < first + n; i++) {
    const bytes = await picture(i);
    sent.set(await upload(instance, bytes, `site-${i}.png`), sha256(bytes));
  }
  return sent;
}

/** Each picture read through the instance, with the user's session: its checksum. */
async function readPictures(instance: Instance, sites: Site[]) {
  const read = new Map<string, string>();
  for (const { PointIndex, PictureFileIds } of sites) {
    for (const fileId of PictureFileIds) {
      const response = await fetch(
        `${base(instance)}/api/ms/Task/Picture/${taskId}/${PointIndex}/${fileId}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      expect(response.status, `${fileId} through ${instance.name}`).toBe(200);
      read.set(fileId, sha256(new Uint8Array(await response.arrayBuffer())));
    }
  }
  return read;
}

const stored = async () => {
  const where = eq(taskSites.taskId, taskId);
  const sites = await t.db
    .select({ n: count(), pictures: taskSites.pictureFileIds })
    .from(taskSites)
    .where(where)
    .groupBy(taskSites.pictureFileIds);
  return {
    sites: sites.reduce((sum, row) => sum + row.n, 0),
    readings: (await t.db.select({ n: count() }).from(siteReadings).where(eq(siteReadings.taskId, taskId)))[0]
      ?.n,
    pictureRefs: sites.reduce((sum, row) => sum + row.n * row.pictures.length, 0),
    files: (
      await t.db
        .select({ n: count() })
        .from(deviceFiles)
        .where(and(eq(deviceFiles.deviceId, device.id), eq(deviceFiles.complete, true)))
    )[0]?.n,
  };
};

describe('two instances on one PostgreSQL', () => {
  it('a robot uploads through A, B reads it; A killed mid-batch, the retry on B stores everything once', async () => {
    const env = { S3_URL: s3.s3Url, JOBS: 'false' };
    const [a, b] = await Promise.all([
      startInstance('a', t.connectionString, env),
      startInstance('b', t.connectionString, env),
    ]);
    instances.push(a, b);

    // Through A: the task starts, 10 sites with a picture each; a page's event stream is open on B.
    await deviceCall(a, 'POST', `Tasks/${taskId}/Start`);
    const stream = await openEventStream(`${base(b)}/api/events`, { authorization: `Bearer ${token}` });
    await stream.next((event) => event.event === 'resync', 10_000);
    const firstPictures = await uploadPictures(a, 1, 10);
    const firstSites = [...firstPictures.keys()].map((fileId, i) => site(i + 1, [fileId], 8));
    const first = await deviceCall<ResultBatchAnswer>(
      a,
      'POST',
      `Tasks/${taskId}/Results`,
      { Source: 'robot', Sites: firstSites },
      { 'idempotency-key': 'batch-1' },
    );
    expect(first.Sites).toBe(10);
    // B's stream tells of the batch A stored within a second.
    const taskEvent = await stream.next((event) => {
      const data = event.data as { TaskId?: string; Figures?: { Sites?: number } };
      return event.event === 'task' && data.TaskId === taskId && data.Figures?.Sites === 10;
    }, 1_000);
    expect(taskEvent.event).toBe('task');
    stream.close();
    // Through B: the same pictures, byte for byte.
    expect(await readPictures(b, firstSites)).toEqual(firstPictures);

    // A sign-out through A is refused on B within a second, though B had the session cached.
    const projectsThrough = async (instance: Instance) => {
      const response = await fetch(`${base(instance)}${apiRoutes.projects.getPage.path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${otherToken}`, 'content-type': 'application/json' },
        body: '{}',
      });
      return response.status;
    };
    expect(await projectsThrough(b)).toBe(200);
    const signOut = await fetch(`${base(a)}${apiRoutes.auth.logout.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(signOut.status).toBe(200);
    const signedOutAt = Date.now();
    await until(async () => (await projectsThrough(b)) === 401, 1_000);
    expect(Date.now() - signedOutAt).toBeLessThan(1_000);

    // A large batch (1,500 sites of 400 values, 10 with pictures uploaded through A); A dies taking it.
    const secondPictures = await uploadPictures(a, 11, 10);
    const pictureIds = [...secondPictures.keys()];
    const secondSites = Array.from({ length: 1_500 }, (_, i) =>
      site(11 + i, i < pictureIds.length ? [pictureIds[i]!] : [], 400),
    );
    const batch = { Source: 'robot', Sites: secondSites };
    // A dies as soon as the whole body is out.
    const outcome = await sendResultsBatch({
      port: a.port,
      taskId,
      deviceKey: device.key,
      idempotencyKey: 'batch-2',
      body: JSON.stringify(batch),
      onSent: () => a.child.kill('SIGKILL'),
    });
    expect(await a.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const afterKill = await stored();
    // All or nothing of the batch, whatever moment the kill hit.
    expect([10, 1_510]).toContain(afterKill.sites);
    if (outcome.startsWith('cut')) expect(afterKill.sites).toBe(10);

    // The robot sends the same batch, with its key, to B: stored once.
    const retry = await deviceCall<ResultBatchAnswer>(b, 'POST', `Tasks/${taskId}/Results`, batch, {
      'idempotency-key': 'batch-2',
    });
    expect(retry.Sites).toBe(1_500);
    await deviceCall(b, 'POST', `Tasks/${taskId}/Finish`);

    expect(await stored()).toEqual({ sites: 1_510, readings: 1_510, pictureRefs: 20, files: 20 });
    expect(await readPictures(b, secondSites.slice(0, 10))).toEqual(secondPictures);
  }, 120_000);
});
