import { and, desc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { ScanStatus } from '@measure/contract';
import type { DbExecutor } from '../../db/database-handle.ts';
import { scans, siteReadings, tasks } from '../../db/schema.ts';

/** The scan a panel's deviation view opens on. */
export interface PanelScan {
  scanId: string;
  status: ScanStatus;
}

/** Reads of external-wall tasks: the scan of each panel, related measurements (panels: results). */
export class ExternalWallsRepository {
  constructor(private readonly db: DbExecutor) {}

  /**
   * The scan each panel of the task opens on, by `side|pointIndex`: its newest ready scan (a cloud
   * before a model: the deviation view is the cloud's), else its newest scan still queued, processing
   * or failed (so the page can say so).
   */
  async panelScans(companyId: string, taskId: string): Promise<Map<string, PanelScan>> {
    const rows = await this.db
      .select({ id: scans.id, side: scans.side, pointIndex: scans.pointIndex, status: scans.status })
      .from(scans)
      .where(
        and(
          eq(scans.companyId, companyId),
          eq(scans.taskId, taskId),
          isNotNull(scans.side),
          isNotNull(scans.pointIndex),
        ),
      )
      .orderBy(
        sql`${scans.status} = 'ready' desc`,
        sql`${scans.kind} = 'pointcloud' desc`,
        desc(scans.createdAt),
        sql`${scans.id}`,
      );
    const panels = new Map<string, PanelScan>();
    for (const row of rows) {
      const key = panelKey(row.side ?? '', row.pointIndex ?? 0);
      if (!panels.has(key)) panels.set(key, { scanId: row.id, status: row.status as ScanStatus });
    }
    return panels;
  }

  /** The item codes each site of the task has readings of (code order), by PointIndex. */
  async itemCodesBySite(companyId: string, taskId: string): Promise<Map<number, string[]>> {
    const rows = await this.db
      .select({
        pointIndex: siteReadings.pointIndex,
        itemCodes: sql<string[]>`array_agg(${siteReadings.itemCode} order by ${siteReadings.itemCode})`,
      })
      .from(siteReadings)
      .where(and(eq(siteReadings.companyId, companyId), eq(siteReadings.taskId, taskId)))
      .groupBy(siteReadings.pointIndex);
    return new Map(rows.map((row) => [row.pointIndex, row.itemCodes]));
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
