/**
 * Benchmark (issue 31, speed): a robot's 100 MB upload (tus, `/api/device/v1/Files`) into a server
 * in S3 mode reaches at least half the throughput of the same upload into a server on local disk.
 *
 * Starts s3rver (design.md: the S3-speaking server of tests, files in a temp directory, in a process
 * of its own) and two
 * real servers (`src/server.ts` as `npm start` runs it, each on its own fresh embedded PostgreSQL
 * with the demo data): one on local disk, one with `S3_URL` set. Each gets a robot (device key);
 * the same 100 MB file of random bytes is uploaded with tus-js-client as a robot does (streamed
 * from disk, 16 MB PATCH requests), in rounds alternating between the two servers so a drift of
 * the shared machine hits both alike. Prints MB/s of each and the ratio (median of the rounds), and
 * two baselines of the bucket itself: the file put by our object store (multipart) and by one raw
 * aws-sdk PutObject. s3rver writes to disk in Node: when even the raw put is below half of local
 * disk, the store is the bottleneck, not the server.
 *
 *   npm run bench -- storage-upload
 *   UPLOAD_MB=200 UPLOAD_ROUNDS=3 npm run bench -- storage-upload
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { once } from 'node:events';
import { Upload } from 'tus-js-client';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { S3ObjectStore } from '../src/core/storage/s3-object-store.ts';
import { parseS3Url } from '../src/core/storage/s3-url.ts';
import { startBenchServer, stopChild, type BenchServer } from './support/bench-server.ts';
import { benchProject } from './support/bench-task.ts';

const MB = 1024 * 1024;
const SIZE = Number(process.env.UPLOAD_MB ?? 100) * MB;
const ROUNDS = Number(process.env.UPLOAD_ROUNDS ?? 3);
const CHUNK = 16 * MB;
const MIN_RATIO = 0.5;

async function writeRandomFile(file: string): Promise<void> {
  const out = createWriteStream(file);
  for (let written = 0; written < SIZE; written += MB) {
    if (!out.write(randomBytes(Math.min(MB, SIZE - written)))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** One upload as a robot sends it; answers the seconds it took. */
function upload(server: BenchServer, deviceKey: string, file: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const uploader = new Upload(createReadStream(file, { highWaterMark: MB }), {
      endpoint: `http://127.0.0.1:${server.port}/api/device/v1/Files`,
      uploadSize: SIZE,
      chunkSize: CHUNK,
      retryDelays: [],
      headers: { authorization: `Device ${deviceKey}` },
      metadata: { filename: 'scan.bin', kind: 'other' },
      onSuccess: () => resolve((performance.now() - started) / 1000),
      onError: reject,
    });
    uploader.start();
  });
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;

/** s3rver in its own process (support/s3-server-child.ts), as an S3 store is a service of its own. */
async function startS3Process() {
  const script = fileURLToPath(new URL('./support/s3-server-child.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = await once(createInterface({ input: child.stdout }), 'line');
  return { s3Url: (JSON.parse(String(line)) as { s3Url: string }).s3Url, stop: () => stopChild(child) };
}

const s3 = await startS3Process();
const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-bench-upload-'));
const file = path.join(tempDir, 'scan.bin');
let local: BenchServer | undefined;
let bucket: BenchServer | undefined;
let exitCode: number;
try {
  await writeRandomFile(file);
  local = await startBenchServer('upload-local', { JOBS: 'false' });
  bucket = await startBenchServer('upload-s3', { JOBS: 'false', S3_URL: s3.s3Url });
  const robots = await Promise.all(
    [local, bucket].map(async (server) => {
      const { deviceKey } = await benchProject(server, await server.signIn(), '上传压测', 2);
      return { server, deviceKey };
    }),
  );
  const speeds: Record<'local' | 's3' | 'direct' | 'raw', number[]> = {
    local: [],
    s3: [],
    direct: [],
    raw: [],
  };
  // The store's own ceiling: the same file put straight into the bucket by the object store (SDK
  // multipart upload), no HTTP upload and no tus in between.
  const location = parseS3Url(s3.s3Url);
  if (typeof location === 'string') throw new Error(location);
  const direct = new S3ObjectStore(location);
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
    for (const index of order) {
      const robot = robots[index]!;
      const seconds = await upload(robot.server, robot.deviceKey, file);
      speeds[index === 0 ? 'local' : 's3'].push(SIZE / MB / seconds);
    }
    const started = performance.now();
    await direct.put(`bench/${round}.bin`, createReadStream(file, { highWaterMark: MB }));
    speeds.direct.push(SIZE / MB / ((performance.now() - started) / 1000));
    // s3rver's raw ceiling: one PutObject of the whole file (no multipart, nothing of ours).
    const raw = performance.now();
    await direct.client.send(
      new PutObjectCommand({
        Bucket: location.bucket,
        Key: `bench/raw-${round}.bin`,
        Body: createReadStream(file, { highWaterMark: MB }),
        ContentLength: SIZE,
      }),
    );
    speeds.raw.push(SIZE / MB / ((performance.now() - raw) / 1000));
  }
  const localSpeed = median(speeds.local);
  const s3Speed = median(speeds.s3);
  const ratio = s3Speed / localSpeed;
  const show = (values: number[]) => values.map((value) => `${value.toFixed(1)}`).join(', ');
  console.log(`${SIZE / MB} MB through tus (${CHUNK / MB} MB requests), ${ROUNDS} rounds:`);
  console.log(`  local disk: ${localSpeed.toFixed(1)} MB/s (rounds: ${show(speeds.local)})`);
  console.log(`  S3 (s3rver): ${s3Speed.toFixed(1)} MB/s (rounds: ${show(speeds.s3)})`);
  console.log(
    `  the bucket's own ceiling, the file put straight into it: ${median(speeds.direct).toFixed(1)} MB/s ` +
      `(rounds: ${show(speeds.direct)}); tus into S3 reaches ${(s3Speed / median(speeds.direct)).toFixed(2)} of it`,
  );
  const rawSpeed = median(speeds.raw);
  console.log(
    `  s3rver's raw PutObject (one request, aws-sdk): ${rawSpeed.toFixed(1)} MB/s (rounds: ${show(speeds.raw)})`,
  );
  console.log(`  ratio S3 / local: ${ratio.toFixed(2)} (goal >= ${MIN_RATIO})`);
  console.log(
    `  ratio S3 / s3rver's raw PutObject: ${(s3Speed / rawSpeed).toFixed(2)}; ` +
      `raw PutObject / local: ${(rawSpeed / localSpeed).toFixed(2)} (below ${MIN_RATIO}: the store is the bottleneck)`,
  );
  exitCode = ratio >= MIN_RATIO ? 0 : 1;
  if (exitCode) console.error('storage-upload: goal missed');
} finally {
  await local?.stop();
  await bucket?.stop();
  await s3.stop();
  await fs.rm(tempDir, { recursive: true, force: true });
}
process.exit(exitCode);
