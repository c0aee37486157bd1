import { HOUSE_MAP_LIMITS, type HouseMapDetail } from '@measure/contract';
import {
  boundsOf,
  distance,
  inBounds,
  pointInPolygon,
  polygonArea,
  translate,
  type Bounds,
  type Vec,
} from './geometry.ts';

/** A room: a closed polygon with a site type (PointTypeId). */
export interface Room {
  Id: string;
  Name: string;
  PointTypeId: string | null;
  Polygon: Vec[];
}
/** A measuring station (scan position). */
export interface Station {
  Id: string;
  Name: string;
  X: number;
  Y: number;
  RoomId: string | null;
}
/** A measuring point, taken from a station. */
export interface MeasurePoint {
  Id: string;
  X: number;
  Y: number;
  RoomId: string | null;
  StationId: string | null;
}

/** The MeasurePoints of a house type as the editor holds them (immutable: every edit makes a new one). */
export interface PlanDocument {
  Rooms: Room[];
  Stations: Station[];
  Points: MeasurePoint[];
}

export type ElementKind = 'room' | 'station' | 'point';
export interface ElementRef {
  kind: ElementKind;
  id: string;
}

export const EMPTY_DOCUMENT: PlanDocument = { Rooms: [], Stations: [], Points: [] };

/** The server's MeasurePoints as an editor document (names always strings). */
export function documentFromDetail(measurePoints: HouseMapDetail['MeasurePoints']): PlanDocument {
  return {
    Rooms: measurePoints.Rooms.map((room) => ({
      Id: room.Id,
      Name: room.Name ?? '',
      PointTypeId: room.PointTypeId,
      Polygon: room.Polygon.map((v) => ({ X: v.X, Y: v.Y })),
    })),
    Stations: measurePoints.Stations.map((station) => ({ ...station, Name: station.Name ?? '' })),
    Points: measurePoints.Points.map((point) => ({ ...point })),
  };
}

/** What SaveMeasurePoints takes: names trimmed, empty names left out. */
export function documentToSave(document: PlanDocument) {
  const name = (value: string) => (value.trim() ? value.trim() : undefined);
  return {
    Rooms: document.Rooms.map((room) => ({ ...room, Name: name(room.Name) })),
    Stations: document.Stations.map((station) => ({ ...station, Name: name(station.Name) })),
    Points: document.Points,
  };
}

/** A new element id; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// --- Limits ----------------------------------------------------------------------------------------

export type LimitProblem = 'rooms' | 'stations' | 'points' | 'vertices' | 'polygonVertices';

const totalVertices = (document: PlanDocument) =>
  document.Rooms.reduce((sum, room) => sum + room.Polygon.length, 0);

/** Why adding an element would break the server's limits (HOUSE_MAP_LIMITS), or null when it fits. */
export function limitProblem(document: PlanDocument, kind: ElementKind, vertices = 0): LimitProblem | null {
  if (kind === 'room') {
    if (document.Rooms.length >= HOUSE_MAP_LIMITS.maxRooms) return 'rooms';
    if (vertices > HOUSE_MAP_LIMITS.maxPolygonVertices) return 'polygonVertices';
    if (totalVertices(document) + vertices > HOUSE_MAP_LIMITS.maxTotalVertices) return 'vertices';
  }
  if (kind === 'station' && document.Stations.length >= HOUSE_MAP_LIMITS.maxStations) return 'stations';
  if (kind === 'point' && document.Points.length >= HOUSE_MAP_LIMITS.maxPoints) return 'points';
  return null;
}

// --- Containment ---------------------------------------------------------------------------------

/** The room a position lies in: the smallest containing room, so a room drawn inside another wins. */
export function roomAt(rooms: readonly Room[], position: Vec): Room | null {
  let best: Room | null = null;
  let bestArea = Infinity;
  for (const room of rooms) {
    if (!inBounds(position, boundsOf(room.Polygon)) || !pointInPolygon(position, room.Polygon)) continue;
    const area = polygonArea(room.Polygon);
    if (area < bestArea) {
      best = room;
      bestArea = area;
    }
  }
  return best;
}

/** The station a point is taken from: the nearest station of the same room (none when the room has none). */
export function nearestStation(
  stations: readonly Station[],
  position: Vec,
  roomId: string | null,
): Station | null {
  let best: Station | null = null;
  let bestDistance = Infinity;
  for (const station of stations) {
    if (station.RoomId !== roomId) continue;
    const d = distance(position, station);
    if (d < bestDistance) {
      best = station;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * After rooms changed (added, moved, reshaped, deleted): re-derives the room of every station and
 * point that belonged to one of `roomIds` or lies inside one of `areas`; a point whose room changed
 * gets the nearest station of its new room. Other elements are left alone, so the cost follows the
 * size of the change, not of the document.
 */
function reassignRooms(
  document: PlanDocument,
  roomIds: ReadonlySet<string>,
  areas: readonly Vec[][],
): PlanDocument {
  const boxes = areas.map((polygon) => ({ polygon, box: boundsOf(polygon) }));
  const touched = (position: Vec, roomId: string | null) =>
    (roomId !== null && roomIds.has(roomId)) ||
    boxes.some(({ polygon, box }) => inBounds(position, box) && pointInPolygon(position, polygon));
  let stationsChanged = false;
  const Stations = document.Stations.map((station) => {
    if (!touched(station, station.RoomId)) return station;
    const RoomId = roomAt(document.Rooms, station)?.Id ?? null;
    if (RoomId === station.RoomId) return station;
    stationsChanged = true;
    return { ...station, RoomId };
  });
  const Points = document.Points.map((point) => {
    if (!touched(point, point.RoomId) && !stationsChanged) return point;
    const RoomId = touched(point, point.RoomId) ? (roomAt(document.Rooms, point)?.Id ?? null) : point.RoomId;
    const station = Stations.find((item) => item.Id === point.StationId);
    if (RoomId === point.RoomId && (point.StationId === null || station?.RoomId === RoomId)) return point;
    return { ...point, RoomId, StationId: nearestStation(Stations, point, RoomId)?.Id ?? null };
  });
  return { ...document, Stations, Points };
}

// --- Edits ---------------------------------------------------------------------------------------

export type Edit =
  | { type: 'addRoom'; id: string; name: string; pointTypeId: string | null; polygon: Vec[] }
  | { type: 'addStation'; id: string; name: string; position: Vec }
  | { type: 'addPoint'; id: string; position: Vec }
  | { type: 'move'; target: ElementRef; dx: number; dy: number }
  | { type: 'moveVertex'; roomId: string; index: number; position: Vec }
  | { type: 'remove'; target: ElementRef }
  | { type: 'updateRoom'; id: string; name?: string; pointTypeId?: string | null }
  | { type: 'updateStation'; id: string; name: string }
  | { type: 'updatePoint'; id: string; stationId: string | null };

/** Applies one edit; returns the same document when the edit changes nothing or breaks a limit. */
export function applyEdit(document: PlanDocument, edit: Edit): PlanDocument {
  switch (edit.type) {
    case 'addRoom': {
      if (edit.polygon.length < 3 || limitProblem(document, 'room', edit.polygon.length)) return document;
      const room: Room = {
        Id: edit.id,
        Name: edit.name,
        PointTypeId: edit.pointTypeId,
        Polygon: edit.polygon,
      };
      return reassignRooms({ ...document, Rooms: [...document.Rooms, room] }, new Set(), [edit.polygon]);
    }
    case 'addStation': {
      if (limitProblem(document, 'station')) return document;
      const RoomId = roomAt(document.Rooms, edit.position)?.Id ?? null;
      const station: Station = {
        Id: edit.id,
        Name: edit.name,
        X: edit.position.X,
        Y: edit.position.Y,
        RoomId,
      };
      const Stations = [...document.Stations, station];
      // Points of the room that had no station yet are taken from the new one.
      const Points = document.Points.map((point) =>
        point.RoomId === RoomId && point.StationId === null ? { ...point, StationId: station.Id } : point,
      );
      return { ...document, Stations, Points };
    }
    case 'addPoint': {
      if (limitProblem(document, 'point')) return document;
      const RoomId = roomAt(document.Rooms, edit.position)?.Id ?? null;
      const StationId = nearestStation(document.Stations, edit.position, RoomId)?.Id ?? null;
      const point: MeasurePoint = { Id: edit.id, X: edit.position.X, Y: edit.position.Y, RoomId, StationId };
      return { ...document, Points: [...document.Points, point] };
    }
    case 'move':
      return moveElement(document, edit.target, edit.dx, edit.dy);
    case 'moveVertex': {
      const room = document.Rooms.find((item) => item.Id === edit.roomId);
      if (!room || edit.index < 0 || edit.index >= room.Polygon.length) return document;
      const Polygon = room.Polygon.map((vertex, index) =>
        index === edit.index ? { ...edit.position } : vertex,
      );
      const Rooms = document.Rooms.map((item) => (item === room ? { ...room, Polygon } : item));
      return reassignRooms({ ...document, Rooms }, new Set([room.Id]), [Polygon]);
    }
    case 'remove':
      return removeElement(document, edit.target);
    case 'updateRoom': {
      const room = document.Rooms.find((item) => item.Id === edit.id);
      if (!room) return document;
      const next = {
        ...room,
        Name: edit.name ?? room.Name,
        PointTypeId: edit.pointTypeId === undefined ? room.PointTypeId : edit.pointTypeId,
      };
      if (next.Name === room.Name && next.PointTypeId === room.PointTypeId) return document;
      return { ...document, Rooms: document.Rooms.map((item) => (item === room ? next : item)) };
    }
    case 'updateStation': {
      const station = document.Stations.find((item) => item.Id === edit.id);
      if (!station || station.Name === edit.name) return document;
      const Stations = document.Stations.map((item) =>
        item === station ? { ...station, Name: edit.name } : item,
      );
      return { ...document, Stations };
    }
    case 'updatePoint': {
      const point = document.Points.find((item) => item.Id === edit.id);
      if (!point || point.StationId === edit.stationId) return document;
      if (edit.stationId !== null && !document.Stations.some((item) => item.Id === edit.stationId))
        return document;
      const Points = document.Points.map((item) =>
        item === point ? { ...point, StationId: edit.stationId } : item,
      );
      return { ...document, Points };
    }
  }
}

/** A room moves with its stations and points; a station or point takes the room it is dropped in. */
function moveElement(document: PlanDocument, target: ElementRef, dx: number, dy: number): PlanDocument {
  if (dx === 0 && dy === 0) return document;
  if (target.kind === 'room') {
    const room = document.Rooms.find((item) => item.Id === target.id);
    if (!room) return document;
    const Polygon = room.Polygon.map((vertex) => translate(vertex, dx, dy));
    const moved: PlanDocument = {
      Rooms: document.Rooms.map((item) => (item === room ? { ...room, Polygon } : item)),
      Stations: document.Stations.map((station) =>
        station.RoomId === room.Id ? { ...station, X: station.X + dx, Y: station.Y + dy } : station,
      ),
      Points: document.Points.map((point) =>
        point.RoomId === room.Id ? { ...point, X: point.X + dx, Y: point.Y + dy } : point,
      ),
    };
    return reassignRooms(moved, new Set([room.Id]), [Polygon]);
  }
  if (target.kind === 'station') {
    const station = document.Stations.find((item) => item.Id === target.id);
    if (!station) return document;
    const position = { X: station.X + dx, Y: station.Y + dy };
    const RoomId = roomAt(document.Rooms, position)?.Id ?? null;
    const Stations = document.Stations.map((item) =>
      item === station ? { ...station, ...position, RoomId } : item,
    );
    if (RoomId === station.RoomId) return { ...document, Stations };
    // Points taken from it stay with it only while they share its room.
    const Points = document.Points.map((point) =>
      point.StationId === station.Id && point.RoomId !== RoomId
        ? { ...point, StationId: nearestStation(Stations, point, point.RoomId)?.Id ?? null }
        : point,
    );
    return { ...document, Stations, Points };
  }
  const point = document.Points.find((item) => item.Id === target.id);
  if (!point) return document;
  const position = { X: point.X + dx, Y: point.Y + dy };
  const RoomId = roomAt(document.Rooms, position)?.Id ?? null;
  const keepStation =
    RoomId === point.RoomId && document.Stations.some((item) => item.Id === point.StationId);
  const StationId = keepStation
    ? point.StationId
    : (nearestStation(document.Stations, position, RoomId)?.Id ?? null);
  const Points = document.Points.map((item) =>
    item === point ? { ...point, ...position, RoomId, StationId } : item,
  );
  return { ...document, Points };
}

/** Deleting a room frees its stations and points (they take whatever room they now lie in). */
function removeElement(document: PlanDocument, target: ElementRef): PlanDocument {
  if (target.kind === 'room') {
    const room = document.Rooms.find((item) => item.Id === target.id);
    if (!room) return document;
    const Rooms = document.Rooms.filter((item) => item !== room);
    return reassignRooms({ ...document, Rooms }, new Set([room.Id]), []);
  }
  if (target.kind === 'station') {
    const Stations = document.Stations.filter((item) => item.Id !== target.id);
    if (Stations.length === document.Stations.length) return document;
    const Points = document.Points.map((point) =>
      point.StationId === target.id
        ? { ...point, StationId: nearestStation(Stations, point, point.RoomId)?.Id ?? null }
        : point,
    );
    return { ...document, Stations, Points };
  }
  const Points = document.Points.filter((item) => item.Id !== target.id);
  return Points.length === document.Points.length ? document : { ...document, Points };
}

export function findElement(
  document: PlanDocument,
  ref: ElementRef,
): Room | Station | MeasurePoint | undefined {
  if (ref.kind === 'room') return document.Rooms.find((item) => item.Id === ref.id);
  if (ref.kind === 'station') return document.Stations.find((item) => item.Id === ref.id);
  return document.Points.find((item) => item.Id === ref.id);
}

/** Bounds of everything drawn (for fit-to-view when the plan itself has none). */
export function documentBounds(document: PlanDocument): Bounds | null {
  const all: Vec[] = [
    ...document.Rooms.flatMap((room) => room.Polygon),
    ...document.Stations,
    ...document.Points,
  ];
  return all.length ? boundsOf(all) : null;
}
