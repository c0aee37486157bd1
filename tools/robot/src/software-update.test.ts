import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cuttingFetch } from './cut-connection.ts';
import { readInstalledVersion, runUpdate } from './software-update.ts';

/**
 * The update flow against a small stand-in of the device API (the real server's side is checked by
 * apps/server/test/robot-update.test.ts): what is asked, which ranges, what is reported.
 */
const PACKAGE = Buffer.from(Array.from({ length: 50_000 }, (_, index) => index % 251));
const SHA = createHash('sha256').update(PACKAGE).digest('hex');
const ID = '11111111-1111-4111-8111-111111111111';

let server: Server;
let base: string;
let declaredSha = SHA;
let ranges: (string | null)[] = [];
let reports: { Success: boolean; Message: string }[] = [];
let heartbeats: string[] = [];
let asked: (string | null)[] = [];
let dir: string;

const body = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString() || 'null') as Record<string, unknown>;
};
const envelope = (result: unknown) => JSON.stringify({ Code: 0, Message: 'ok', Result: result });

beforeAll(async () => {
  server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://x');
      if (request.headers.authorization !== 'Device good-key') {
        response.writeHead(401).end(JSON.stringify({ Code: 401, Message: 'key', Result: null }));
      } else if (url.pathname === '/api/device/v1/Updates') {
        asked.push(url.searchParams.get('Version'));
        const newer = url.searchParams.get('Version') !== '2.0.0';
        response.end(
          envelope(
            newer
              ? {
                  UpdateId: ID,
                  Version: '2.0.0',
                  Notes: '',
                  Size: PACKAGE.length,
                  Sha256: declaredSha,
                  DownloadUrl: `/api/device/v1/Updates/${ID}/File`,
                }
              : null,
          ),
        );
      } else if (url.pathname.endsWith('/File')) {
        const range = request.headers.range ?? null;
        ranges.push(range);
        const start = range ? Number(/bytes=(\d+)-/.exec(range)?.[1]) : 0;
        response.writeHead(range ? 206 : 200, {
          'content-length': PACKAGE.length - start,
          ...(range ? { 'content-range': `bytes ${start}-${PACKAGE.length - 1}/${PACKAGE.length}` } : {}),
        });
        response.end(PACKAGE.subarray(start));
      } else if (url.pathname.endsWith('/Result')) {
        reports.push((await body(request)) as { Success: boolean; Message: string });
        response.end(envelope(null));
      } else if (url.pathname.endsWith('/Heartbeat')) {
        heartbeats.push(String((await body(request)).SoftwareVersion));
        response.end(envelope({ ServerTime: new Date().toISOString(), NextHeartbeatMs: 5000 }));
      } else {
        response.writeHead(404).end(JSON.stringify({ Code: 404, Message: 'no', Result: null }));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(async () => {
  declaredSha = SHA;
  ranges = [];
  reports = [];
  heartbeats = [];
  asked = [];
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'robot-update-'));
});

const options = () => ({ server: base, key: 'good-key', dir, retryDelayMs: 5 });

describe('robot --update', () => {
  it('downloads, verifies, installs by rename, reports success and heartbeats the new version', async () => {
    const outcome = await runUpdate({ ...options(), version: '1.0.0' });
    expect(outcome).toMatchObject({
      state: 'installed',
      version: '2.0.0',
      downloads: [{ from: 0, status: 200 }],
    });
    expect(asked).toEqual(['1.0.0']);
    expect(await fs.readFile(path.join(dir, 'installed', '2.0.0.bin'))).toEqual(PACKAGE);
    expect(await readInstalledVersion(dir)).toBe('2.0.0');
    expect(await fs.readdir(path.join(dir, 'downloads'))).toEqual([]);
    expect(reports).toEqual([
      { Success: true, Message: `installed 2.0.0: ${PACKAGE.length} bytes, sha256 verified` },
    ]);
    expect(heartbeats).toEqual(['2.0.0']);
    // The next run asks with the installed version and finds nothing newer.
    expect(await runUpdate(options())).toEqual({ state: 'upToDate', version: '2.0.0' });
    expect(asked).toEqual(['1.0.0', '2.0.0']);
  });

  it('resumes a cut download with a Range from the bytes it has', async () => {
    const outcome = await runUpdate({ ...options(), fetch: cuttingFetch(20_000) });
    expect(ranges).toEqual([null, 'bytes=20000-']);
    expect(outcome).toMatchObject({
      state: 'installed',
      downloads: [{ from: 20_000, status: 206 }],
    });
    expect(await fs.readFile(path.join(dir, 'installed', '2.0.0.bin'))).toEqual(PACKAGE);
    expect(reports.map((report) => report.Success)).toEqual([true]);
  });

  it('keeps the partial file of a run that gave up, reports why, and the next run continues it', async () => {
    const first = await runUpdate({ ...options(), attempts: 2, fetch: cuttingFetch(10_000, 2) });
    expect(first).toMatchObject({ state: 'failed', installedFile: null });
    expect(ranges).toEqual([null, 'bytes=10000-']);
    expect(reports).toEqual([
      { Success: false, Message: 'install of 2.0.0 failed after 2 attempt(s): connection reset' },
    ]);
    // Each attempt got 10 000 more bytes before the cut.
    expect((await fs.stat(path.join(dir, 'downloads', `${ID}.part`))).size).toBe(20_000);
    expect(await readInstalledVersion(dir)).toBeUndefined();

    const second = await runUpdate(options());
    expect(second).toMatchObject({ state: 'installed', downloads: [{ from: 20_000, status: 206 }] });
    expect(ranges.at(-1)).toBe('bytes=20000-');
    expect(await fs.readFile(path.join(dir, 'installed', '2.0.0.bin'))).toEqual(PACKAGE);
  });

  it('refuses a package whose SHA-256 differs: retried whole, reported failed, nothing installed', async () => {
    declaredSha = 'a'.repeat(64);
    const outcome = await runUpdate({ ...options(), attempts: 3 });
    expect(outcome).toMatchObject({ state: 'failed', installedFile: null });
    // Each attempt downloads from scratch: a damaged file is not resumed.
    expect(ranges).toEqual([null, null, null]);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toEqual({
      Success: false,
      Message:
        `install of 2.0.0 failed after 3 attempt(s): sha256 mismatch: expected ${'a'.repeat(64)} ` +
        `(${PACKAGE.length} bytes), got ${SHA} (${PACKAGE.length} bytes)`,
    });
    expect(await fs.readdir(path.join(dir, 'installed'))).toEqual([]);
    expect(await fs.readdir(path.join(dir, 'downloads'))).toEqual([]);
    expect(heartbeats).toEqual([]);
  });

  it('stops at once on a refused key (no retries, nothing reported)', async () => {
    await expect(runUpdate({ ...options(), key: 'bad' })).rejects.toThrow(/401/);
    expect(reports).toEqual([]);
  });
});
