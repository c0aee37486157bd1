/** Projects with their buildings, members and change log. */
import {
  boolean,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ListedBuilding } from '../json-types.ts';
import { id, createdAt, updatedAt } from './columns.ts';
import { companyId } from './companies.ts';
import { users } from './identity.ts';

export const projects = pgTable(
  'projects',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    address: text('address'),
    province: text('province'),
    city: text('city'),
    district: text('district'),
    detailedAddress: text('detailed_address'),
    projectManager: text('project_manager'),
    regionalCompany: text('regional_company'),
    isPublished: boolean('is_published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The project list's children, kept by database triggers on project_buildings and project_users
     * (migration 0013; `json`, not `jsonb`, keeps the keys in the answer's order), so one page of projects is read without a subquery per row. Read only by
     * project-page-repository.ts; never written by the application.
     */
    listedBuildings: json('listed_buildings').$type<ListedBuilding[]>().notNull().default([]),
    listedUserIds: json('listed_user_ids').$type<string[]>().notNull().default([]),
  },
  (table) => [index('projects_company_name_idx').on(table.companyId, table.name)],
);

export const projectBuildings = pgTable(
  'project_buildings',
  {
    id: id(),
    companyId: companyId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    buildingNumber: text('building_number').notNull(),
    stories: integer('stories').notNull(),
    households: integer('households').notNull(),
    deliveryStandard: text('delivery_standard').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [uniqueIndex('project_buildings_number_uq').on(table.projectId, table.buildingNumber)],
);

export const projectUsers = pgTable(
  'project_users',
  {
    companyId: companyId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.userId] }),
    index('project_users_user_idx').on(table.userId),
  ],
);

/** The change log of a project: who did what (message key + params) and when. */
export const projectLogs = pgTable(
  'project_logs',
  {
    id: id(),
    companyId: companyId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The user's name when the entry was written (kept when the user is deleted). */
    userName: text('user_name').notNull(),
    action: text('action').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('project_logs_project_idx').on(table.projectId, table.createdAt)],
);
