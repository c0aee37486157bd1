import { z } from 'zod';
import { pageRequestShape, pageResultSchema } from '../envelope.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { planAttachment, planInline, planSceneInline } from './file-answers.ts';
import { listExportRoute } from './list-export.ts';
import { PROJECT_LIMITS, withProjectId } from './projects.ts';
import {
  HOUSE_MAP_LIMITS,
  MAP_TYPES,
  measurePointsSchema,
  POINT_TYPE_NAME_MAX,
} from './house-maps.measure-points.ts';

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
/** A site type's measure item with its design value, as stored with the site type. */
export type PointTypeMeasureItem = z.infer<typeof measureItemSchema>;

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
export const HOUSE_MAP_ORDER_FIELDS = ['Name', 'CreateTime', 'UpdateTime'] as const;
const HOUSE_MAP_UPDATE_SUMMARY =
  'Create (no HouseMapId) or change a house type. multipart/form-data with fields ProjectId, Name (≤20, Chinese, ' +
  'letters, digits, _; unique in the project: 409), FloorArea (>1, two decimals), StandardFloor (true/false, ' +
  'default true), MapType (image|dxf, optional, must match the file), HouseMapId, and one file: jpg/jpeg/png ' +
  'up to 5 MB or DXF up to 50 MB, checked by content. A JSON body changes the fields without a file. ' +
  'Changing an existing house type of a published project answers 423.';

const houseMapList = defineRoute({
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
    OrderBy: z.enum(HOUSE_MAP_ORDER_FIELDS).optional(),
  }),
  result: pageResultSchema(houseMapRowSchema),
});

export const houseMapsRoutes = {
  houseMapList,
  exportHouseMapList: listExportRoute(houseMapList, '/api/ms/Project/ExportHouseMapList', 'House types'),
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
    file: planInline,
  }),
  getHouseMapScene: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/GetHouseMapScene',
    access: 'authenticated',
    tag,
    summary:
      'The DXF plan of a house type as the floor-plan editor draws it (geometry batches, text as ' +
      'outlines), prepared by a background job after the upload: application/octet-stream, inline. ' +
      '404 while it is not ready, for an image plan, or when the drawing could not be prepared ' +
      '(the editor then reads GetHouseMapBase)',
    body: houseMapIdBody,
    result: z.null(),
    file: planSceneInline,
  }),
  downloadDxfById: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/DownloadDxfById',
    access: 'authenticated',
    tag,
    summary: 'The DXF drawing of a house type as an attachment (400 when the plan is an image)',
    body: houseMapIdBody,
    result: z.null(),
    file: planAttachment,
  }),
  getAllPointTypes: defineRoute({
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
  removePointTypes: defineRoute({
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
