import { and, desc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { scans, tasks } from '../../db/schema.ts';

/** Reads of external-wall tasks: which panels have a ready scan, related measurements (panels: results). */
export class ExternalWallsRepository {
  constructor(private readonly db: DbExecutor) {}

  /** `side|pointIndex` of every panel of the task with a ready scan (its deviation view exists). */
  async scannedPanels(companyId: string, taskId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectDistinct({ side: scans.side, pointIndex: scans.pointIndex })
      .from(scans)
      .where(
        and(
          eq(scans.companyId, companyId),
          eq(scans.taskId, taskId),
          eq(scans.status, 'ready'),
          isNotNull(scans.side),
          isNotNull(scans.pointIndex),
        ),
      );
    return new Set(rows.map((row) => panelKey(row.side ?? '', row.pointIndex ?? 0)));
  }

  /**
   * Other external-wall measurements of the same facades: the task's parent (first measure), its
   * re-measures and its parent's other re-measures, newest first.
   */
  async relatedTaskIds(
    companyId: string,
    task: { id: string; parentTaskId: string | null },
  ): Promise<string[]> {
    const family = [eq(tasks.parentTaskId, task.id)];
    if (task.parentTaskId)
      family.push(eq(tasks.id, task.parentTaskId), eq(tasks.parentTaskId, task.parentTaskId));
    const rows = await this.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(
        and(
          eq(tasks.companyId, companyId),
          eq(tasks.taskKind, 'externalWall'),
          ne(tasks.id, task.id),
          or(...family),
        ),
      )
      .orderBy(desc(tasks.createdAt), sql`${tasks.id}`);
    return rows.map((row) => row.id);
  }
}

export const panelKey = (side: string, pointIndex: number) => `${side}|${pointIndex}`;
