/** People and sign-in: departments (orgs), users and roles, sessions, login tickets, verify codes, the audit log and user-import previews. */
import {
  bigserial,
  boolean,
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
import type { SheetRow } from '../json-types.ts';
import { id, createdAt, updatedAt } from './columns.ts';
import { companies, companyId } from './companies.ts';
import { operators } from './operator-console.ts';

export const orgs = pgTable(
  'orgs',
  {
    id: id(),
    companyId: companyId(),
    parentId: uuid('parent_id').references((): AnyPgColumn => orgs.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index('orgs_company_parent_idx').on(table.companyId, table.parentId),
    uniqueIndex('orgs_company_code_uq').on(table.companyId, table.code),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    companyId: companyId(),
    orgId: uuid('org_id').references(() => orgs.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Login identity, stored lower-case; unique across companies because sign-in names no company. */
    email: text('email').notNull(),
    phone: text('phone'),
    position: text('position'),
    department: text('department'),
    gender: smallint('gender').notNull().default(0),
    avatar: text('avatar'),
    status: smallint('status').notNull().default(1),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_uq').on(table.email),
    uniqueIndex('users_phone_uq').on(table.phone),
    index('users_company_idx').on(table.companyId),
    index('users_org_idx').on(table.orgId),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    companyId: companyId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    /** Order of the role in the user's list; the first role decides (spec section 6). */
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.role] })],
);

/**
 * Sessions of company users (user_id and company_id set) and of the platform operator (operator_id
 * set, no company): a check constraint in the migration keeps the two apart.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    operatorId: uuid('operator_id').references(() => operators.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_uq').on(table.tokenHash),
    index('sessions_user_idx').on(table.userId),
    index('sessions_operator_idx').on(table.operatorId),
    index('sessions_company_idx').on(table.companyId),
  ],
);

export const loginTickets = pgTable(
  'login_tickets',
  {
    id: id(),
    companyId: companyId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketHash: text('ticket_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('login_tickets_hash_uq').on(table.ticketHash)],
);

export const verifyCodes = pgTable(
  'verify_codes',
  {
    id: id(),
    companyId: companyId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('verify_codes_user_idx').on(table.userId, table.createdAt)],
);

/** Sign-in attempts, permission refusals and account events. Never holds a password. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    event: text('event').notNull(),
    /** The normalised login name tried (sign-in events), or null. */
    account: text('account'),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_account_idx').on(table.account, table.event, table.createdAt),
    index('audit_log_ip_idx').on(table.ip, table.event, table.createdAt),
    index('audit_log_company_idx').on(table.companyId, table.createdAt),
  ],
);

/**
 * Parsed rows of a user-import preview, kept until committed or for one hour (ImportPreview ->
 * ImportCommit). Never holds a password.
 */
export const userImports = pgTable(
  'user_imports',
  {
    id: id(),
    companyId: companyId(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    rows: jsonb('rows').$type<SheetRow[]>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('user_imports_company_idx').on(table.companyId, table.createdAt)],
);
