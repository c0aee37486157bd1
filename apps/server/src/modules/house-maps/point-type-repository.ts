import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { houseMaps, pointTypes } from '../../db/schema.ts';

export type PointTypeRecord = typeof pointTypes.$inferSelect & { roomCount: number };

/** Rooms (in the project's house types) whose site type is the point type of the current row. */
// Qualified by hand: inside a subquery Drizzle may render columns without their table.
const roomCount = sql<number>`(select count(*)::int from ${houseMaps} hm,
    jsonb_array_elements(coalesce(hm.measure_points->'Rooms', '[]'::jsonb)) room
    where hm.project_id = ${pointTypes}.project_id and room->>'PointTypeId' = ${pointTypes}.id::text)`;

/** Site types (point types) of projects, with the number of rooms using each. */
export class PointTypeRepository {
  constructor(private readonly db: DbExecutor) {}

  async list(companyId: string, projectId: string): Promise<PointTypeRecord[]> {
    return this.db
      .select({
        id: pointTypes.id,
        companyId: pointTypes.companyId,
        projectId: pointTypes.projectId,
        name: pointTypes.name,
        projectStandardId: pointTypes.projectStandardId,
        items: pointTypes.items,
        createdAt: pointTypes.createdAt,
        roomCount,
      })
      .from(pointTypes)
      .where(and(eq(pointTypes.companyId, companyId), eq(pointTypes.projectId, projectId)))
      .orderBy(asc(pointTypes.name), asc(pointTypes.id));
  }

  async nameTaken(companyId: string, projectId: string, name: string, exceptId?: string): Promise<boolean> {
    const conditions: SQL[] = [
      eq(pointTypes.companyId, companyId),
      eq(pointTypes.projectId, projectId),
      sql`lower(${pointTypes.name}) = lower(${name})`,
    ];
    if (exceptId) conditions.push(ne(pointTypes.id, exceptId));
    const [row] = await this.db
      .select({ total: count() })
      .from(pointTypes)
      .where(and(...conditions));
    return (row?.total ?? 0) > 0;
  }

  async insert(values: typeof pointTypes.$inferInsert): Promise<string> {
    const [row] = await this.db.insert(pointTypes).values(values).returning({ id: pointTypes.id });
    if (!row) throw new Error('point type insert returned nothing');
    return row.id;
  }

  async update(companyId: string, id: string, values: { name: string; projectStandardId: string | null }) {
    await this.db
      .update(pointTypes)
      .set(values)
      .where(and(eq(pointTypes.companyId, companyId), eq(pointTypes.id, id)));
  }

  async delete(companyId: string, id: string): Promise<void> {
    await this.db.delete(pointTypes).where(and(eq(pointTypes.companyId, companyId), eq(pointTypes.id, id)));
  }
}
