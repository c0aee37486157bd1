/** The company (tenant) and the `company_id` column every company-owned table carries. */
import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from './columns.ts';

export const companies = pgTable('companies', {
  id: id(),
  code: text('code').notNull().unique(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  enabledRobotTask: boolean('enabled_robot_task').notNull().default(true),
  enabledModeling: boolean('enabled_modeling').notNull().default(false),
  enabledExternalWall: boolean('enabled_external_wall').notNull().default(false),
  enabledGj: boolean('enabled_gj').notNull().default(false),
  /** Passwords older than this many days must be changed at sign-in; null means no limit. */
  passwordMaxAgeDays: integer('password_max_age_days'),
  /**
   * The platform's demo area dataset (issue 34 item 3): a hidden company nobody signs in to, read
   * through the read-only demo routes only; listed nowhere (operator console lists skip it).
   */
  isDemoArea: boolean('is_demo_area').notNull().default(false),
  /** Set by the operator console: the company's sign-ins, sessions and device calls are refused. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
