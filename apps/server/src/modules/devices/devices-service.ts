import {
  DEVICE_LIMITS,
  ErrorCode,
  formatMessage,
  robotHealthSchema,
  type DeviceFields,
  type DeviceFilter,
  type DeviceRow,
  type HeartbeatBody,
  type Language,
  type PageResult,
  type RobotRow,
  type RouteBody,
  type devicesRoutes,
} from '@measure/contract';
import { AppError, conflict, fieldError, notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { AuditRepository } from '../audit/audit-repository.ts';
import { raiseDeviceEvent } from '../events/live-events.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { DeviceContext } from './device-context.ts';
import { DevicesRepository, type DeviceQuery, type DeviceRecord } from './devices-repository.ts';
import { toChanges } from './device-changes.ts';
import { warranties } from './warranty.ts';

export type DeviceListBody = RouteBody<typeof devicesRoutes.getDeviceList>;
type RobotList = { OfflineAfterSeconds: number; Items: RobotRow[] };

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Devices: registration, warranties, assignment, keys, heartbeats. Rows are scoped to the company. */
export class DevicesService {
  private readonly repository: DevicesRepository;

  constructor(
    private readonly deps: {
      db: Database;
      audit: AuditRepository;
      /** A device without a heartbeat for this long is offline. */
      offlineSeconds: number;
      now?: () => Date;
    },
  ) {
    this.repository = new DevicesRepository(deps.db);
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private isOnline(lastSeenAt: Date | null, now: Date): boolean {
    return lastSeenAt !== null && now.getTime() - lastSeenAt.getTime() <= this.deps.offlineSeconds * 1000;
  }

  toRow(record: DeviceRecord, now = this.now()): DeviceRow {
    const list = warranties(record, dayOf(now));
    const expiry = (part: string) => list.find((warranty) => warranty.Part === part)?.ExpiresOn ?? null;
    return {
      DeviceGuid: record.id,
      DeviceNumber: record.deviceNumber,
      DeviceType: record.deviceType === 'scanner' ? 'scanner' : 'robot',
      ProductSerialNumber: record.productSerialNumber,
      MachineModel: record.machineModel,
      MacAddress: record.macAddress,
      CustomerCompanyName: record.customerCompanyName,
      CustomerContact: record.customerContact,
      CustomerPhoneNumber: record.customerPhoneNumber,
      DeviceDateOfProduction: record.deviceDateOfProduction,
      DeviceExpire: record.deviceExpire,
      DeviceSoftwareVersion: record.deviceSoftwareVersion,
      ScannerNumber: record.scannerNumber,
      ScannerType: record.scannerType,
      ScannerDateOfProduction: record.scannerDateOfProduction,
      ScannerExpire: record.scannerExpire,
      ScannerFirmwareVersion: record.scannerFirmwareVersion,
      ComputerNumber: record.computerNumber,
      ComputerType: record.computerType,
      ComputerDateOfProduction: record.computerDateOfProduction,
      ComputerExpire: record.computerExpire,
      ComputerSystemVersion: record.computerSystemVersion,
      TripodType: record.tripodType,
      TripodExpire: record.tripodExpire,
      EncryptedDogNumber: record.encryptedDogNumber,
      EncryptedDogType: record.encryptedDogType,
      DeviceExpireDate: expiry('Device'),
      ScannerExpireDate: expiry('Scanner'),
      ComputerExpireDate: expiry('Computer'),
      TripodExpireDate: expiry('Tripod'),
      Warranties: list,
      IsActive: record.isActive,
      IsDelete: false,
      ActiveDate: record.activeDate?.toISOString() ?? null,
      ActiveUserGuid: record.activeUserId,
      CreateDateTime: record.createdAt.toISOString(),
      CreateUserGuid: record.createdBy,
      DeviceUserId: record.deviceUserId,
      DeviceUserName: record.deviceUserName,
      Allocated: record.deviceUserId !== null,
      LastSeenAt: record.lastSeenAt?.toISOString() ?? null,
      Online: record.isActive && this.isOnline(record.lastSeenAt, now),
      ReportedVersion: record.reportedVersion,
    };
  }

  private query(auth: AuthContext, filter: DeviceFilter): DeviceQuery {
    return {
      companyId: auth.companyId,
      deviceNumber: filter.DeviceNumber,
      customerCompanyName: filter.CustomerCompanyName,
      productionFrom: filter.ProductionDateFrom?.slice(0, 10),
      productionTo: filter.ProductionDateTo?.slice(0, 10),
      keyword: filter.KeyWord ?? filter.Query,
      deviceId: filter.DeviceGuid ?? undefined,
      allocated: filter.Allocated ?? undefined,
      active: filter.IsActive ?? undefined,
      deviceType: filter.DeviceType ?? undefined,
      orderBy: filter.OrderBy ?? 'CreateDateTime',
      ascending: filter.AscDesc ? filter.AscDesc === 'asc' : filter.OrderBy !== undefined,
    };
  }

  async page(auth: AuthContext, body: DeviceListBody): Promise<PageResult<DeviceRow>> {
    const { rows, total } = await this.repository.page(
      this.query(auth, body),
      body.PageSize,
      (body.CurrentPage - 1) * body.PageSize,
    );
    const now = this.now();
    return {
      Items: rows.map((row) => this.toRow(row, now)),
      Total: total,
      PageSize: body.PageSize,
      CurrentPage: body.CurrentPage,
    };
  }

  /** Every device matching the filters (the Excel export). */
  async all(auth: AuthContext, filter: DeviceFilter): Promise<DeviceRow[]> {
    const now = this.now();
    return (await this.repository.all(this.query(auth, filter))).map((row) => this.toRow(row, now));
  }

  async get(auth: AuthContext, deviceId: string): Promise<DeviceRow> {
    const record = await this.repository.find(auth.companyId, deviceId);
    if (!record) throw notFound('devices.notFound');
    return this.toRow(record);
  }

  async add(auth: AuthContext, fields: DeviceFields): Promise<string> {
    return this.saving(async () => {
      if (await this.repository.numberTaken(auth.companyId, fields.DeviceNumber)) {
        throw conflict('DeviceNumber', 'devices.numberTaken');
      }
      return this.repository.insert(auth.companyId, auth.userId, toChanges(fields));
    });
  }

  async update(auth: AuthContext, deviceId: string, fields: DeviceFields): Promise<DeviceRow> {
    await this.saving(async () => {
      if (!(await this.repository.find(auth.companyId, deviceId))) throw notFound('devices.notFound');
      if (await this.repository.numberTaken(auth.companyId, fields.DeviceNumber, deviceId)) {
        throw conflict('DeviceNumber', 'devices.numberTaken');
      }
      if (!(await this.repository.update(auth.companyId, deviceId, toChanges(fields)))) {
        throw notFound('devices.notFound');
      }
    });
    return this.get(auth, deviceId);
  }

  /** A concurrent save of the same number still answers 409, not 500. */
  private async saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (uniqueViolation(error) === 'devices_company_number_uq') {
        throw conflict('DeviceNumber', 'devices.numberTaken');
      }
      throw error;
    }
  }

  /** All or nothing: one id outside the company answers 404 and nothing changes. */
  async delete(auth: AuthContext, deviceIds: readonly string[]): Promise<number> {
    const ids = [...new Set(deviceIds)];
    return this.deps.db.transaction(async (tx) => {
      const repository = new DevicesRepository(tx);
      if ((await repository.lockOwned(auth.companyId, ids)).length !== ids.length) {
        throw notFound('devices.notFound');
      }
      return repository.delete(auth.companyId, ids);
    });
  }

  /** Assigns devices to one enabled user of the company; all or nothing. */
  async assign(auth: AuthContext, deviceIds: readonly string[], userId: string): Promise<number> {
    const ids = [...new Set(deviceIds)];
    return this.deps.db.transaction(async (tx) => {
      const repository = new DevicesRepository(tx);
      const user = await repository.findUser(auth.companyId, userId);
      if (!user) throw fieldError('DeviceUserId', 'devices.userNotFound');
      if (user.status !== 1) throw fieldError('DeviceUserId', 'devices.userDisabled');
      if ((await repository.lockOwned(auth.companyId, ids)).length !== ids.length) {
        throw notFound('devices.notFound');
      }
      return repository.setUser(auth.companyId, ids, user.id);
    });
  }

  async unbind(auth: AuthContext, deviceId: string): Promise<void> {
    if ((await this.repository.setUser(auth.companyId, [deviceId], null)) === 0) {
      throw notFound('devices.notFound');
    }
  }

  /** The devices assigned to a user of the company. */
  async assignedTo(auth: AuthContext, userId: string): Promise<DeviceRow[]> {
    if (!(await this.repository.findUser(auth.companyId, userId))) throw notFound('devices.userNotFound');
    const now = this.now();
    const rows = await this.repository.all({
      companyId: auth.companyId,
      deviceUserId: userId,
      orderBy: 'DeviceNumber',
      ascending: true,
    });
    return rows.map((row) => this.toRow(row, now));
  }

  /**
   * Activation: a new 256-bit key, answered once and stored as SHA-256. Activating an active device
   * rotates the key (the old hash is replaced, so the old key stops at once). Audited.
   */
  async activate(auth: AuthContext, deviceId: string, ip: string | null): Promise<string> {
    const key = newToken();
    await this.deps.db.transaction(async (tx) => {
      const repository = new DevicesRepository(tx);
      const [owned] = await repository.lockOwned(auth.companyId, [deviceId]);
      const before = owned ? await repository.find(auth.companyId, deviceId) : undefined;
      if (!before) throw notFound('devices.notFound');
      await repository.setKey(auth.companyId, deviceId, {
        keyHash: hashToken(key),
        activeUserId: auth.userId,
        now: this.now(),
      });
      // In the key's transaction (tx), not on a second pool connection: both or neither.
      await new AuditRepository(tx).record({
        event: before.keyHash ? 'device.keyRotated' : 'device.activated',
        companyId: auth.companyId,
        userId: auth.userId,
        ip,
        detail: { deviceId, deviceNumber: before.deviceNumber },
      });
    });
    return key;
  }

  /** Revokes the key; the device API answers 401 to it from now on. Audited. */
  async deactivate(auth: AuthContext, deviceId: string, ip: string | null): Promise<void> {
    const before = await this.repository.find(auth.companyId, deviceId);
    if (!before) throw notFound('devices.notFound');
    await this.repository.setKey(auth.companyId, deviceId, null);
    await this.deps.audit.record({
      event: 'device.deactivated',
      companyId: auth.companyId,
      userId: auth.userId,
      ip,
      detail: { deviceId, deviceNumber: before.deviceNumber, hadKey: before.keyHash !== null },
    });
  }

  /** The device a presented key belongs to, or null (missing, wrong, rotated or revoked). */
  async authenticate(key: string): Promise<DeviceContext | null> {
    if (key.length < 16 || key.length > 128) return null;
    const device = await this.repository.byKeyHash(hashToken(key));
    // The operator console disabled its company: refused, translated (nothing it sends is taken).
    if (device?.companyDisabled) throw new AppError(ErrorCode.Forbidden, 'devices.companyDisabled');
    return device ? { deviceId: device.id, companyId: device.companyId } : null;
  }

  async heartbeat(
    device: DeviceContext,
    body: HeartbeatBody,
  ): Promise<{ ServerTime: string; NextHeartbeatMs: number }> {
    const now = this.now();
    const { SoftwareVersion, Battery, DiskFreeMB, ...health } = body;
    const battery = Battery ?? null;
    await this.deps.db.transaction(async (tx) => {
      const before = await new DevicesRepository(tx).recordHeartbeat(device.companyId, device.deviceId, {
        at: now,
        health,
        battery,
        diskFreeMb: DiskFreeMB ?? null,
        version: SoftwareVersion ?? null,
      });
      // Live pages hear of a device coming online or its battery changing, not of every heartbeat.
      const shown = (value: number | null) => (value === null ? null : Math.round(value));
      if (before && (!this.isOnline(before.lastSeenAt, now) || shown(before.battery) !== shown(battery))) {
        await raiseDeviceEvent(tx, device.companyId, {
          id: device.deviceId,
          holderId: before.holderId,
          online: true,
          battery,
        });
      }
    });
    return { ServerTime: now.toISOString(), NextHeartbeatMs: DEVICE_LIMITS.heartbeatMs };
  }

  /**
   * Announces devices that went silent (live pages show them offline): run every few seconds on
   * every instance; each silence is announced once.
   */
  async announceSilent(): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      const silent = await new DevicesRepository(tx).markSilent(this.deps.offlineSeconds);
      for (const row of silent) {
        await raiseDeviceEvent(tx, row.company_id, {
          id: row.id,
          holderId: row.device_user_id,
          online: false,
          battery: row.battery,
        });
      }
      return silent.length;
    });
  }

  /** The equipment page: the company's robots with their latest heartbeat and the catalogue's messages. */
  robots(auth: AuthContext, keyword: string | undefined, language: Language): Promise<RobotList> {
    return this.withHealth({ companyId: auth.companyId, deviceType: 'robot', keyword }, language);
  }

  /** The caller's own devices (any type), read-only: what a surveyor holds. */
  mine(auth: AuthContext, language: Language): Promise<RobotList> {
    return this.withHealth({ companyId: auth.companyId, deviceUserId: auth.userId }, language);
  }

  private async withHealth(
    query: Omit<DeviceQuery, 'orderBy' | 'ascending'>,
    language: Language,
  ): Promise<RobotList> {
    const now = this.now();
    const rows = await this.repository.all({ ...query, orderBy: 'DeviceNumber', ascending: true });
    return {
      OfflineAfterSeconds: this.deps.offlineSeconds,
      Items: rows.map((row) => {
        const alerts: RobotRow['Alerts'] = [];
        if (row.diskFreeMb !== null && row.diskFreeMb < DEVICE_LIMITS.lowDiskMb) {
          alerts.push({
            Kind: 'diskSpace',
            Message: formatMessage(language, 'devices.diskSpaceLow', { mb: Math.floor(row.diskFreeMb) }),
          });
        }
        if (row.battery !== null && row.battery < DEVICE_LIMITS.lowBatteryPercent) {
          alerts.push({
            Kind: 'lowBattery',
            Message: formatMessage(language, 'devices.lowBattery', { percent: Math.round(row.battery) }),
          });
        }
        const health = row.health ? robotHealthSchema.safeParse(row.health) : null;
        return {
          DeviceGuid: row.id,
          DeviceNumber: row.deviceNumber,
          DeviceType: row.deviceType === 'scanner' ? 'scanner' : 'robot',
          MachineModel: row.machineModel,
          DeviceUserName: row.deviceUserName,
          IsActive: row.isActive,
          Online: row.isActive && this.isOnline(row.lastSeenAt, now),
          LastSeenAt: row.lastSeenAt?.toISOString() ?? null,
          Health: health?.success ? health.data : null,
          Battery: row.battery,
          DiskFreeMB: row.diskFreeMb,
          SoftwareVersion: row.reportedVersion,
          Alerts: alerts,
        };
      }),
    };
  }
}

/** The device API's refusal: HTTP 401 with its own message. */
export const deviceKeyInvalid = () => new AppError(ErrorCode.Unauthorized, 'devices.keyInvalid');
