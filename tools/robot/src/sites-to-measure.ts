import type { ResultSite, WorkPackage } from '@measure/contract';

/** One site the robot measures: its place, room, name, surface and the items measured there. */
export interface SiteToMeasure {
  BuildingNumber: string;
  Floor: number;
  /** Null on a facade panel (an external-wall task's site, placed by side). */
  Household: number | null;
  RoomId: string | null;
  Name: string;
  Surface: ResultSite['Surface'];
  Items: WorkPackage['Items'];
  /** Where the site is in the household's geometry (householdGeometry): room index and compass wall (0 N .. 3 W); null on a re-measure. */
  Wall: { room: number; compass: number } | null;
}

/**
 * A site's own name as a Chinese robot writes it (measurement-api.md's "客厅 北墙"): the room and the
 * wall, never the household's place, which the site carries in its own fields and pages show beside it.
 */
const WALLS = ['北墙', '东墙', '南墙', '西墙'] as const;
/** Rooms of a household whose house type has none drawn: a plain flat's. */
export const GENERATED_ROOMS = [
  { Id: null, Name: '客厅' },
  { Id: null, Name: '卧室' },
  { Id: null, Name: '厨房' },
];

function roomsOf(work: WorkPackage, houseMapId: string) {
  const rooms = work.HouseMaps.find((map) => map.HouseMapId === houseMapId)?.MeasurePoints?.Rooms ?? [];
  return rooms.length > 0
    ? rooms.map((room) => ({ Id: room.Id as string | null, Name: room.Name || room.Id }))
    : GENERATED_ROOMS;
}

/**
 * The sites of a task in walking order: a re-measure for a work order (RemeasureSites) measures only
 * the parent's sites named, under the same room and name and with their items; any other task walks
 * every household's rooms (from the house type's MeasurePoints, else a generated layout) wall by wall
 * with every item. `households` caps the households walked.
 */
export function sitesToMeasure(work: WorkPackage, households?: number): SiteToMeasure[] {
  if (work.RemeasureSites) {
    return work.RemeasureSites.map((site) => ({
      BuildingNumber: site.BuildingNumber,
      Floor: site.Floor,
      Household: site.Household,
      RoomId: site.RoomId,
      Name: site.Name,
      Surface: (site.Surface ?? 'wall') as ResultSite['Surface'],
      Items: work.Items.filter((item) => site.ItemCodes.includes(item.ItemCode)),
      Wall: null,
    }));
  }
  return work.Households.slice(0, households ?? work.Households.length).flatMap((household) =>
    roomsOf(work, household.HouseMapId).flatMap((room, roomIndex) =>
      WALLS.map((wall, compass) => ({
        BuildingNumber: household.BuildingNumber,
        Floor: household.Floor,
        Household: household.Household,
        RoomId: room.Id,
        Name: `${room.Name} ${wall}`,
        Surface: 'wall' as const,
        Items: work.Items,
        Wall: { room: roomIndex, compass },
      })),
    ),
  );
}
