/** Work orders and what happened to them. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from './columns.ts';
import { companyId } from './companies.ts';
import { users } from './identity.ts';
import { projects, projectBuildings } from './projects.ts';
import { tasks } from './tasks.ts';

/** Work orders (measurement-api.md section 7): a place to rectify or re-measure, and its state. */
export const workOrders = pgTable(
  'work_orders',
  {
    id: id(),
    companyId: companyId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** WO + YYYYMMDD + 3-digit sequence of the day, unique in the company. */
    orderNumber: text('order_number').notNull(),
    /** rectify | remeasure */
    type: text('type').notNull(),
    stage: text('stage').notNull(),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => projectBuildings.id, { onDelete: 'cascade' }),
    buildingNumber: text('building_number').notNull(),
    floor: integer('floor').notNull(),
    household: integer('household'),
    /** An order at a facade panel: its side and rectangle (metres), copied from the site; else null. */
    side: text('side'),
    x0: doublePrecision('x0'),
    x1: doublePrecision('x1'),
    z0: doublePrecision('z0'),
    z1: doublePrecision('z1'),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    pointIndex: integer('point_index'),
    /** The first of `item_codes` (the contract's single `ItemCode`). */
    itemCode: text('item_code'),
    /** The item(s) the order is about: those that failed at its site, or typed by hand. */
    itemCodes: text('item_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** An item was chosen by hand that did not fail at the order's site (shown so on the order). */
    itemsByHand: boolean('items_by_hand').notNull().default(false),
    x: doublePrecision('x'),
    y: doublePrecision('y'),
    remark: text('remark').notNull().default(''),
    /** undistributed | unstart | start | completed */
    state: text('state').notNull(),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    completionRemark: text('completion_remark'),
    pictureFileIds: text('picture_file_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    remeasureTaskId: uuid('remeasure_task_id').references((): AnyPgColumn => tasks.id, {
      onDelete: 'set null',
    }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('work_orders_number_idx').on(table.companyId, table.orderNumber),
    index('work_orders_project_idx').on(table.companyId, table.projectId, table.state),
    index('work_orders_assignee_idx').on(table.assigneeId, table.state),
    index('work_orders_site_idx').on(table.taskId, table.pointIndex),
  ],
);

/** What happened to a work order: who, when, what (created, assigned, started, completed, re-measure). */
export const workOrderEvents = pgTable(
  'work_order_events',
  {
    id: id(),
    companyId: companyId(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    remark: text('remark'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('work_order_events_order_idx').on(table.workOrderId, table.at)],
);
