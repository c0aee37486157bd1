import { z } from 'zod';
import { pageRequestShape, pageResultSchema } from '../envelope.ts';
import { figuresSchema } from '../figures.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { xlsxAttachment } from './file-answers.ts';
import { listExportRoute } from './list-export.ts';
import { SCAN_STATUSES } from './events.ts';
import { GRADE_NAMES } from './results.ts';
import { facadePlaceShape } from './results.device.ts';

/**
 * Scans: point clouds and 3D models (measurement-api.md section 8, spec sections 2 and 7, domain.md
 * section 11). A device uploads the file through `Files` (tus) and registers it here; a job turns a
 * point cloud into an OGC 3D Tiles 1.1 tileset (glTF point tiles) and keeps a model's glTF. Every web
 * call answers Code 403 `features.notEnabled` while the company's `EnabledModeling` is off; the
 * device call always stores (nothing a robot sends is lost).
 */
export const SCAN_KINDS = ['pointcloud', 'model'] as const;
export type ScanKind = (typeof SCAN_KINDS)[number];

export type ScanStatus = (typeof SCAN_STATUSES)[number];
/** Formats a point cloud may come in (read by its content, not its name). */
export const POINT_CLOUD_FORMATS = ['ply', 'pcd', 'las', 'laz'] as const;

export const SCAN_LIMITS = {
  /**
   * A cloud of more points fails with a translated reason. The engine tiles clouds of up to 25,000,000
   * points in memory and larger ones out of core (bucket files on local disk, bounded memory), so the
   * limit is what the 2 GB point-cloud upload can hold: binary PLY or PCD of float x, y, z alone is 12
   * bytes a point, about 179,000,000 points.
   */
  maxPoints: 200_000_000,
  /** Points of one tile; tiles of fewer points stop splitting. */
  pointsPerTile: 100_000,
  /** How long a download address of the original file works. */
  downloadMinutes: 10,
  nameMax: 64,
} as const;

const fileId = z.string().trim().min(1).max(128);
const scanId = rules.uuid;

/** `Side` of an external wall (section 9): N, E, S, W or a name up to 16 characters. */
export const sideSchema = z.string().trim().min(1).max(16);

export const registerScanBodySchema = z.object({
  FileId: fileId,
  Kind: z.enum(SCAN_KINDS, 'scans.kindInvalid'),
  BuildingNumber: rules.requiredText(20),
  Floor: z.number('validation.invalidValue').int().min(1).max(200),
  Household: z.number('validation.invalidValue').int().min(1).max(50).nullish(),
  Side: sideSchema.nullish(),
  PointIndex: z.number('validation.invalidValue').int().min(1).max(1_000_000).nullish(),
  Name: rules.optionalText(SCAN_LIMITS.nameMax),
  /**
   * A facade panel's rectangle (metres, section 9), for a panel scan (Side and PointIndex) of a panel
   * not stored yet: its readings are derived from the cloud by virtual rulers. Ignored otherwise.
   */
  X0: facadePlaceShape.X0,
  X1: facadePlaceShape.X1,
  Z0: facadePlaceShape.Z0,
  Z1: facadePlaceShape.Z1,
});
export type RegisterScanBody = z.infer<typeof registerScanBodySchema>;

/** One scan as every list shows it. URLs are root-relative (the web adds its base path). */
export const scanItemSchema = z.object({
  ScanId: z.string(),
  TaskId: z.string(),
  TaskName: z.string(),
  ProjectId: z.string(),
  ProjectName: z.string(),
  Kind: z.enum(SCAN_KINDS),
  Name: z.string(),
  /** The original file's format: ply, pcd, las, laz, glb or gltf; null until read. */
  Format: z.string().nullable(),
  BuildingNumber: z.string(),
  Floor: z.number().int(),
  Household: z.number().int().nullable(),
  Side: z.string().nullable(),
  PointIndex: z.number().int().nullable(),
  /** Points of a cloud once read (the tileset holds all of them); null for models and before. */
  Points: z.number().int().nullable(),
  /** Bytes of the original upload. */
  Size: z.number().int(),
  Status: z.enum(SCAN_STATUSES),
  Progress: z.number().int().min(0).max(100),
  /** Why it failed, in the caller's language; null unless failed. */
  Error: z.string().nullable(),
  /** `/api/ms/Scans/{ScanId}/Tiles/tileset.json` for a ready cloud (under a share: the share's address). */
  TilesetUrl: z.string().nullable(),
  /** `/api/ms/Scans/{ScanId}/Model` (binary glTF) for a ready model. */
  ModelUrl: z.string().nullable(),
  CreatedAt: z.string(),
});
export type ScanItem = z.infer<typeof scanItemSchema>;

const point3 = z.tuple([z.number(), z.number(), z.number()]);

/**
 * One wall-like surface found in a ready cloud: its fitted plane (least squares after dropping points
 * beyond 3 sigma) and its deviation figures in mm, signed along `Normal` (outwards from the wall into
 * the room). `PointIndex` names the site it belongs to (a site's own cloud, or a derived site).
 */
export const scanSurfaceSchema = z.object({
  ScanId: z.string(),
  Index: z.number().int(),
  PointIndex: z.number().int().nullable(),
  /** The flatness item whose grades colour the surface; null: no flatness item in the task. */
  ItemCode: z.string().nullable(),
  Points: z.number().int(),
  /** Corners of the surface's rectangle on its plane, metres, in the scan's frame (z up). */
  Corners: z.array(point3).length(4),
  Normal: point3,
  MaxMm: z.number(),
  MinMm: z.number(),
  RmsMm: z.number(),
  /** Share (0..1) of the surface's area whose deviation is outside the flatness item's standard. */
  OutOfToleranceShare: z.number().min(0).max(1),
  AreaM2: z.number(),
});
export type ScanSurface = z.infer<typeof scanSurfaceSchema>;

/** A ruler laid on a scanned surface by the platform (`Source: scanner` readings), for drawing in 3D. */
export const virtualRulerSchema = z.object({
  PointIndex: z.number().int(),
  ItemCode: z.string(),
  /** Index of the value among the site's values of the item. */
  ValueIndex: z.number().int(),
  From: point3,
  To: point3,
  ValueMm: z.number(),
  Grade: z.enum(GRADE_NAMES).nullable(),
});
export type VirtualRuler = z.infer<typeof virtualRulerSchema>;

/** The 3D preview of a task (modelTaskData, modelTaskPreview): its scans, surfaces and sites. */
export const modelPreviewSchema = z.object({
  TaskId: z.string(),
  TaskName: z.string(),
  Scans: z.array(scanItemSchema),
  Surfaces: z.array(scanSurfaceSchema),
  Rulers: z.array(virtualRulerSchema),
  /** Every measured site of the task with its worst grade; picking one opens its readings. */
  Sites: z.array(
    z.object({
      PointIndex: z.number().int(),
      Name: z.string(),
      BuildingNumber: z.string(),
      Floor: z.number().int(),
      Household: z.number().int().nullable(),
      Source: z.string(),
      WorstGrade: z.enum(GRADE_NAMES).nullable(),
      Figures: figuresSchema,
    }),
  ),
  /** The grade colours the deviation map uses (hex), with the flatness standard's bounds in mm. */
  Legend: z.array(
    z.object({
      Grade: z.enum(GRADE_NAMES),
      Color: z.string(),
      FromMm: z.number().nullable(),
      ToMm: z.number().nullable(),
    }),
  ),
  /** Under a share that names a scan (`SharingReport` with `ScanId`): that scan, which the page opens first. */
  FocusScanId: z.string().nullable().optional(),
});
export type ModelPreview = z.infer<typeof modelPreviewSchema>;

export const apartmentReportSchema = z.object({
  BuildingNumber: z.string(),
  Floor: z.number().int(),
  Household: z.number().int(),
  Figures: figuresSchema,
  /** The household report's id for `DownloadReport`; null until first queued. */
  ReportId: z.string().nullable(),
  Status: z.enum(['queued', 'rendering', 'ready', 'failed']),
  /** Whether the PDF carries a rendered view of the household's scans. */
  HasModelView: z.boolean(),
});
export type ApartmentReport = z.infer<typeof apartmentReportSchema>;

const scanFilterShape = {
  ProjectId: rules.uuid.nullish(),
  TaskId: rules.uuid.nullish(),
  BuildingNumber: z.string().trim().max(20).nullish(),
  Floor: z.number().int().min(1).max(200).nullish(),
  Kind: z.enum(SCAN_KINDS, 'scans.kindInvalid').nullish(),
  Status: z.enum(SCAN_STATUSES).nullish(),
  /** CreatedAt from / to (YYYY-MM-DD, inclusive, the company's time zone). */
  StartDate: z.iso.date().nullish(),
  EndDate: z.iso.date().nullish(),
};
/** Columns GetList sorts by (OrderBy); default CreatedAt desc. */
export const SCAN_SORT_COLUMNS = ['CreatedAt', 'Name', 'Size', 'Points', 'Floor', 'Status'] as const;

const shareId = z.string().trim().min(1).max(100);
const tileName = z.string().regex(/^[A-Za-z0-9_.-]{1,80}$/, 'validation.invalidValue');
const tag = 'scans';

const getPointClouds = defineRoute({
  method: 'POST',
  path: '/api/ms/PointCloud/GetList',
  access: 'authenticated',
  tag,
  summary:
    'Scans of the tasks the caller sees (mscPointCloudData): filters ProjectId, TaskId, BuildingNumber, Floor, Kind, ' +
    `Status, StartDate/EndDate; OrderBy one of ${SCAN_SORT_COLUMNS.join(', ')}. Modelling off: Code 403`,
  body: z.object({ ...pageRequestShape, ...scanFilterShape }),
  result: pageResultSchema(scanItemSchema),
});

export const scanDeviceRoutes = {
  registerScan: defineRoute({
    method: 'POST',
    path: '/api/device/v1/Tasks/:TaskId/Scans',
    access: 'device',
    tag: 'device-api',
    summary:
      'Registers an uploaded point cloud (PLY, PCD, LAS, LAZ) or model (glTF 2.0) as a scan of a place of the task; header ' +
      'Idempotency-Key required. The same FileId answers the same ScanId. Kind must match the upload; the place must ' +
      'belong to the task (Code 400 naming the field). Processing is a job: watch Status in GetGltfList',
    params: z.object({ TaskId: rules.uuid }),
    body: registerScanBodySchema,
    result: z.object({ ScanId: z.string() }),
  }),
};

export const scansRoutes = {
  getGltfList: defineRoute({
    method: 'POST',
    path: '/api/ms/Report/GetGltfList',
    access: 'authenticated',
    tag,
    summary:
      'Scans of a task or a project the caller sees, newest first, with their tileset or model address once ready',
    body: z.object({ ...pageRequestShape, TaskId: rules.uuid.nullish(), ProjectId: rules.uuid.nullish() }),
    result: pageResultSchema(scanItemSchema),
  }),
  getPointClouds,
  exportPointClouds: listExportRoute(getPointClouds, '/api/ms/PointCloud/Export', 'The scan list'),
  downloadPointCloud: defineRoute({
    method: 'POST',
    path: '/api/ms/PointCloud/Download',
    access: 'authenticated',
    tag,
    summary: `A short-lived address (${SCAN_LIMITS.downloadMinutes} min) of the scan's original file`,
    body: z.object({ ScanId: scanId }),
    result: z.object({ Url: z.string(), ExpiresAt: z.string() }),
  }),
  getPointCloudFile: defineRoute({
    method: 'GET',
    path: '/api/ms/PointCloud/File/:Token',
    access: 'public',
    tag,
    summary:
      'The original file behind a Download address while its token lasts (Range supported); afterwards 404',
    params: z.object({ Token: z.string().trim().min(1).max(128) }),
    result: z.null(),
    file: { contentTypes: ['application/octet-stream'], disposition: 'attachment', ranges: true },
  }),
  deleteScan: defineRoute({
    method: 'POST',
    path: '/api/ms/PointCloud/Delete',
    access: 'reportData.delete',
    tag,
    summary:
      'Deletes a failed scan (its file and anything derived) so the device may send it again; a ready one: Code 400',
    body: z.object({ ScanId: scanId }),
    result: z.boolean(),
  }),
  getModelPreview: defineRoute({
    method: 'POST',
    path: '/api/ms/Report/GetModelPreview',
    access: 'authenticated',
    tag,
    summary:
      "A task's 3D preview (modelTaskData): its scans, scanned surfaces with deviation figures, virtual rulers and sites",
    body: z.object({ TaskId: rules.uuid }),
    result: modelPreviewSchema,
  }),
  getApartmentReports: defineRoute({
    method: 'POST',
    path: '/api/ms/Report/GetApartmentReports',
    access: 'authenticated',
    tag,
    summary:
      'Per household of the task: its figures and its own report (a PDF with its sites, readings, pictures and, where ' +
      'scans exist, a rendered view of its model), downloadable through DownloadReport by ReportId',
    body: z.object({ TaskId: rules.uuid }),
    result: z.array(apartmentReportSchema),
  }),
  exportApartmentReports: defineRoute({
    method: 'POST',
    path: '/api/ms/Report/ExportApartmentReports',
    access: 'authenticated',
    tag,
    summary:
      "The task's per-household reports as GetApartmentReports lists them (place, figures, report status, model " +
      'view), as an .xlsx attachment (not an envelope); reading it queues nothing',
    body: z.object({ TaskId: rules.uuid }),
    result: z.null(),
    file: xlsxAttachment,
  }),
  getTile: defineRoute({
    method: 'GET',
    path: '/api/ms/Scans/:ScanId/Tiles/:Name',
    access: 'authenticated',
    tag,
    summary:
      "A file of a ready cloud's 3D Tiles tileset (tileset.json or a .glb tile); a task the caller may not see: 404",
    params: z.object({ ScanId: scanId, Name: tileName }),
    result: z.null(),
    file: { contentTypes: ['application/json', 'model/gltf-binary'], disposition: 'none' },
  }),
  getModel: defineRoute({
    method: 'GET',
    path: '/api/ms/Scans/:ScanId/Model',
    access: 'authenticated',
    tag,
    summary: 'A ready model as binary glTF (Range supported); a task the caller may not see: 404',
    params: z.object({ ScanId: scanId }),
    result: z.null(),
    file: { contentTypes: ['model/gltf-binary'], disposition: 'none', ranges: true },
  }),
};

/** The same reads under a share (`SharingReport` with `ScanId`), without a session; closed shares 404. */
export const scanShareRoutes = {
  getSharedModelPreview: defineRoute({
    method: 'GET',
    path: '/api/share/:ShareId/ModelPreview',
    access: 'public',
    tag,
    summary:
      "The shared task's 3D preview (modelTaskPreview, taskReportThreeDimensional); closed or unknown share: 404",
    params: z.object({ ShareId: shareId }),
    result: modelPreviewSchema,
  }),
  getSharedTile: defineRoute({
    method: 'GET',
    path: '/api/share/:ShareId/Scans/:ScanId/Tiles/:Name',
    access: 'public',
    tag,
    summary: "A tileset file of a scan of the shared task; closed share or another task's scan: 404",
    params: z.object({ ShareId: shareId, ScanId: scanId, Name: tileName }),
    result: z.null(),
    file: { contentTypes: ['application/json', 'model/gltf-binary'], disposition: 'none' },
  }),
  getSharedModel: defineRoute({
    method: 'GET',
    path: '/api/share/:ShareId/Scans/:ScanId/Model',
    access: 'public',
    tag,
    summary: "A model of the shared task as binary glTF; closed share or another task's scan: 404",
    params: z.object({ ShareId: shareId, ScanId: scanId }),
    result: z.null(),
    file: { contentTypes: ['model/gltf-binary'], disposition: 'none', ranges: true },
  }),
};
