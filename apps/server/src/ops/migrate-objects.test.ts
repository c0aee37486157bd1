/**
 * storage:migrate against s3rver: a DATA_DIR's objects land in the bucket, each read back and
 * checked; a re-run copies nothing; an object that differs in the bucket is copied again. The
 * server's own state under DATA_DIR (pg/, logs/, pg-password) never goes to the bucket.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { createObjectStore } from '../core/storage/create-object-store.ts';
import { LocalObjectStore } from '../core/storage/local-object-store.ts';
import type { ObjectStore } from '../core/storage/object-store.ts';
import { parseS3Url, type S3Location } from '../core/storage/s3-url.ts';
import { migrateObjects } from './migrate-objects.ts';
import { hashObject } from './object-copy.ts';
import { silentProgress } from './progress.ts';

let s3: TestS3Server;
let dataDir: string;
let bucket: ObjectStore;

const files: Record<string, Buffer> = {
  'uploads/house-maps/6f1c2f0e-8a43-4c71-9d38-0b1f3c1f7a10.png': randomBytes(6_445),
  'uploads/device-files/scan-1': randomBytes(5 * 1024 * 1024 + 3),
  'reports/0d6a1c7e-2b1f-4a57-8f0e-3c9a2d4b5e61.pdf': Buffer.from('%PDF-1.7 report'),
  'exports/data-pool/a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d.xlsx': Buffer.alloc(0),
};
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function bucketHashes(): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for await (const { key } of bucket.list('')) result[key] = (await hashObject(bucket, key)).sha256;
  return result;
}

const migrate = () =>
  migrateObjects({
    source: new LocalObjectStore(dataDir),
    target: bucket,
    dataDir,
    progress: silentProgress,
  });

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = createObjectStore({ dataDir: '/nonexistent', s3: parseS3Url(s3.s3Url) as S3Location });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-migrate-test-'));
  const local = new LocalObjectStore(dataDir);
  for (const [key, data] of Object.entries(files)) await local.put(key, data);
  await fs.mkdir(path.join(dataDir, 'pg'));
  await fs.writeFile(path.join(dataDir, 'pg', 'PG_VERSION'), '18\n');
  await fs.writeFile(path.join(dataDir, 'pg-password'), 'secret\n');
  await fs.mkdir(path.join(dataDir, 'logs'));
  await fs.writeFile(path.join(dataDir, 'logs', 'server.log'), '{}\n');
}, 60_000);

afterAll(async () => {
  await s3?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('storage:migrate', () => {
  it('copies every object of DATA_DIR into the bucket with its sha256, and nothing else', async () => {
    expect(await migrate()).toEqual({
      copied: 4,
      skipped: 0,
      bytes: Object.values(files).reduce((sum, data) => sum + data.length, 0),
    });
    expect(await bucketHashes()).toEqual(
      Object.fromEntries(Object.entries(files).map(([key, data]) => [key, sha256(data)])),
    );
  });

  it('a re-run copies nothing; an object that differs in the bucket is copied again', async () => {
    expect(await migrate()).toEqual({ copied: 0, skipped: 4, bytes: 0 });
    const key = 'reports/0d6a1c7e-2b1f-4a57-8f0e-3c9a2d4b5e61.pdf';
    await bucket.put(key, Buffer.from('%PDF-1.7 other'));
    expect(await migrate()).toEqual({ copied: 1, skipped: 3, bytes: files[key]?.length });
    expect((await bucketHashes())[key]).toBe(sha256(files[key] as Buffer));
  });

  it('refuses to run without S3_URL', async () => {
    await expect(
      migrateObjects({
        source: new LocalObjectStore(dataDir),
        target: new LocalObjectStore(dataDir),
        dataDir,
        progress: silentProgress,
      }),
    ).rejects.toThrow('S3_URL is not set: there is no bucket to copy DATA_DIR into');
  });
});
