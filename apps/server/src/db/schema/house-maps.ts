/** House types (floor plans), site types and which house type each household has. */
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { MeasurePoints, PointTypeMeasureItem } from '../json-types.ts';
import { id, createdAt, updatedAt } from './columns.ts';
import { companyId } from './companies.ts';
import { projects, projectBuildings } from './projects.ts';
import { designTemplates } from './standards.ts';

/**
 * House types (floor plans) of a project. The plan file lives in DATA_DIR/uploads/house-maps under
 * `stored_name` (server-generated uuid + fixed extension); the row and the file go together.
 */
export const houseMaps = pgTable(
  'house_maps',
  {
    id: id(),
    companyId: companyId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'image' or 'dxf'. */
    mapType: text('map_type').notNull(),
    floorArea: numeric('floor_area', { precision: 10, scale: 2 }).notNull(),
    standardFloor: boolean('standard_floor').notNull().default(true),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    storedName: text('stored_name').notNull(),
    width: integer('width'),
    height: integer('height'),
    measurePoints: jsonb('measure_points').$type<MeasurePoints>(),
    /** The design value template of the house type (updateHouseTypeTemplate); null: the project's default. */
    designTemplateId: uuid('design_template_id').references((): AnyPgColumn => designTemplates.id, {
      onDelete: 'set null',
    }),
    /** 0: uploaded, nothing marked; 1: rooms/stations/points saved. */
    status: smallint('status').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('house_maps_project_name_uq').on(table.projectId, table.name),
    uniqueIndex('house_maps_stored_name_uq').on(table.storedName),
    index('house_maps_company_idx').on(table.companyId, table.projectId),
  ],
);

/** Site types (point types, room types) of a project, with their measure items and design values. */
export const pointTypes = pgTable(
  'point_types',
  {
    id: id(),
    companyId: companyId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    projectStandardId: text('project_standard_id'),
    /** The site type's measure items with design values (SavePointTypeMeasureItem), contract-validated JSON. */
    items: jsonb('measure_items').$type<PointTypeMeasureItem[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('point_types_project_name_uq').on(table.projectId, table.name)],
);

/** Which house type each household (building, floor, 1-based position) has: one per household. */
export const householdAssignments = pgTable(
  'household_assignments',
  {
    companyId: companyId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => projectBuildings.id, { onDelete: 'cascade' }),
    floor: integer('floor').notNull(),
    household: integer('household').notNull(),
    houseMapId: uuid('house_map_id')
      .notNull()
      .references(() => houseMaps.id, { onDelete: 'restrict' }),
  },
  (table) => [
    primaryKey({ columns: [table.buildingId, table.floor, table.household] }),
    index('household_assignments_house_map_idx').on(table.houseMapId),
    index('household_assignments_project_idx').on(table.projectId),
  ],
);
