import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { deviceFiles, workOrders } from '../../db/schema.ts';

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

  /**
   * The company's finished uploads among `fileIds` (a results batch or a completion names them).
   * `lock` holds them (for share) until the transaction ends: the orphan photo sweep then waits for
   * it, and sees the work order that names them once it commits.
   */
  async finished(companyId: string, fileIds: readonly string[], lock = false) {
    if (fileIds.length === 0) return [];
    const query = this.db
      .select({
        id: deviceFiles.id,
        deviceId: deviceFiles.deviceId,
        kind: deviceFiles.kind,
        fileName: deviceFiles.fileName,
        size: deviceFiles.size,
      })
      .from(deviceFiles)
      .where(
        and(
          eq(deviceFiles.companyId, companyId),
          eq(deviceFiles.complete, true),
          inArray(deviceFiles.id, [...fileIds]),
        ),
      );
    return lock ? query.for('share') : query;
  }

  /**
   * Locks (for update) the photos people uploaded before `before` that no work order names, and
   * answers them with their companies. Across companies on purpose, like `forgetUnfinished`: an
   * operator's clean-up that names no tenant's row by id. A completion holding one of them
   * (`finished(..., true)`) is waited for; `removeUnattachedPersonPictures` then checks again, per
   * company, with what it committed.
   */
  async lockUnattachedPersonPictures(before: Date): Promise<{ companyId: string; id: string }[]> {
    // eslint-disable-next-line measure/company-scoped-sql -- every company: the operator's orphan sweep, by age
    const rows = await this.db.execute<{ company_id: string; id: string }>(sql`
      select f.company_id, f.id from ${deviceFiles} f
      where f.device_id is null and f.kind = 'picture' and f.created_at < ${before}
        and not exists (select 1 from ${workOrders} w
          where w.company_id = f.company_id and f.id = any(w.picture_file_ids))
      order by f.id
      for update of f`);
    return rows.rows.map((row) => ({ companyId: row.company_id, id: row.id }));
  }

  /**
   * Deletes the company's locked photos among `ids` that still no work order names (a statement of
   * its own, so it sees every completion committed while the lock was awaited); answers the deleted ids.
   */
  async removeUnattachedPersonPictures(companyId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const removed = await this.db.execute<{ id: string }>(sql`
      delete from ${deviceFiles} f
      where f.company_id = ${companyId} and f.id = any(${sql.param([...ids])}::text[]) and f.device_id is null
        and not exists (select 1 from ${workOrders} w
          where w.company_id = f.company_id and f.id = any(w.picture_file_ids))
      returning f.id`);
    return removed.rows.map((row) => row.id);
  }

  /**
   * Forgets unfinished uploads started before `before` (the store removes their bytes). Across
   * companies on purpose: the clean-up of partial uploads is the operator's job, like the nightly
   * rollup check, and names no tenant's row by id.
   */
  async forgetUnfinished(before: Date): Promise<number> {
    const removed = await this.db.execute<{ id: string }>(
      // eslint-disable-next-line measure/company-scoped-sql -- every company: the operator's clean-up of partial uploads, by age
      sql`delete from ${deviceFiles} where not complete and created_at < ${before} returning id`,
    );
    return removed.rows.length;
  }
}
