import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { projectBuildings, projects, projectUsers } from '../../db/schema.ts';

export type ProjectRecord = typeof projects.$inferSelect;
export type BuildingRecord = typeof projectBuildings.$inferSelect;

export interface ProjectPageQuery {
  companyId: string;
  /** When set, only projects this user is assigned to. */
  assignedUserId?: string;
  nameContains?: string;
  orderBy: 'Name' | 'CreateTime' | 'UpdateTime';
  ascending: boolean;
  limit: number;
  offset: number;
}

const ORDER_COLUMNS = { Name: projects.name, CreateTime: projects.createdAt, UpdateTime: projects.updatedAt };

/** `%` and `_` typed by a user are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export class ProjectRepository {
  constructor(private readonly db: DbExecutor) {}

  async page(query: ProjectPageQuery): Promise<{ rows: ProjectRecord[]; total: number }> {
    const conditions: SQL[] = [eq(projects.companyId, query.companyId)];
    if (query.nameContains) conditions.push(ilike(projects.name, likePattern(query.nameContains)));
    if (query.assignedUserId) {
      const assigned = this.db
        .select({ id: projectUsers.projectId })
        .from(projectUsers)
        .where(
          and(eq(projectUsers.companyId, query.companyId), eq(projectUsers.userId, query.assignedUserId)),
        );
      conditions.push(inArray(projects.id, assigned));
    }
    const where = and(...conditions);
    const column = ORDER_COLUMNS[query.orderBy];
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(projects)
        .where(where)
        .orderBy(query.ascending ? asc(column) : desc(column), asc(projects.id))
        .limit(query.limit)
        .offset(query.offset),
      this.db.select({ total: count() }).from(projects).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }

  async buildingsOf(companyId: string, projectIds: string[]): Promise<BuildingRecord[]> {
    if (projectIds.length === 0) return [];
    return this.db
      .select()
      .from(projectBuildings)
      .where(and(eq(projectBuildings.companyId, companyId), inArray(projectBuildings.projectId, projectIds)))
      .orderBy(asc(projectBuildings.sort), asc(projectBuildings.buildingNumber));
  }
}
