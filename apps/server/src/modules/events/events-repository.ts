import type { ChangeEventName } from '@measure/contract';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { eventTickets, projectUsers, reports, sessions, tasks, workOrders } from '../../db/schema.ts';

/** The PostgreSQL channel of live events (GET /api/events). */
export const EVENTS_CHANNEL = 'measure_events';

/**
 * One event as it travels by NOTIFY from the transaction that raised it to every instance. Short
 * keys: a NOTIFY payload holds at most 8,000 bytes.
 */
export interface RaisedEvent {
  /** The event's id (from the `live_event_ids` sequence), as a decimal string. */
  i: string;
  /** Its SSE name. */
  n: ChangeEventName;
  /** Company. */
  c: string;
  /** The project it belongs to: only callers who see the project get it. */
  p?: string | null;
  /** The one user who gets it (messages). */
  u?: string | null;
  /** The device's holder (devices: the holder sees it without device.distribute). */
  h?: string | null;
  /** The event's data (the contract's schema of `n`). */
  d: unknown;
}

export type EventToRaise = Omit<RaisedEvent, 'i'>;

/** Live events: NOTIFY in the caller's transaction, stream tickets, and what filtering needs. */
export class EventsRepository {
  constructor(private readonly db: DbExecutor) {}

  /**
   * Sends the event on commit of `db`'s transaction (nothing when it rolls back); the id comes from
   * the sequence in the same statement.
   */
  async raise(event: EventToRaise): Promise<void> {
    await this.db.execute(
      sql`select pg_notify(${EVENTS_CHANNEL},
        (jsonb_build_object('i', nextval('live_event_ids')::text) || ${JSON.stringify(event)}::jsonb)::text)`,
    );
  }

  /** A task's state and project, for its event (figures come from the rollups). */
  async taskState(companyId: string, taskId: string) {
    const [row] = await this.db
      .select({ state: tasks.state, projectId: tasks.projectId })
      .from(tasks)
      .where(and(eq(tasks.companyId, companyId), eq(tasks.id, taskId)));
    return row;
  }

  /** The report of a task (one per task). */
  async reportOfTask(companyId: string, taskId: string) {
    const [row] = await this.db
      .select({ id: reports.id, projectId: reports.projectId, status: reports.status })
      .from(reports)
      .where(and(eq(reports.companyId, companyId), eq(reports.taskId, taskId)));
    return row;
  }

  /** Work orders' project, task and state, for their events. */
  async workOrders(companyId: string, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({
        id: workOrders.id,
        projectId: workOrders.projectId,
        taskId: workOrders.taskId,
        state: workOrders.state,
      })
      .from(workOrders)
      .where(and(eq(workOrders.companyId, companyId), inArray(workOrders.id, [...ids])));
  }

  /** The projects on whose staff each of `userIds` is (project administrators and surveyors see those). */
  async staffProjects(
    companyId: string,
    userIds: string[],
  ): Promise<{ userId: string; projectId: string }[]> {
    if (userIds.length === 0) return [];
    return this.db
      .select({ userId: projectUsers.userId, projectId: projectUsers.projectId })
      .from(projectUsers)
      .where(and(eq(projectUsers.companyId, companyId), inArray(projectUsers.userId, userIds)));
  }

  /** Stores a ticket (its hash) for the session; drops the company's expired ones on the way. */
  async insertTicket(ticket: { companyId: string; sessionId: string; ticketHash: string; expiresAt: Date }) {
    await this.db
      .delete(eventTickets)
      .where(and(eq(eventTickets.companyId, ticket.companyId), lt(eventTickets.expiresAt, new Date())));
    await this.db.insert(eventTickets).values(ticket);
  }

  /**
   * Uses a ticket up (deleted in the same statement, so it opens one stream only) and answers its
   * session's token hash, or undefined when it is unknown, used or expired. A lookup by a secret:
   * the ticket's 256-bit hash names one row of one company.
   */
  async redeemTicket(ticketHash: string): Promise<string | undefined> {
    const [ticket] = await this.db
      .delete(eventTickets)
      // measure/company-scoped-where: the ticket is found by its secret hash, like a session.
      .where(and(eq(eventTickets.ticketHash, ticketHash), gt(eventTickets.expiresAt, new Date())))
      .returning({ sessionId: eventTickets.sessionId, companyId: eventTickets.companyId });
    if (!ticket) return undefined;
    const [session] = await this.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(and(eq(sessions.companyId, ticket.companyId), eq(sessions.id, ticket.sessionId)));
    return session?.tokenHash;
  }
}
