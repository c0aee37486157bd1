import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDispositionOf } from '../file-reply.ts';
import {
  assertKey,
  type ByteSpan,
  isTemporaryKey,
  metered,
  type ObjectInfo,
  ObjectNotFoundError,
  type ObjectSource,
  type ObjectStat,
  type ObjectStore,
  type PutLimits,
  type PutResult,
  type StagedObject,
  temporaryKeyOf,
} from './object-store.ts';
import type { S3Location } from './s3-url.ts';

const PART_BYTES = 8 * 1024 * 1024;
const CHECK_TIMEOUT_MS = 5_000;

/** The store could not be used at start: the message names S3_URL and says why. */
export class StorageUnavailableError extends Error {}

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isNotFound = (error: unknown) =>
  statusOf(error) === 404 || ['NoSuchKey', 'NotFound'].includes((error as Error).name);

/**
 * Objects in an S3-compatible bucket (AWS S3, OSS, COS, MinIO, Ceph RGW), path-style. Puts go
 * through lib-storage's Upload (multipart above 8 MB, aborted on failure; S3 makes an object
 * visible only when complete); staged objects wait under a temporary key, then are copied over.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3';
  readonly client: S3Client;

  constructor(readonly location: S3Location) {
    // The SDK versions are pinned and allow Node 20; its notice about later versions (Node 22)
    // would only repeat at every start.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    this.client = new S3Client(s3ClientConfigOf(location));
  }

  private get bucket() {
    return this.location.bucket;
  }

  async put(key: string, source: ObjectSource, limits: PutLimits = {}): Promise<PutResult> {
    assertKey(key);
    const { chunks, result } = metered(source, limits);
    const body = Readable.from(chunks);
    // The source's own error (too large, a client gone) is the one to report, not the SDK's wrapper.
    let sourceError: unknown;
    body.on('error', (error) => (sourceError = error));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body },
      partSize: PART_BYTES,
      queueSize: 4,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      throw sourceError ?? error;
    }
    return result();
  }

  async stage(key: string, source: ObjectSource, limits?: PutLimits): Promise<StagedObject> {
    assertKey(key);
    const temporary = temporaryKeyOf(key, randomBytes(6).toString('hex'));
    const written = await this.put(temporary, source, limits);
    let published = false;
    return {
      key,
      ...written,
      publish: async () => {
        await this.copy(temporary, key);
        published = true;
        await this.remove([temporary]);
      },
      discard: async () => {
        await this.remove(published ? [key, temporary] : [temporary]);
      },
    };
  }

  async openRead(key: string, range?: ByteSpan): Promise<Readable> {
    assertKey(key);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return answer.Body as Readable;
    } catch (error) {
      throw isNotFound(error) ? new ObjectNotFoundError(key) : error;
    }
  }

  async read(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.openRead(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async stat(key: string): Promise<ObjectStat | undefined> {
    assertKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async copy(from: string, to: string): Promise<void> {
    assertKey(from);
    assertKey(to);
    try {
      await this.client.send(
        new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: `${this.bucket}/${from}` }),
      );
    } catch (error) {
      throw isNotFound(error) ? new ObjectNotFoundError(from) : error;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    keys.forEach(assertKey);
    for (let at = 0; at < keys.length; at += 1000) {
      const batch = keys.slice(at, at + 1000);
      const answer = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = (answer.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
      if (failed.length > 0)
        throw new Error(`could not remove ${failed.map((error) => error.Key).join(', ')}`);
    }
  }

  async *list(prefix: string, options: { temporaries?: boolean } = {}): AsyncIterable<ObjectInfo> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key || (!options.temporaries && isTemporaryKey(object.Key))) continue;
        yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async presignedGetUrl(key: string, fileName: string, seconds: number): Promise<string> {
    assertKey(key);
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentDisposition: contentDispositionOf(fileName),
      }),
      { expiresIn: seconds },
    );
  }

  async withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T> {
    const source = await this.openRead(key);
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-object-'));
    try {
      const file = path.join(directory, key.slice(key.lastIndexOf('/') + 1));
      await pipeline(source, createWriteStream(file, { mode: 0o600 }));
      return await fn(file);
    } finally {
      await fs.rm(directory, { recursive: true, force: true });
    }
  }

  async check(): Promise<void> {
    const where = `bucket "${this.bucket}" at ${this.location.endpoint}`;
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
        abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
    } catch (error) {
      const status = statusOf(error);
      const reason =
        status === 404
          ? 'the bucket does not exist'
          : status === 403 || status === 401
            ? 'access denied: check the key and secret'
            : status === 301
              ? 'the bucket is in another region: check ?region='
              : status
                ? `the store answered HTTP ${status}`
                : `the store cannot be reached (${(error as Error).message})`;
      throw new StorageUnavailableError(`S3_URL: cannot use the ${where}: ${reason}`);
    }
  }
}

/** The client settings for a location (also used by the tus S3 store). */
export function s3ClientConfigOf(location: S3Location): S3ClientConfig {
  return {
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: true,
    credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
    // Checksums only where S3 requires them: not every S3-compatible store knows the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  };
}
