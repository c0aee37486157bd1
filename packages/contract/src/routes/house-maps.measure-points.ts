import { z } from 'zod';
import * as rules from '../rules.ts';

export const MAP_TYPES = ['image', 'dxf'] as const;
export type MapType = (typeof MAP_TYPES)[number];

/**
 * House type (floor plan) limits. Images: jpg, jpeg or png up to 5 MB (spec); DXF drawings up to
 * 50 MB (our choice; the spec only says "has a size limit"). Both are checked by content.
 */
export const HOUSE_MAP_LIMITS = {
  name: 20,
  maxImageBytes: 5 * 1024 * 1024,
  maxDxfBytes: 50 * 1024 * 1024,
  /** Largest image plan in pixels (width x height): 40 megapixels, decoded to check it before it is kept. */
  maxImagePixels: 40_000_000,
  imageExtensions: ['jpg', 'jpeg', 'png'],
  maxRooms: 2000,
  maxStations: 2000,
  maxPoints: 20_000,
  maxPolygonVertices: 1000,
  maxTotalVertices: 100_000,
  /** SaveMeasurePoints accepts a JSON body of up to 8 MB (other calls: 1 MB). */
  measurePointsBodyBytes: 8 * 1024 * 1024,
} as const;

/** Site type names: required and under 10 characters (spec section 5). */
export const POINT_TYPE_NAME_MAX = 9;

// ---- MeasurePoints: rooms, stations and points drawn on a house type's plan ----

const coordinate = z.number().finite().min(-1e9).max(1e9);
const elementId = z.string().trim().min(1, 'rules.required').max(64, 'rules.maxLength');
const vertex = z.object({ X: coordinate, Y: coordinate });

/** A room: a polygon in plan units with a site type (PointTypeId, a site type of the project). */
export const roomSchema = z.object({
  Id: elementId,
  Name: rules.optionalText(HOUSE_MAP_LIMITS.name),
  PointTypeId: rules.uuid.nullish().transform((value) => value ?? null),
  Polygon: z.array(vertex).min(3).max(HOUSE_MAP_LIMITS.maxPolygonVertices),
});
/** A measuring station (scan position), optionally inside a room. */
export const stationSchema = z.object({
  Id: elementId,
  Name: rules.optionalText(HOUSE_MAP_LIMITS.name),
  X: coordinate,
  Y: coordinate,
  RoomId: elementId.nullish().transform((value) => value ?? null),
});
/** A measuring point, optionally in a room and taken from a station. */
export const pointSchema = z.object({
  Id: elementId,
  X: coordinate,
  Y: coordinate,
  RoomId: elementId.nullish().transform((value) => value ?? null),
  StationId: elementId.nullish().transform((value) => value ?? null),
});

/**
 * The MeasurePoints of a house type, validated: ids unique across rooms, stations and points;
 * RoomId and StationId refer to elements of the same document; bounded sizes.
 */
export const measurePointsSchema = z
  .object({
    Rooms: z.array(roomSchema).max(HOUSE_MAP_LIMITS.maxRooms).default([]),
    Stations: z.array(stationSchema).max(HOUSE_MAP_LIMITS.maxStations).default([]),
    Points: z.array(pointSchema).max(HOUSE_MAP_LIMITS.maxPoints).default([]),
  })
  .superRefine((document, context) => {
    const seen = new Set<string>();
    const unique = (id: string, path: (string | number)[]) => {
      if (seen.has(id)) context.addIssue({ code: 'custom', message: 'houseMaps.duplicateId', path });
      seen.add(id);
    };
    document.Rooms.forEach((room, index) => unique(room.Id, ['Rooms', index, 'Id']));
    document.Stations.forEach((station, index) => unique(station.Id, ['Stations', index, 'Id']));
    document.Points.forEach((point, index) => unique(point.Id, ['Points', index, 'Id']));
    const vertices = document.Rooms.reduce((sum, room) => sum + room.Polygon.length, 0);
    if (vertices > HOUSE_MAP_LIMITS.maxTotalVertices) {
      context.addIssue({ code: 'custom', message: 'houseMaps.tooManyVertices', path: ['Rooms'] });
    }
    const rooms = new Set(document.Rooms.map((room) => room.Id));
    const stations = new Set(document.Stations.map((station) => station.Id));
    document.Stations.forEach((station, index) => {
      if (station.RoomId !== null && !rooms.has(station.RoomId)) {
        context.addIssue({
          code: 'custom',
          message: 'houseMaps.unknownRoom',
          path: ['Stations', index, 'RoomId'],
        });
      }
    });
    document.Points.forEach((point, index) => {
      if (point.RoomId !== null && !rooms.has(point.RoomId)) {
        context.addIssue({
          code: 'custom',
          message: 'houseMaps.unknownRoom',
          path: ['Points', index, 'RoomId'],
        });
      }
      if (point.StationId !== null && !stations.has(point.StationId)) {
        context.addIssue({
          code: 'custom',
          message: 'houseMaps.unknownStation',
          path: ['Points', index, 'StationId'],
        });
      }
    });
  });
export type MeasurePoints = z.output<typeof measurePointsSchema>;
