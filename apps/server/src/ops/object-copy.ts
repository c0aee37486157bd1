/**
 * The objects half of backup and restore, on the storage interface (core/storage): a backup copies
 * every stored object to DIR/objects/<key> and lists its size and sha256 in objects.ndjson; a
 * restore puts each back into an empty store and reads it back to check its sha256, removing what
 * it wrote if anything fails.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { ObjectNotFoundError, type ObjectInfo, type ObjectStore } from '../core/storage/object-store.ts';
import {
  OBJECTS_LIST_FILE,
  objectPath,
  readObjectEntries,
  type BackupManifest,
  type ObjectEntry,
} from './backup-manifest.ts';
import { OpsError } from './command-database.ts';
import { writeHashedFile } from './database-dump.ts';
import { hashFile } from './backup-manifest.ts';
import { counter, type Progress } from './progress.ts';

/** DATA_DIR entries that are the server's own state, not stored objects: never copied. */
const NOT_OBJECTS = new Set(['pg', 'pg-password', 'logs']);

/**
 * Every stored object. On local disk the store's root is DATA_DIR, which also holds the embedded
 * PostgreSQL's files and the logs, so only its other top-level directories are walked.
 */
export async function* listObjects(store: ObjectStore, dataDir: string): AsyncGenerator<ObjectInfo> {
  if (store.kind !== 'local') {
    yield* store.list('');
    return;
  }
  const entries = await fs.readdir(dataDir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isDirectory() && !NOT_OBJECTS.has(entry.name)) yield* store.list(`${entry.name}/`);
  }
}

/** Objects copied at once: a bucket answers each request after a round trip, so one at a time is slow. */
const OBJECTS_AT_ONCE = 4;

/**
 * Runs `work` on each item, at most OBJECTS_AT_ONCE at a time. On the first failure it takes no
 * more items, waits for those under way (so a clean-up after it sees them all) and throws it.
 */
export async function forEachObject<T>(
  items: AsyncIterable<T>,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  for await (const item of items) {
    if (failure) break;
    const task: Promise<void> = work(item)
      .catch((error: unknown) => void (failure ??= { error }))
      .finally(() => running.delete(task));
    running.add(task);
    if (running.size >= OBJECTS_AT_ONCE) await Promise.race(running);
  }
  await Promise.all(running);
  if (failure) throw failure.error;
}

/** sha256 and size of a stored object, read back from the store. */
export async function hashObject(store: ObjectStore, key: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of await store.openRead(key)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Puts `source` under `key`, then reads it back: its sha256 and size must be `expected`. */
export async function putVerified(
  store: ObjectStore,
  key: string,
  source: AsyncIterable<Buffer>,
  expected: { sha256: string; size: number },
): Promise<void> {
  const sent = await store.put(key, source);
  const stored = await hashObject(store, key);
  for (const [what, got] of [
    ['sent', sent],
    ['read back', stored],
  ] as const) {
    if (got.sha256 !== expected.sha256 || got.size !== expected.size) {
      throw new OpsError(
        `object ${key}: ${what} sha256 ${got.sha256} (${got.size} bytes), expected ${expected.sha256} (${expected.size} bytes)`,
      );
    }
  }
}

export async function backupObjects(
  store: ObjectStore,
  dataDir: string,
  dir: string,
  progress: Progress,
): Promise<BackupManifest['objects']> {
  const listFile = path.join(dir, OBJECTS_LIST_FILE);
  const list = createWriteStream(listFile, { flags: 'wx', mode: 0o600 });
  const copied = counter(progress, 'objects copied');
  try {
    await forEachObject(listObjects(store, dataDir), async (object) => {
      const target = objectPath(dir, object.key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      let written;
      try {
        written = await writeHashedFile(target, await store.openRead(object.key));
      } catch (error) {
        // Removed by the server between the listing and the copy: not part of the backup.
        if (!(error instanceof ObjectNotFoundError)) throw error;
        await fs.rm(target, { force: true });
        progress.warn(`object ${object.key} was removed while the backup ran; left out`);
        return;
      }
      const entry: ObjectEntry = { key: object.key, size: written.bytes, sha256: written.sha256 };
      if (!list.write(`${JSON.stringify(entry)}\n`))
        await new Promise<void>((resolve) => list.once('drain', () => resolve()));
      copied.add(written.bytes, object.key);
    });
  } finally {
    list.end();
    await finished(list);
  }
  copied.done();
  const { sha256, bytes } = await hashFile(listFile);
  return { file: OBJECTS_LIST_FILE, count: copied.count, bytes, sha256, totalBytes: copied.bytes };
}

/** Throws, naming a few keys, unless the store holds no object. */
export async function checkStoreEmpty(
  store: ObjectStore,
  dataDir: string,
  description: string,
): Promise<void> {
  const found: string[] = [];
  for await (const object of listObjects(store, dataDir)) {
    found.push(object.key);
    if (found.length === 5) break;
  }
  if (found.length > 0) {
    throw new OpsError(
      `the target object store (${description}) is not empty: it holds ${found.join(', ')}${found.length === 5 ? ' and more' : ''}. ` +
        'A restore writes only into an empty store',
    );
  }
}

/**
 * Puts every object of the backup into the store and checks each. Returns the keys written, for
 * the caller to remove should the database part fail; removes them itself if this part fails.
 */
export async function restoreObjects(store: ObjectStore, dir: string, progress: Progress): Promise<string[]> {
  const written: string[] = [];
  const restored = counter(progress, 'objects restored');
  try {
    await forEachObject(readObjectEntries(dir), async (entry) => {
      written.push(entry.key);
      await putVerified(store, entry.key, createReadStream(objectPath(dir, entry.key)), entry);
      restored.add(entry.size, entry.key);
    });
  } catch (error) {
    await removeObjects(store, written, progress);
    throw error;
  }
  restored.done();
  return written;
}

export async function removeObjects(store: ObjectStore, keys: string[], progress: Progress): Promise<void> {
  if (keys.length === 0) return;
  progress.step(`removing the ${keys.length} objects this restore wrote`);
  for (let start = 0; start < keys.length; start += 500) {
    await store.remove(keys.slice(start, start + 500)).catch((error: unknown) => {
      progress.warn(`could not remove objects this restore wrote: ${String(error)}`);
    });
  }
}
