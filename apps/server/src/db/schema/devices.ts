/** Measuring devices, their software updates and install reports, and their uploads (tus). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from './columns.ts';
import { companyId } from './companies.ts';
import { users } from './identity.ts';

/**
 * Devices (robots and scanners) of a company: the spec's Device fields, the assigned person, the
 * device key (SHA-256 only; null when never activated or deactivated) and the latest heartbeat.
 * Warranty columns hold years (1, 3, 5); expiry dates are derived, never stored.
 */
export const devices = pgTable(
  'devices',
  {
    id: id(),
    companyId: companyId(),
    deviceNumber: text('device_number').notNull(),
    deviceType: text('device_type').notNull().default('robot'),
    productSerialNumber: text('product_serial_number'),
    machineModel: text('machine_model'),
    macAddress: text('mac_address'),
    customerCompanyName: text('customer_company_name'),
    customerContact: text('customer_contact'),
    customerPhoneNumber: text('customer_phone_number'),
    deviceDateOfProduction: date('device_date_of_production', { mode: 'string' }).notNull(),
    deviceExpire: smallint('device_expire'),
    deviceSoftwareVersion: text('device_software_version'),
    scannerNumber: text('scanner_number'),
    scannerType: text('scanner_type').notNull().default('1'),
    scannerDateOfProduction: date('scanner_date_of_production', { mode: 'string' }),
    scannerExpire: smallint('scanner_expire'),
    scannerFirmwareVersion: text('scanner_firmware_version'),
    computerNumber: text('computer_number'),
    computerType: text('computer_type'),
    computerDateOfProduction: date('computer_date_of_production', { mode: 'string' }),
    computerExpire: smallint('computer_expire'),
    computerSystemVersion: text('computer_system_version'),
    tripodType: text('tripod_type'),
    tripodExpire: smallint('tripod_expire'),
    encryptedDogNumber: text('encrypted_dog_number'),
    encryptedDogType: text('encrypted_dog_type'),
    deviceUserId: uuid('device_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set by the operator console: the warranties run from this day (else activation or production). */
    warrantyStartsOn: date('warranty_starts_on', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(false),
    activeDate: timestamp('active_date', { withTimezone: true }),
    activeUserId: uuid('active_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** SHA-256 of the device key; the key itself is shown once and never stored. */
    keyHash: text('key_hash'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** When its administrators were last told it went offline (once per silence: older than lastSeenAt again). */
    offlineNotifiedAt: timestamp('offline_notified_at', { withTimezone: true }),
    /** When live pages were told it went offline (GET /api/events; once per silence, like offlineNotifiedAt). */
    offlineAnnouncedAt: timestamp('offline_announced_at', { withTimezone: true }),
    health: jsonb('health').$type<Record<string, unknown>>(),
    battery: doublePrecision('battery'),
    diskFreeMb: doublePrecision('disk_free_mb'),
    reportedVersion: text('reported_version'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('devices_company_number_uq').on(table.companyId, sql`lower(${table.deviceNumber})`),
    uniqueIndex('devices_key_hash_uq').on(table.keyHash),
    index('devices_company_user_idx').on(table.companyId, table.deviceUserId),
  ],
);

/** Software update packages per company and device type (issue 12 item 5); files in DATA_DIR/uploads/device-updates. */
export const deviceUpdates = pgTable(
  'device_updates',
  {
    id: id(),
    companyId: companyId(),
    deviceType: text('device_type').notNull(),
    version: text('version').notNull(),
    /** The version's numbers padded with zeros to 5 parts: array order is numeric version order. */
    versionOrder: integer('version_order').array().notNull(),
    notes: text('notes').notNull().default(''),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storedName: text('stored_name').notNull(),
    fileName: text('file_name').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('device_updates_company_type_version_uq').on(
      table.companyId,
      table.deviceType,
      table.versionOrder,
    ),
  ],
);

/** Install reports of devices (`POST Updates/{UpdateId}/Result`); the version is kept when the package is deleted. */
export const deviceUpdateReports = pgTable(
  'device_update_reports',
  {
    id: id(),
    companyId: companyId(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    updateId: uuid('update_id').references(() => deviceUpdates.id, { onDelete: 'set null' }),
    version: text('version').notNull(),
    success: boolean('success').notNull(),
    message: text('message').notNull().default(''),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('device_update_reports_device_idx').on(table.companyId, table.deviceId, table.reportedAt),
    index('device_update_reports_update_idx').on(table.updateId),
  ],
);

/**
 * Files devices upload through tus (`/api/device/v1/Files`): pictures, point clouds and models. The
 * bytes live under DATA_DIR (tus file store); a row says whose upload it is and whether it finished.
 */
export const deviceFiles = pgTable(
  'device_files',
  {
    /**
     * The tus upload id, which results name as FileId; a picture a person uploaded from the browser
     * (work order completion photos) is `<uuid>.jpg|png`, stored under uploads/work-order-pictures.
     */
    id: text('id').primaryKey(),
    companyId: companyId(),
    /** The uploading device; null for a person's upload (then uploadedBy). */
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** picture | pointcloud | model | other */
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    complete: boolean('complete').notNull().default(false),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('device_files_device_idx').on(table.companyId, table.deviceId),
    index('device_files_incomplete_idx')
      .on(table.createdAt)
      .where(sql`not ${table.complete}`),
  ],
);
