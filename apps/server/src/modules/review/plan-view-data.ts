import type { GradeName, PlanHousehold } from '@measure/contract';
import type { DbExecutor } from '../../db/database-handle.ts';
import { TaskPlanRepository } from '../tasks/task-plan-repository.ts';
import { TasksRepository } from '../tasks/tasks-repository.ts';
import { siteFigures } from './review-changes.ts';
import { ReviewRepository } from './review-repository.ts';

/** One household of a task (building, floor, household). */
export interface HouseholdPlace {
  buildingNumber: string;
  floor: number;
  household: number;
}

/** The worst grade a site's counts hold; null when nothing was judged. */
export function worstGrade(counts: {
  qualified: number;
  warning: number;
  unqualified: number;
  exploded: number;
}): GradeName | null {
  if (counts.exploded > 0) return 'exploded';
  if (counts.unqualified > 0) return 'unqualified';
  if (counts.warning > 0) return 'warning';
  if (counts.qualified > 0) return 'qualified';
  return null;
}

/**
 * Per household of a task (or only `only`): its house type, the plan's rooms and stations, and its
 * sites with their worst grades. Reads only the house maps and sites of the households asked for, so
 * one household's image does not load the whole task. Used by GetPlanViewLabelingImages, the image
 * of one household and the report's plan views (inside its snapshot transaction).
 */
export async function loadPlanView(
  db: DbExecutor,
  companyId: string,
  taskId: string,
  only?: HouseholdPlace,
): Promise<PlanHousehold[]> {
  const households = await new TasksRepository(db).households(companyId, taskId, only);
  if (households.length === 0) return [];
  const mapIds = [...new Set(households.flatMap((row) => (row.houseMapId ? [row.houseMapId] : [])))];
  const maps = new Map(
    (await new TaskPlanRepository(db).houseMaps(companyId, mapIds)).map((map) => [map.id, map]),
  );
  const sites = await new ReviewRepository(db).planSites(companyId, taskId, only);
  const key = (building: string, floor: number, household: number) => `${building}/${floor}/${household}`;
  const sitesOf = new Map<string, PlanHousehold['Sites']>();
  for (const site of sites) {
    const k = key(site.buildingNumber, site.floor, site.household);
    let list = sitesOf.get(k);
    if (!list) sitesOf.set(k, (list = []));
    list.push({
      PointIndex: site.pointIndex,
      RoomId: site.roomId,
      StationId: site.stationId,
      Name: site.name,
      ItemCodes: site.itemCodes,
      WorstGrade: worstGrade(site),
      Figures: siteFigures(site),
    });
  }
  return households.map((row) => {
    const map = row.houseMapId ? maps.get(row.houseMapId) : undefined;
    return {
      BuildingNumber: row.buildingNumber,
      Floor: row.floor,
      Household: row.household,
      HouseMapId: map?.id ?? null,
      HouseMapName: map?.name ?? null,
      MapType: map?.mapType ?? null,
      FloorArea: map ? Number(map.floorArea) : null,
      MeasurePoints: {
        Rooms: map?.measurePoints?.Rooms ?? [],
        Stations: map?.measurePoints?.Stations ?? [],
        Points: map?.measurePoints?.Points ?? [],
      },
      Sites: sitesOf.get(key(row.buildingNumber, row.floor, row.household)) ?? [],
    };
  });
}
