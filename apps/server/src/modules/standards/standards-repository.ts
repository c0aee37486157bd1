import type { JudgingModeName, Stage } from '@measure/contract';
import { STAGES } from '@measure/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { StoredItem } from '../../db/json-types.ts';
import { algorithmTemplates, measureItems } from '../../db/schema.ts';
import { DEFAULT_MEASURE_ITEMS } from './default-items.ts';

export type ItemRecord = typeof measureItems.$inferSelect;
export type { StoredItem, StoredStandard } from '../../db/json-types.ts';

export const stageOrder = (stage: string) => STAGES.indexOf(stage as Stage);

/** Library order: by stage (the stage list's order), then sort, then code. */
export function sortItems<T extends { stage: string; sort: number; code: string }>(items: T[]): T[] {
  return items.sort(
    (a, b) => stageOrder(a.stage) - stageOrder(b.stage) || a.sort - b.sort || a.code.localeCompare(b.code),
  );
}

/** A library row as a project copy item (measured, first standard selected). */
export function toStoredItem(item: ItemRecord, previous?: StoredItem): StoredItem {
  const standards = item.standards;
  return {
    MeasureItemId: item.id,
    Code: item.code,
    NameZh: item.nameZh,
    NameEn: item.nameEn,
    Stage: item.stage as Stage,
    Mode: item.mode as JudgingModeName,
    Concrete: item.concrete,
    Dimension: item.dimension as StoredItem['Dimension'],
    NeedsDesign: item.needsDesign,
    External: item.external,
    Standards: standards,
    Rule: item.rule,
    Enabled: previous?.Enabled ?? true,
    Selected: previous && previous.Selected < standards.length ? previous.Selected : 0,
    UpdateTime: item.updatedAt.toISOString(),
  };
}

export class StandardsRepository {
  constructor(private readonly db: DbExecutor) {}

  async items(companyId: string): Promise<ItemRecord[]> {
    return sortItems(await this.db.select().from(measureItems).where(eq(measureItems.companyId, companyId)));
  }

  async itemsByIds(companyId: string, ids: string[]): Promise<ItemRecord[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(measureItems)
      .where(and(eq(measureItems.companyId, companyId), inArray(measureItems.id, ids)));
  }

  async insertItem(
    companyId: string,
    values: Omit<typeof measureItems.$inferInsert, 'companyId' | 'id'>,
  ): Promise<ItemRecord> {
    const [row] = await this.db
      .insert(measureItems)
      .values({ ...values, companyId })
      .returning();
    if (!row) throw new Error('measure item insert returned nothing');
    return row;
  }

  async updateItem(
    companyId: string,
    id: string,
    values: Partial<Omit<typeof measureItems.$inferInsert, 'companyId' | 'id'>>,
  ): Promise<ItemRecord> {
    const [row] = await this.db
      .update(measureItems)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(measureItems.companyId, companyId), eq(measureItems.id, id)))
      .returning();
    if (!row) throw new Error('measure item update returned nothing');
    return row;
  }

  async deleteItems(companyId: string, ids: string[]): Promise<number> {
    const rows = await this.db
      .delete(measureItems)
      .where(and(eq(measureItems.companyId, companyId), inArray(measureItems.id, ids)))
      .returning({ id: measureItems.id });
    return rows.length;
  }

  /** Seeds the typical items of domain.md and a company-wide algorithm parameter template. */
  async seedDefaults(companyId: string): Promise<void> {
    await this.db.insert(measureItems).values(
      DEFAULT_MEASURE_ITEMS.map((item, sort) => ({
        companyId,
        code: item.code,
        nameZh: item.nameZh,
        nameEn: item.nameEn,
        stage: item.stage,
        mode: item.mode,
        concrete: item.concrete,
        dimension: item.dimension,
        needsDesign: item.mode === 'deviation',
        external: item.external,
        standards: item.standards,
        rule: item.rule,
        sort,
      })),
    );
    await this.db.insert(algorithmTemplates).values({
      companyId,
      name: '标准参数',
      detail: '默认算法参数',
      params: [
        { Name: '点云降采样体素', Value: 5, Min: 1, Max: 50, Unit: 'mm' },
        { Name: '墙面拟合容差', Value: 10, Min: 1, Max: 100, Unit: 'mm' },
        { Name: '最短墙长', Value: 600, Min: 100, Max: 5000, Unit: 'mm' },
        { Name: '靠尺长度', Value: 2000, Min: 500, Max: 3000, Unit: 'mm' },
      ],
    });
  }
}
