import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { companies, devices, users } from '../../db/schema.ts';

export type DeviceRecord = typeof devices.$inferSelect & { deviceUserName: string | null };

/** The editable fields of a device (everything a person types in the create/edit form). */
export type DeviceChanges = Pick<
  typeof devices.$inferInsert,
  | 'deviceNumber'
  | 'deviceType'
  | 'productSerialNumber'
  | 'machineModel'
  | 'macAddress'
  | 'customerCompanyName'
  | 'customerContact'
  | 'customerPhoneNumber'
  | 'deviceDateOfProduction'
  | 'deviceExpire'
  | 'deviceSoftwareVersion'
  | 'scannerNumber'
  | 'scannerType'
  | 'scannerDateOfProduction'
  | 'scannerExpire'
  | 'scannerFirmwareVersion'
  | 'computerNumber'
  | 'computerType'
  | 'computerDateOfProduction'
  | 'computerExpire'
  | 'computerSystemVersion'
  | 'tripodType'
  | 'tripodExpire'
  | 'encryptedDogNumber'
  | 'encryptedDogType'
>;

export interface DeviceQuery {
  companyId: string;
  deviceNumber?: string;
  customerCompanyName?: string;
  productionFrom?: string;
  productionTo?: string;
  keyword?: string;
  deviceId?: string;
  allocated?: boolean;
  active?: boolean;
  deviceType?: string;
  deviceUserId?: string;
  orderBy: OrderField;
  ascending: boolean;
}

export type OrderField =
  | 'DeviceNumber'
  | 'CustomerCompanyName'
  | 'DeviceDateOfProduction'
  | 'CreateDateTime'
  | 'ActiveDate'
  | 'DeviceUserName';

/** `%` and `_` typed by a user are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

const ORDER_COLUMNS = {
  DeviceNumber: devices.deviceNumber,
  CustomerCompanyName: devices.customerCompanyName,
  DeviceDateOfProduction: devices.deviceDateOfProduction,
  CreateDateTime: devices.createdAt,
  ActiveDate: devices.activeDate,
  DeviceUserName: users.name,
};

const columns = { device: devices, deviceUserName: users.name };

function conditions(query: DeviceQuery): SQL {
  const parts: (SQL | undefined)[] = [eq(devices.companyId, query.companyId)];
  if (query.deviceNumber) parts.push(ilike(devices.deviceNumber, likePattern(query.deviceNumber)));
  if (query.customerCompanyName) {
    parts.push(ilike(devices.customerCompanyName, likePattern(query.customerCompanyName)));
  }
  if (query.productionFrom) parts.push(gte(devices.deviceDateOfProduction, query.productionFrom));
  if (query.productionTo) parts.push(lte(devices.deviceDateOfProduction, query.productionTo));
  if (query.keyword) {
    const pattern = likePattern(query.keyword);
    parts.push(
      or(
        ilike(devices.deviceNumber, pattern),
        ilike(devices.productSerialNumber, pattern),
        ilike(devices.customerCompanyName, pattern),
        ilike(devices.customerContact, pattern),
        ilike(devices.customerPhoneNumber, pattern),
        ilike(devices.macAddress, pattern),
        ilike(devices.machineModel, pattern),
        ilike(devices.scannerNumber, pattern),
        ilike(devices.computerNumber, pattern),
        ilike(users.name, pattern),
      ),
    );
  }
  if (query.deviceId) parts.push(eq(devices.id, query.deviceId));
  if (query.allocated !== undefined) {
    parts.push(query.allocated ? isNotNull(devices.deviceUserId) : isNull(devices.deviceUserId));
  }
  if (query.active !== undefined) parts.push(eq(devices.isActive, query.active));
  if (query.deviceType) parts.push(eq(devices.deviceType, query.deviceType));
  if (query.deviceUserId) parts.push(eq(devices.deviceUserId, query.deviceUserId));
  return and(...parts) as SQL;
}

const toRecord = (row: { device: typeof devices.$inferSelect; deviceUserName: string | null }) => ({
  ...row.device,
  deviceUserName: row.deviceUserName,
});

/** Devices of a company. Every query filters by the company; no write goes by id alone. */
export class DevicesRepository {
  constructor(private readonly db: DbExecutor) {}

  private joined() {
    return this.db
      .select(columns)
      .from(devices)
      .leftJoin(users, and(eq(users.id, devices.deviceUserId), eq(users.companyId, devices.companyId)));
  }

  async page(query: DeviceQuery, limit: number, offset: number) {
    const where = conditions(query);
    const column = ORDER_COLUMNS[query.orderBy];
    const [rows, [total]] = await Promise.all([
      this.joined()
        .where(where)
        .orderBy(
          query.ascending ? sql`${column} asc nulls last` : sql`${column} desc nulls last`,
          asc(devices.deviceNumber),
        )
        .limit(limit)
        .offset(offset),
      this.db
        .select({ total: count() })
        .from(devices)
        .leftJoin(users, and(eq(users.id, devices.deviceUserId), eq(users.companyId, devices.companyId)))
        .where(where),
    ]);
    return { rows: rows.map(toRecord), total: total?.total ?? 0 };
  }

  /** Every matching device (the export), in the list's order. */
  async all(query: DeviceQuery): Promise<DeviceRecord[]> {
    const column = ORDER_COLUMNS[query.orderBy];
    const rows = await this.joined()
      .where(conditions(query))
      .orderBy(query.ascending ? asc(column) : desc(column), asc(devices.deviceNumber));
    return rows.map(toRecord);
  }

  async find(companyId: string, deviceId: string): Promise<DeviceRecord | undefined> {
    const [row] = await this.joined().where(and(eq(devices.companyId, companyId), eq(devices.id, deviceId)));
    return row ? toRecord(row) : undefined;
  }

  /** The ids among `deviceIds` that belong to the company, rows locked for the transaction. */
  async lockOwned(companyId: string, deviceIds: readonly string[]): Promise<string[]> {
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.companyId, companyId), inArray(devices.id, [...deviceIds])))
      .for('update');
    return rows.map((row) => row.id);
  }

  async numberTaken(companyId: string, deviceNumber: string, exceptId?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(
        and(
          eq(devices.companyId, companyId),
          sql`lower(${devices.deviceNumber}) = lower(${deviceNumber})`,
          exceptId ? sql`${devices.id} <> ${exceptId}` : undefined,
        ),
      );
    return row !== undefined;
  }

  async insert(companyId: string, createdBy: string, changes: DeviceChanges): Promise<string> {
    const [row] = await this.db
      .insert(devices)
      .values({ ...changes, companyId, createdBy })
      .returning({ id: devices.id });
    return row?.id ?? '';
  }

  async update(companyId: string, deviceId: string, changes: DeviceChanges): Promise<boolean> {
    const rows = await this.db
      .update(devices)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(devices.companyId, companyId), eq(devices.id, deviceId)))
      .returning({ id: devices.id });
    return rows.length > 0;
  }

  async delete(companyId: string, deviceIds: readonly string[]): Promise<number> {
    const rows = await this.db
      .delete(devices)
      .where(and(eq(devices.companyId, companyId), inArray(devices.id, [...deviceIds])))
      .returning({ id: devices.id });
    return rows.length;
  }

  async setUser(companyId: string, deviceIds: readonly string[], userId: string | null): Promise<number> {
    const rows = await this.db
      .update(devices)
      .set({ deviceUserId: userId, updatedAt: new Date() })
      .where(and(eq(devices.companyId, companyId), inArray(devices.id, [...deviceIds])))
      .returning({ id: devices.id });
    return rows.length;
  }

  /** A user of the company, for assignment. */
  async findUser(companyId: string, userId: string) {
    const [row] = await this.db
      .select({ id: users.id, name: users.name, status: users.status })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
    return row;
  }

  /** Activation (a new key) or deactivation (keyHash null). */
  async setKey(
    companyId: string,
    deviceId: string,
    change: { keyHash: string; activeUserId: string; now: Date } | null,
  ): Promise<boolean> {
    const values = change
      ? {
          keyHash: change.keyHash,
          isActive: true,
          activeUserId: change.activeUserId,
          // The first activation starts the warranties; a rotation keeps that date.
          activeDate: sql`coalesce(${devices.activeDate}, ${change.now.toISOString()}::timestamptz)`,
        }
      : { keyHash: null, isActive: false };
    const rows = await this.db
      .update(devices)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(devices.companyId, companyId), eq(devices.id, deviceId)))
      .returning({ id: devices.id });
    return rows.length > 0;
  }

  /** The device a key belongs to (the authentication lookup: the key hash is unique). */
  async byKeyHash(
    keyHash: string,
  ): Promise<{ id: string; companyId: string; companyDisabled: boolean } | undefined> {
    const [row] = await this.db
      .select({
        id: devices.id,
        companyId: devices.companyId,
        companyDisabled: sql<boolean>`${companies.disabledAt} is not null`,
      })
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(and(eq(devices.keyHash, keyHash), eq(devices.isActive, true)));
    return row;
  }

  /**
   * Stores a heartbeat; answers what the device showed before it (last heartbeat, battery) and its
   * holder, so the caller can tell whether anything shown changed. One statement, under the row lock.
   */
  async recordHeartbeat(
    companyId: string,
    deviceId: string,
    beat: {
      at: Date;
      health: Record<string, unknown>;
      battery: number | null;
      diskFreeMb: number | null;
      version: string | null;
    },
  ): Promise<{ lastSeenAt: Date | null; battery: number | null; holderId: string | null } | undefined> {
    const result = await this.db.execute<{
      last_seen_at: Date | string | null;
      battery: number | null;
      device_user_id: string | null;
    }>(sql`
      update ${devices} d set last_seen_at = ${beat.at.toISOString()}::timestamptz,
        health = ${JSON.stringify(beat.health)}::jsonb, battery = ${beat.battery},
        disk_free_mb = ${beat.diskFreeMb},
        reported_version = coalesce(${beat.version}, d.reported_version)
      from (select id, last_seen_at, battery from ${devices}
            where company_id = ${companyId} and id = ${deviceId} for update) was
      where d.company_id = ${companyId} and d.id = was.id
      returning was.last_seen_at, was.battery, d.device_user_id`);
    const row = result.rows[0];
    if (!row) return undefined;
    return {
      lastSeenAt: row.last_seen_at === null ? null : new Date(row.last_seen_at),
      battery: row.battery,
      holderId: row.device_user_id,
    };
  }

  /**
   * Active devices silent for more than `offlineSeconds` whose going offline was not announced since
   * their last heartbeat: marked announced, answered (one statement; the row locks let sweeps on
   * several instances at once announce each silence once).
   */
  async markSilent(offlineSeconds: number) {
    type Silent = { id: string; company_id: string; device_user_id: string | null; battery: number | null };
    // eslint-disable-next-line measure/company-scoped-sql -- every company: the presence sweep; each row answers its own company_id and its event goes to that company only
    const result = await this.db.execute<Silent>(sql`
      update ${devices} d set offline_announced_at = now()
      where d.is_active and d.last_seen_at is not null
        and d.last_seen_at < now() - make_interval(secs => ${offlineSeconds})
        and (d.offline_announced_at is null or d.offline_announced_at < d.last_seen_at)
      returning d.id, d.company_id, d.device_user_id, d.battery`);
    return result.rows;
  }
}
