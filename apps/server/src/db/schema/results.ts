/** Measured sites and readings of tasks, their history and changes, and results batches by Idempotency-Key. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
  uuid,
} from 'drizzle-orm/pg-core';
import type { SiteRuler, SiteValueState } from '../json-types.ts';
import { id, createdAt, updatedAt, countColumns } from './columns.ts';
import { companyId } from './companies.ts';
import { devices } from './devices.ts';
import { users } from './identity.ts';
import { projectBuildings } from './projects.ts';
import { tasks } from './tasks.ts';

/**
 * The current version of each measured site of a task (one per PointIndex), with its place and the
 * judged counts of all its readings. A correction replaces the row; the old one goes to site_history.
 */
export const taskSites = pgTable(
  'task_sites',
  {
    companyId: companyId(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    pointIndex: integer('point_index').notNull(),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => projectBuildings.id, { onDelete: 'cascade' }),
    buildingNumber: text('building_number').notNull(),
    floor: integer('floor').notNull(),
    /** An indoor site's household; null on a facade site (a site is one or the other, see the check). */
    household: integer('household'),
    roomId: text('room_id'),
    /**
     * A facade site (external-wall task, measurement-api.md section 9): its side, and the panel from
     * X0 to X1 metres along the facade (from its left edge, looking at it) and Z0 to Z1 metres above ±0.000.
     */
    side: text('side'),
    x0: doublePrecision('x0'),
    x1: doublePrecision('x1'),
    z0: doublePrecision('z0'),
    z1: doublePrecision('z1'),
    stationId: text('station_id'),
    name: text('name').notNull(),
    surface: text('surface'),
    areaM2: doublePrecision('area_m2'),
    measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
    /** The calendar day of measuredAt in the company's time zone (Asia/Shanghai). */
    day: date('day', { mode: 'string' }).notNull(),
    /** robot | scanner | ruler | manual */
    source: text('source').notNull(),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    pictureFileIds: text('picture_file_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    pointCloudFileId: text('point_cloud_file_id'),
    version: integer('version').notNull().default(1),
    explodedSite: boolean('exploded_site').notNull().default(false),
    ...countColumns(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.pointIndex] }),
    index('task_sites_place_idx').on(table.taskId, table.buildingId, table.floor, table.household),
    index('task_sites_company_day_idx').on(table.companyId, table.day),
    check(
      'task_sites_place_ck',
      sql`(${table.side} is null and ${table.household} is not null) or (${table.side} is not null and ${table.household} is null and ${table.x0} < ${table.x1} and ${table.z0} < ${table.z1})`,
    ),
  ],
);

/**
 * The readings of one item at one site: the values as arrays (one row per site and item), their
 * judged values and grades (codes of judging/judge.ts; null where not judged), validity per value,
 * rulers, the design value used and the counts. Ordered like `vals`.
 */
export const siteReadings = pgTable(
  'site_readings',
  {
    companyId: companyId(),
    // The task, not the site: a foreign key to task_sites would check every reading row against the
    // sites (a scan while the table's statistics are stale); the results repository writes readings
    // with their sites and deletes them with the sites it replaces.
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    pointIndex: integer('point_index').notNull(),
    itemCode: text('item_code').notNull(),
    vals: doublePrecision('vals').array().notNull(),
    judged: doublePrecision('judged').array(),
    grades: smallint('grades').array(),
    valid: boolean('valid').array().notNull(),
    rulers: jsonb('rulers').$type<SiteRuler[] | null>(),
    designValue: doublePrecision('design_value'),
    ...countColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.pointIndex, table.itemCode] }),
    index('site_readings_company_item_idx').on(table.companyId, table.itemCode),
  ],
);

/** Replaced versions of sites (corrections): the whole site with its readings as it was. */
export const siteHistory = pgTable(
  'site_history',
  {
    id: id(),
    companyId: companyId(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    pointIndex: integer('point_index').notNull(),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
    replacedBy: text('replaced_by').notNull(),
  },
  (table) => [index('site_history_site_idx').on(table.taskId, table.pointIndex, table.version)],
);

/**
 * The review trail of sites: who marked a value valid or invalid or corrected a value (and its ruler),
 * when, and the value's state before and after. Kept per task and PointIndex, newest last.
 */
export const siteChanges = pgTable(
  'site_changes',
  {
    id: id(),
    companyId: companyId(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    pointIndex: integer('point_index').notNull(),
    /** valid | value */
    kind: text('kind').notNull(),
    itemCode: text('item_code').notNull(),
    rulerIndex: integer('ruler_index').notNull(),
    before: jsonb('before').$type<SiteValueState>().notNull(),
    after: jsonb('after').$type<SiteValueState>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('site_changes_site_idx').on(table.taskId, table.pointIndex, table.changedAt)],
);

/** Results batches by Idempotency-Key (kept 24 hours): the same key and body answers the same result. */
export const resultBatches = pgTable(
  'result_batches',
  {
    companyId: companyId(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    bodyHash: text('body_hash').notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.idempotencyKey] }),
    index('result_batches_created_idx').on(table.createdAt),
  ],
);
