/**
 * The platform operator (factory administrator): accounts that belong to no customer company, and
 * the orders of devices and software it keeps for its customer companies, with their state history.
 */
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from './columns.ts';
import { companies } from './companies.ts';

export const operators = pgTable(
  'operators',
  {
    id: id(),
    name: text('name').notNull(),
    /** Login identity, lower-case; never the email of a company user (checked when created). */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('operators_email_uq').on(table.email)],
);

/** An order of devices and software for a customer company; `amount_cents` is the sum of its lines. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** The customer; a company with orders cannot be deleted (restrict). */
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    orderNumber: text('order_number').notNull(),
    /** draft, confirmed, shipped, completed, cancelled (contract ORDER_STATES). */
    state: text('state').notNull().default('draft'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    note: text('note'),
    createdBy: uuid('created_by').references(() => operators.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('orders_number_uq').on(table.orderNumber),
    index('orders_company_idx').on(table.companyId, table.createdAt),
  ],
);

/** A line of an order: a device type or a software item, with quantity and unit price. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** device or software */
    kind: text('kind').notNull(),
    item: text('item').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
  },
  (table) => [uniqueIndex('order_lines_order_position_uq').on(table.orderId, table.position)],
);

/** Every state an order went through: who moved it and when (the first row is its creation). */
export const orderHistory = pgTable(
  'order_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    operatorId: uuid('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (table) => [index('order_history_order_idx').on(table.orderId, table.id)],
);
