import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { LocalObjectStore } from './local-object-store.ts';
import { ObjectNotFoundError, type ObjectStore } from './object-store.ts';
import { S3ObjectStore } from './s3-object-store.ts';
import { parseS3Url, type S3Location } from './s3-url.ts';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

async function* chunks(...parts: (string | Buffer)[]) {
  for (const part of parts) yield Buffer.from(part);
}

async function* failingAfter(part: string) {
  yield Buffer.from(part);
  throw new Error('client went away');
}

async function keysOf(store: ObjectStore, prefix: string, temporaries = false) {
  const keys: string[] = [];
  for await (const object of store.list(prefix, { temporaries })) keys.push(object.key);
  return keys.sort();
}

let s3: TestS3Server;
let directory = '';
beforeAll(async () => {
  s3 = await startS3Server();
  directory = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-objects-'));
});
afterAll(async () => {
  await s3?.stop();
  await fs.rm(directory, { recursive: true, force: true });
});

const location = () => parseS3Url(s3.s3Url) as S3Location;
const stores: [string, () => ObjectStore][] = [
  ['local disk', () => new LocalObjectStore(directory)],
  ['S3 (s3rver)', () => new S3ObjectStore(location())],
];

describe.each(stores)('ObjectStore on %s', (_name, makeStore) => {
  let store: ObjectStore;
  beforeAll(() => {
    store = makeStore();
  });

  it('puts from a buffer and a stream, with size and SHA-256, and reads back', async () => {
    expect(await store.put('a/one.bin', Buffer.from('hello'))).toEqual({ size: 5, sha256: sha256('hello') });
    expect(await store.put('a/two.bin', chunks('abc', 'def'))).toEqual({ size: 6, sha256: sha256('abcdef') });
    expect((await store.read('a/one.bin')).toString()).toBe('hello');
    expect(await text(await store.openRead('a/two.bin'))).toBe('abcdef');
    const stat = await store.stat('a/two.bin');
    expect(stat?.size).toBe(6);
    expect(Math.abs((stat?.modifiedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(await store.stat('a/none.bin')).toBeUndefined();
  });

  it('reads byte ranges (inclusive)', async () => {
    await store.put('ranges/file.bin', Buffer.from('0123456789'));
    expect(await text(await store.openRead('ranges/file.bin', { start: 2, end: 4 }))).toBe('234');
    expect(await text(await store.openRead('ranges/file.bin', { start: 9, end: 9 }))).toBe('9');
  });

  it('throws ObjectNotFoundError for a missing object', async () => {
    await expect(store.openRead('a/missing.bin')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(store.read('a/missing.bin')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(store.withLocalFile('a/missing.bin', async () => 1)).rejects.toBeInstanceOf(
      ObjectNotFoundError,
    );
  });

  it('leaves nothing under the key when the source fails or is too large, keeping an older object', async () => {
    await expect(store.put('atomic/new.bin', failingAfter('partial'))).rejects.toThrow('client went away');
    expect(await store.stat('atomic/new.bin')).toBeUndefined();
    await store.put('atomic/old.bin', Buffer.from('old'));
    const tooLarge = () => new Error('too large');
    await expect(
      store.put('atomic/old.bin', chunks('12345', '6789'), { maxBytes: 8, tooLarge }),
    ).rejects.toThrow('too large');
    expect((await store.read('atomic/old.bin')).toString()).toBe('old');
    expect(await keysOf(store, 'atomic/', true)).toEqual(['atomic/old.bin']);
  });

  it('stages: invisible until published, gone when discarded', async () => {
    const staged = await store.stage('staged/file.bin', chunks('ab', 'cd'));
    expect([staged.size, staged.sha256]).toEqual([4, sha256('abcd')]);
    expect(await store.stat('staged/file.bin')).toBeUndefined();
    expect(await keysOf(store, 'staged/')).toEqual([]);
    await staged.publish();
    expect((await store.read('staged/file.bin')).toString()).toBe('abcd');
    expect(await keysOf(store, 'staged/', true)).toEqual(['staged/file.bin']);
    await staged.discard();
    expect(await keysOf(store, 'staged/', true)).toEqual([]);

    const dropped = await store.stage('staged/dropped.bin', chunks('x'));
    await dropped.discard();
    expect(await keysOf(store, 'staged/', true)).toEqual([]);
  });

  it('lists by prefix, copies and removes (a missing key is no error)', async () => {
    await store.put('list/x/1.bin', Buffer.from('1'));
    await store.put('list/x/2.bin', Buffer.from('22'));
    await store.put('list/y.bin', Buffer.from('333'));
    const listed = [];
    for await (const object of store.list('list/x/')) listed.push([object.key, object.size]);
    expect(listed.sort()).toEqual([
      ['list/x/1.bin', 1],
      ['list/x/2.bin', 2],
    ]);
    expect(await keysOf(store, 'list/')).toEqual(['list/x/1.bin', 'list/x/2.bin', 'list/y.bin']);
    expect(await keysOf(store, 'nothing/')).toEqual([]);
    await store.copy('list/y.bin', 'list/z.bin');
    expect((await store.read('list/z.bin')).toString()).toBe('333');
    await store.remove(['list/x/1.bin', 'list/y.bin', 'list/never.bin']);
    expect(await keysOf(store, 'list/')).toEqual(['list/x/2.bin', 'list/z.bin']);
  });

  it('hands a real file to code that needs a path', async () => {
    await store.put('local/file.bin', Buffer.from('on disk'));
    let seen = '';
    const result = await store.withLocalFile('local/file.bin', async (file) => {
      seen = file;
      return (await fs.readFile(file, 'utf8')).toUpperCase();
    });
    expect(result).toBe('ON DISK');
    if (store.kind === 's3') await expect(fs.stat(seen)).rejects.toThrow();
    else expect(seen).toBe(path.join(directory, 'local', 'file.bin'));
  });

  it('refuses keys that are not relative paths', async () => {
    for (const key of ['../x', '/abs', 'a//b', 'a/../b', '.hidden', ''])
      await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow('not a storage key');
  });
});

describe('S3ObjectStore', () => {
  it('streams a multipart upload (over one part) whole', async () => {
    const store = new S3ObjectStore(location());
    const part = Buffer.alloc(3 * 1024 * 1024, 7);
    const result = await store.put('big/file.bin', chunks(part, part, part, 'end'));
    expect(result.size).toBe(part.length * 3 + 3);
    expect((await store.stat('big/file.bin'))?.size).toBe(result.size);
    const tail = await text(
      await store.openRead('big/file.bin', { start: result.size - 3, end: result.size - 1 }),
    );
    expect(tail).toBe('end');
  });

  it('gives a presigned GET URL that serves the object under its name', async () => {
    const store = new S3ObjectStore(location());
    await store.put('signed/file.bin', Buffer.from('signed'));
    const url = await store.presignedGetUrl('signed/file.bin', 'plan.bin', 60);
    const answer = await fetch(url);
    expect([answer.status, await answer.text()]).toEqual([200, 'signed']);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="plan.bin"');
  });

  it('check() names S3_URL for a wrong bucket, bad credentials and an unreachable store', async () => {
    await expect(new S3ObjectStore(location()).check()).resolves.toBeUndefined();
    await expect(new S3ObjectStore({ ...location(), bucket: 'no-such-bucket' }).check()).rejects.toThrow(
      /^S3_URL: .*no-such-bucket.*does not exist/,
    );
    // s3rver checks the key (not a V4 signature): an unknown key stands for bad credentials.
    await expect(new S3ObjectStore({ ...location(), accessKeyId: 'WRONG' }).check()).rejects.toThrow(
      /^S3_URL: .*access denied/,
    );
    await expect(
      new S3ObjectStore({ ...location(), endpoint: 'http://127.0.0.1:1' }).check(),
    ).rejects.toThrow(/^S3_URL: .*cannot be reached/);
  });
});
