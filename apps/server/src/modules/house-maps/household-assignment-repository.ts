import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { householdAssignments, houseMaps } from '../../db/schema.ts';

/** A range of households: floors `floorFrom..floorTo` of a building, the listed positions on each. */
export interface HouseholdRange {
  buildingId: string;
  floorFrom: number;
  floorTo: number;
  households: number[];
}

/** Which house type each household (building, floor, position) has. */
export class HouseholdAssignmentRepository {
  constructor(private readonly db: DbExecutor) {}

  async ofProject(companyId: string, projectId: string) {
    return this.db
      .select({
        buildingId: householdAssignments.buildingId,
        floor: householdAssignments.floor,
        household: householdAssignments.household,
        houseMapId: householdAssignments.houseMapId,
        houseMapName: houseMaps.name,
      })
      .from(householdAssignments)
      .innerJoin(houseMaps, eq(houseMaps.id, householdAssignments.houseMapId))
      .where(
        and(eq(householdAssignments.companyId, companyId), eq(householdAssignments.projectId, projectId)),
      );
  }

  async ofHouseMap(companyId: string, houseMapId: string) {
    return this.db
      .select({
        buildingId: householdAssignments.buildingId,
        floor: householdAssignments.floor,
        household: householdAssignments.household,
      })
      .from(householdAssignments)
      .where(
        and(eq(householdAssignments.companyId, companyId), eq(householdAssignments.houseMapId, houseMapId)),
      )
      .orderBy(
        asc(householdAssignments.buildingId),
        asc(householdAssignments.floor),
        asc(householdAssignments.household),
      );
  }

  private rangeCondition(companyId: string, range: HouseholdRange): SQL {
    return and(
      eq(householdAssignments.companyId, companyId),
      eq(householdAssignments.buildingId, range.buildingId),
      sql`${householdAssignments.floor} between ${range.floorFrom} and ${range.floorTo}`,
      inArray(householdAssignments.household, range.households),
    ) as SQL;
  }

  async countInRange(companyId: string, range: HouseholdRange): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(householdAssignments)
      .where(this.rangeCondition(companyId, range));
    return row?.total ?? 0;
  }

  /** Gives the house type to every (floor, household) listed, replacing earlier assignments. */
  async assign(
    base: { companyId: string; projectId: string; buildingId: string; houseMapId: string },
    cells: Array<{ floor: number; household: number }>,
  ): Promise<void> {
    for (let start = 0; start < cells.length; start += 5000) {
      await this.db
        .insert(householdAssignments)
        .values(cells.slice(start, start + 5000).map((cell) => ({ ...base, ...cell })))
        .onConflictDoUpdate({
          target: [
            householdAssignments.buildingId,
            householdAssignments.floor,
            householdAssignments.household,
          ],
          set: { houseMapId: sql`excluded.house_map_id` },
        });
    }
  }

  /** Removes the assignments of a range (only those of one house type, when given); returns how many. */
  async unassign(companyId: string, range: HouseholdRange, houseMapId: string | undefined): Promise<number> {
    const conditions = [this.rangeCondition(companyId, range)];
    if (houseMapId) conditions.push(eq(householdAssignments.houseMapId, houseMapId));
    const removed = await this.db
      .delete(householdAssignments)
      .where(and(...conditions))
      .returning({ floor: householdAssignments.floor });
    return removed.length;
  }
}
