import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { userImports } from '../../db/schema.ts';
import type { SheetRow } from '../../db/json-types.ts';

/** Stored import previews (user_imports): the rows as read, scoped to a company, short-lived. */
export class UserImportRepository {
  constructor(private readonly db: DbExecutor) {}

  async insert(companyId: string, createdBy: string, rows: readonly SheetRow[]): Promise<string> {
    const [row] = await this.db
      .insert(userImports)
      .values({ companyId, createdBy, rows: [...rows] })
      .returning({ id: userImports.id });
    if (!row) throw new Error('import insert returned nothing');
    return row.id;
  }

  /** The rows of a preview of the company created after `notBefore`, or undefined. */
  async find(companyId: string, id: string, notBefore: Date): Promise<SheetRow[] | undefined> {
    const [row] = await this.db
      .select({ rows: userImports.rows })
      .from(userImports)
      .where(
        and(
          eq(userImports.companyId, companyId),
          eq(userImports.id, id),
          gt(userImports.createdAt, notBefore),
        ),
      );
    return row?.rows;
  }

  async delete(companyId: string, id: string): Promise<void> {
    await this.db
      .delete(userImports)
      .where(and(eq(userImports.companyId, companyId), eq(userImports.id, id)));
  }

  /** Drops every preview older than `before` (all companies). */
  async deleteExpired(before: Date): Promise<void> {
    await this.db.delete(userImports).where(lt(userImports.createdAt, before));
  }
}
