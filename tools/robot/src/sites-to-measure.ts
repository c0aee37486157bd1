import type { ResultSite, WorkPackage } from '@measure/contract';
import { type FacadePanelPlace, facadePanels } from './facade-panels.ts';

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
  /** A facade panel's side and rectangle (external-wall tasks); null indoors. */
  Panel: Omit<FacadePanelPlace, 'Floor' | 'Name'> | null;
}

export interface WalkOptions {
  /** At most this many households (indoor tasks). */
  households?: number;
  /** At most this many floors of the band per side (external-wall tasks). */
  floors?: number;
  /** The seed of the facade grid's columns. */
  seed?: number;
}

const facadePlace = (site: {
  Side?: string | null;
  X0?: number | null;
  X1?: number | null;
  Z0?: number | null;
  Z1?: number | null;
}): SiteToMeasure['Panel'] =>
  site.Side && typeof site.X0 === 'number' && typeof site.X1 === 'number'
    ? { Side: site.Side, X0: site.X0, X1: site.X1, Z0: site.Z0 ?? 0, Z1: site.Z1 ?? 0 }
    : null;

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
 * the parent's sites named, under the same room (or facade panel) and name and with their items; an
 * external-wall task measures its facades panel by panel (facadePanels: a grid per floor of each
 * side); any other task walks every household's rooms (from the house type's MeasurePoints, else a
 * generated layout) wall by wall with every item. `households` / `floors` cap what is walked.
 */
export function sitesToMeasure(work: WorkPackage, options: WalkOptions = {}): SiteToMeasure[] {
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
      Panel: facadePlace(site),
    }));
  }
  if (work.TaskKind === 'externalWall') {
    return facadePanels(work, { floors: options.floors, seed: options.seed }).map(
      ({ Floor, Name, ...panel }) => ({
        BuildingNumber: work.BuildingNumber ?? '',
        Floor,
        Household: null,
        RoomId: null,
        Name,
        Surface: 'facade' as const,
        Items: work.Items,
        Wall: null,
        Panel: panel,
      }),
    );
  }
  return work.Households.slice(0, options.households ?? work.Households.length).flatMap((household) =>
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
        Panel: null,
      })),
    ),
  );
}
