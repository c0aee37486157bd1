import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { MeasurePoints } from '../../db/json-types.ts';
import { householdAssignments, houseMaps, projects } from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { visibleProjectCondition } from '../projects/project-access-repository.ts';
import { likePattern } from '../projects/project-repository.ts';
import { PLAN_SCENE_JOB } from './plan-scene.ts';

export type HouseMapInsert = typeof houseMaps.$inferInsert;

const rowColumns = {
  id: houseMaps.id,
  companyId: houseMaps.companyId,
  projectId: houseMaps.projectId,
  projectName: projects.name,
  name: houseMaps.name,
  mapType: houseMaps.mapType,
  floorArea: houseMaps.floorArea,
  standardFloor: houseMaps.standardFloor,
  fileName: houseMaps.fileName,
  fileSize: houseMaps.fileSize,
  contentType: houseMaps.contentType,
  storedName: houseMaps.storedName,
  width: houseMaps.width,
  height: houseMaps.height,
  status: houseMaps.status,
  createdAt: houseMaps.createdAt,
  updatedAt: houseMaps.updatedAt,
  rooms: sql<number>`coalesce(jsonb_array_length(${houseMaps.measurePoints}->'Rooms'), 0)::int`,
  stations: sql<number>`coalesce(jsonb_array_length(${houseMaps.measurePoints}->'Stations'), 0)::int`,
  points: sql<number>`coalesce(jsonb_array_length(${houseMaps.measurePoints}->'Points'), 0)::int`,
  assigned: sql<number>`(select count(*)::int from ${householdAssignments} where ${householdAssignments.houseMapId} = ${houseMaps}.id)`,
};
export interface HouseMapRecord {
  id: string;
  companyId: string;
  projectId: string;
  projectName: string;
  name: string;
  mapType: string;
  floorArea: string;
  standardFloor: boolean;
  fileName: string;
  fileSize: number;
  contentType: string;
  storedName: string;
  width: number | null;
  height: number | null;
  status: number;
  createdAt: Date;
  updatedAt: Date;
  rooms: number;
  stations: number;
  points: number;
  assigned: number;
}

export interface HouseMapPageQuery {
  projectId?: string;
  excludeProjectId?: string;
  houseMapId?: string;
  nameContains?: string;
  orderBy: 'Name' | 'CreateTime' | 'UpdateTime';
  ascending: boolean;
  limit: number;
  offset: number;
}

const ORDER = { Name: houseMaps.name, CreateTime: houseMaps.createdAt, UpdateTime: houseMaps.updatedAt };

export class HouseMapRepository {
  constructor(private readonly db: DbExecutor) {}

  async page(
    auth: AuthContext,
    query: HouseMapPageQuery,
  ): Promise<{ rows: HouseMapRecord[]; total: number }> {
    const conditions: SQL[] = [
      eq(houseMaps.companyId, auth.companyId),
      visibleProjectCondition(auth, houseMaps.projectId),
    ];
    if (query.projectId) conditions.push(eq(houseMaps.projectId, query.projectId));
    if (query.excludeProjectId) conditions.push(ne(houseMaps.projectId, query.excludeProjectId));
    if (query.houseMapId) conditions.push(eq(houseMaps.id, query.houseMapId));
    if (query.nameContains) conditions.push(ilike(houseMaps.name, likePattern(query.nameContains)));
    const where = and(...conditions);
    const column = ORDER[query.orderBy];
    const [rows, totals] = await Promise.all([
      this.db
        .select(rowColumns)
        .from(houseMaps)
        .innerJoin(projects, eq(projects.id, houseMaps.projectId))
        .where(where)
        .orderBy(query.ascending ? asc(column) : desc(column), asc(houseMaps.id))
        .limit(query.limit)
        .offset(query.offset),
      this.db.select({ total: count() }).from(houseMaps).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }

  /** A house type of the company (the caller's project scope is checked by the service). */
  async find(companyId: string, houseMapId: string): Promise<HouseMapRecord | undefined> {
    const [row] = await this.db
      .select(rowColumns)
      .from(houseMaps)
      .innerJoin(projects, eq(projects.id, houseMaps.projectId))
      .where(and(eq(houseMaps.companyId, companyId), eq(houseMaps.id, houseMapId)));
    return row;
  }

  async findInProject(
    companyId: string,
    projectId: string,
    houseMapId: string,
  ): Promise<HouseMapRecord | undefined> {
    const [row] = await this.db
      .select(rowColumns)
      .from(houseMaps)
      .innerJoin(projects, eq(projects.id, houseMaps.projectId))
      .where(
        and(
          eq(houseMaps.companyId, companyId),
          eq(houseMaps.projectId, projectId),
          eq(houseMaps.id, houseMapId),
        ),
      );
    return row;
  }

  async findMany(companyId: string, houseMapIds: readonly string[]): Promise<HouseMapRecord[]> {
    if (houseMapIds.length === 0) return [];
    return this.db
      .select(rowColumns)
      .from(houseMaps)
      .innerJoin(projects, eq(projects.id, houseMaps.projectId))
      .where(and(eq(houseMaps.companyId, companyId), inArray(houseMaps.id, [...houseMapIds])));
  }

  async measurePoints(companyId: string, houseMapId: string): Promise<MeasurePoints | null> {
    const [row] = await this.db
      .select({ measurePoints: houseMaps.measurePoints })
      .from(houseMaps)
      .where(and(eq(houseMaps.companyId, companyId), eq(houseMaps.id, houseMapId)));
    return row?.measurePoints ?? null;
  }

  async nameTaken(companyId: string, projectId: string, name: string, exceptId?: string): Promise<boolean> {
    const conditions: SQL[] = [
      eq(houseMaps.companyId, companyId),
      eq(houseMaps.projectId, projectId),
      sql`lower(${houseMaps.name}) = lower(${name})`,
    ];
    if (exceptId) conditions.push(ne(houseMaps.id, exceptId));
    const [row] = await this.db
      .select({ total: count() })
      .from(houseMaps)
      .where(and(...conditions));
    return (row?.total ?? 0) > 0;
  }

  async insert(values: HouseMapInsert): Promise<string> {
    const [row] = await this.db.insert(houseMaps).values(values).returning({ id: houseMaps.id });
    if (!row) throw new Error('house map insert returned nothing');
    return row.id;
  }

  async update(companyId: string, houseMapId: string, values: Partial<HouseMapInsert>): Promise<void> {
    await this.db
      .update(houseMaps)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(houseMaps.companyId, companyId), eq(houseMaps.id, houseMapId)));
  }

  async delete(companyId: string, houseMapIds: readonly string[]): Promise<void> {
    if (houseMapIds.length === 0) return;
    await this.db
      .delete(houseMaps)
      .where(and(eq(houseMaps.companyId, companyId), inArray(houseMaps.id, [...houseMapIds])));
  }

  /** Stored file names of every house type (all companies: the file sweep at start-up). */
  /**
   * Queues the scene of a DXF plan file (`houseMaps:buildScene`, plan-scene.ts) in the caller's
   * transaction: it exists only if the file's row commits. Images need none. It runs before jobs of
   * priority 0 (reports, scans): someone who just uploaded a plan opens it next.
   */
  async queueScene(storedName: string): Promise<void> {
    if (!storedName.endsWith('.dxf')) return;
    await this.db.execute(sql`
      select graphile_worker.add_job(${PLAN_SCENE_JOB}, json_build_object('storedName', ${storedName}::text),
        job_key := ${`plan-scene:${storedName}`}, max_attempts := 3, priority := -1)`);
  }

  async allStoredNames(): Promise<Set<string>> {
    const rows = await this.db.select({ storedName: houseMaps.storedName }).from(houseMaps);
    return new Set(rows.map((row) => row.storedName));
  }
}
