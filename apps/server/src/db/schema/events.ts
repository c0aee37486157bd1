import { index, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { companyId } from './companies.ts';
import { sessions } from './identity.ts';

/**
 * The `id` of every live event (GET /api/events), shared by all instances, so `Last-Event-ID` names
 * one event wherever it was raised. Events themselves are not stored (they travel by NOTIFY).
 */
export const liveEventIds = pgSequence('live_event_ids', { startWith: 1, increment: 1 });

/**
 * Single-use tickets that open the event stream for a session (EventSource sends no Authorization
 * header). Stored hashed; a ticket is deleted when used; it dies with its session.
 */
export const eventTickets = pgTable(
  'event_tickets',
  {
    id: id(),
    companyId: companyId(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    ticketHash: text('ticket_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('event_tickets_hash_uq').on(table.ticketHash),
    index('event_tickets_company_expires_idx').on(table.companyId, table.expiresAt),
  ],
);
