import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import {
  designTemplates,
  devices,
  householdAssignments,
  houseMaps,
  pointTypes,
  projectBuildings,
  projectUsers,
  userRoles,
  users,
} from '../../db/schema.ts';

/** What planning a task reads: buildings, house types, site types, templates, people and devices. */
export class TaskPlanRepository {
  constructor(private readonly db: DbExecutor) {}

  async buildings(companyId: string, projectId: string) {
    return this.db
      .select({
        id: projectBuildings.id,
        number: projectBuildings.buildingNumber,
        stories: projectBuildings.stories,
        households: projectBuildings.households,
      })
      .from(projectBuildings)
      .where(and(eq(projectBuildings.companyId, companyId), eq(projectBuildings.projectId, projectId)));
  }

  async assignments(companyId: string, projectId: string) {
    return this.db
      .select({
        buildingId: householdAssignments.buildingId,
        floor: householdAssignments.floor,
        household: householdAssignments.household,
        houseMapId: householdAssignments.houseMapId,
      })
      .from(householdAssignments)
      .where(
        and(eq(householdAssignments.companyId, companyId), eq(householdAssignments.projectId, projectId)),
      );
  }

  /** House types with what freezing and the work package need. */
  async houseMaps(companyId: string, houseMapIds: readonly string[]) {
    if (houseMapIds.length === 0) return [];
    return this.db
      .select({
        id: houseMaps.id,
        name: houseMaps.name,
        mapType: houseMaps.mapType,
        floorArea: houseMaps.floorArea,
        width: houseMaps.width,
        height: houseMaps.height,
        measurePoints: houseMaps.measurePoints,
        designTemplateId: houseMaps.designTemplateId,
        fileName: houseMaps.fileName,
        contentType: houseMaps.contentType,
        storedName: houseMaps.storedName,
      })
      .from(houseMaps)
      .where(and(eq(houseMaps.companyId, companyId), inArray(houseMaps.id, [...houseMapIds])))
      .orderBy(asc(houseMaps.name));
  }

  async pointTypes(companyId: string, projectId: string) {
    return this.db
      .select({ id: pointTypes.id, name: pointTypes.name, items: pointTypes.items })
      .from(pointTypes)
      .where(and(eq(pointTypes.companyId, companyId), eq(pointTypes.projectId, projectId)))
      .orderBy(asc(pointTypes.name));
  }

  async designTemplates(companyId: string, projectId: string) {
    return this.db
      .select({ id: designTemplates.id, isDefault: designTemplates.isDefault, items: designTemplates.items })
      .from(designTemplates)
      .where(and(eq(designTemplates.companyId, companyId), eq(designTemplates.projectId, projectId)));
  }

  async device(companyId: string, deviceId: string) {
    const [row] = await this.db
      .select({ id: devices.id, deviceUserId: devices.deviceUserId })
      .from(devices)
      .where(and(eq(devices.companyId, companyId), eq(devices.id, deviceId)));
    return row;
  }

  async devices(companyId: string) {
    return this.db
      .select({
        id: devices.id,
        number: devices.deviceNumber,
        type: devices.deviceType,
        isActive: devices.isActive,
        userName: users.name,
      })
      .from(devices)
      .leftJoin(users, and(eq(users.id, devices.deviceUserId), eq(users.companyId, devices.companyId)))
      .where(eq(devices.companyId, companyId))
      .orderBy(asc(devices.deviceNumber));
  }

  /**
   * Enabled users of the company with their roles in order and whether they are on the project's
   * staff (`userIds` narrows to those users).
   */
  async people(companyId: string, projectId: string, userIds?: readonly string[]) {
    return this.db
      .select({
        id: users.id,
        name: users.name,
        roles: sql<string[]>`coalesce((select array_agg(${userRoles.role} order by ${userRoles.position})
          from ${userRoles} where ${userRoles.userId} = ${users}.id and ${userRoles.companyId} = ${companyId}), '{}')`,
        onStaff: sql<boolean>`exists (select 1 from ${projectUsers} where ${projectUsers.userId} = ${users}.id
          and ${projectUsers.projectId} = ${projectId} and ${projectUsers.companyId} = ${companyId})`,
      })
      .from(users)
      .where(
        and(
          eq(users.companyId, companyId),
          eq(users.status, 1),
          userIds ? inArray(users.id, [...userIds]) : undefined,
        ),
      )
      .orderBy(asc(users.name));
  }
}
