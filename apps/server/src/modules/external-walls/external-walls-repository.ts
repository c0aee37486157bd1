import { and, desc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { scans, taskSites, tasks } from '../../db/schema.ts';

/** A facade site (panel) of a task with its stored counts. */
export interface PanelRecord {
  pointIndex: number;
  name: string;
  side: string;
  floor: number;
  x0: number;
  x1: number;
  z0: number;
  z1: number;
  qualified: number;
  warning: number;
  unqualified: number;
  exploded: number;
  unjudged: number;
  explodedSite: boolean;
}

/** Reads of external-wall tasks: their panels, which panels have a ready scan, related measurements. */
export class ExternalWallsRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The task's facade sites (indoor sites are never panels), by side then PointIndex. */
  async panels(companyId: string, taskId: string): Promise<PanelRecord[]> {
    const rows = await this.db
      .select({
        pointIndex: taskSites.pointIndex,
        name: taskSites.name,
        side: taskSites.side,
        floor: taskSites.floor,
        x0: taskSites.x0,
        x1: taskSites.x1,
        z0: taskSites.z0,
        z1: taskSites.z1,
        qualified: taskSites.qualified,
        warning: taskSites.warning,
        unqualified: taskSites.unqualified,
        exploded: taskSites.exploded,
        unjudged: taskSites.unjudged,
        explodedSite: taskSites.explodedSite,
      })
      .from(taskSites)
      .where(and(eq(taskSites.companyId, companyId), eq(taskSites.taskId, taskId), isNotNull(taskSites.side)))
      .orderBy(taskSites.side, taskSites.pointIndex);
    // The place check (task_sites_place_ck) makes side, x0..z1 present on every facade site.
    return rows.map((row) => ({
      ...row,
      side: row.side ?? '',
      x0: row.x0 ?? 0,
      x1: row.x1 ?? 0,
      z0: row.z0 ?? 0,
      z1: row.z1 ?? 0,
    }));
  }

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
