import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/utils';
import { LocalObjectStore } from './local-object-store.ts';
import { assertKey, type ObjectStore } from './object-store.ts';
import { S3ObjectStore, s3ClientConfigOf } from './s3-object-store.ts';

/**
 * The tus data store (resumable uploads) that keeps a finished upload under `<prefix>/<upload id>`
 * of `store`, where the ObjectStore reads it: @tus/file-store in that directory on local disk,
 * @tus/s3-store in the bucket in S3 mode (upload ids stay bare; the prefix is added to every key
 * the S3 store sends and taken off every key it lists).
 */
export function tusDataStoreFor(
  store: ObjectStore,
  prefix: string,
  options: { expirationPeriodInMilliseconds: number },
): DataStore {
  assertKey(prefix);
  if (store instanceof LocalObjectStore)
    return new FileStore({ directory: store.pathOf(prefix), ...options });
  if (!(store instanceof S3ObjectStore)) throw new Error(`no tus store for a ${store.kind} store`);
  return new PrefixedS3Store(
    {
      s3ClientConfig: { bucket: store.location.bucket, ...s3ClientConfigOf(store.location) },
      // Expiry is read from the multipart uploads' start, not from object tags (not every store has them).
      useTags: false,
      ...options,
    },
    `${prefix}/`,
  );
}

class PrefixedS3Store extends S3Store {
  constructor(options: ConstructorParameters<typeof S3Store>[0], prefix: string) {
    super(options);
    addKeyPrefix(this.client, prefix);
  }
}

type Input = Record<string, unknown> & {
  Key?: string;
  Prefix?: string;
  KeyMarker?: string;
  Delete?: { Objects?: { Key?: string }[] };
};
type Output = Record<string, unknown> & { Uploads?: { Key?: string }[]; NextKeyMarker?: string };

function addKeyPrefix(client: S3Store['client'], prefix: string): void {
  const strip = (key: string | undefined) => (key?.startsWith(prefix) ? key.slice(prefix.length) : key);
  client.middlewareStack.add(
    (next) => async (args) => {
      const input = { ...(args.input as Input) };
      if (input.Key !== undefined) input.Key = prefix + input.Key;
      if (input.Delete?.Objects)
        input.Delete = {
          ...input.Delete,
          Objects: input.Delete.Objects.map((object) => ({ ...object, Key: prefix + (object.Key ?? '') })),
        };
      // ListMultipartUploads (expired uploads are swept): only this prefix, keys without it.
      if ('UploadIdMarker' in input || 'KeyMarker' in input) {
        input.Prefix = prefix + (input.Prefix ?? '');
        if (input.KeyMarker) input.KeyMarker = prefix + input.KeyMarker;
      }
      const result = await next({ ...args, input });
      const output = result.output as unknown as Output;
      if (output.Uploads) {
        output.Uploads = output.Uploads.map((upload) => ({ ...upload, Key: strip(upload.Key) }));
        output.NextKeyMarker = strip(output.NextKeyMarker);
      }
      return result;
    },
    { step: 'initialize', name: 'measureKeyPrefix' },
  );
}
