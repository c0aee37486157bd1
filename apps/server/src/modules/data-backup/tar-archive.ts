/**
 * The few parts of POSIX tar (ustar) that backup archives use: regular files only, sizes known before
 * the bytes, names split into prefix and name. Written and read as streams, so a 2 GB point cloud is
 * never held in memory. No dependency is needed for this much (checked: no maintained tar library is
 * a direct dependency of the server).
 */
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

function splitName(path: string): { name: string; prefix: string } {
  if (Buffer.byteLength(path) <= 100) return { name: path, prefix: '' };
  for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
    const prefix = path.slice(0, slash);
    const name = path.slice(slash + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100) return { name, prefix };
  }
  throw new Error(`tar entry name too long: ${path}`);
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function checksumOf(header: Buffer): number {
  let sum = 0;
  for (let index = 0; index < BLOCK; index++) sum += index >= 148 && index < 156 ? 32 : (header[index] ?? 0);
  return sum;
}

/** The 512-byte header of a regular file. */
export function tarHeader(path: string, size: number, modifiedAt = new Date()): Buffer {
  if (!Number.isSafeInteger(size) || size < 0 || size > TAR_MAX_ENTRY_BYTES)
    throw new Error(`tar entry size out of range: ${size}`);
  const { name, prefix } = splitName(path);
  const header = Buffer.alloc(BLOCK);
  header.write(name, 0, 100, 'utf8');
  header.write(octal(0o644, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(Math.floor(modifiedAt.getTime() / 1000), 12), 136, 'ascii');
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  header.write(octal(checksumOf(header), 7) + ' ', 148, 'ascii');
  return header;
}

/** Zero bytes that fill an entry of `size` bytes up to a whole block. */
export const tarPadding = (size: number): Buffer => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The end of an archive: two zero blocks. */
export const tarEnd = (): Buffer => Buffer.alloc(BLOCK * 2);

/** One entry while it is read: its bytes must be consumed (or skipped) before the next entry. */
export interface TarEntry {
  path: string;
  size: number;
  body: AsyncIterable<Buffer>;
}

/** Reads exact byte counts from a stream of chunks. */
class ChunkReader {
  private pending: Buffer = Buffer.alloc(0);
  private readonly iterator: AsyncIterator<Buffer | Uint8Array>;
  constructor(source: AsyncIterable<Buffer | Uint8Array>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  private async fill(): Promise<boolean> {
    const next = await this.iterator.next();
    if (next.done) return false;
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    return true;
  }

  /** Stops reading the source (its stream is closed). */
  async close(): Promise<void> {
    await this.iterator.return?.();
  }

  async exactly(count: number): Promise<Buffer> {
    while (this.pending.length < count) if (!(await this.fill())) throw new DamagedArchiveError('truncated');
    const out = this.pending.subarray(0, count);
    this.pending = this.pending.subarray(count);
    return out;
  }

  /** `count` bytes as chunks as they arrive. */
  async *chunks(count: number): AsyncGenerator<Buffer> {
    let left = count;
    while (left > 0) {
      if (this.pending.length === 0 && !(await this.fill())) throw new DamagedArchiveError('truncated');
      const take = Math.min(left, this.pending.length);
      const out = this.pending.subarray(0, take);
      this.pending = this.pending.subarray(take);
      left -= take;
      yield out;
    }
  }
}

const text = (header: Buffer, start: number, length: number) => {
  const field = header.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
};

/**
 * The entries of a tar stream, in order; throws DamagedArchiveError when the stream ends early, a
 * header's checksum is wrong or the end blocks are missing. An unread body is skipped.
 */
export async function* readTar(source: AsyncIterable<Buffer | Uint8Array>): AsyncGenerator<TarEntry> {
  const reader = new ChunkReader(source);
  try {
    yield* entries(reader);
  } finally {
    await reader.close();
  }
}

async function* entries(reader: ChunkReader): AsyncGenerator<TarEntry> {
  for (;;) {
    const header = await reader.exactly(BLOCK);
    if (header.every((byte) => byte === 0)) {
      await reader.exactly(BLOCK);
      return;
    }
    const stored = Number.parseInt(text(header, 148, 8).trim(), 8);
    if (stored !== checksumOf(header)) throw new DamagedArchiveError('header checksum');
    const size = Number.parseInt(text(header, 124, 12).trim() || '0', 8);
    if (!Number.isSafeInteger(size) || size < 0) throw new DamagedArchiveError('entry size');
    const prefix = text(header, 345, 155);
    const name = text(header, 0, 100);
    const body = reader.chunks(size);
    // A consumer that stops early (break) must not close the body: the rest is skipped below.
    const view: AsyncIterator<Buffer> = {
      next: () => body.next(),
      return: async () => ({ done: true, value: undefined }),
    };
    yield { path: prefix ? `${prefix}/${name}` : name, size, body: { [Symbol.asyncIterator]: () => view } };
    while (!(await body.next()).done);
    await reader.exactly((BLOCK - (size % BLOCK)) % BLOCK);
  }
}
