/** Measuring tasks with their households and surveyors. */
import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { FrozenStandard, TaskNameParts } from '../json-types.ts';
import { id, createdAt, updatedAt } from './columns.ts';
import { companyId } from './companies.ts';
import { devices } from './devices.ts';
import { houseMaps } from './house-maps.ts';
import { users } from './identity.ts';
import { projects, projectBuildings } from './projects.ts';

/**
 * Measuring tasks (measurement-api.md section 2): one project, one stage, households, frozen items.
 * `standard` is the frozen copy judging uses; state: pending | inProgress | uploaded | completed | cancelled.
 * Migration 0019 adds `tasks_analysis_idx` (company, stage) INCLUDE (id, project, kinds, state), which
 * Drizzle cannot declare: analysis joins tasks through it without reading the wide rows.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    companyId: companyId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** As typed; for a name the system made, its Chinese rendering (search, sort, the log). */
    name: text('name').notNull(),
    /** What a name the system made is made of, rendered in the reader's language; null: typed. */
    nameParts: jsonb('name_parts').$type<TaskNameParts>(),
    stage: text('stage').notNull(),
    /** indoor | externalWall (measurement-api.md section 9); fixed when planned. */
    taskKind: text('task_kind').notNull().default('indoor'),
    /** An external-wall task's building and floor band (inclusive); null for indoor tasks. */
    buildingId: uuid('building_id').references(() => projectBuildings.id, { onDelete: 'cascade' }),
    floorFrom: integer('floor_from'),
    floorTo: integer('floor_to'),
    measureKind: text('measure_kind').notNull(),
    inspectionKind: text('inspection_kind').notNull(),
    state: text('state').notNull().default('pending'),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
    plannedDate: date('planned_date', { mode: 'string' }),
    parentTaskId: uuid('parent_task_id').references((): AnyPgColumn => tasks.id, { onDelete: 'set null' }),
    /**
     * A re-measure made for named failures (a work order): the parent's sites (PointIndex) to measure
     * again; null measures the whole households. The items are the task's own (frozen) items.
     */
    remeasurePointIndexes: integer('remeasure_point_indexes').array(),
    householdCount: integer('household_count').notNull(),
    standard: jsonb('standard').$type<FrozenStandard>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    index('tasks_company_created_idx').on(table.companyId, table.createdAt),
    index('tasks_project_idx').on(table.projectId, table.createdAt),
    index('tasks_device_idx').on(table.deviceId, table.state),
    index('tasks_parent_idx').on(table.parentTaskId),
  ],
);

/** The households of a task, each with the house type it had when planned. */
export const taskHouseholds = pgTable(
  'task_households',
  {
    companyId: companyId(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => projectBuildings.id, { onDelete: 'cascade' }),
    buildingNumber: text('building_number').notNull(),
    floor: integer('floor').notNull(),
    household: integer('household').notNull(),
    houseMapId: uuid('house_map_id').references(() => houseMaps.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.buildingId, table.floor, table.household] }),
    index('task_households_building_idx').on(table.buildingId, table.floor),
  ],
);

/** The surveyors of a task. */
export const taskSurveyors = pgTable(
  'task_surveyors',
  {
    companyId: companyId(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.userId] }),
    index('task_surveyors_user_idx').on(table.userId),
  ],
);

/**
 * The facades an external-wall task measures (measurement-api.md section 9): one row per side, in the
 * order planned; `side_index` is the 0-based index the share address carries.
 */
export const taskFacadeSides = pgTable(
  'task_facade_sides',
  {
    companyId: companyId(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    sideIndex: smallint('side_index').notNull(),
    /** N | E | S | W or a name up to 16 characters. */
    side: text('side').notNull(),
    name: text('name'),
    widthM: doublePrecision('width_m').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.sideIndex] }),
    uniqueIndex('task_facade_sides_side_uq').on(table.taskId, table.side),
  ],
);
