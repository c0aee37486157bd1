import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { deviceFiles } from '../../db/schema.ts';

export type DeviceFileRecord = typeof deviceFiles.$inferSelect;

/** Uploads of devices (tus). Every query filters by company. */
export class DeviceFilesRepository {
  constructor(private readonly db: DbExecutor) {}

  async insert(
    row: Omit<DeviceFileRecord, 'complete' | 'createdAt' | 'completedAt' | 'uploadedBy'>,
  ): Promise<void> {
    await this.db.insert(deviceFiles).values(row);
  }

  /** A picture a person uploaded from the browser: finished at once, no device. */
  async insertPersonPicture(row: {
    id: string;
    companyId: string;
    uploadedBy: string;
    fileName: string;
    size: number;
  }): Promise<void> {
    await this.db
      .insert(deviceFiles)
      .values({ ...row, deviceId: null, kind: 'picture', complete: true, completedAt: sql`now()` });
  }

  /** A finished picture of the company (a device's or a person's), with where its bytes are. */
  async finishedPicture(companyId: string, fileId: string) {
    const [row] = await this.db
      .select({ id: deviceFiles.id, deviceId: deviceFiles.deviceId, fileName: deviceFiles.fileName })
      .from(deviceFiles)
      .where(
        and(
          eq(deviceFiles.companyId, companyId),
          eq(deviceFiles.id, fileId),
          eq(deviceFiles.kind, 'picture'),
          eq(deviceFiles.complete, true),
        ),
      );
    return row;
  }

  /** A device's own upload; anything else (another device, another company, unknown) is undefined. */
  async ofDevice(companyId: string, deviceId: string, fileId: string): Promise<DeviceFileRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(deviceFiles)
      .where(
        and(
          eq(deviceFiles.companyId, companyId),
          eq(deviceFiles.deviceId, deviceId),
          eq(deviceFiles.id, fileId),
        ),
      );
    return row;
  }

  async finish(companyId: string, fileId: string): Promise<void> {
    await this.db
      .update(deviceFiles)
      .set({ complete: true, completedAt: sql`now()` })
      .where(and(eq(deviceFiles.companyId, companyId), eq(deviceFiles.id, fileId)));
  }

  async remove(companyId: string, fileId: string): Promise<void> {
    await this.db
      .delete(deviceFiles)
      .where(and(eq(deviceFiles.companyId, companyId), eq(deviceFiles.id, fileId)));
  }

  /** The company's finished uploads among `fileIds` (a results batch names them). */
  async finished(companyId: string, fileIds: readonly string[]) {
    if (fileIds.length === 0) return [];
    return this.db
      .select({ id: deviceFiles.id, deviceId: deviceFiles.deviceId, kind: deviceFiles.kind })
      .from(deviceFiles)
      .where(
        and(
          eq(deviceFiles.companyId, companyId),
          eq(deviceFiles.complete, true),
          inArray(deviceFiles.id, [...fileIds]),
        ),
      );
  }

  /**
   * Forgets unfinished uploads started before `before` (the store removes their bytes). Across
   * companies on purpose: the clean-up of partial uploads is the operator's job, like the nightly
   * rollup check, and names no tenant's row by id.
   */
  async forgetUnfinished(before: Date): Promise<number> {
    const removed = await this.db.execute<{ id: string }>(
      sql`delete from ${deviceFiles} where not complete and created_at < ${before} returning id`,
    );
    return removed.rows.length;
  }
}
