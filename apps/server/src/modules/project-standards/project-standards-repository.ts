import { STAGES, type PointTypeMeasureItem } from '@measure/contract';
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { pointTypes, projectStandards } from '../../db/schema.ts';
import {
  StandardsRepository,
  stageOrder,
  type StoredItem,
  toStoredItem,
} from '../standards/standards-repository.ts';

export type ProjectStandardRecord = typeof projectStandards.$inferSelect;

/** The project copies of the library (one per stage) and the measure items of site types. */
export class ProjectStandardsRepository {
  constructor(private readonly db: DbExecutor) {}

  async projectStandards(companyId: string, projectId: string): Promise<ProjectStandardRecord[]> {
    const rows = await this.db
      .select()
      .from(projectStandards)
      .where(and(eq(projectStandards.companyId, companyId), eq(projectStandards.projectId, projectId)));
    return rows.sort((a, b) => stageOrder(a.stage) - stageOrder(b.stage));
  }

  async projectStandard(companyId: string, id: string): Promise<ProjectStandardRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(projectStandards)
      .where(and(eq(projectStandards.companyId, companyId), eq(projectStandards.id, id)));
    return row;
  }

  async saveClasses(companyId: string, id: string, classes: StoredItem[], baseTime?: Date): Promise<void> {
    await this.db
      .update(projectStandards)
      .set({ classes, updatedAt: new Date(), ...(baseTime ? { baseTime } : {}) })
      .where(and(eq(projectStandards.companyId, companyId), eq(projectStandards.id, id)));
  }

  /**
   * Gives a project a copy of the library for every stage it has none of (on project creation, and
   * lazily for projects made before standards existed). Concurrent callers are harmless.
   */
  async ensureProjectStandards(companyId: string, projectId: string): Promise<void> {
    const existing = await this.db
      .select({ stage: projectStandards.stage })
      .from(projectStandards)
      .where(and(eq(projectStandards.companyId, companyId), eq(projectStandards.projectId, projectId)));
    const have = new Set(existing.map((row) => row.stage));
    const missing = STAGES.filter((stage) => !have.has(stage));
    if (missing.length === 0) return;
    const library = await new StandardsRepository(this.db).items(companyId);
    await this.db
      .insert(projectStandards)
      .values(
        missing.map((stage) => ({
          companyId,
          projectId,
          stage,
          classes: library.filter((item) => item.stage === stage).map((item) => toStoredItem(item)),
        })),
      )
      .onConflictDoNothing();
  }

  /** Replaces the measure items (with design values) of one site type. */
  async setPointTypeItems(
    companyId: string,
    pointTypeId: string,
    items: PointTypeMeasureItem[],
  ): Promise<void> {
    await this.db
      .update(pointTypes)
      .set({ items })
      .where(and(eq(pointTypes.companyId, companyId), eq(pointTypes.id, pointTypeId)));
  }
}
