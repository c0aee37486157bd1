import {
  emptyCounts,
  type Figures,
  type GradeName,
  PLAN_GRADE_FILL,
  type SharedPlanHousehold,
  toFigures,
  worstPlanGrade,
} from '@measure/contract';

/**
 * The 3D task report's scene as plain data (no three.js, so it is tested without WebGL): every room
 * of every measured household as a prism in metres, coloured by the worst grade of its sites.
 *
 * - Scale: the house type's `FloorArea` (m²) over the area of its rooms' polygons (plan units²) gives
 *   metres per plan unit (`sqrt`). Rooms drawn on only part of a plan come out a little large, since
 *   walls and unmarked space are not in the polygons. Without a floor area, the household's rooms are
 *   fitted to `DEFAULT_HOUSEHOLD_M` across.
 * - Storeys: every floor is `STOREY_HEIGHT_M` high; a room's prism is that minus `SLAB_M`, so the
 *   floors stay apart. Floors stack by their number (the lowest measured floor on the ground).
 * - Households of a building stand side by side in columns by household number (a column as wide as
 *   its widest household on any floor, `GAP_M` between); buildings follow one behind the other.
 * - Image plans grow downwards in y, DXF plans upwards: both are turned so the plan reads as drawn
 *   when seen from the front above.
 */
export const STOREY_HEIGHT_M = 3;
export const SLAB_M = 0.2;
export const DEFAULT_HOUSEHOLD_M = 12;
export const GAP_M = 2;
const BUILDING_GAP_M = 6;

export interface SceneRoom {
  /** `building/floor/household/roomId`, unique in the scene. */
  key: string;
  roomId: string;
  name: string;
  buildingNumber: string;
  floor: number;
  household: number;
  /** The floor outline in metres: x to the right, z towards the viewer. */
  outline: { x: number; z: number }[];
  baseY: number;
  height: number;
  grade: GradeName | null;
  colour: string;
  /** The summed figures of the room's sites (pass rate from the summed counts). */
  figures: Figures;
  /** The room's sites by point index; the first opens the site page. */
  sites: number[];
}

export interface PlanScene {
  rooms: SceneRoom[];
  /** Households with no rooms to draw (no house type, or a plan without rooms). */
  withoutPlan: SharedPlanHousehold[];
  /** Sites outside every drawn room (no room, or a room the plan does not have). */
  sitesOutsideRooms: number;
  /** Bounding box of everything, for the camera. */
  size: { x: number; y: number; z: number };
}

/** The area of a polygon by the shoelace formula (absolute). */
export function polygonArea(polygon: readonly { X: number; Y: number }[]): number {
  let sum = 0;
  polygon.forEach((point, index) => {
    const next = polygon[(index + 1) % polygon.length] as { X: number; Y: number };
    sum += point.X * next.Y - next.X * point.Y;
  });
  return Math.abs(sum) / 2;
}

/** The bounding box of a household's rooms in plan units (loops: plans may hold 100,000 vertices). */
function extent(household: SharedPlanHousehold) {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const room of household.Rooms) {
    for (const point of room.Polygon) {
      box.minX = Math.min(box.minX, point.X);
      box.minY = Math.min(box.minY, point.Y);
      box.maxX = Math.max(box.maxX, point.X);
      box.maxY = Math.max(box.maxY, point.Y);
    }
  }
  return box;
}

/** Metres per plan unit of a household's plan. */
export function planScale(household: SharedPlanHousehold): number {
  const area = household.Rooms.reduce((sum, room) => sum + polygonArea(room.Polygon), 0);
  if (household.FloorArea && household.FloorArea > 0 && area > 0)
    return Math.sqrt(household.FloorArea / area);
  const box = extent(household);
  const across = Math.max(box.maxX - box.minX, box.maxY - box.minY);
  return across > 0 ? DEFAULT_HOUSEHOLD_M / across : 1;
}

function sumFigures(list: readonly Figures[]): Figures {
  const counts = emptyCounts();
  for (const figures of list) {
    counts.qualified += figures.Qualified;
    counts.warning += figures.Warning;
    counts.unqualified += figures.Unqualified;
    counts.exploded += figures.Exploded;
    counts.unjudged += figures.Unjudged;
    counts.sites += figures.Sites;
    counts.explodedSites += figures.ExplodedSites;
  }
  return toFigures(counts);
}

/** A household's rooms in metres, its origin at the plan's top left corner. */
function householdRooms(household: SharedPlanHousehold) {
  const scale = planScale(household);
  const { minX, minY, maxY } = extent(household);
  const flip = household.MapType === 'dxf';
  const rooms = household.Rooms.map((room) => ({
    room,
    outline: room.Polygon.map((point) => ({
      x: (point.X - minX) * scale,
      z: (flip ? maxY - point.Y : point.Y - minY) * scale,
    })),
  }));
  const box = extent(household);
  return { rooms, width: (box.maxX - box.minX) * scale, depth: (box.maxY - box.minY) * scale };
}

export function buildPlanScene(households: readonly SharedPlanHousehold[]): PlanScene {
  const drawn = households.filter((household) => household.Rooms.length > 0);
  const withoutPlan = households.filter((household) => household.Rooms.length === 0);
  const laid = drawn.map((household) => ({ household, ...householdRooms(household) }));
  const lowestFloor = Math.min(...drawn.map((household) => household.Floor));
  const buildings = [...new Set(drawn.map((household) => household.BuildingNumber))].sort((a, b) =>
    a.localeCompare(b, undefined, { numeric: true }),
  );
  const rooms: SceneRoom[] = [];
  let sitesOutsideRooms = 0;
  let buildingZ = 0;
  let sizeX = 0;
  let sizeY = 0;
  for (const building of buildings) {
    const ofBuilding = laid.filter((row) => row.household.BuildingNumber === building);
    const numbers = [...new Set(ofBuilding.map((row) => row.household.Household))].sort((a, b) => a - b);
    const columnX = new Map<number, number>();
    let x = 0;
    for (const number of numbers) {
      columnX.set(number, x);
      const widest = Math.max(
        ...ofBuilding.filter((row) => row.household.Household === number).map((row) => row.width),
      );
      x += widest + GAP_M;
    }
    sizeX = Math.max(sizeX, x - GAP_M);
    const depth = Math.max(...ofBuilding.map((row) => row.depth));
    for (const { household, rooms: outlines } of ofBuilding) {
      const offsetX = columnX.get(household.Household) ?? 0;
      const baseY = (household.Floor - lowestFloor) * STOREY_HEIGHT_M;
      sizeY = Math.max(sizeY, baseY + STOREY_HEIGHT_M - SLAB_M);
      const roomIds = new Set(household.Rooms.map((room) => room.Id));
      sitesOutsideRooms += household.Sites.filter((site) => !site.RoomId || !roomIds.has(site.RoomId)).length;
      for (const { room, outline } of outlines) {
        const sites = household.Sites.filter((site) => site.RoomId === room.Id);
        const grade = worstPlanGrade(sites);
        rooms.push({
          key: `${household.BuildingNumber}/${household.Floor}/${household.Household}/${room.Id}`,
          roomId: room.Id,
          name: room.Name || room.Id,
          buildingNumber: household.BuildingNumber,
          floor: household.Floor,
          household: household.Household,
          outline: outline.map((point) => ({ x: point.x + offsetX, z: point.z + buildingZ })),
          baseY,
          height: STOREY_HEIGHT_M - SLAB_M,
          grade,
          colour: PLAN_GRADE_FILL[grade ?? 'none'],
          figures: sumFigures(sites.map((site) => site.Figures)),
          sites: sites.map((site) => site.PointIndex).sort((a, b) => a - b),
        });
      }
    }
    buildingZ += depth + BUILDING_GAP_M;
  }
  for (const household of withoutPlan) sitesOutsideRooms += household.Sites.length;
  return {
    rooms,
    withoutPlan,
    sitesOutsideRooms,
    size: { x: sizeX, y: sizeY, z: Math.max(0, buildingZ - BUILDING_GAP_M) },
  };
}
