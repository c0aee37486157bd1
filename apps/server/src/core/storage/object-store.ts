import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * The one storage interface for every file the product keeps or serves (plans, pictures, update
 * packages, device uploads, reports, exports). Objects are addressed by keys: relative paths such
 * as `uploads/house-maps/<uuid>.dxf` or `reports/<uuid>.pdf`. On local disk a key is the path under
 * DATA_DIR (today's layout), in S3 mode the object key in the bucket.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /**
   * Writes `source` under `key`, atomically: until it has been received whole nothing (not even a
   * part) is visible under the key, and a failing source leaves nothing behind. `maxBytes` is
   * checked while streaming (`tooLarge()` is thrown as soon as it is passed).
   */
  put(key: string, source: ObjectSource, limits?: PutLimits): Promise<PutResult>;
  /**
   * Receives `source` somewhere invisible under `key`; the caller checks the result (size, hash,
   * contents), then publishes it under the key or discards it.
   */
  stage(key: string, source: ObjectSource, limits?: PutLimits): Promise<StagedObject>;
  /** The bytes of `key` (or the inclusive byte range), streamed. Throws ObjectNotFoundError. */
  openRead(key: string, range?: ByteSpan): Promise<Readable>;
  /** The whole object in memory: only for small files (plans, pictures); never for device files. */
  read(key: string): Promise<Buffer>;
  stat(key: string): Promise<ObjectStat | undefined>;
  /** A copy of `from` under `to` (atomic, as put). */
  copy(from: string, to: string): Promise<void>;
  /** Removes objects; a missing one is not an error (the goal is that it is gone). */
  remove(keys: readonly string[]): Promise<void>;
  /**
   * Every object whose key starts with `prefix`, in no promised order. Temporaries of puts in
   * flight or left by a crash (see isTemporaryKey) only with `{ temporaries: true }`.
   */
  list(prefix: string, options?: { temporaries?: boolean }): AsyncIterable<ObjectInfo>;
  /** A URL that lets anyone GET the object for `seconds`, saved as `fileName` (S3 mode only). */
  presignedGetUrl?(key: string, fileName: string, seconds: number): Promise<string>;
  /**
   * Runs `fn` with a real file holding the object (for libraries that need a path: workers for DXF,
   * sharp, loaders.gl): on local disk the file itself, in S3 mode a temp copy removed afterwards.
   * `fn` must not change the file. Throws ObjectNotFoundError.
   */
  withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T>;
  /** Throws when the store cannot be used (S3: wrong bucket, bad credentials, unreachable). */
  check(): Promise<void>;
}

/** What put accepts: a buffer, a Readable or any async iterable of buffers. */
export type ObjectSource = Buffer | AsyncIterable<Buffer | Uint8Array>;

export interface PutLimits {
  maxBytes?: number;
  tooLarge?: () => Error;
}

export interface PutResult {
  size: number;
  /** Lower-case hex SHA-256 of the bytes written. */
  sha256: string;
}

export interface StagedObject extends PutResult {
  key: string;
  /** Makes the bytes visible under the key (atomic). */
  publish(): Promise<void>;
  /** Removes the staged bytes (and the object, if published); never fails on a missing one. */
  discard(): Promise<void>;
}

/** Inclusive byte positions, as in HTTP Range. */
export interface ByteSpan {
  start: number;
  end: number;
}

export interface ObjectStat {
  size: number;
  modifiedAt: Date;
}

export interface ObjectInfo extends ObjectStat {
  key: string;
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`no stored object ${key}`);
  }
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const TEMPORARY = /^\.[A-Za-z0-9._-]+\.tmp$/;

/**
 * Throws unless `key` is a relative path of plain segments (letters, digits, `._-`, none starting
 * with a dot but a temporary's name at the end): no `..`, no absolute path.
 */
export function assertKey(key: string): void {
  const segments = key.split('/');
  const last = segments.pop() ?? '';
  if (
    key.length > 512 ||
    !segments.every((segment) => SEGMENT.test(segment)) ||
    !(SEGMENT.test(last) || TEMPORARY.test(last))
  )
    throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}

/** Temporaries sit beside their key: `<dir>/.<name>.<random>.tmp`. */
export function temporaryKeyOf(key: string, random: string): string {
  const slash = key.lastIndexOf('/');
  return `${key.slice(0, slash + 1)}.${key.slice(slash + 1)}.${random}.tmp`;
}

/** Whether a listed key is a temporary of a put in flight (or left by a crash). */
export function isTemporaryKey(key: string): boolean {
  const name = key.slice(key.lastIndexOf('/') + 1);
  return name.startsWith('.') && name.endsWith('.tmp');
}

/**
 * The bytes of any source as buffers, counted and hashed on the way; `maxBytes` is checked per
 * chunk (`tooLarge()` is thrown as soon as it is passed). `result()` once the chunks are read.
 */
export function metered(source: ObjectSource, limits: PutLimits = {}) {
  const hash = createHash('sha256');
  let size = 0;
  async function* chunks(): AsyncGenerator<Buffer> {
    for await (const part of Buffer.isBuffer(source) ? [source] : source) {
      const chunk = Buffer.isBuffer(part) ? part : Buffer.from(part);
      size += chunk.length;
      if (limits.maxBytes !== undefined && size > limits.maxBytes)
        throw limits.tooLarge?.() ?? new Error(`more than ${limits.maxBytes} bytes`);
      hash.update(chunk);
      yield chunk;
    }
  }
  return { chunks: chunks(), result: (): PutResult => ({ size, sha256: hash.digest('hex') }) };
}
