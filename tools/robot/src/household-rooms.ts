import type { WorkPackage } from '@measure/contract';

/**
 * A household's rooms in its plan frame, in metres (measurement-api.md section 8): x and y as the plan
 * (same axes and origin, only scaled), z up from the finished floor.
 *
 * Scale: the house type's `FloorArea` (m²) over the area of its rooms' polygons (plan units²) gives
 * metres per plan unit (`sqrt`), the convention of the web's 3D task report (apps/web planScene.ts).
 * Without a floor area the rooms are fitted to `DEFAULT_HOUSEHOLD_M` across. A house type without
 * rooms gets `GENERATED_ROOMS` rectangles side by side along x (the rooms sitesToMeasure walks).
 */
export const WALL_HEIGHT_M = 2.8;
export const DEFAULT_HOUSEHOLD_M = 12;
const GENERATED_ROOM_M = 4;

export interface PlanPoint {
  x: number;
  y: number;
}

export interface RoomGeometry {
  /** The room's id in MeasurePoints; null for generated rooms. */
  id: string | null;
  name: string;
  /** Outline in metres, counter-clockwise or clockwise as drawn. */
  outline: PlanPoint[];
}

export interface HouseholdGeometry {
  rooms: RoomGeometry[];
  /** Metres per plan unit (1 for generated rooms). */
  metresPerUnit: number;
  /** 'image' plans grow downwards in y (north is -y), 'dxf' upwards (north is +y). */
  yDown: boolean;
}

/** The area of a polygon by the shoelace formula (signed: positive when counter-clockwise in x-right, y-up axes). */
export function signedArea(polygon: readonly PlanPoint[]): number {
  let sum = 0;
  polygon.forEach((point, index) => {
    const next = polygon[(index + 1) % polygon.length] as PlanPoint;
    sum += point.x * next.y - next.x * point.y;
  });
  return sum / 2;
}

type HouseMap = WorkPackage['HouseMaps'][number];

function scaleOf(map: HouseMap, polygons: PlanPoint[][]): number {
  const area = polygons.reduce((sum, polygon) => sum + Math.abs(signedArea(polygon)), 0);
  if (map.FloorArea && map.FloorArea > 0 && area > 0) return Math.sqrt(map.FloorArea / area);
  const xs = polygons.flat().map((point) => point.x);
  const ys = polygons.flat().map((point) => point.y);
  const across = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  return across > 0 ? DEFAULT_HOUSEHOLD_M / across : 1;
}

/** The rooms of a house type of the work package (undefined or without rooms: generated ones). */
export function householdGeometry(
  map: HouseMap | undefined,
  generatedNames: readonly string[],
): HouseholdGeometry {
  const rooms = map?.MeasurePoints?.Rooms ?? [];
  if (!map || rooms.length === 0) {
    return {
      metresPerUnit: 1,
      yDown: true,
      rooms: generatedNames.map((name, index) => {
        const x = index * GENERATED_ROOM_M;
        const size = GENERATED_ROOM_M;
        return {
          id: null,
          name,
          outline: [
            { x, y: 0 },
            { x: x + size, y: 0 },
            { x: x + size, y: size },
            { x, y: size },
          ],
        };
      }),
    };
  }
  const polygons = rooms.map((room) => room.Polygon.map((vertex) => ({ x: vertex.X, y: vertex.Y })));
  const scale = scaleOf(map, polygons);
  return {
    metresPerUnit: scale,
    yDown: map.MapType !== 'dxf',
    rooms: rooms.map((room, index) => ({
      id: room.Id,
      name: room.Name || room.Id,
      outline: (polygons[index] ?? []).map((point) => ({ x: point.x * scale, y: point.y * scale })),
    })),
  };
}

export interface WallGeometry {
  from: PlanPoint;
  to: PlanPoint;
  length: number;
  /** Unit normal in the plan, pointing into the room (on a facade: towards the viewer). */
  inward: PlanPoint;
  /** Where the wall starts and how high it is, metres (default: the floor and `WALL_HEIGHT_M`; facade panels set both). */
  baseM?: number;
  heightM?: number;
}

/** The walls of a room: one per outline edge, each with its inward normal. */
export function wallsOf(room: RoomGeometry): WallGeometry[] {
  const ccw = signedArea(room.outline) > 0;
  return room.outline.flatMap((from, index) => {
    const to = room.outline[(index + 1) % room.outline.length] as PlanPoint;
    const length = Math.hypot(to.x - from.x, to.y - from.y);
    if (length < 1e-6) return [];
    const dx = (to.x - from.x) / length;
    const dy = (to.y - from.y) / length;
    // Left of the edge is inside for a counter-clockwise outline.
    const inward = ccw ? { x: -dy, y: dx } : { x: dy, y: -dx };
    return [{ from, to, length, inward }];
  });
}

/**
 * The wall a site named by compass index faces (0 north, 1 east, 2 south, 3 west, the order
 * sitesToMeasure names 北墙 东墙 南墙 西墙): the wall whose outward normal points most that way.
 */
export function wallFacing(
  geometry: HouseholdGeometry,
  room: RoomGeometry,
  compass: number,
): WallGeometry | undefined {
  const north = geometry.yDown ? -1 : 1;
  const direction = [
    { x: 0, y: north },
    { x: 1, y: 0 },
    { x: 0, y: -north },
    { x: -1, y: 0 },
  ][compass % 4] as PlanPoint;
  let best: WallGeometry | undefined;
  let bestScore = -Infinity;
  for (const wall of wallsOf(room)) {
    // Outward is -inward; longer walls win ties.
    const score = -(wall.inward.x * direction.x + wall.inward.y * direction.y) + wall.length * 1e-6;
    if (score > bestScore) {
      best = wall;
      bestScore = score;
    }
  }
  return best;
}
