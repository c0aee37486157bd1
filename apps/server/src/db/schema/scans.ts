/**
 * Scans (measurement-api.md section 8): point clouds and 3D models a device uploaded and registered
 * for a place of a task, what processing made of them (tiles, model), their scanned surfaces with
 * deviation figures, and the virtual rulers laid on them.
 */
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { companyId } from './companies.ts';
import { devices } from './devices.ts';
import { projects } from './projects.ts';
import { tasks } from './tasks.ts';

type Point3 = [number, number, number];

/**
 * One registered scan. The uploaded original stays under its device file's key; processing writes
 * under `scans/<companyId>/<scanId>/` (`tilesKey`: the tileset's folder, `modelKey`: the .glb). A
 * FileId is registered once per company (the same FileId answers the same scan).
 */
export const scans = pgTable(
  'scans',
  {
    id: id(),
    companyId: companyId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
    /** The device file (tus upload id); not a foreign key: deleting a failed scan deletes the file too. */
    fileId: text('file_id').notNull(),
    /** pointcloud | model */
    kind: text('kind').notNull(),
    /** ply | pcd | las | laz | glb | gltf, once read. */
    format: text('format'),
    name: text('name').notNull(),
    buildingNumber: text('building_number').notNull(),
    floor: integer('floor').notNull(),
    household: integer('household'),
    side: text('side'),
    pointIndex: integer('point_index'),
    /** A facade panel scan's rectangle (metres) as registered: the place of the panel it derives. */
    x0: doublePrecision('x0'),
    x1: doublePrecision('x1'),
    z0: doublePrecision('z0'),
    z1: doublePrecision('z1'),
    points: bigint('points', { mode: 'number' }),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** queued | processing | ready | failed */
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    /** A `scans.error.*` message key and its parameters, translated when read. */
    errorKey: text('error_key'),
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
    tilesKey: text('tiles_key'),
    modelKey: text('model_key'),
    bounds: jsonb('bounds').$type<{ min: Point3; max: Point3 }>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('scans_file_idx').on(table.companyId, table.fileId),
    index('scans_task_idx').on(table.companyId, table.taskId, table.createdAt),
    index('scans_project_idx').on(table.companyId, table.projectId, table.createdAt),
  ],
);

/** A wall-like surface found in a ready cloud, with its fitted plane and deviation figures (mm). */
export const scanSurfaces = pgTable(
  'scan_surfaces',
  {
    companyId: companyId(),
    scanId: uuid('scan_id')
      .notNull()
      .references(() => scans.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    /** The site the surface belongs to (a site scan's PointIndex); null for household scans. */
    pointIndex: integer('point_index'),
    /** The flatness item whose grades colour it; null: the task has none. */
    itemCode: text('item_code'),
    /** wall | ceiling | floor */
    kind: text('kind').notNull(),
    points: bigint('points', { mode: 'number' }).notNull(),
    corners: jsonb('corners').$type<[Point3, Point3, Point3, Point3]>().notNull(),
    normal: jsonb('normal').$type<Point3>().notNull(),
    planeOffset: doublePrecision('plane_offset').notNull(),
    maxMm: doublePrecision('max_mm').notNull(),
    minMm: doublePrecision('min_mm').notNull(),
    rmsMm: doublePrecision('rms_mm').notNull(),
    outOfToleranceShare: doublePrecision('out_of_tolerance_share').notNull(),
    areaM2: doublePrecision('area_m2').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scanId, table.index] }),
    index('scan_surfaces_company_idx').on(table.companyId, table.scanId),
  ],
);

/**
 * A virtual ruler laid on a scanned surface (its 3D geometry, for the preview). When its readings
 * made a `Source: scanner` site, `valueIndex` is the value's place among the site's values of the item.
 */
export const scanRulers = pgTable(
  'scan_rulers',
  {
    companyId: companyId(),
    scanId: uuid('scan_id')
      .notNull()
      .references(() => scans.id, { onDelete: 'cascade' }),
    surfaceIndex: integer('surface_index').notNull(),
    pointIndex: integer('point_index'),
    itemCode: text('item_code').notNull(),
    valueIndex: integer('value_index').notNull(),
    fromPoint: jsonb('from_point').$type<Point3>().notNull(),
    toPoint: jsonb('to_point').$type<Point3>().notNull(),
    valueMm: doublePrecision('value_mm').notNull(),
    /** The value's grade when it was judged into a derived site; null otherwise. */
    grade: text('grade'),
  },
  (table) => [
    primaryKey({ columns: [table.scanId, table.surfaceIndex, table.itemCode, table.valueIndex] }),
    index('scan_rulers_company_idx').on(table.companyId, table.scanId),
  ],
);

/** Short-lived download addresses of a scan's original file; the token is stored as its SHA-256. */
export const scanDownloads = pgTable(
  'scan_downloads',
  {
    tokenHash: text('token_hash').primaryKey(),
    companyId: companyId(),
    scanId: uuid('scan_id')
      .notNull()
      .references(() => scans.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('scan_downloads_expires_idx').on(table.expiresAt)],
);
