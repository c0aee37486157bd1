import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { deviceUpdateReports, deviceUpdates, devices, users } from '../../db/schema.ts';

export type UpdateRecord = typeof deviceUpdates.$inferSelect & {
  uploadedByName: string | null;
  reports: number;
  failures: number;
};

export interface NewUpdate {
  deviceType: string;
  version: string;
  /** Padded numeric parts (see `versionParts`). */
  versionOrder: number[];
  notes: string;
  size: number;
  sha256: string;
  storedName: string;
  fileName: string;
  uploadedBy: string;
}

export interface StatusRecord {
  deviceId: string;
  deviceNumber: string;
  deviceType: string;
  isActive: boolean;
  reportedVersion: string | null;
  reportUpdateId: string | null;
  reportVersion: string | null;
  reportSuccess: boolean | null;
  reportMessage: string | null;
  reportedAt: Date | null;
  failedReports: number;
}

/** PostgreSQL array literal of a version's parts (digits only, validated before). */
const orderLiteral = (parts: readonly number[]) => `{${parts.join(',')}}`;

/** Update packages and install reports; every query is scoped to the company. */
export class DeviceUpdatesRepository {
  constructor(private readonly db: DbExecutor) {}

  private selectUpdates() {
    const reports = sql<number>`(select count(*)::int from ${deviceUpdateReports} r
      where r.company_id = ${deviceUpdates}.company_id and r.update_id = ${deviceUpdates}.id)`;
    const failures = sql<number>`(select count(*)::int from ${deviceUpdateReports} r
      where r.company_id = ${deviceUpdates}.company_id and r.update_id = ${deviceUpdates}.id and not r.success)`;
    return this.db
      .select({ update: deviceUpdates, uploadedByName: users.name, reports, failures })
      .from(deviceUpdates)
      .leftJoin(
        users,
        and(eq(users.id, deviceUpdates.uploadedBy), eq(users.companyId, deviceUpdates.companyId)),
      );
  }

  private static toRecord(row: {
    update: typeof deviceUpdates.$inferSelect;
    uploadedByName: string | null;
    reports: number;
    failures: number;
  }): UpdateRecord {
    return {
      ...row.update,
      uploadedByName: row.uploadedByName,
      reports: row.reports,
      failures: row.failures,
    };
  }

  async list(companyId: string, deviceType?: string | null): Promise<UpdateRecord[]> {
    const rows = await this.selectUpdates()
      .where(
        and(
          eq(deviceUpdates.companyId, companyId),
          deviceType ? eq(deviceUpdates.deviceType, deviceType) : undefined,
        ),
      )
      .orderBy(deviceUpdates.deviceType, desc(deviceUpdates.versionOrder));
    return rows.map(DeviceUpdatesRepository.toRecord);
  }

  async find(companyId: string, updateId: string): Promise<UpdateRecord | undefined> {
    const [row] = await this.selectUpdates().where(
      and(eq(deviceUpdates.companyId, companyId), eq(deviceUpdates.id, updateId)),
    );
    return row ? DeviceUpdatesRepository.toRecord(row) : undefined;
  }

  async versionTaken(
    companyId: string,
    deviceType: string,
    versionOrder: readonly number[],
  ): Promise<boolean> {
    const [row] = await this.db
      .select({ id: deviceUpdates.id })
      .from(deviceUpdates)
      .where(
        and(
          eq(deviceUpdates.companyId, companyId),
          eq(deviceUpdates.deviceType, deviceType),
          sql`${deviceUpdates.versionOrder} = ${orderLiteral(versionOrder)}::int[]`,
        ),
      );
    return row !== undefined;
  }

  async insert(companyId: string, values: NewUpdate): Promise<string> {
    const [row] = await this.db
      .insert(deviceUpdates)
      .values({ companyId, ...values })
      .returning({ id: deviceUpdates.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  }

  /** Deletes a package; answers its stored file name (undefined: not of the company). */
  async delete(companyId: string, updateId: string): Promise<string | undefined> {
    const [row] = await this.db
      .delete(deviceUpdates)
      .where(and(eq(deviceUpdates.companyId, companyId), eq(deviceUpdates.id, updateId)))
      .returning({ storedName: deviceUpdates.storedName });
    return row?.storedName;
  }

  /** The newest package of the company and device type newer than `after` (null: the newest of all). */
  async newest(
    companyId: string,
    deviceType: string,
    after: readonly number[] | null,
  ): Promise<UpdateRecord | undefined> {
    const [row] = await this.selectUpdates()
      .where(
        and(
          eq(deviceUpdates.companyId, companyId),
          eq(deviceUpdates.deviceType, deviceType),
          after ? sql`${deviceUpdates.versionOrder} > ${orderLiteral(after)}::int[]` : undefined,
        ),
      )
      .orderBy(desc(deviceUpdates.versionOrder))
      .limit(1);
    return row ? DeviceUpdatesRepository.toRecord(row) : undefined;
  }

  /** The device type of a device of the company. */
  async deviceType(companyId: string, deviceId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ deviceType: devices.deviceType })
      .from(devices)
      .where(and(eq(devices.companyId, companyId), eq(devices.id, deviceId)));
    return row?.deviceType;
  }

  async insertReport(
    companyId: string,
    report: { deviceId: string; updateId: string; version: string; success: boolean; message: string },
  ): Promise<void> {
    await this.db.insert(deviceUpdateReports).values({ companyId, ...report });
  }

  /** Every device of the company with its latest install report and its count of failed reports. */
  async status(companyId: string, deviceType?: string | null, keyword?: string): Promise<StatusRecord[]> {
    const pattern = keyword ? `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
    const result = await this.db.execute<{
      device_id: string;
      device_number: string;
      device_type: string;
      is_active: boolean;
      reported_version: string | null;
      report_update_id: string | null;
      report_version: string | null;
      report_success: boolean | null;
      report_message: string | null;
      reported_at: string | Date | null;
      failed_reports: number;
    }>(sql`
      select d.id as device_id, d.device_number, d.device_type, d.is_active, d.reported_version,
        last.update_id as report_update_id, last.version as report_version, last.success as report_success,
        last.message as report_message, last.reported_at,
        (select count(*)::int from ${deviceUpdateReports} f
          where f.company_id = d.company_id and f.device_id = d.id and not f.success) as failed_reports
      from ${devices} d
      left join lateral (
        select r.update_id, r.version, r.success, r.message, r.reported_at from ${deviceUpdateReports} r
        where r.company_id = d.company_id and r.device_id = d.id
        order by r.reported_at desc, r.id desc limit 1
      ) last on true
      where d.company_id = ${companyId}
        and (${deviceType ?? null}::text is null or d.device_type = ${deviceType ?? null})
        and (${pattern}::text is null or d.device_number ilike ${pattern} or d.reported_version ilike ${pattern})
      order by d.device_number`);
    return result.rows.map((row) => ({
      deviceId: row.device_id,
      deviceNumber: row.device_number,
      deviceType: row.device_type,
      isActive: row.is_active,
      reportedVersion: row.reported_version,
      reportUpdateId: row.report_update_id,
      reportVersion: row.report_version,
      reportSuccess: row.report_success,
      reportMessage: row.report_message,
      reportedAt: row.reported_at === null ? null : new Date(row.reported_at),
      failedReports: Number(row.failed_reports),
    }));
  }

  /** Stored file names of every package (all companies: the file sweep at start-up). */
  async allStoredNames(): Promise<Set<string>> {
    const rows = await this.db.select({ storedName: deviceUpdates.storedName }).from(deviceUpdates);
    return new Set(rows.map((row) => row.storedName));
  }
}
