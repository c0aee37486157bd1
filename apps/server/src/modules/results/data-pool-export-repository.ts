import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DataPoolExportState } from '@measure/contract';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { DataPoolExportFilter } from '../../db/json-types.ts';
import { dataPoolExports } from '../../db/schema.ts';

export type DataPoolExportRecord = typeof dataPoolExports.$inferSelect;

/** The rows of background data pool exports: always reached through the company and, for people, the owner. */
export class DataPoolExportRepository {
  constructor(private readonly db: DbExecutor) {}

  async insert(values: {
    companyId: string;
    userId: string;
    projectScope: 'company' | 'assigned';
    filter: DataPoolExportFilter;
    language: string;
    expiresAt: Date;
  }): Promise<string> {
    const [row] = await this.db.insert(dataPoolExports).values(values).returning({ id: dataPoolExports.id });
    if (!row) throw new Error('export insert returned nothing');
    return row.id;
  }

  /** One export of its owner (another user's or company's is not found). */
  async findOwn(
    companyId: string,
    userId: string,
    exportId: string,
  ): Promise<DataPoolExportRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(dataPoolExports)
      .where(
        and(
          eq(dataPoolExports.companyId, companyId),
          eq(dataPoolExports.userId, userId),
          eq(dataPoolExports.id, exportId),
        ),
      );
    return row;
  }

  /** The job's view: one export of the company named in its payload. */
  async find(companyId: string, exportId: string): Promise<DataPoolExportRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(dataPoolExports)
      .where(and(eq(dataPoolExports.companyId, companyId), eq(dataPoolExports.id, exportId)));
    return row;
  }

  async update(
    companyId: string,
    exportId: string,
    values: Partial<{
      state: DataPoolExportState;
      rowsWritten: number;
      rowsTotal: number | null;
      error: string | null;
      storedName: string | null;
      fileSize: number | null;
      expiresAt: Date;
    }>,
  ): Promise<void> {
    await this.db
      .update(dataPoolExports)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(dataPoolExports.companyId, companyId), eq(dataPoolExports.id, exportId)));
  }

  /**
   * Takes the finished file of an export for its one download: only when it is the owner's, ready,
   * not expired and not downloaded yet. Answers the row as it was, or nothing.
   */
  async claimDownload(
    companyId: string,
    userId: string,
    exportId: string,
  ): Promise<DataPoolExportRecord | undefined> {
    const [row] = await this.db
      .update(dataPoolExports)
      .set({ downloadedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(dataPoolExports.companyId, companyId),
          eq(dataPoolExports.userId, userId),
          eq(dataPoolExports.id, exportId),
          eq(dataPoolExports.state, 'ready'),
          isNull(dataPoolExports.downloadedAt),
          sql`${dataPoolExports.expiresAt} > now()`,
        ),
      )
      .returning();
    return row;
  }

  /** Exports past their expiry, of every company (the hourly clean-up). */
  async expired(now: Date) {
    return this.db
      .select({
        id: dataPoolExports.id,
        companyId: dataPoolExports.companyId,
        storedName: dataPoolExports.storedName,
      })
      .from(dataPoolExports)
      .where(lt(dataPoolExports.expiresAt, now));
  }

  async delete(companyId: string, exportIds: readonly string[]): Promise<void> {
    if (exportIds.length === 0) return;
    await this.db
      .delete(dataPoolExports)
      .where(and(eq(dataPoolExports.companyId, companyId), inArray(dataPoolExports.id, [...exportIds])));
  }

  /** Every stored file name an export still refers to (the sweep keeps these). */
  async storedNames(): Promise<Set<string>> {
    const rows = await this.db
      .select({ storedName: dataPoolExports.storedName })
      .from(dataPoolExports)
      // eslint-disable-next-line measure/company-scoped-sql -- every company: the file sweep keeps every name still referred to
      .where(sql`${dataPoolExports.storedName} is not null`);
    return new Set(rows.flatMap((row) => (row.storedName ? [row.storedName] : [])));
  }
}
