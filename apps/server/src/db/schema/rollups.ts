/** Rollups kept from the readings (by the repositories and by database triggers) for the analysis pages. */
import { date, doublePrecision, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { countColumns, taskAttributeColumns } from './columns.ts';
import { companyId } from './companies.ts';
import { tasks } from './tasks.ts';

/**
 * Rollup per task, item, building, floor and day: additive counts, plus the sites having readings of
 * the item and those with an exploded one. Rewritten for the touched buckets in the transaction
 * that changes readings; analysis reads these, never the readings.
 */
export const itemRollups = pgTable(
  'item_rollups',
  {
    companyId: companyId(),
    projectId: uuid('project_id').notNull(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    itemCode: text('item_code').notNull(),
    buildingId: uuid('building_id').notNull(),
    floor: integer('floor').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...countColumns(),
    sites: integer('sites').notNull().default(0),
    explodedSites: integer('exploded_sites').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.itemCode, table.buildingId, table.floor, table.day] }),
    index('item_rollups_company_day_idx').on(table.companyId, table.day),
    index('item_rollups_project_idx').on(table.projectId, table.itemCode),
  ],
);

/** Rollup per task, building, floor and day over all items: counts, sites, exploded sites, area. */
export const floorRollups = pgTable(
  'floor_rollups',
  {
    companyId: companyId(),
    projectId: uuid('project_id').notNull(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    buildingId: uuid('building_id').notNull(),
    floor: integer('floor').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...countColumns(),
    sites: integer('sites').notNull().default(0),
    explodedSites: integer('exploded_sites').notNull().default(0),
    areaM2: doublePrecision('area_m2').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.buildingId, table.floor, table.day] }),
    index('floor_rollups_company_day_idx').on(table.companyId, table.day),
    index('floor_rollups_project_idx').on(table.projectId, table.buildingId, table.floor),
  ],
);

/**
 * Rollup per task and day over all buildings and floors: the sums of `floor_rollups` by day, kept by
 * database triggers on `floor_rollups` (migration 0013), so analysis over many tasks reads one row
 * per task and day instead of one per floor.
 */
export const taskDayRollups = pgTable(
  'task_day_rollups',
  {
    companyId: companyId(),
    projectId: uuid('project_id').notNull(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    ...taskAttributeColumns(),
    ...countColumns(),
    sites: integer('sites').notNull().default(0),
    explodedSites: integer('exploded_sites').notNull().default(0),
    areaM2: doublePrecision('area_m2').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.day] }),
    index('task_day_rollups_company_day_idx').on(table.companyId, table.day),
  ],
);

/** Rollup per task, item and day: the sums of `item_rollups` by day, kept by triggers (migration 0013). */
export const taskItemDayRollups = pgTable(
  'task_item_day_rollups',
  {
    companyId: companyId(),
    projectId: uuid('project_id').notNull(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    itemCode: text('item_code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...taskAttributeColumns(),
    ...countColumns(),
    sites: integer('sites').notNull().default(0),
    explodedSites: integer('exploded_sites').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.itemCode, table.day] }),
    index('task_item_day_rollups_company_day_idx').on(table.companyId, table.day),
  ],
);

/**
 * Sites per task, household and day, and how many of them have a judged value: kept by triggers on
 * `task_sites` (migration 0013), so "households measured" over a period reads one row per household
 * and day instead of every site.
 */
export const householdDays = pgTable(
  'household_days',
  {
    companyId: companyId(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    buildingId: uuid('building_id').notNull(),
    floor: integer('floor').notNull(),
    household: integer('household').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    sites: integer('sites').notNull().default(0),
    judgedSites: integer('judged_sites').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.buildingId, table.floor, table.household, table.day] }),
    index('household_days_company_day_idx').on(table.companyId, table.day),
  ],
);
