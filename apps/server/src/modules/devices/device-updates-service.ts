import {
  compareVersions,
  DEVICE_UPDATE_LIMITS,
  VERSION_PATTERN,
  versionParts,
  type AvailableUpdate,
  type DeviceType,
  type DeviceUpdateStatus,
  type RouteBody,
  type UpdatePackage,
  type UploadUpdateFields,
  type deviceUpdatesRoutes,
} from '@measure/contract';
import { conflict, fieldError, notFound } from '../../core/app-error.ts';
import type { FileStore, StagedFile } from '../../core/file-store.ts';
import type { RangedFile } from '../../core/http-range.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import type { AuditRepository } from '../audit/audit-repository.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { DeviceContext } from './device-context.ts';
import { DeviceUpdatesRepository, type UpdateRecord } from './device-updates-repository.ts';

export type UpdateExtension = 'bin';
export type UpdateFileStore = FileStore<UpdateExtension>;
export type UpdateStatusBody = RouteBody<typeof deviceUpdatesRoutes.getUpdateStatus>;

const asDeviceType = (value: string): DeviceType => (value === 'scanner' ? 'scanner' : 'robot');

export const updateNotFound = () => notFound('deviceUpdates.notFound');
export const updateTooLarge = () =>
  fieldError('File', 'deviceUpdates.tooLarge', {
    maxMb: Math.round(DEVICE_UPDATE_LIMITS.maxFileBytes / 1024 / 1024),
  });

/** A package file ready to be sent: where it is and what it is. */

/**
 * Software updates (issue 12 item 5): packages per company and device type, the device's check,
 * download and install report, and the per-device status. Rows are scoped to the company.
 */
export class DeviceUpdatesService {
  private readonly repository: DeviceUpdatesRepository;

  constructor(private readonly deps: { db: Database; files: UpdateFileStore; audit: AuditRepository }) {
    this.repository = new DeviceUpdatesRepository(deps.db);
  }

  private toPackage(record: UpdateRecord): UpdatePackage {
    return {
      UpdateId: record.id,
      DeviceType: asDeviceType(record.deviceType),
      Version: record.version,
      Notes: record.notes,
      Size: record.size,
      Sha256: record.sha256,
      FileName: record.fileName,
      UploadedBy: record.uploadedByName,
      UploadedAt: record.uploadedAt.toISOString(),
      Reports: record.reports,
      Failures: record.failures,
    };
  }

  /** Streams an upload into a temp file of the package store (size limit, SHA-256). */
  stage(source: AsyncIterable<Buffer>): Promise<StagedFile> {
    return this.deps.files.stage(source, 'bin', {
      maxBytes: DEVICE_UPDATE_LIMITS.maxFileBytes,
      tooLarge: updateTooLarge,
    });
  }

  /** Refuses a version the device type already has (409), before a large file is streamed in. */
  async precheck(auth: AuthContext, fields: UploadUpdateFields): Promise<void> {
    if (await this.repository.versionTaken(auth.companyId, fields.DeviceType, versionParts(fields.Version))) {
      throw conflict('Version', 'deviceUpdates.versionTaken');
    }
  }

  /**
   * Stores a staged upload as a package: the SHA-256 and size computed while it streamed in must
   * match what the uploader declared, the version must be new for the device type. The row is
   * inserted and the file published in one transaction; on any refusal or failure the file is removed.
   */
  async upload(
    auth: AuthContext,
    fields: UploadUpdateFields,
    staged: StagedFile,
    fileName: string,
    ip: string | null,
  ): Promise<UpdatePackage> {
    let id: string;
    try {
      if (staged.sha256 !== fields.Sha256) throw fieldError('Sha256', 'deviceUpdates.sha256Mismatch');
      if (fields.Size !== undefined && fields.Size !== staged.size) {
        throw fieldError('Size', 'deviceUpdates.sizeMismatch', {
          actual: staged.size,
          declared: fields.Size,
        });
      }
      if (staged.size === 0) throw fieldError('File', 'deviceUpdates.emptyFile');
      id = await this.deps.db.transaction(async (tx) => {
        const repository = new DeviceUpdatesRepository(tx);
        const order = versionParts(fields.Version);
        if (await repository.versionTaken(auth.companyId, fields.DeviceType, order)) {
          throw conflict('Version', 'deviceUpdates.versionTaken');
        }
        const inserted = await repository.insert(auth.companyId, {
          deviceType: fields.DeviceType,
          version: fields.Version,
          versionOrder: order,
          notes: fields.Notes,
          size: staged.size,
          sha256: staged.sha256,
          storedName: staged.storedName,
          fileName,
          uploadedBy: auth.userId,
        });
        await staged.publish();
        return inserted;
      });
    } catch (error) {
      await staged.discard();
      if (uniqueViolation(error) === 'device_updates_company_type_version_uq') {
        throw conflict('Version', 'deviceUpdates.versionTaken');
      }
      throw error;
    }
    await this.deps.audit.record({
      event: 'device.updateUploaded',
      companyId: auth.companyId,
      userId: auth.userId,
      ip,
      detail: { updateId: id, deviceType: fields.DeviceType, version: fields.Version, size: staged.size },
    });
    const record = await this.repository.find(auth.companyId, id);
    if (!record) throw updateNotFound();
    return this.toPackage(record);
  }

  async list(auth: AuthContext, deviceType?: DeviceType | null): Promise<UpdatePackage[]> {
    return (await this.repository.list(auth.companyId, deviceType)).map((record) => this.toPackage(record));
  }

  /** Deletes a package; its file is removed after the commit. Reports keep the version. */
  async delete(auth: AuthContext, updateId: string, ip: string | null): Promise<void> {
    const storedName = await this.repository.delete(auth.companyId, updateId);
    if (!storedName) throw updateNotFound();
    await this.deps.files.remove([storedName]);
    await this.deps.audit.record({
      event: 'device.updateDeleted',
      companyId: auth.companyId,
      userId: auth.userId,
      ip,
      detail: { updateId },
    });
  }

  /** Per device: running version, newest package of its type, outdated, latest report, failures. */
  async status(auth: AuthContext, body: UpdateStatusBody): Promise<DeviceUpdateStatus[]> {
    const [records, packages] = await Promise.all([
      this.repository.status(auth.companyId, body.DeviceType, body.KeyWord),
      this.repository.list(auth.companyId),
    ]);
    const latest = new Map<string, string>();
    for (const record of packages) {
      const known = latest.get(record.deviceType);
      if (!known || compareVersions(record.version, known) > 0) latest.set(record.deviceType, record.version);
    }
    const rows = records.map((record): DeviceUpdateStatus => {
      const newest = latest.get(record.deviceType) ?? null;
      const running = record.reportedVersion;
      const outdated =
        newest !== null &&
        (running === null || !VERSION_PATTERN.test(running) || compareVersions(running, newest) < 0);
      return {
        DeviceGuid: record.deviceId,
        DeviceNumber: record.deviceNumber,
        DeviceType: asDeviceType(record.deviceType),
        IsActive: record.isActive,
        RunningVersion: running,
        LatestVersion: newest,
        Outdated: outdated,
        LatestReport:
          record.reportedAt === null
            ? null
            : {
                UpdateId: record.reportUpdateId,
                Version: record.reportVersion ?? '',
                Success: record.reportSuccess === true,
                Message: record.reportMessage ?? '',
                ReportedAt: record.reportedAt.toISOString(),
              },
        FailedReports: record.failedReports,
      };
    });
    if (body.Filter === 'outdated') return rows.filter((row) => row.Outdated);
    if (body.Filter === 'failed') return rows.filter((row) => row.LatestReport?.Success === false);
    return rows;
  }

  private async deviceType(device: DeviceContext): Promise<string> {
    const type = await this.repository.deviceType(device.companyId, device.deviceId);
    if (!type) throw notFound('devices.notFound');
    return type;
  }

  /** A package of the device's company and type (another company's or type's id: 404). */
  private async packageFor(device: DeviceContext, updateId: string): Promise<UpdateRecord> {
    const [type, record] = await Promise.all([
      this.deviceType(device),
      this.repository.find(device.companyId, updateId),
    ]);
    if (!record || record.deviceType !== type) throw updateNotFound();
    return record;
  }

  /** `GET Updates?Version=`: the newest package for the device newer than its version, or null. */
  async available(device: DeviceContext, version: string | undefined): Promise<AvailableUpdate | null> {
    const type = await this.deviceType(device);
    const record = await this.repository.newest(
      device.companyId,
      type,
      version === undefined ? null : versionParts(version),
    );
    if (!record) return null;
    return {
      UpdateId: record.id,
      Version: record.version,
      Notes: record.notes,
      Size: record.size,
      Sha256: record.sha256,
      DownloadUrl: `/api/device/v1/Updates/${record.id}/File`,
    };
  }

  async file(device: DeviceContext, updateId: string): Promise<RangedFile> {
    const record = await this.packageFor(device, updateId);
    const storedName = record.storedName;
    return {
      open: (span) => this.deps.files.openRead(storedName, span),
      size: record.size,
      // The SHA-256 names the content: a resumed download (If-Range) knows it has not changed.
      etag: `"${record.sha256}"`,
      fileName: record.fileName,
    };
  }

  /** `POST Updates/{UpdateId}/Result`: the install report is stored with the package's version. */
  async report(
    device: DeviceContext,
    updateId: string,
    result: { Success: boolean; Message: string },
  ): Promise<void> {
    const record = await this.packageFor(device, updateId);
    await this.repository.insertReport(device.companyId, {
      deviceId: device.deviceId,
      updateId: record.id,
      version: record.version,
      success: result.Success,
      message: result.Message,
    });
  }

  /** Removes package files no row refers to and stale temp files (start-up). */
  async sweepOrphanFiles(olderThanMs = 60_000): Promise<string[]> {
    return this.deps.files.sweep(await this.repository.allStoredNames(), olderThanMs);
  }
}
