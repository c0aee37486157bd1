import type { BuildingTree, RouteBody, houseMapsRoutes } from '@measure/contract';
import { fieldError, notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { assertUnlocked, locked, visibleProject, writeProjectLog } from '../projects/project-access.ts';
import { ProjectRepository } from '../projects/project-repository.ts';
import { toBuilding } from '../projects/project-service.ts';
import { visibleHouseMap } from './house-map-access.ts';
import { HouseMapRepository } from './house-map-repository.ts';
import { HouseholdAssignmentRepository } from './household-assignment-repository.ts';

export type AssignBody = RouteBody<typeof houseMapsRoutes.assignHouseMapToFloors>;
export type UnassignBody = RouteBody<typeof houseMapsRoutes.unassignHouseMapFromFloors>;

/** Which house type each household of a project's buildings has (one per household). */
export class HouseMapAssignmentService {
  constructor(private readonly deps: { db: Database }) {}

  /** Building → floors (1..stories) → households (1..households) with the house type of each. */
  async floorTree(
    auth: AuthContext,
    projectId: string,
    houseMapId: string | undefined,
  ): Promise<BuildingTree[]> {
    const project = await visibleProject(this.deps.db, auth, projectId);
    const houseMaps = new HouseMapRepository(this.deps.db);
    if (houseMapId && !(await houseMaps.findInProject(auth.companyId, project.id, houseMapId)))
      throw notFound();
    const [buildings, assignments] = await Promise.all([
      new ProjectRepository(this.deps.db).buildingsOf(auth.companyId, [project.id]),
      new HouseholdAssignmentRepository(this.deps.db).ofProject(auth.companyId, project.id),
    ]);
    const byKey = new Map(
      assignments.map((entry) => [`${entry.buildingId}/${entry.floor}/${entry.household}`, entry]),
    );
    return buildings.map((building) => ({
      BuildingId: building.id,
      ...toBuilding(building),
      Floors: Array.from({ length: building.stories }, (_, floorIndex) => {
        const floor = floorIndex + 1;
        return {
          Floor: floor,
          Households: Array.from({ length: building.households }, (_, index) => {
            const entry = byKey.get(`${building.id}/${floor}/${index + 1}`);
            return {
              Household: index + 1,
              HouseMapId: entry?.houseMapId ?? null,
              HouseMapName: entry?.houseMapName ?? null,
              Selected: entry !== undefined && entry.houseMapId === houseMapId,
            };
          }),
        };
      }),
    }));
  }

  /** The floors and households of the buildings that have this house type. */
  async selected(auth: AuthContext, houseMapId: string) {
    const { db } = this.deps;
    const { houseMap } = await visibleHouseMap(db, auth, houseMapId);
    const [assignments, buildings] = await Promise.all([
      new HouseholdAssignmentRepository(db).ofHouseMap(auth.companyId, houseMap.id),
      new ProjectRepository(db).buildingsOf(auth.companyId, [houseMap.projectId]),
    ]);
    const result: Array<{ BuildingId: string; BuildingNumber: string; Floor: number; Households: number[] }> =
      [];
    for (const building of buildings) {
      const own = assignments.filter((entry) => entry.buildingId === building.id);
      for (const floor of [...new Set(own.map((entry) => entry.floor))].sort((a, b) => a - b)) {
        result.push({
          BuildingId: building.id,
          BuildingNumber: building.buildingNumber,
          Floor: floor,
          Households: own.filter((entry) => entry.floor === floor).map((entry) => entry.household),
        });
      }
    }
    return result;
  }

  /** Resolves and checks a building floor range of a project (400 with the field when out of range). */
  private async range(db: DbExecutor, auth: AuthContext, projectId: string, body: UnassignBody) {
    const buildings = await new ProjectRepository(db).buildingsOf(auth.companyId, [projectId]);
    const building = buildings.find(
      (candidate) => candidate.buildingNumber.toLowerCase() === body.BuildingNumber.toLowerCase(),
    );
    if (!building)
      throw fieldError('BuildingNumber', 'projects.unknownBuilding', { number: body.BuildingNumber });
    if (body.FloorFrom > body.FloorTo || body.FloorTo > building.stories) {
      throw fieldError('FloorTo', 'projects.floorRange', { max: building.stories });
    }
    const households = body.Households?.length
      ? [...new Set(body.Households)].sort((a, b) => a - b)
      : Array.from({ length: building.households }, (_, index) => index + 1);
    if (households.some((household) => household > building.households)) {
      throw fieldError('Households', 'projects.householdRange', { max: building.households });
    }
    return {
      building,
      range: { buildingId: building.id, floorFrom: body.FloorFrom, floorTo: body.FloorTo, households },
    };
  }

  async assign(auth: AuthContext, body: AssignBody): Promise<number> {
    let assigned = 0;
    await this.deps.db.transaction(async (tx) => {
      const assignments = new HouseholdAssignmentRepository(tx);
      const project = await visibleProject(tx, auth, body.ProjectId, { forUpdate: true });
      const houseMap = await new HouseMapRepository(tx).findInProject(
        auth.companyId,
        project.id,
        body.HouseMapId,
      );
      if (!houseMap) throw notFound();
      const { building, range } = await this.range(tx, auth, project.id, body);
      // Published: only households without a house type may get one (existing data stays).
      if (project.isPublished && (await assignments.countInRange(auth.companyId, range)) > 0) {
        throw locked();
      }
      const cells: Array<{ floor: number; household: number }> = [];
      for (let floor = body.FloorFrom; floor <= body.FloorTo; floor += 1) {
        for (const household of range.households) cells.push({ floor, household });
      }
      await assignments.assign(
        {
          companyId: auth.companyId,
          projectId: project.id,
          buildingId: building.id,
          houseMapId: houseMap.id,
        },
        cells,
      );
      assigned = cells.length;
      await writeProjectLog(tx, auth, project.id, 'projectLog.householdsAssigned', {
        name: houseMap.name,
        building: building.buildingNumber,
        from: body.FloorFrom,
        to: body.FloorTo,
        count: assigned,
      });
    });
    return assigned;
  }

  async unassign(auth: AuthContext, body: UnassignBody): Promise<number> {
    let removed = 0;
    await this.deps.db.transaction(async (tx) => {
      const project = await visibleProject(tx, auth, body.ProjectId, { forUpdate: true });
      assertUnlocked(project);
      if (
        body.HouseMapId &&
        !(await new HouseMapRepository(tx).findInProject(auth.companyId, project.id, body.HouseMapId))
      ) {
        throw notFound();
      }
      const { building, range } = await this.range(tx, auth, project.id, body);
      removed = await new HouseholdAssignmentRepository(tx).unassign(
        auth.companyId,
        range,
        body.HouseMapId ?? undefined,
      );
      await writeProjectLog(tx, auth, project.id, 'projectLog.householdsUnassigned', {
        building: building.buildingNumber,
        from: body.FloorFrom,
        to: body.FloorTo,
        count: removed,
      });
    });
    return removed;
  }
}
