import { randomUUID } from 'node:crypto';
import { formatMessage, type MessageKey, type MessageParams, pickLanguage } from '@measure/contract';
import { EVENTS, type Locker, Server } from '@tus/server';
import type { DataStore } from '@tus/utils';
import type { ObjectStore } from '../../core/storage/object-store.ts';
import { tusDataStoreFor } from '../../core/storage/tus-data-store.ts';
import type { Database } from '../../db/client.ts';
import { deviceKeyFromHeader } from '../devices/device-context.ts';
import type { DevicesService } from '../devices/devices-service.ts';
import { DEVICE_FILES_PREFIX, DeviceFileStore } from './device-file-store.ts';
import { DeviceFilesRepository } from './device-files-repository.ts';

export const DEVICE_FILES_PATH = '/api/device/v1/Files';
const MB = 1024 * 1024;
/** measurement-api.md section 3: picture 20 MB, model 500 MB, point cloud 2 GB (other: as a model). */
export const FILE_KIND_LIMITS = {
  picture: 20 * MB,
  pointcloud: 2048 * MB,
  model: 500 * MB,
  other: 500 * MB,
} as const;
export type FileKind = keyof typeof FILE_KIND_LIMITS;
/** Partial uploads are kept this long, then removed with their bytes. */
export const PARTIAL_UPLOAD_HOURS = 24;

/** A tus hook's refusal: tus answers it with this status and text. */
const refuse = (status: number, request: Request, key: MessageKey, params: MessageParams = {}) => ({
  status_code: status,
  body: `${formatMessage(pickLanguage(request.headers.get('accept-language')), key, params)}\n`,
});

/**
 * Resumable uploads of devices (tus 1.0.0 with @tus/server; its store keeps a finished upload under
 * uploads/device-files/<id> of the object store: DATA_DIR or the S3_URL bucket, see core/storage): the
 * upload id is the FileId results name. Creation checks the device key, the kind and its size limit
 * and records whose upload it is; finishing marks it complete; termination forgets it. Partial
 * uploads expire after 24 hours (`cleanUp`, an hourly job).
 */
export class DeviceFilesService {
  readonly tus: Server;
  private readonly store: DataStore;

  constructor(
    private readonly deps: {
      db: Database;
      objects: ObjectStore;
      devices: Pick<DevicesService, 'authenticate'>;
      trustProxy: boolean;
      /** Locks an upload while a request works on it, across instances (core/storage/pg-upload-locker.ts). */
      locker?: Locker;
    },
  ) {
    this.store = tusDataStoreFor(deps.objects, DEVICE_FILES_PREFIX, {
      expirationPeriodInMilliseconds: PARTIAL_UPLOAD_HOURS * 3600_000,
    });
    const repository = () => new DeviceFilesRepository(deps.db);
    this.tus = new Server({
      path: DEVICE_FILES_PATH,
      datastore: this.store,
      ...(deps.locker ? { locker: deps.locker } : {}),
      maxSize: FILE_KIND_LIMITS.pointcloud,
      relativeLocation: true,
      respectForwardedHeaders: deps.trustProxy,
      namingFunction: () => randomUUID(),
      onUploadCreate: async (request, upload) => {
        const device = await this.deviceOf(request);
        if (!device) throw refuse(401, request, 'devices.keyInvalid');
        const kind = upload.metadata?.kind ?? '';
        const fileName = upload.metadata?.filename?.trim() ?? '';
        if (!Object.hasOwn(FILE_KIND_LIMITS, kind)) throw refuse(400, request, 'results.fileKindInvalid');
        if (!fileName) throw refuse(400, request, 'results.fileNameRequired');
        if (upload.size === undefined) throw refuse(400, request, 'results.fileLengthRequired');
        const limit = FILE_KIND_LIMITS[kind as FileKind];
        if (upload.size > limit)
          throw refuse(413, request, 'results.fileTooLarge', { kind, max: limit / MB });
        await repository().insert({
          id: upload.id,
          companyId: device.companyId,
          deviceId: device.deviceId,
          kind,
          fileName: fileName.slice(0, 255),
          size: upload.size,
        });
        return {};
      },
      onUploadFinish: async (request, upload) => {
        const device = await this.deviceOf(request);
        if (device) await repository().finish(device.companyId, upload.id);
        return {};
      },
    });
    this.tus.on(EVENTS.POST_TERMINATE, (request: Request, _response: unknown, id: string) => {
      void this.deviceOf(request).then((device) => device && repository().remove(device.companyId, id));
    });
  }

  private async deviceOf(request: Request) {
    const key = deviceKeyFromHeader(request.headers.get('authorization') ?? undefined);
    return key ? this.deps.devices.authenticate(key) : null;
  }

  /** Whether the device owns the upload (another device's or company's upload is not found). */
  async owns(device: { companyId: string; deviceId: string }, fileId: string): Promise<boolean> {
    return (
      (await new DeviceFilesRepository(this.deps.db).ofDevice(device.companyId, device.deviceId, fileId)) !==
      undefined
    );
  }

  /**
   * Removes a finished upload (bytes, the tus store's info file, row): a deleted failed scan, so its
   * device may upload the file and register it again. A part already gone is no error.
   */
  async removeUpload(companyId: string, fileId: string): Promise<void> {
    const key = new DeviceFileStore(this.deps.objects).keyOf(fileId);
    await this.store.remove(fileId).catch(() => undefined);
    await this.deps.objects.remove([key, `${key}.json`, `${key}.info`]);
    await new DeviceFilesRepository(this.deps.db).remove(companyId, fileId);
  }

  /** Removes partial uploads older than 24 hours: their bytes and their rows. */
  async cleanUp(now = new Date()): Promise<{ files: number; rows: number }> {
    const files = await this.tus.cleanUpExpiredUploads();
    const rows = await new DeviceFilesRepository(this.deps.db).forgetUnfinished(
      new Date(now.getTime() - PARTIAL_UPLOAD_HOURS * 3600_000),
    );
    return { files, rows };
  }
}
