import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRange, sendRangedFile } from './http-range.ts';
import { LocalObjectStore } from './storage/local-object-store.ts';
import type { ByteSpan } from './storage/object-store.ts';

describe('parseRange', () => {
  it('reads first-last, open-ended and suffix ranges', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange(' BYTES = 1 - 2 ', 100)).toEqual({ start: 1, end: 2 });
  });

  it('answers unsatisfiable beyond the end, for an empty suffix and on an empty file', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=200-300', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-5', 0)).toBe('unsatisfiable');
  });

  it('ignores missing, malformed, other units and multiple ranges', () => {
    for (const header of [
      undefined,
      '',
      'bytes=',
      'bytes=-',
      'bytes=5-1',
      'items=0-1',
      'bytes=0-1,5-6',
      'bytes=a-b',
    ]) {
      expect(parseRange(header, 100), String(header)).toBeNull();
    }
    expect(parseRange(`bytes=0-${'9'.repeat(30)}`, 100)).toBeNull();
  });
});

describe('sendRangedFile', () => {
  const data = Buffer.from('0123456789abcdefghij');
  const etag = '"v1"';
  const app = Fastify();
  let dir = '';
  let store: LocalObjectStore;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ranged-'));
    store = new LocalObjectStore(dir);
    await writeFile(path.join(dir, 'package.bin'), data);
    app.get('/:name', async (request, reply) => {
      const { name } = request.params as { name: string };
      const file = {
        open: (span: ByteSpan) => store.openRead(name, span),
        size: data.length,
        etag,
        fileName: '更新包.bin',
      };
      await sendRangedFile(request, reply, file, () => Object.assign(new Error('gone'), { statusCode: 404 }));
      return reply;
    });
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });
  const get = (headers: Record<string, string> = {}, name = 'package.bin') =>
    app.inject({ method: 'GET', url: `/${name}`, headers });

  it('sends the whole file, then one range as 206', async () => {
    const whole = await get();
    expect([whole.statusCode, whole.body]).toEqual([200, data.toString()]);
    expect(whole.headers).toMatchObject({
      'accept-ranges': 'bytes',
      etag,
      'content-length': String(data.length),
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename="___.bin"; filename*=UTF-8''${encodeURIComponent('更新包.bin')}`,
      'cache-control': 'private, no-store',
    });
    const part = await get({ range: 'bytes=2-4' });
    expect([part.statusCode, part.body, part.headers['content-range']]).toEqual([206, '234', 'bytes 2-4/20']);
    expect(part.headers['content-length']).toBe('3');
  });

  it('honours If-Range only with the same ETag, and answers 416 beyond the end', async () => {
    expect((await get({ range: 'bytes=-3', 'if-range': etag })).body).toBe('hij');
    const changed = await get({ range: 'bytes=-3', 'if-range': '"v0"' });
    expect([changed.statusCode, changed.body]).toEqual([200, data.toString()]);
    const beyond = await get({ range: 'bytes=20-' });
    expect([beyond.statusCode, beyond.body, beyond.headers['content-range']]).toEqual([
      416,
      '',
      'bytes */20',
    ]);
  });

  it("answers the caller's error when the file is gone from disk", async () => {
    expect((await get({}, 'missing.bin')).statusCode).toBe(404);
  });
});
