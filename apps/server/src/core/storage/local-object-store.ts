import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertKey, isTemporaryKey, metered, ObjectNotFoundError, temporaryKeyOf } from './object-store.ts';
import type { ByteSpan, ObjectInfo, ObjectSource, ObjectStat, PutLimits, PutResult } from './object-store.ts';
import type { ObjectStore, StagedObject } from './object-store.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Objects as files under one root directory (DATA_DIR): the key is the path below it, so data
 * written before the store existed stays readable. Writes go to a temp file beside the target,
 * fsync, rename, fsync of the directory: a crash leaves the old file or the new one, never half.
 */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local';

  constructor(readonly root: string) {}

  /** The file of a key (for stores that must work on files: the tus file store). */
  pathOf(key: string): string {
    assertKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, source: ObjectSource, limits?: PutLimits): Promise<PutResult> {
    const staged = await this.stage(key, source, limits);
    await staged.publish();
    return { size: staged.size, sha256: staged.sha256 };
  }

  async stage(key: string, source: ObjectSource, limits: PutLimits = {}): Promise<StagedObject> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const tempKey = temporaryKeyOf(key, randomBytes(6).toString('hex'));
    const tempFile = path.join(path.dirname(target), tempKey.slice(tempKey.lastIndexOf('/') + 1));
    const handle = await fs.open(tempFile, 'wx', 0o640);
    const { chunks, result } = metered(source, limits);
    try {
      for await (const chunk of chunks) {
        let written = 0;
        while (written < chunk.length)
          written += (await handle.write(chunk, written, chunk.length - written)).bytesWritten;
      }
      await handle.sync();
    } catch (error) {
      await handle.close();
      await fs.rm(tempFile, { force: true });
      throw error;
    }
    await handle.close();
    let published = false;
    return {
      key,
      ...result(),
      publish: async () => {
        try {
          await fs.rename(tempFile, target);
        } catch (error) {
          await fs.rm(tempFile, { force: true });
          throw error;
        }
        published = true;
        await syncDirectory(path.dirname(target));
      },
      discard: async () => {
        await fs.rm(published ? target : tempFile, { force: true });
      },
    };
  }

  async openRead(key: string, range?: ByteSpan): Promise<Readable> {
    const file = this.pathOf(key);
    // Opened first so a missing file fails here, not later on the stream.
    const handle = await fs.open(file, 'r').catch((error: unknown) => {
      throw isMissing(error) ? new ObjectNotFoundError(key) : error;
    });
    return createReadStream('', { fd: handle, start: range?.start, end: range?.end });
  }

  async read(key: string): Promise<Buffer> {
    return fs.readFile(this.pathOf(key)).catch((error: unknown) => {
      throw isMissing(error) ? new ObjectNotFoundError(key) : error;
    });
  }

  async stat(key: string): Promise<ObjectStat | undefined> {
    const found = await fs.stat(this.pathOf(key)).catch((error: unknown) => {
      if (isMissing(error)) return undefined;
      throw error;
    });
    return found?.isFile() ? { size: found.size, modifiedAt: found.mtime } : undefined;
  }

  async copy(from: string, to: string): Promise<void> {
    await this.put(to, await this.openRead(from));
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => fs.rm(this.pathOf(key), { force: true })));
  }

  async *list(prefix: string, options: { temporaries?: boolean } = {}): AsyncIterable<ObjectInfo> {
    // The deepest directory the prefix names whole; everything below it is walked.
    const base = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    if (base) assertKey(base.slice(0, -1));
    const directory = path.join(this.root, ...base.split('/').filter(Boolean));
    let names: string[];
    try {
      names = await fs.readdir(directory, { recursive: true });
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return;
      throw error;
    }
    for (const name of names.sort()) {
      const key = base + name.split(path.sep).join('/');
      if (!key.startsWith(prefix) || (!options.temporaries && isTemporaryKey(key))) continue;
      const found = await fs.stat(path.join(directory, name)).catch(() => undefined);
      if (found?.isFile()) yield { key, size: found.size, modifiedAt: found.mtime };
    }
  }

  async withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T> {
    if (!(await this.stat(key))) throw new ObjectNotFoundError(key);
    return fn(this.pathOf(key));
  }

  async check(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
  }
}

async function syncDirectory(directory: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(directory, 'r');
    await handle.sync();
  } catch {
    // Some file systems cannot fsync a directory; the rename itself is still atomic.
  } finally {
    await handle?.close();
  }
}
