import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { FileStore } from './file-store.ts';
import { LocalObjectStore } from './storage/local-object-store.ts';

const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-file-store-'));
afterAll(async () => fs.rm(directory, { recursive: true, force: true }));

async function* chunks(...parts: string[]) {
  for (const part of parts) yield Buffer.from(part);
}

describe('FileStore.stage', () => {
  const store = new FileStore(new LocalObjectStore(directory), 'files', ['bin']);

  it('streams into a temp file with size and SHA-256, visible only once published', async () => {
    const staged = await store.stage(chunks('abc', 'def'), 'bin', {
      maxBytes: 10,
      tooLarge: () => new Error('big'),
    });
    expect(staged.size).toBe(6);
    expect(staged.sha256).toBe(createHash('sha256').update('abcdef').digest('hex'));
    expect((await store.list()).filter((name) => !name.endsWith('.tmp'))).toEqual([]);
    await staged.publish();
    expect(await store.list()).toEqual([staged.storedName]);
    expect((await store.read(staged.storedName)).toString()).toBe('abcdef');
    await staged.discard();
    expect(await store.list()).toEqual([]);
  });

  it('stops at the limit and when the source fails, leaving no file', async () => {
    await expect(
      store.stage(chunks('12345', '67890', 'x'), 'bin', { maxBytes: 10, tooLarge: () => new Error('big') }),
    ).rejects.toThrow('big');
    async function* broken() {
      yield Buffer.from('a');
      throw new Error('client went away');
    }
    await expect(
      store.stage(broken(), 'bin', { maxBytes: 10, tooLarge: () => new Error('big') }),
    ).rejects.toThrow('client went away');
    expect(await store.list()).toEqual([]);
  });
});
