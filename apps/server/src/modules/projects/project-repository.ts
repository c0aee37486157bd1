import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import {
  householdAssignments,
  houseMaps,
  projectBuildings,
  projectLogs,
  projects,
  projectUsers,
  users,
} from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { visibleProjectCondition, type ProjectRecord } from './project-access-repository.ts';

export type { ProjectRecord };
export type BuildingRecord = typeof projectBuildings.$inferSelect;
export type ProjectLogRecord = typeof projectLogs.$inferSelect;

export interface ProjectPageQuery {
  companyId: string;
  /** When set, only projects this user is assigned to. */
  assignedUserId?: string;
  nameContains?: string;
  projectId?: string;
  orderBy: 'Name' | 'CreateTime' | 'UpdateTime';
  ascending: boolean;
  limit: number;
  offset: number;
}

export interface ProjectValues {
  name: string;
  address: string | null;
  province: string | null;
  city: string | null;
  district: string | null;
  detailedAddress: string | null;
  projectManager: string | null;
  regionalCompany: string | null;
}

export interface BuildingValues {
  buildingNumber: string;
  stories: number;
  households: number;
  deliveryStandard: 'fine' | 'none';
}

/** `%` and `_` typed by a user are matched literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export class ProjectRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The number of projects matching a page query (for a page beyond the last one). */
  async count(query: ProjectPageQuery): Promise<number> {
    const conditions: SQL[] = [eq(projects.companyId, query.companyId)];
    if (query.nameContains) conditions.push(ilike(projects.name, likePattern(query.nameContains)));
    if (query.projectId) conditions.push(eq(projects.id, query.projectId));
    if (query.assignedUserId) {
      const assigned = this.db
        .select({ id: projectUsers.projectId })
        .from(projectUsers)
        .where(
          and(eq(projectUsers.companyId, query.companyId), eq(projectUsers.userId, query.assignedUserId)),
        );
      conditions.push(inArray(projects.id, assigned));
    }
    const [row] = await this.db
      .select({ total: count() })
      .from(projects)
      .where(and(...conditions));
    return row?.total ?? 0;
  }

  async visible(auth: AuthContext): Promise<ProjectRecord[]> {
    return this.db
      .select()
      .from(projects)
      .where(visibleProjectCondition(auth, projects.id))
      .orderBy(asc(projects.name), asc(projects.id));
  }

  async buildingsOf(companyId: string, projectIds: string[]): Promise<BuildingRecord[]> {
    if (projectIds.length === 0) return [];
    return this.db
      .select()
      .from(projectBuildings)
      .where(and(eq(projectBuildings.companyId, companyId), inArray(projectBuildings.projectId, projectIds)))
      .orderBy(asc(projectBuildings.sort), asc(projectBuildings.buildingNumber));
  }

  async staffOf(
    companyId: string,
    projectIds: string[],
  ): Promise<Array<{ projectId: string; userId: string }>> {
    if (projectIds.length === 0) return [];
    return this.db
      .select({ projectId: projectUsers.projectId, userId: projectUsers.userId })
      .from(projectUsers)
      .where(and(eq(projectUsers.companyId, companyId), inArray(projectUsers.projectId, projectIds)))
      .orderBy(asc(projectUsers.userId));
  }

  async find(companyId: string, projectId: string): Promise<ProjectRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(projects)
      .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
    return row;
  }

  /** Whether another project of the company has this name (case-insensitive). */
  async nameTaken(companyId: string, name: string, exceptId?: string): Promise<boolean> {
    const conditions: SQL[] = [
      eq(projects.companyId, companyId),
      sql`lower(${projects.name}) = lower(${name})`,
    ];
    if (exceptId) conditions.push(ne(projects.id, exceptId));
    const [row] = await this.db
      .select({ total: count() })
      .from(projects)
      .where(and(...conditions));
    return (row?.total ?? 0) > 0;
  }

  async insert(companyId: string, createdBy: string, values: ProjectValues): Promise<string> {
    const [row] = await this.db
      .insert(projects)
      .values({ companyId, createdBy, ...values })
      .returning({ id: projects.id });
    if (!row) throw new Error('project insert returned nothing');
    return row.id;
  }

  async update(companyId: string, projectId: string, values: Partial<typeof projects.$inferInsert>) {
    await this.db
      .update(projects)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
  }

  async insertBuildings(
    companyId: string,
    projectId: string,
    buildings: Array<BuildingValues & { sort: number }>,
  ) {
    if (buildings.length === 0) return;
    await this.db.insert(projectBuildings).values(buildings.map((b) => ({ companyId, projectId, ...b })));
  }

  async updateBuilding(companyId: string, buildingId: string, values: BuildingValues & { sort: number }) {
    await this.db
      .update(projectBuildings)
      .set(values)
      .where(and(eq(projectBuildings.companyId, companyId), eq(projectBuildings.id, buildingId)));
  }

  async deleteBuildings(companyId: string, buildingIds: string[]) {
    if (buildingIds.length === 0) return;
    await this.db
      .delete(projectBuildings)
      .where(and(eq(projectBuildings.companyId, companyId), inArray(projectBuildings.id, buildingIds)));
  }

  /** The highest floor and household assigned per building of a project. */
  async assignmentExtent(
    companyId: string,
    projectId: string,
  ): Promise<Map<string, { floor: number; household: number }>> {
    const rows = await this.db
      .select({
        buildingId: householdAssignments.buildingId,
        floor: sql<number>`max(${householdAssignments.floor})::int`,
        household: sql<number>`max(${householdAssignments.household})::int`,
      })
      .from(householdAssignments)
      .where(
        and(eq(householdAssignments.companyId, companyId), eq(householdAssignments.projectId, projectId)),
      )
      .groupBy(householdAssignments.buildingId);
    return new Map(rows.map((row) => [row.buildingId, { floor: row.floor, household: row.household }]));
  }

  /** Stored names of the plan files of a project (deleted after the project's rows). */
  async storedFilesOf(companyId: string, projectId: string): Promise<string[]> {
    const rows = await this.db
      .select({ storedName: houseMaps.storedName })
      .from(houseMaps)
      .where(and(eq(houseMaps.companyId, companyId), eq(houseMaps.projectId, projectId)));
    return rows.map((row) => row.storedName);
  }

  /** Deletes a project; its rows in every other table go with it (assignments first: they restrict house maps). */
  async delete(companyId: string, projectId: string): Promise<void> {
    await this.db
      .delete(householdAssignments)
      .where(
        and(eq(householdAssignments.companyId, companyId), eq(householdAssignments.projectId, projectId)),
      );
    await this.db.delete(projects).where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
  }

  async existingUserIds(companyId: string, userIds: readonly string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.companyId, companyId), inArray(users.id, [...userIds])));
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  async existingProjects(companyId: string, projectIds: readonly string[]): Promise<ProjectRecord[]> {
    if (projectIds.length === 0) return [];
    return this.db
      .select()
      .from(projects)
      .where(and(eq(projects.companyId, companyId), inArray(projects.id, [...projectIds])))
      .for('update');
  }

  /** The ids of the company's users called exactly `name` (a project manager is picked by name). */
  async usersNamed(companyId: string, name: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.name, name)));
    return rows.map((row) => row.id);
  }

  async setStaff(companyId: string, projectId: string, userIds: readonly string[]): Promise<void> {
    await this.db
      .delete(projectUsers)
      .where(and(eq(projectUsers.companyId, companyId), eq(projectUsers.projectId, projectId)));
    if (userIds.length > 0) {
      await this.db.insert(projectUsers).values(userIds.map((userId) => ({ companyId, projectId, userId })));
    }
  }

  async projectsOfUser(companyId: string, userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ projectId: projectUsers.projectId })
      .from(projectUsers)
      .where(and(eq(projectUsers.companyId, companyId), eq(projectUsers.userId, userId)));
    return rows.map((row) => row.projectId);
  }

  async addStaff(companyId: string, projectIds: readonly string[], userId: string): Promise<void> {
    if (projectIds.length === 0) return;
    await this.db
      .insert(projectUsers)
      .values(projectIds.map((projectId) => ({ companyId, projectId, userId })))
      .onConflictDoNothing();
  }

  async removeStaff(companyId: string, projectIds: readonly string[], userId: string): Promise<void> {
    if (projectIds.length === 0) return;
    await this.db
      .delete(projectUsers)
      .where(
        and(
          eq(projectUsers.companyId, companyId),
          eq(projectUsers.userId, userId),
          inArray(projectUsers.projectId, [...projectIds]),
        ),
      );
  }

  /** Counts per project: house types and assigned households. */
  async countsOf(
    companyId: string,
    projectIds: string[],
  ): Promise<Map<string, { houseMaps: number; assigned: number }>> {
    const result = new Map<string, { houseMaps: number; assigned: number }>();
    if (projectIds.length === 0) return result;
    for (const id of projectIds) result.set(id, { houseMaps: 0, assigned: 0 });
    const [maps, assigned] = await Promise.all([
      this.db
        .select({ projectId: houseMaps.projectId, total: count() })
        .from(houseMaps)
        .where(and(eq(houseMaps.companyId, companyId), inArray(houseMaps.projectId, projectIds)))
        .groupBy(houseMaps.projectId),
      this.db
        .select({ projectId: householdAssignments.projectId, total: count() })
        .from(householdAssignments)
        .where(
          and(
            eq(householdAssignments.companyId, companyId),
            inArray(householdAssignments.projectId, projectIds),
          ),
        )
        .groupBy(householdAssignments.projectId),
    ]);
    for (const row of maps) result.get(row.projectId)!.houseMaps = row.total;
    for (const row of assigned) result.get(row.projectId)!.assigned = row.total;
    return result;
  }

  async logs(
    companyId: string,
    projectId: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: ProjectLogRecord[]; total: number }> {
    const where = and(eq(projectLogs.companyId, companyId), eq(projectLogs.projectId, projectId));
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(projectLogs)
        .where(where)
        .orderBy(desc(projectLogs.createdAt), desc(projectLogs.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ total: count() }).from(projectLogs).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }
}
