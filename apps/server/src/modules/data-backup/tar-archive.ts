/**
 * Backup archives as tar streams, written and read with the maintained `tar-stream` package (regular
 * files only). Entries stream through, so a 2 GB point cloud is never held in memory; what this file
 * adds is the mapping of tar-stream's errors to DamagedArchiveError and the check for the end blocks.
 */
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { extract, pack, type Pack } from 'tar-stream';

const BLOCK = 512;
/** 11 octal digits: the largest size a ustar header holds. */
export const TAR_MAX_ENTRY_BYTES = 8 ** 11 - 1;

/** Thrown for an archive that is not what a backup wrote (cut short, bad header checksum). */
export class DamagedArchiveError extends Error {
  override name = 'DamagedArchiveError';
  constructor(readonly reason: string) {
    super(`damaged backup archive: ${reason}`);
  }
}

/** One entry to write: its bytes (a buffer, or chunks adding up to exactly `size`). */
export interface TarSource {
  path: string;
  size: number;
  body: Buffer | AsyncIterable<Buffer>;
}

/**
 * Writes one entry. `closed` rejects once the archive is destroyed (its reader stopped), which
 * never drains: it ends the waits. One such promise serves every entry of the archive (a listener
 * per entry on the archive would pile up: 10 and more entries warned MaxListenersExceeded).
 */
async function packEntry(
  packer: Pack,
  entry: TarSource,
  modifiedAt: Date,
  closed: Promise<never>,
): Promise<void> {
  if (!Number.isSafeInteger(entry.size) || entry.size < 0 || entry.size > TAR_MAX_ENTRY_BYTES)
    throw new Error(`tar entry size out of range: ${entry.size}`);
  const header = {
    name: entry.path,
    size: entry.size,
    mode: 0o644,
    mtime: modifiedAt,
    type: 'file' as const,
  };
  let sink: ReturnType<Pack['entry']> | undefined;
  const written = new Promise<void>((resolve, reject) => {
    const done = (error?: Error | null) => (error ? reject(error) : resolve());
    sink = Buffer.isBuffer(entry.body) ? packer.entry(header, entry.body, done) : packer.entry(header, done);
  });
  if (!Buffer.isBuffer(entry.body) && sink) {
    for await (const chunk of entry.body) {
      if (!sink.write(chunk)) await Promise.race([once(sink, 'drain'), written, closed]);
    }
    sink.end(undefined);
  }
  await Promise.race([written, closed]);
}

/**
 * The bytes of a tar archive of `entries`, in order, ending with the end blocks. An entry's error (or
 * a body that is not its size) fails the archive; a reader that stops early stops the writing.
 */
export async function* writeTar(
  entries: AsyncIterable<TarSource> | Iterable<TarSource>,
  modifiedAt = new Date(),
): AsyncGenerator<Buffer> {
  const packer = pack();
  const closed = once(packer, 'close').then((): never => {
    throw new Error('tar archive closed');
  });
  closed.catch(() => undefined);
  const writing = (async () => {
    for await (const entry of entries) await packEntry(packer, entry, modifiedAt, closed);
    packer.finalize();
  })().catch((error: unknown) => {
    packer.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  try {
    for await (const chunk of packer) yield chunk as Buffer;
  } finally {
    packer.destroy();
    await writing;
  }
}

/** One entry while it is read: its bytes must be consumed (or skipped) before the next entry. */
export interface TarEntry {
  path: string;
  size: number;
  body: AsyncIterable<Buffer>;
}

/** tar-stream's messages for a cut stream and a bad header, as the reasons a restore reports. */
function damaged(error: unknown): unknown {
  if (error instanceof DamagedArchiveError || !(error instanceof Error)) return error;
  if (/unexpected end of data/i.test(error.message)) return new DamagedArchiveError('truncated');
  if (/invalid tar header|invalid header|header exceeds/i.test(error.message))
    return new DamagedArchiveError('header checksum');
  return error;
}

/**
 * The entries of a tar stream, in order; throws DamagedArchiveError when the stream ends early, a
 * header's checksum is wrong, an entry is not a regular file or the end blocks are missing. An unread
 * body is skipped.
 */
export async function* readTar(source: AsyncIterable<Buffer | Uint8Array>): AsyncGenerator<TarEntry> {
  let received = 0;
  /** Where the archive's last entry ends (its padding included): the end blocks follow. */
  let entriesEnd = 0;
  const input = Readable.from(source, { objectMode: false });
  input.on('data', (chunk: Buffer) => {
    received += chunk.length;
  });
  const reader = extract();
  input.on('error', (error) => reader.destroy(error));
  input.pipe(reader);
  try {
    for await (const stream of reader) {
      const { header } = stream;
      if (header.type !== 'file') throw new DamagedArchiveError('entry type');
      const size = header.size ?? 0;
      const offset = (header as { byteOffset?: number }).byteOffset ?? 0;
      entriesEnd = offset + size + ((BLOCK - (size % BLOCK)) % BLOCK);
      const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      let read = 0;
      const next = async () => {
        const result = await chunks.next().catch((error: unknown) => {
          throw damaged(error);
        });
        if (!result.done) read += result.value.length;
        return result;
      };
      // A consumer that stops early (break) must not close the body: the rest is skipped below.
      const view: AsyncIterator<Buffer> = {
        next,
        return: async () => ({ done: true, value: undefined }),
      };
      yield { path: header.name, size, body: { [Symbol.asyncIterator]: () => view } };
      while (!(await next()).done);
      if (read !== size) throw new DamagedArchiveError('truncated');
    }
  } catch (error) {
    throw damaged(error);
  } finally {
    input.destroy();
    reader.destroy();
  }
  // tar-stream accepts a stream that ends between entries: the end blocks must follow the last one.
  if (received < entriesEnd + 2 * BLOCK) throw new DamagedArchiveError('truncated');
}
