import { and, asc, count, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { comments } from '../../db/schema.ts';

export class WorkOrderCommentsRepository {
  constructor(private readonly db: DbExecutor) {}

  async page(companyId: string, targetType: string, targetId: string, limit: number, offset: number) {
    const where = and(
      eq(comments.companyId, companyId),
      eq(comments.targetType, targetType),
      eq(comments.targetId, targetId),
    );
    const rows = await this.db
      .select()
      .from(comments)
      .where(where)
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(comments).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  async insert(
    companyId: string,
    row: { targetType: string; targetId: string; userId: string; userName: string; content: string },
  ): Promise<string> {
    const [inserted] = await this.db
      .insert(comments)
      .values({ ...row, companyId })
      .returning({ id: comments.id });
    return inserted?.id ?? '';
  }
}
