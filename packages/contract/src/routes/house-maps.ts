import { z } from 'zod';
import { pageRequestShape, pageResultSchema } from '../envelope.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { PROJECT_LIMITS, withProjectId } from './projects.ts';

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

/** House type name: required, ≤20, only Chinese characters, letters, digits or underscore. */
export const houseMapName = rules
  .requiredText(HOUSE_MAP_LIMITS.name)
  .regex(rules.patterns.name, 'rules.name');

/** Floor area: required, greater than 1, at most two decimals (a number or its text). */
export const floorArea = z
  .union([z.number(), z.string().trim()], 'rules.required')
  .refine((value) => value !== '', 'rules.required')
  .refine((value) => {
    const text = typeof value === 'number' ? String(value) : value;
    return /^\d{1,8}(\.\d{1,2})?$/.test(text) && Number(text) > 1;
  }, 'houseMaps.floorArea')
  .transform((value) => Number(value));

/** true/false, also as 1/0 or their text (multipart fields are text). */
const booleanish = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 1 || value === 'true' || value === '1');

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

export const houseMapRowSchema = z.object({
  HouseMapId: z.string(),
  ProjectId: z.string(),
  ProjectName: z.string(),
  Name: z.string(),
  MapType: z.enum(MAP_TYPES),
  /** 0: plan uploaded, nothing marked yet; 1: rooms/stations/points saved. */
  Status: z.number().int(),
  FloorArea: z.number(),
  StandardFloor: z.boolean(),
  FileName: z.string(),
  FileSize: z.number().int(),
  ContentType: z.string(),
  /** Pixel size of an image plan; null for DXF. */
  Width: z.number().int().nullable(),
  Height: z.number().int().nullable(),
  RoomCount: z.number().int(),
  StationCount: z.number().int(),
  PointCount: z.number().int(),
  /** Households this house type is assigned to. */
  AssignedHouseholds: z.number().int(),
  CreateTime: z.string(),
  UpdateTime: z.string(),
});
export type HouseMapRow = z.infer<typeof houseMapRowSchema>;

export const houseMapDetailSchema = houseMapRowSchema.extend({
  MeasurePoints: z.object({
    Rooms: z.array(
      z.object({
        Id: z.string(),
        Name: z.string().optional(),
        PointTypeId: z.string().nullable(),
        Polygon: z.array(z.object({ X: z.number(), Y: z.number() })),
      }),
    ),
    Stations: z.array(
      z.object({
        Id: z.string(),
        Name: z.string().optional(),
        X: z.number(),
        Y: z.number(),
        RoomId: z.string().nullable(),
      }),
    ),
    Points: z.array(
      z.object({
        Id: z.string(),
        X: z.number(),
        Y: z.number(),
        RoomId: z.string().nullable(),
        StationId: z.string().nullable(),
      }),
    ),
  }),
});
export type HouseMapDetail = z.infer<typeof houseMapDetailSchema>;

/**
 * The fields of HouseMapUpdate (multipart form fields or a JSON body). Without HouseMapId (or Id)
 * a house type is created and the file is required; with it, the house type is updated and a file,
 * when sent, replaces the plan. MapType, when sent, must match the file.
 */
export const houseMapFieldsSchema = z
  .object({
    HouseMapId: rules.uuid.nullish(),
    Id: rules.uuid.nullish(),
    ProjectId: rules.uuid.optional(),
    ProjectGuid: rules.uuid.optional(),
    Name: houseMapName,
    FloorArea: floorArea,
    StandardFloor: booleanish.optional(),
    MapType: z.enum(MAP_TYPES).nullish(),
  })
  .refine((body) => body.ProjectId !== undefined || body.ProjectGuid !== undefined, {
    message: 'rules.required',
    path: ['ProjectId'],
  })
  .transform((body) => ({
    HouseMapId: body.HouseMapId ?? body.Id ?? undefined,
    ProjectId: (body.ProjectId ?? body.ProjectGuid) as string,
    Name: body.Name,
    FloorArea: body.FloorArea,
    StandardFloor: body.StandardFloor,
    MapType: body.MapType ?? undefined,
  }));
export type HouseMapFields = z.output<typeof houseMapFieldsSchema>;

/** `id`, with `HouseMapId` accepted for it. */
const houseMapIdBody = z
  .object({ id: rules.uuid.optional(), HouseMapId: rules.uuid.optional() })
  .refine((body) => body.id !== undefined || body.HouseMapId !== undefined, {
    message: 'rules.required',
    path: ['id'],
  })
  .transform((body) => ({ HouseMapId: (body.id ?? body.HouseMapId) as string }));

export const measureItemSchema = z.object({
  MeasureItemId: z.string(),
  Code: z.string(),
  /** The item's Chinese name; NameZh and NameEn hold both. */
  Name: z.string(),
  NameZh: z.string(),
  NameEn: z.string(),
  DesignValue: z.number().nullable(),
  WarningValue: z.number().nullable(),
  Standard: z.string().nullable(),
});

export const pointTypeSchema = z.object({
  Id: z.string(),
  Name: z.string(),
  ProjectStandardId: z.string().nullable(),
  ProjectGuid: z.string(),
  ProjectId: z.string(),
  /** The measure items of the site type with their design values (SavePointTypeMeasureItem). */
  MeasureItems: z.array(measureItemSchema),
  /** Rooms (in the project's house types) that have this site type. */
  RoomCount: z.number().int(),
  CreateTime: z.string(),
});
export type PointType = z.infer<typeof pointTypeSchema>;

export const selectedFloorSchema = z.object({
  BuildingId: z.string(),
  BuildingNumber: z.string(),
  Floor: z.number().int(),
  Households: z.array(z.number().int()),
});

const floorRangeShape = {
  BuildingNumber: rules.requiredText(PROJECT_LIMITS.buildingNumber),
  FloorFrom: z.number().int().min(1).max(PROJECT_LIMITS.maxStories),
  FloorTo: z.number().int().min(1).max(PROJECT_LIMITS.maxStories),
  /** 1-based positions on each floor; all households of the floors when missing. */
  Households: z.array(z.number().int().min(1).max(PROJECT_LIMITS.maxHouseholds)).max(50).nullish(),
};

const tag = 'houseMaps';
const HOUSE_MAP_UPDATE_SUMMARY =
  'Create (no HouseMapId) or change a house type. multipart/form-data with fields ProjectId, Name (≤20, Chinese, ' +
  'letters, digits, _; unique in the project: 409), FloorArea (>1, two decimals), StandardFloor (true/false, ' +
  'default true), MapType (image|dxf, optional, must match the file), HouseMapId, and one file: jpg/jpeg/png ' +
  'up to 5 MB or DXF up to 50 MB, checked by content. A JSON body changes the fields without a file. ' +
  'Changing an existing house type of a published project answers 423.';

export const houseMapsRoutes = {
  houseMapList: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/HouseMapList',
    access: 'authenticated',
    tag,
    summary:
      'House types of the projects the caller may see: ProjectId (one project), ExcludeProjectId (others, e.g. to ' +
      'copy from), HouseMapId (one), Name (contains); paged',
    body: z.object({
      ProjectId: rules.uuid.nullish(),
      ProjectGuid: rules.uuid.nullish(),
      Name: rules.optionalText(HOUSE_MAP_LIMITS.name),
      ExcludeProjectId: rules.uuid.nullish(),
      HouseMapId: rules.uuid.nullish(),
      ...pageRequestShape,
      OrderBy: z.enum(['Name', 'CreateTime', 'UpdateTime']).optional(),
    }),
    result: pageResultSchema(houseMapRowSchema),
  }),
  getHouseMapById: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/GetHouseMapById',
    access: 'authenticated',
    tag,
    summary: 'One house type with its MeasurePoints',
    body: houseMapIdBody,
    result: houseMapDetailSchema,
  }),
  houseMapUpdate: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/HouseMapUpdate',
    access: 'project.detail',
    tag,
    summary: HOUSE_MAP_UPDATE_SUMMARY,
    result: houseMapRowSchema,
  }),
  fmsAddHouseMap: defineRoute({
    method: 'POST',
    path: '/api/fms/Project/AddHouseMap',
    access: 'project.detail',
    tag,
    summary: `Floor management service alias of /api/ms/Project/HouseMapUpdate. ${HOUSE_MAP_UPDATE_SUMMARY}`,
    result: houseMapRowSchema,
  }),
  houseMapUpdateName: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/HouseMapUpdateName',
    access: 'project.detail',
    tag,
    summary: 'Rename a house type (same name rules; 409 "The house type already exists"; 423 when published)',
    body: z
      .object({ HouseMapId: rules.uuid.optional(), Id: rules.uuid.optional(), Name: houseMapName })
      .refine((body) => body.HouseMapId !== undefined || body.Id !== undefined, {
        message: 'rules.required',
        path: ['HouseMapId'],
      })
      .transform((body) => ({ HouseMapId: (body.HouseMapId ?? body.Id) as string, Name: body.Name })),
    result: houseMapRowSchema,
  }),
  saveMeasurePoints: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/SaveMeasurePoints',
    access: 'floorPlan.detailSave',
    tag,
    summary:
      'Replace the MeasurePoints of a house type: rooms (polygons with a site type of the project), stations and ' +
      'points in plan units; ≤2,000 rooms, ≤2,000 stations, ≤20,000 points, ≤100,000 polygon vertices; body ≤8 MB. ' +
      '423 when published.',
    body: z.object({ HouseMapId: rules.uuid, MeasurePoints: measurePointsSchema }),
    result: houseMapRowSchema,
  }),
  removeHouseMap: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/RemoveHouseMap',
    access: 'project.detail',
    tag,
    summary:
      'Delete a house type and its file; refused (409) while assigned to households; 423 when published',
    body: houseMapIdBody,
    result: z.null(),
  }),
  removeHouseMaps: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/RemoveHouseMaps',
    access: 'project.detail',
    tag,
    summary: 'Delete several house types, all or nothing (same rules as RemoveHouseMap)',
    body: z.object({ Ids: z.array(rules.uuid).min(1, 'rules.required').max(1000) }),
    result: z.null(),
  }),
  copyHouseMap: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/CopyHouseMap',
    access: 'project.detail',
    tag,
    summary:
      'Copy a house type (HouseMapId) with its file and MeasurePoints into a project of the company (ProjectId) ' +
      'under Name; site types used by its rooms are matched by name in the target, created when missing',
    body: withProjectId({ HouseMapId: rules.uuid, Name: houseMapName }),
    result: houseMapRowSchema,
  }),
  getHouseMapBase: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/GetHouseMapBase',
    access: 'authenticated',
    tag,
    summary:
      'The plan file of a house type (the bytes, not an envelope): image/png, image/jpeg or image/vnd.dxf, inline',
    body: houseMapIdBody,
    result: z.null(),
  }),
  downloadDxfById: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/DownloadDxfById',
    access: 'authenticated',
    tag,
    summary: 'The DXF drawing of a house type as an attachment (400 when the plan is an image)',
    body: houseMapIdBody,
    result: z.null(),
  }),
  getAllPonitTypes: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/GetAllPonitTypes',
    access: 'authenticated',
    tag,
    summary: 'The site types (point types, room types) of a project (ProjectGuid or ProjectId), by name',
    body: withProjectId({}),
    result: z.array(pointTypeSchema),
  }),
  savePointType: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/SavePointType',
    access: 'project.detail',
    tag,
    summary:
      'Create (no Id) or rename a site type: Name required, under 10 characters, unique in the project (409). ' +
      'Renaming one of a published project answers 423.',
    body: withProjectId({
      Id: rules.uuid.nullish(),
      Name: rules.requiredText(POINT_TYPE_NAME_MAX),
      ProjectStandardId: z.string().trim().max(64).nullish(),
    }),
    result: pointTypeSchema,
  }),
  removePonitTypes: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/RemovePonitTypes',
    access: 'project.detail',
    tag,
    summary: 'Delete a site type (Id) of a project; refused (409) while a room uses it; 423 when published',
    body: withProjectId({ Id: rules.uuid }),
    result: z.null(),
  }),
  getSelectedBuildingFloorByHouseMap: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/getSelectedBuildingFloorByHouseMap',
    access: 'authenticated',
    tag,
    summary: 'The building floors and households (1-based) that use a house type',
    body: houseMapIdBody,
    result: z.array(selectedFloorSchema),
  }),
  assignHouseMapToFloors: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/AssignHouseMapToFloors',
    access: 'project.detail',
    tag,
    summary:
      'Give a house type to households of a building: floors FloorFrom..FloorTo, Households (1-based; all when ' +
      'missing). Replaces earlier assignments of those households. In a published project only unassigned ' +
      'households can be assigned (423 otherwise).',
    body: withProjectId({ HouseMapId: rules.uuid, ...floorRangeShape }),
    result: z.object({ Assigned: z.number().int() }),
  }),
  unassignHouseMapFromFloors: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/UnassignHouseMapFromFloors',
    access: 'project.detail',
    tag,
    summary:
      'Remove the house types of households of a building (same range fields; with HouseMapId only that house ' +
      'type’s). 423 when published.',
    body: withProjectId({ HouseMapId: rules.uuid.nullish(), ...floorRangeShape }),
    result: z.object({ Removed: z.number().int() }),
  }),
};
