import { z } from 'zod';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { updatePackage } from './file-answers.ts';
import { DEVICE_TYPES } from './devices.ts';

/**
 * Software updates (issue 12 item 5, measurement-api.md section 3): a company administrator uploads
 * update packages per device type; devices ask for the newest one newer than theirs, download it
 * (HTTP Range) and report the install. The spec's CheckSystemUpdate, DownloadUpdate and updateSystem
 * are aliases of the device calls.
 */
export const DEVICE_UPDATE_LIMITS = {
  /** Largest package accepted (checked while the upload streams in). */
  maxFileBytes: 2 * 1024 * 1024 * 1024,
  /** Dotted numbers, at most this many parts, each at most 9 digits. */
  maxVersionParts: 5,
  maxNotesLength: 2000,
  maxMessageLength: 2000,
} as const;

/** `1`, `2.10`, `3.0.1.7`: dotted numbers, compared numerically part by part (missing parts are 0). */
export const VERSION_PATTERN = /^\d{1,9}(\.\d{1,9}){0,4}$/;

/** A package version as typed: trimmed, dotted numbers. */
export const updateVersion = rules
  .text()
  .trim()
  .min(1, 'rules.required')
  .regex(VERSION_PATTERN, 'deviceUpdates.versionInvalid');

/** The numeric parts of a valid version, padded with zeros to `maxVersionParts`. */
export function versionParts(version: string): number[] {
  const parts = version.split('.').map(Number);
  while (parts.length < DEVICE_UPDATE_LIMITS.maxVersionParts) parts.push(0);
  return parts;
}

/** Numeric comparison of two valid versions: negative, 0 or positive. */
export function compareVersions(a: string, b: string): number {
  const left = versionParts(a);
  const right = versionParts(b);
  for (let index = 0; index < left.length; index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

const sha256 = rules
  .text()
  .trim()
  .regex(/^[0-9a-fA-F]{64}$/, 'deviceUpdates.sha256Invalid')
  .transform((value) => value.toLowerCase());

/**
 * The form fields of UploadUpdate (multipart/form-data, sent before the `file` part). `Sha256` is the
 * checksum the uploader declares; the server computes its own while the file streams in and refuses
 * a mismatch. `Size`, when given, must equal the bytes received.
 */
export const uploadUpdateFieldsSchema = z.object({
  Version: updateVersion,
  DeviceType: z.enum(DEVICE_TYPES, { error: 'deviceUpdates.deviceTypeInvalid' }),
  Notes: rules.optionalText(DEVICE_UPDATE_LIMITS.maxNotesLength).transform((value) => value ?? ''),
  Sha256: sha256,
  Size: z.coerce.number().int().min(0).max(DEVICE_UPDATE_LIMITS.maxFileBytes).optional(),
});
export type UploadUpdateFields = z.output<typeof uploadUpdateFieldsSchema>;
export type UploadUpdateFieldsInput = z.input<typeof uploadUpdateFieldsSchema>;

export const updatePackageSchema = z.object({
  UpdateId: z.string(),
  DeviceType: z.enum(DEVICE_TYPES),
  Version: z.string(),
  Notes: z.string(),
  Size: z.number().int(),
  Sha256: z.string(),
  FileName: z.string(),
  UploadedBy: z.string().nullable(),
  UploadedAt: z.string(),
  /** Install reports received for this package. */
  Reports: z.number().int(),
  Failures: z.number().int(),
});
export type UpdatePackage = z.infer<typeof updatePackageSchema>;

export const updateReportSchema = z.object({
  UpdateId: z.string().nullable(),
  Version: z.string(),
  Success: z.boolean(),
  Message: z.string(),
  ReportedAt: z.string(),
});
export type UpdateReport = z.infer<typeof updateReportSchema>;

export const UPDATE_STATUS_FILTERS = ['all', 'outdated', 'failed'] as const;

/** One device on the updates page: what it runs, the newest package for its type, its last report. */
export const deviceUpdateStatusSchema = z.object({
  DeviceGuid: z.string(),
  DeviceNumber: z.string(),
  DeviceType: z.enum(DEVICE_TYPES),
  IsActive: z.boolean(),
  /** The version of its latest heartbeat. */
  RunningVersion: z.string().nullable(),
  /** The newest package of its device type (null: none uploaded). */
  LatestVersion: z.string().nullable(),
  /** A package newer than what it runs exists (also when it never reported a version). */
  Outdated: z.boolean(),
  LatestReport: updateReportSchema.nullable(),
  /** Failed install reports of this device (all packages). */
  FailedReports: z.number().int(),
});
export type DeviceUpdateStatus = z.infer<typeof deviceUpdateStatusSchema>;

/** What a device gets from `Updates`: the newest package newer than its version. */
export const availableUpdateSchema = z.object({
  UpdateId: z.string(),
  Version: z.string(),
  Notes: z.string(),
  Size: z.number().int(),
  Sha256: z.string(),
  /** Path on this server; download with the device key (`Authorization: Device <key>`), Range supported. */
  DownloadUrl: z.string(),
});
export type AvailableUpdate = z.infer<typeof availableUpdateSchema>;

const updateId = z.object({ UpdateId: rules.uuid });
const currentVersion = z.object({
  /** The version the device runs; missing: the newest package. */
  Version: updateVersion.optional(),
});
export const updateResultBodySchema = z.object({
  Success: z.boolean(),
  Message: rules.optionalText(DEVICE_UPDATE_LIMITS.maxMessageLength).transform((value) => value ?? ''),
});

/** Administration (company administrator, `device.distribute`; our paths). */
export const deviceUpdatesRoutes = {
  uploadUpdate: defineRoute({
    method: 'POST',
    path: '/api/sys/SysDevice/UploadUpdate',
    access: 'device.distribute',
    tag: 'devices',
    summary:
      'Upload a software update package (multipart/form-data: Version, DeviceType robot|scanner, Notes, ' +
      'Sha256, optional Size, then the file, at most 2 GB). The SHA-256 and size are computed while the ' +
      'file streams in; a mismatch stores nothing (400). A version already uploaded for the device type: 409.',
    result: updatePackageSchema,
  }),
  getUpdateList: defineRoute({
    method: 'POST',
    path: '/api/sys/SysDevice/GetUpdateList',
    access: 'device.distribute',
    tag: 'devices',
    summary: 'The company’s update packages, newest version first (optionally of one device type).',
    body: z.object({ DeviceType: z.enum(DEVICE_TYPES).nullish() }),
    result: z.array(updatePackageSchema),
  }),
  deleteUpdate: defineRoute({
    method: 'POST',
    path: '/api/sys/SysDevice/DeleteUpdate',
    access: 'device.distribute',
    tag: 'devices',
    summary: 'Delete an update package and its file (install reports keep its version).',
    body: updateId,
    result: z.null(),
  }),
  getUpdateStatus: defineRoute({
    method: 'POST',
    path: '/api/sys/SysDevice/GetUpdateStatus',
    access: 'device.distribute',
    tag: 'devices',
    summary:
      'Per device of the company: the version it runs (heartbeat), the newest package of its type, ' +
      'whether it is outdated, its latest install report and its failed reports. Filter: all, outdated, failed.',
    body: z.object({
      DeviceType: z.enum(DEVICE_TYPES).nullish(),
      KeyWord: rules.optionalText(50),
      Filter: z.enum(UPDATE_STATUS_FILTERS).default('all'),
    }),
    result: z.array(deviceUpdateStatusSchema),
  }),
};

const deviceAuth = 'Authorization: Device <DeviceKey> (not a session). ';

/** The device side (access 'device'), under /api/device/v1 and the spec's aliases under /api/sys/Vision. */
export const deviceUpdatesApiRoutes = {
  updates: defineRoute({
    method: 'GET',
    path: '/api/device/v1/Updates',
    access: 'device',
    tag: 'device-api',
    summary:
      deviceAuth + 'The newest update package of the device’s company and type newer than Version, or null.',
    query: currentVersion,
    result: availableUpdateSchema.nullable(),
  }),
  updateFile: defineRoute({
    method: 'GET',
    path: '/api/device/v1/Updates/:UpdateId/File',
    access: 'device',
    tag: 'device-api',
    summary:
      deviceAuth +
      'The package file (application/octet-stream, not an envelope). Supports Range (206 with ' +
      'Content-Range; 416 when unsatisfiable) and If-Range; ETag is the SHA-256.',
    params: updateId,
    result: z.null(),
    file: updatePackage,
  }),
  updateResult: defineRoute({
    method: 'POST',
    path: '/api/device/v1/Updates/:UpdateId/Result',
    access: 'device',
    tag: 'device-api',
    summary: deviceAuth + 'Report the install of a package: { Success, Message }.',
    params: updateId,
    body: updateResultBodySchema,
    result: z.null(),
  }),
  checkSystemUpdate: defineRoute({
    method: 'POST',
    path: '/api/sys/Vision/CheckSystemUpdate',
    access: 'device',
    tag: 'device-api',
    summary:
      deviceAuth + 'The spec’s CheckSystemUpdate: same as GET /api/device/v1/Updates (body { Version }).',
    body: currentVersion,
    result: availableUpdateSchema.nullable(),
  }),
  downloadUpdate: defineRoute({
    method: 'POST',
    path: '/api/sys/Vision/DownloadUpdate',
    access: 'device',
    tag: 'device-api',
    summary:
      deviceAuth +
      'The spec’s DownloadUpdate (UpdateId): same as GET /api/device/v1/Updates/{UpdateId}/File.',
    body: updateId,
    result: z.null(),
    file: updatePackage,
  }),
  updateSystem: defineRoute({
    method: 'POST',
    path: '/api/sys/Vision/updateSystem',
    access: 'device',
    tag: 'device-api',
    summary:
      deviceAuth +
      'The spec’s updateSystem: the install report, same as POST /api/device/v1/Updates/{UpdateId}/Result.',
    body: updateId.extend(updateResultBodySchema.shape),
    result: z.null(),
  }),
};
