/** Columns many tables share: ids, timestamps, judged counts and the task attributes copied into rollups. */
import { boolean, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Additive judged counts kept on sites, readings and rollups (measurement-api.md section 6). */
export const countColumns = () => ({
  qualified: integer('qualified').notNull().default(0),
  warning: integer('warning').notNull().default(0),
  unqualified: integer('unqualified').notNull().default(0),
  exploded: integer('exploded').notNull().default(0),
  unjudged: integer('unjudged').notNull().default(0),
  /** Values stored (valid or not). */
  readings: integer('readings').notNull().default(0),
});

/**
 * The task's stage, kinds and whether it is cancelled, copied into the day rollups so the analysis
 * sums them without joining the tasks: the rollup triggers copy them, a trigger on tasks follows a
 * change (migration 0020).
 */
export const taskAttributeColumns = () => ({
  stage: text('stage').notNull(),
  inspectionKind: text('inspection_kind').notNull(),
  measureKind: text('measure_kind').notNull(),
  /** indoor | externalWall: analyses filter by it (measurement-api.md section 9). */
  taskKind: text('task_kind').notNull().default('indoor'),
  cancelled: boolean('cancelled').notNull(),
});
