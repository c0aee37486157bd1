import type { Readable } from 'node:stream';
import type { ObjectStat, ObjectStore } from '../../core/storage/object-store.ts';

/** Where finished device uploads are kept (the tus store writes `<prefix>/<upload id>`). */
export const DEVICE_FILES_PREFIX = 'uploads/device-files';

/** tus names uploads with UUIDs; any plain name is accepted, never a path. */
const UPLOAD_ID = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/**
 * Reads finished device uploads (pictures, point clouds, models) from the object store, by the
 * FileId tus gave them. Point clouds are up to 2 GB: they are streamed or handed over as a file,
 * never read whole.
 */
export class DeviceFileStore {
  constructor(private readonly objects: ObjectStore) {}

  keyOf(fileId: string): string {
    if (!UPLOAD_ID.test(fileId)) throw new Error(`not a device file id: ${fileId}`);
    return `${DEVICE_FILES_PREFIX}/${fileId}`;
  }

  /** A picture (at most 20 MB) whole. */
  async readPicture(fileId: string): Promise<Buffer> {
    return this.objects.read(this.keyOf(fileId));
  }

  async openRead(fileId: string): Promise<Readable> {
    return this.objects.openRead(this.keyOf(fileId));
  }

  /** The upload's size (a HEAD in S3 mode), or undefined when it is not in the store. */
  async stat(fileId: string): Promise<ObjectStat | undefined> {
    return this.objects.stat(this.keyOf(fileId));
  }

  /** Runs `fn` on a real file with the upload (libraries that read a path: loaders.gl). */
  async withLocalFile<T>(fileId: string, fn: (file: string) => Promise<T>): Promise<T> {
    return this.objects.withLocalFile(this.keyOf(fileId), fn);
  }
}
