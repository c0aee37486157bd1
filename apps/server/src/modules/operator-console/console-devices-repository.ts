import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { companies, deviceFiles, devices, scans, taskSites, tasks } from '../../db/schema.ts';
import type { DeviceChanges } from '../devices/devices-repository.ts';

export interface ConsoleDeviceRecord {
  id: string;
  deviceNumber: string;
  deviceType: string;
  productSerialNumber: string | null;
  machineModel: string | null;
  companyId: string;
  companyNameZh: string;
  companyNameEn: string;
  customerCompanyName: string | null;
  customerContact: string | null;
  customerPhoneNumber: string | null;
  deviceDateOfProduction: string;
  deviceExpire: number | null;
  warrantyStartsOn: string | null;
  isActive: boolean;
  activeDate: Date | null;
  createdAt: Date;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/**
 * The device registry across companies (operator console). The operator reaches a device by its id
 * alone on purpose: it belongs to no company and keeps every company's devices.
 */
export class ConsoleDevicesRepository {
  constructor(private readonly db: DbExecutor) {}

  private select() {
    return this.db
      .select({
        id: devices.id,
        deviceNumber: devices.deviceNumber,
        deviceType: devices.deviceType,
        productSerialNumber: devices.productSerialNumber,
        machineModel: devices.machineModel,
        companyId: devices.companyId,
        companyNameZh: companies.nameZh,
        companyNameEn: companies.nameEn,
        customerCompanyName: devices.customerCompanyName,
        customerContact: devices.customerContact,
        customerPhoneNumber: devices.customerPhoneNumber,
        deviceDateOfProduction: devices.deviceDateOfProduction,
        deviceExpire: devices.deviceExpire,
        warrantyStartsOn: devices.warrantyStartsOn,
        isActive: devices.isActive,
        activeDate: devices.activeDate,
        createdAt: devices.createdAt,
      })
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId));
  }

  async page(filter: {
    content?: string;
    companyId?: string | null;
    limit: number;
    offset: number;
  }): Promise<{ rows: ConsoleDeviceRecord[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.content) {
      const like = `%${escapeLike(filter.content)}%`;
      const match = or(
        ilike(devices.deviceNumber, like),
        ilike(devices.productSerialNumber, like),
        ilike(devices.customerCompanyName, like),
      );
      if (match) conditions.push(match);
    }
    if (filter.companyId) conditions.push(eq(devices.companyId, filter.companyId));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.select()
        .where(where)
        .orderBy(asc(companies.code), asc(devices.deviceNumber))
        .limit(filter.limit)
        .offset(filter.offset),
      this.db.select({ total: count() }).from(devices).where(where),
    ]);
    return { rows, total: total?.total ?? 0 };
  }

  async byId(deviceId: string): Promise<ConsoleDeviceRecord | undefined> {
    // eslint-disable-next-line measure/company-scoped-where -- the operator keeps every company's devices
    const [row] = await this.select().where(eq(devices.id, deviceId));
    return row;
  }

  /** The device's company, its row locked for a move. */
  async lockCompanyOf(deviceId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ companyId: devices.companyId })
      .from(devices)
      // eslint-disable-next-line measure/company-scoped-where -- the operator keeps every company's devices
      .where(eq(devices.id, deviceId))
      .for('update');
    return row?.companyId;
  }

  async numberTaken(companyId: string, deviceNumber: string, exceptId?: string): Promise<boolean> {
    const sameNumber = and(
      eq(devices.companyId, companyId),
      eq(sql`lower(${devices.deviceNumber})`, deviceNumber.toLowerCase()),
    );
    const [row] = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(exceptId ? and(sameNumber, ne(devices.id, exceptId)) : sameNumber);
    return row !== undefined;
  }

  /** Whether the device left records in its company (tasks, sites, scans, uploads): then it stays. */
  async hasRecords(companyId: string, deviceId: string): Promise<boolean> {
    const uses = await Promise.all(
      [tasks, taskSites, scans, deviceFiles].map(async (table) => {
        const [row] = await this.db
          .select({ one: sql<number>`1` })
          .from(table)
          .where(and(eq(table.companyId, companyId), eq(table.deviceId, deviceId)))
          .limit(1);
        return row !== undefined;
      }),
    );
    return uses.some(Boolean);
  }

  async insert(companyId: string, changes: DeviceChanges, warrantyStartsOn: string | null): Promise<string> {
    const [row] = await this.db
      .insert(devices)
      .values({ ...changes, companyId, warrantyStartsOn })
      .returning({ id: devices.id });
    if (!row) throw new Error('device insert returned nothing');
    return row.id;
  }

  /** To another company: no holder, no key, not activated (the new company activates it). */
  async moveToCompany(fromCompanyId: string, deviceId: string, toCompanyId: string): Promise<void> {
    await this.db
      .update(devices)
      .set({
        companyId: toCompanyId,
        deviceUserId: null,
        keyHash: null,
        isActive: false,
        activeDate: null,
        activeUserId: null,
        createdBy: null,
        updatedAt: new Date(),
      })
      .where(and(eq(devices.companyId, fromCompanyId), eq(devices.id, deviceId)));
  }

  async updateWarrantyAndCustomer(
    companyId: string,
    deviceId: string,
    values: {
      warrantyStartsOn: string | null;
      deviceExpire: number | null;
      customerCompanyName: string | null;
      customerContact: string | null;
      customerPhoneNumber: string | null;
    },
  ): Promise<void> {
    await this.db
      .update(devices)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(devices.companyId, companyId), eq(devices.id, deviceId)));
  }
}
