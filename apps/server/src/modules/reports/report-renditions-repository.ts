import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { reportRenditions } from '../../db/schema.ts';

export type RenditionRecord = Omit<
  typeof reportRenditions.$inferInsert,
  'supersededAt' | 'supersededReason' | 'supersededBy' | 'createdAt'
> & { reportId: string; taskId: string; renderedAt: Date };

/** The renditions of reports: one row per rendered PDF, found by its verification code. */
export class ReportRenditionsRepository {
  constructor(private readonly db: DbExecutor) {}

  /**
   * Records a new rendition and marks the task's earlier current rendition in the same language as
   * superseded by it (when, why, by which code). Per task, so a report deleted and rendered again
   * still points its old printouts at the new one.
   */
  async record(rendition: RenditionRecord, reason: string): Promise<void> {
    await this.db
      .update(reportRenditions)
      .set({ supersededAt: rendition.renderedAt, supersededReason: reason, supersededBy: rendition.code })
      .where(
        and(
          eq(reportRenditions.companyId, rendition.companyId),
          eq(reportRenditions.taskId, rendition.taskId),
          eq(reportRenditions.language, rendition.language),
          isNull(reportRenditions.supersededAt),
          ne(reportRenditions.code, rendition.code),
        ),
      );
    await this.db.insert(reportRenditions).values(rendition);
  }

  /** A rendition by its code alone (the public read: the code is the secret); undefined when unknown. */
  async find(code: string) {
    const [row] = await this.db.select().from(reportRenditions).where(eq(reportRenditions.code, code));
    return row;
  }

  /** The end of a superseded rendition's chain of successors (the current rendition's code). */
  async currentOf(companyId: string, code: string): Promise<string> {
    const result = await this.db.execute<{ code: string }>(sql`
      with recursive chain (code, superseded_by, depth) as (
        select code, superseded_by, 0 from ${reportRenditions}
        where company_id = ${companyId} and code = ${code}
        union all
        select next.code, next.superseded_by, chain.depth + 1
        from ${reportRenditions} next join chain on next.code = chain.superseded_by
        where next.company_id = ${companyId} and chain.depth < 10000
      )
      select code from chain order by depth desc limit 1`);
    return result.rows[0]?.code ?? code;
  }
}
