import { z } from 'zod';
import { pageRequestShape, pageResultSchema } from '../envelope.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';

/** Device management (spec sections 2 SKU/viewDeviceDetail, 3 Device, 7 System and devices). */

export const DEVICE_TYPES = ['robot', 'scanner'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
/** Warranty options of spec section 9, in years. */
export const WARRANTY_YEARS = [1, 3, 5] as const;
export const WARRANTY_PARTS = ['Device', 'Scanner', 'Computer', 'Tripod'] as const;
export type WarrantyPart = (typeof WARRANTY_PARTS)[number];
export const DEVICE_ORDER_FIELDS = [
  'DeviceNumber',
  'CustomerCompanyName',
  'DeviceDateOfProduction',
  'CreateDateTime',
  'ActiveDate',
  'DeviceUserName',
] as const;

export const DEVICE_LIMITS = {
  /** Days before expiry from which a warranty is marked "expiring". */
  expiringDays: 30,
  /** Heartbeats reporting less free disk than this raise the disk-space message. */
  lowDiskMb: 1024,
  /** Heartbeats reporting a battery below this percentage raise the low-battery message. */
  lowBatteryPercent: 20,
  /** Robot health refresh of spec section 9, and the NextHeartbeatMs answered to devices. */
  heartbeatMs: 5000,
  defaultDateOfProduction: '2010-01-01',
  defaultScannerType: '1',
} as const;

/** The latest calendar date anywhere on earth (UTC+14): a production date after it is in the future. */
export function latestToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

const isCalendarDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** A production date `YYYY-MM-DD` (a longer ISO date-time is cut to its date), never in the future. */
const productionDate = z
  .string()
  .trim()
  .transform((value) => value.slice(0, 10))
  .refine(isCalendarDate, 'devices.invalidDate')
  .refine((value) => value <= latestToday(), 'devices.productionDateFuture');

/**
 * A date filter of the device list: `YYYY-MM-DD` (an ISO date-time is cut to its date), empty
 * means none. Anything else is refused here, before a query could hand PostgreSQL text that is no date.
 */
const DATE_OR_DATE_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const productionDateFilter = rules
  .text()
  .trim()
  .refine(
    (value) => value === '' || (DATE_OR_DATE_TIME.test(value) && isCalendarDate(value.slice(0, 10))),
    'devices.invalidDate',
  )
  .transform((value) => (value ? value.slice(0, 10) : undefined))
  .nullish();

const optionalProductionDate = z
  .union([productionDate, z.literal('')])
  .nullish()
  .transform((value) => (value ? value : null));

/** Warranty years: 1, 3 or 5; empty means none. */
const warranty = z
  .union([z.literal(1), z.literal(3), z.literal(5)], { error: 'devices.warrantyYears' })
  .nullish()
  .transform((value) => value ?? null);

const text = (max: number) => rules.optionalText(max).transform((value) => value ?? null);

const macAddress = z
  .union([
    z
      .string()
      .trim()
      .regex(/^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/, 'devices.macAddress')
      .transform((value) => value.toUpperCase().replace(/-/g, ':')),
    z.literal(''),
  ])
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * Every field of the spec's create/update payload that a person edits, plus the fields the screens
 * show (product serial number, contact, MAC address, model, device type). Server-kept fields
 * (ActiveDate, ActiveUserGuid, CreateDateTime, CreateUserGuid, IsActive, IsDelete) are accepted
 * and ignored.
 */
export const deviceFieldsShape = {
  DeviceNumber: rules
    .requiredText(32)
    .refine((value) => !rules.patterns.whitespace.test(value), 'rules.noWhitespace'),
  DeviceType: z.enum(DEVICE_TYPES).default('robot'),
  ProductSerialNumber: text(64),
  MachineModel: text(64),
  MacAddress: macAddress,
  CustomerCompanyName: text(64),
  CustomerContact: text(32),
  CustomerPhoneNumber: text(20),
  DeviceDateOfProduction: z
    .union([productionDate, z.literal('')])
    .nullish()
    .transform((value) => value || DEVICE_LIMITS.defaultDateOfProduction),
  DeviceExpire: warranty,
  DeviceSoftwareVersion: text(64),
  ScannerNumber: text(64),
  ScannerType: text(32).transform((value) => value ?? DEVICE_LIMITS.defaultScannerType),
  ScannerDateOfProduction: optionalProductionDate,
  ScannerExpire: warranty,
  ScannerFirmwareVersion: text(64),
  ComputerNumber: text(64),
  ComputerType: text(64),
  ComputerDateOfProduction: optionalProductionDate,
  ComputerExpire: warranty,
  ComputerSystemVersion: text(64),
  TripodType: text(64),
  TripodExpire: warranty,
  EncryptedDogNumber: text(64),
  EncryptedDogType: text(64),
};

export const deviceFieldsSchema = z.object(deviceFieldsShape);
/** What a form sends (before defaults). */
export type DeviceFieldsInput = z.input<typeof deviceFieldsSchema>;
export type DeviceFields = z.output<typeof deviceFieldsSchema>;

export const warrantySchema = z.object({
  Part: z.enum(WARRANTY_PARTS),
  Years: z.number().int(),
  /** Activation date when the device is activated, otherwise the part's production date. */
  StartsOn: z.string(),
  ExpiresOn: z.string(),
  Status: z.enum(['valid', 'expiring', 'expired']),
});
export type Warranty = z.infer<typeof warrantySchema>;

const healthFlag = z.object({ Health: z.boolean(), Msg: z.string().max(500).nullish() });
const taskState = z.looseObject({
  DateTime: z.string().max(64).nullish(),
  TaskID: z.string().max(64).nullish(),
  TaskPointList: z.array(z.unknown()).max(20_000).nullish(),
  Health: z.boolean().nullish(),
  Msg: z.string().max(500).nullish(),
});

/** The robot health state of spec section 3, as a heartbeat reports it (measurement-api.md section 3). */
export const robotHealthSchema = z.object({
  DriveHealth: healthFlag.nullish(),
  NetworkHealth: healthFlag.nullish(),
  PowerHealth: healthFlag.nullish(),
  VisionServerHealth: healthFlag.nullish(),
  TaskInDatabase: taskState.nullish(),
  TaskInFramework: taskState.nullish(),
  ManualReportInFramework: z.unknown().optional(),
  Frequency: z.number().int().min(0).max(3_600_000).nullish(),
});
export type RobotHealth = z.infer<typeof robotHealthSchema>;

export const deviceRowSchema = z.object({
  DeviceGuid: z.string(),
  DeviceNumber: z.string(),
  DeviceType: z.enum(DEVICE_TYPES),
  ProductSerialNumber: z.string().nullable(),
  MachineModel: z.string().nullable(),
  MacAddress: z.string().nullable(),
  CustomerCompanyName: z.string().nullable(),
  CustomerContact: z.string().nullable(),
  CustomerPhoneNumber: z.string().nullable(),
  DeviceDateOfProduction: z.string(),
  DeviceExpire: z.number().int().nullable(),
  DeviceSoftwareVersion: z.string().nullable(),
  ScannerNumber: z.string().nullable(),
  ScannerType: z.string(),
  ScannerDateOfProduction: z.string().nullable(),
  ScannerExpire: z.number().int().nullable(),
  ScannerFirmwareVersion: z.string().nullable(),
  ComputerNumber: z.string().nullable(),
  ComputerType: z.string().nullable(),
  ComputerDateOfProduction: z.string().nullable(),
  ComputerExpire: z.number().int().nullable(),
  ComputerSystemVersion: z.string().nullable(),
  TripodType: z.string().nullable(),
  TripodExpire: z.number().int().nullable(),
  EncryptedDogNumber: z.string().nullable(),
  EncryptedDogType: z.string().nullable(),
  /** Derived expiry dates of the four warranties (null: no warranty set). */
  DeviceExpireDate: z.string().nullable(),
  ScannerExpireDate: z.string().nullable(),
  ComputerExpireDate: z.string().nullable(),
  TripodExpireDate: z.string().nullable(),
  Warranties: z.array(warrantySchema),
  IsActive: z.boolean(),
  IsDelete: z.boolean(),
  ActiveDate: z.string().nullable(),
  ActiveUserGuid: z.string().nullable(),
  CreateDateTime: z.string(),
  CreateUserGuid: z.string().nullable(),
  /** The assigned person (allocated when set). */
  DeviceUserId: z.string().nullable(),
  DeviceUserName: z.string().nullable(),
  Allocated: z.boolean(),
  LastSeenAt: z.string().nullable(),
  Online: z.boolean(),
  /** The version the device last reported in a heartbeat. */
  ReportedVersion: z.string().nullable(),
});
export type DeviceRow = z.infer<typeof deviceRowSchema>;

export const robotAlertSchema = z.object({
  Kind: z.enum(['diskSpace', 'lowBattery']),
  Message: z.string(),
});

/** A robot on the equipment page: its last heartbeat and whether it is online. */
export const robotRowSchema = z.object({
  DeviceGuid: z.string(),
  DeviceNumber: z.string(),
  DeviceType: z.enum(DEVICE_TYPES),
  MachineModel: z.string().nullable(),
  DeviceUserName: z.string().nullable(),
  IsActive: z.boolean(),
  Online: z.boolean(),
  LastSeenAt: z.string().nullable(),
  Health: robotHealthSchema.nullable(),
  Battery: z.number().nullable(),
  DiskFreeMB: z.number().nullable(),
  SoftwareVersion: z.string().nullable(),
  /** Disk space and low battery messages of the spec's catalogue, in the request language. */
  Alerts: z.array(robotAlertSchema),
});
export type RobotRow = z.infer<typeof robotRowSchema>;

/** The filters of the device list, shared by GetDeviceList and ExportDeviceToExcel. */
export const deviceFilterShape = {
  DeviceNumber: rules.optionalText(32),
  CustomerCompanyName: rules.optionalText(64),
  /** Production date range (of DeviceDateOfProduction), inclusive. */
  ProductionDateFrom: productionDateFilter,
  ProductionDateTo: productionDateFilter,
  KeyWord: rules.optionalText(50),
  /** The spec's `Query`: same as KeyWord. */
  Query: rules.optionalText(50),
  DeviceGuid: rules.uuid.nullish(),
  /** true: allocated to a person; false: unallocated. */
  Allocated: z.boolean().nullish(),
  IsActive: z.boolean().nullish(),
  DeviceType: z.enum(DEVICE_TYPES).nullish(),
  OrderBy: z.enum(DEVICE_ORDER_FIELDS).optional(),
  AscDesc: z.enum(['asc', 'desc']).optional(),
};
const deviceFilterSchema = z.object(deviceFilterShape);
export type DeviceFilter = z.output<typeof deviceFilterSchema>;

const deviceGuid = z.object({ DeviceGuid: rules.uuid });
export const MAX_DEVICE_IDS = 1000;
const deviceGuids = z.array(rules.uuid).min(1, 'rules.required').max(MAX_DEVICE_IDS);
const assignBody = z.object({
  DeviceUserId: rules.uuid,
  /** Accepted for the spec; the stored name is the user's own. */
  DeviceUserName: z.string().max(64).nullish(),
});

export const devicesRoutes = {
  getDeviceList: defineRoute({
    method: 'POST',
    path: '/api/sys/SysDevice/GetDeviceList',
    access: 'device.distribute',
    tag: 'devices',
    summary:
      'Devices of the caller’s company, paged (10 by default). Filters: DeviceNumber and CustomerCompanyName ' +
      '(contains), ProductionDateFrom/To, KeyWord or Query (number, serial, customer, contact, MAC, model, ' +
      'assigned user), Allocated, IsActive, DeviceType, DeviceGuid (one device: viewDeviceDetail).',
    body: z.object({ ...deviceFilterShape, ...pageRequestShape, OrderBy: deviceFilterShape.OrderBy }),
    result: pageResultSchema(deviceRowSchema),
  }),
  addDevice: defineRoute({
    method: 'POST',
    path: '/api/sys/SysDevice/AddDevice',
    access: 'device.distribute',
    tag: 'devices',
    summary: 'Register a device. Device numbers are unique in the company (409). Result: the new DeviceGuid.',
    body: deviceFieldsSchema,
    result: z.string(),
  }),
  updateDevice: defineRoute({
    method: 'POST',
    path: '/api/sys/SysDevice/UpdateDevice',
    access: 'device.distribute',
    tag: 'devices',
    summary:
      'Replace every editable field of a device (a missing field becomes empty or its default: ' +
      'DeviceDateOfProduction 2010-01-01, ScannerType "1").',
    body: z.object({ DeviceGuid: rules.uuid, ...deviceFieldsShape }),
    result: deviceRowSchema,
  }),
  deleteDevices: defineRoute({
    method: 'POST',
    path: '/api/sys/SysDevice/DeleteDevices',
    access: 'device.distribute',
    tag: 'devices',
    summary: 'Delete devices (all or nothing: one unknown id answers 404 and nothing changes).',
    body: z.object({ DeviceGuids: deviceGuids }),
    result: z.object({ Deleted: z.number().int() }),
  }),
  assignDeviceUser: defineRoute({
    method: 'POST',
    path: '/api/sys/SysDevice/AssignDeviceUser',
    access: 'device.distribute',
    tag: 'devices',
    summary: 'Assign one device to a user of the company.',
    body: deviceGuid.extend(assignBody.shape),
    result: z.null(),
  }),
  assignDeviceUserBatch: defineRoute({
    method: 'POST',
    path: '/api/sys/SysDevice/AssignDeviceUserBatch',
    access: 'device.distribute',
    tag: 'devices',
    summary: 'Assign several devices to one user, all or nothing.',
    body: z.object({ DeviceGuids: deviceGuids }).extend(assignBody.shape),
    result: z.object({ Assigned: z.number().int() }),
  }),
  deleteDeviceUser: defineRoute({
    method: 'POST',
    path: '/api/sys/SysDevice/DeleteDeviceUser',
    access: 'device.unbind',
    tag: 'devices',
    summary: 'Unbind a device: remove its assigned user.',
    body: deviceGuid,
    result: z.null(),
  }),
  getDeviceAssign: defineRoute({
    method: 'POST',
    path: '/api/sys/User/GetDeviceAssign',
    access: 'device.distribute',
    tag: 'devices',
    summary: 'The devices assigned to a user of the company.',
    body: z.object({ userId: rules.uuid }),
    result: z.array(deviceRowSchema),
  }),
  exportDeviceToExcel: defineRoute({
    method: 'POST',
    path: '/api/sys/SysDevice/ExportDeviceToExcel',
    access: 'device.download',
    tag: 'devices',
    summary: 'The device list with the list’s filters as an .xlsx attachment (not an envelope).',
    body: deviceFilterSchema,
    result: z.null(),
  }),
  activateDevice: defineRoute({
    method: 'POST',
    path: '/api/sys/SysDevice/ActivateDevice',
    access: 'device.distribute',
    tag: 'devices',
    summary:
      'Activate a device: answers a new 256-bit device key, shown once and stored hashed. Activating ' +
      'again rotates the key (the old one stops at once).',
    body: deviceGuid,
    result: z.object({ DeviceGuid: z.string(), DeviceKey: z.string() }),
  }),
  deactivateDevice: defineRoute({
    method: 'POST',
    path: '/api/sys/SysDevice/DeactivateDevice',
    access: 'device.distribute',
    tag: 'devices',
    summary: 'Deactivate a device: its key is revoked.',
    body: deviceGuid,
    result: z.null(),
  }),
  getRobotList: defineRoute({
    method: 'POST',
    path: '/api/sys/SysDevice/GetRobotList',
    access: 'device.distribute',
    tag: 'devices',
    summary:
      'The company’s robots with their live health (equipment page; our path). Offline when no ' +
      'heartbeat came within the offline threshold (30 s by default).',
    body: z.object({ KeyWord: rules.optionalText(50) }),
    result: z.object({ OfflineAfterSeconds: z.number().int(), Items: z.array(robotRowSchema) }),
  }),
};
