import { EVENT_TICKET_SECONDS, type LiveEventName } from '@measure/contract';
import type pg from 'pg';
import { PgListener } from '../../core/pg-listener.ts';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { AuthChangeHeard } from '../auth/auth-events.ts';
import type { SessionService } from '../auth/session-service.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { EVENTS_CHANNEL, EventsRepository, type RaisedEvent } from './events-repository.ts';

/** `application_name` of the listening connections (pg_stat_activity). */
export const EVENTS_LISTENER_APPLICATION_NAME = 'measure-events-listener';
/** Every open stream's session is checked again this often (expiry, idle, a change missed). */
const SESSION_CHECK_MS = 60_000;
/** Devices that went silent are looked for this often (live pages show them offline). */
const PRESENCE_SWEEP_MS = 5_000;
/**
 * How long a project-scoped caller's project list is trusted by the event filter: a user taken off
 * a project's staff stops getting its events, and one added starts getting them, within this time.
 */
export const SCOPE_CACHE_MS = 5_000;

/** Where a stream's events go (event-stream.ts on a real response). */
export interface EventSink {
  send(name: LiveEventName, data: unknown, id?: string): void;
  end(last?: { name: LiveEventName; data: unknown }): void;
  onClose(listener: () => void): void;
}

interface Subscriber {
  auth: AuthContext;
  tokenHash: string;
  sink: EventSink;
}

interface Logger {
  warn(object: object, message: string): void;
}

/**
 * Live events: every instance LISTENs on `measure_events` on one connection and passes each event
 * to its open streams that may see it: the same company, and the project visible to the caller
 * (project scope `assigned`: on the project's staff), the recipient only for messages, device
 * distributors and the holder for devices. Streams follow their session: a session change heard
 * through the auth events, and a check every minute, end streams whose session no longer holds.
 */
export class EventsService {
  private readonly subscribers = new Set<Subscriber>();
  /** `company:user` -> the projects on whose staff the user is, and when that was read. */
  private readonly staffOf = new Map<string, { projects: Set<string>; readAt: number }>();
  private readonly listener: PgListener;
  private dispatching: Promise<void> = Promise.resolve();
  private stopObserving: (() => void) | undefined;
  private checkTimer: NodeJS.Timeout | undefined;
  private presenceTimer: NodeJS.Timeout | undefined;
  private started = false;

  constructor(
    private readonly deps: {
      db: Database;
      sessions: SessionService;
      connection: pg.ClientConfig;
      log?: Logger;
      /** Announces devices that went silent (DevicesService.announceSilent); run on every instance. */
      announceSilentDevices?: () => Promise<unknown>;
      /** SCOPE_CACHE_MS unless a test shortens it. */
      scopeCacheMs?: number;
    },
  ) {
    this.listener = new PgListener({
      connection: deps.connection,
      channel: EVENTS_CHANNEL,
      applicationName: EVENTS_LISTENER_APPLICATION_NAME,
      name: 'live events',
      log: deps.log,
      received: (payload) => this.received(payload),
      // Events raised while no one listened are lost: the pages read their data again.
      listening: () => this.broadcast('resync', { Reason: 'missed' }),
      lost: () => {},
    });
  }

  get openStreams(): number {
    return this.subscribers.size;
  }

  async start(): Promise<void> {
    this.stopObserving = this.deps.sessions.observe((change) => void this.sessionsChanged(change));
    this.checkTimer = setInterval(() => void this.sessionsChanged('everything'), SESSION_CHECK_MS);
    this.checkTimer.unref();
    const sweep = this.deps.announceSilentDevices;
    if (sweep) {
      this.presenceTimer = setInterval(() => {
        sweep().catch((error: unknown) =>
          this.deps.log?.warn({ err: error }, 'live events: presence sweep failed'),
        );
      }, PRESENCE_SWEEP_MS);
      this.presenceTimer.unref();
    }
    await this.listener.start();
    this.started = true;
  }

  /** Ends every stream with `end` (Reason `shutdown`), so clients reconnect to another instance. */
  endAll(): void {
    for (const subscriber of [...this.subscribers])
      subscriber.sink.end({ name: 'end', data: { Reason: 'shutdown' } });
  }

  async close(): Promise<void> {
    this.endAll();
    this.stopObserving?.();
    clearInterval(this.checkTimer);
    clearInterval(this.presenceTimer);
    await this.listener.close();
    await this.dispatching;
  }

  async createTicket(auth: AuthContext): Promise<{ Ticket: string; ExpiresIn: number }> {
    const ticket = newToken();
    await new EventsRepository(this.deps.db).insertTicket({
      companyId: auth.companyId,
      sessionId: auth.sessionId,
      ticketHash: hashToken(ticket),
      expiresAt: new Date(Date.now() + EVENT_TICKET_SECONDS * 1000),
    });
    return { Ticket: ticket, ExpiresIn: EVENT_TICKET_SECONDS };
  }

  /**
   * Who opens a stream: a ticket (used up here) or a session token; null when neither holds. The
   * session is read without counting as activity.
   */
  async caller(credentials: {
    ticket: string | null;
    token: string | null;
  }): Promise<{ auth: AuthContext; tokenHash: string } | null> {
    let tokenHash: string | undefined;
    if (credentials.ticket) {
      if (credentials.ticket.length > 128) return null;
      tokenHash = await new EventsRepository(this.deps.db).redeemTicket(hashToken(credentials.ticket));
    } else if (credentials.token && credentials.token.length <= 128) {
      tokenHash = hashToken(credentials.token);
    }
    if (!tokenHash) return null;
    const auth = await this.deps.sessions.authenticateHash(tokenHash, { touch: false });
    return auth ? { auth, tokenHash } : null;
  }

  /** Adds an open stream; it starts with `resync` and is removed when it closes. */
  subscribe(caller: { auth: AuthContext; tokenHash: string }, sink: EventSink, reconnected: boolean): void {
    if (!this.started) {
      sink.end({ name: 'end', data: { Reason: 'shutdown' } });
      return;
    }
    const subscriber: Subscriber = { ...caller, sink };
    this.subscribers.add(subscriber);
    // A new stream reads its caller's projects afresh (the page just read its data).
    this.staffOf.delete(staffKey(caller.auth));
    sink.onClose(() => {
      this.subscribers.delete(subscriber);
      const key = staffKey(caller.auth);
      if (![...this.subscribers].some((other) => staffKey(other.auth) === key)) this.staffOf.delete(key);
    });
    sink.send('resync', { Reason: reconnected ? 'reconnected' : 'connected' });
  }

  private broadcast(name: 'resync', data: unknown): void {
    for (const subscriber of this.subscribers) subscriber.sink.send(name, data);
  }

  private received(payload: string): void {
    let event: RaisedEvent;
    try {
      event = JSON.parse(payload) as RaisedEvent;
    } catch {
      return;
    }
    // One event after the other, so every stream gets them in the order they were committed.
    this.dispatching = this.dispatching
      .then(() => this.dispatch(event))
      .catch((error: unknown) => {
        this.deps.log?.warn({ err: error }, 'live events: an event was not delivered');
        this.broadcast('resync', { Reason: 'missed' });
      });
  }

  private async dispatch(event: RaisedEvent): Promise<void> {
    const candidates = [...this.subscribers].filter(
      (s) => s.auth.companyId === event.c && this.mayGet(s, event),
    );
    if (candidates.length === 0) return;
    let recipients = candidates;
    const projectId = event.p;
    if (projectId) {
      const assignedOnly = candidates.filter((s) => s.auth.projectScope === 'assigned');
      const staff = await this.projectsOfStaff(event.c, [...new Set(assignedOnly.map((s) => s.auth.userId))]);
      recipients = candidates.filter(
        (s) => s.auth.projectScope === 'company' || staff.get(s.auth.userId)?.has(projectId),
      );
    }
    for (const subscriber of recipients) subscriber.sink.send(event.n, event.d, event.i);
  }

  /**
   * The projects each of `userIds` is on the staff of, from the cache while it is younger than the
   * scope cache time, else read again (one query for all of them): N streams and M events cost a
   * query per company every few seconds, not one per event.
   */
  private async projectsOfStaff(companyId: string, userIds: string[]): Promise<Map<string, Set<string>>> {
    const now = Date.now();
    const maxAge = this.deps.scopeCacheMs ?? SCOPE_CACHE_MS;
    const stale = userIds.filter((userId) => {
      const kept = this.staffOf.get(`${companyId}:${userId}`);
      return !kept || now - kept.readAt >= maxAge;
    });
    if (stale.length > 0) {
      const rows = await new EventsRepository(this.deps.db).staffProjects(companyId, stale);
      const read = new Map(stale.map((userId) => [userId, new Set<string>()]));
      for (const row of rows) read.get(row.userId)?.add(row.projectId);
      for (const [userId, projects] of read)
        this.staffOf.set(`${companyId}:${userId}`, { projects, readAt: now });
    }
    return new Map(
      userIds.map((userId) => [userId, this.staffOf.get(`${companyId}:${userId}`)?.projects ?? new Set()]),
    );
  }

  /** The rules that need no query: messages to their recipient, devices to distributors and holder. */
  private mayGet(subscriber: Subscriber, event: RaisedEvent): boolean {
    const { auth } = subscriber;
    if (event.n === 'message') return event.u === auth.userId;
    if (event.n === 'device') return auth.permissions.has('device.distribute') || event.h === auth.userId;
    if (event.n === 'backup') return auth.permissions.has('data.backup');
    return true;
  }

  /** A session or user changed (or anything may have): streams whose session ended are ended. */
  private async sessionsChanged(change: AuthChangeHeard): Promise<void> {
    const affected = [...this.subscribers].filter(
      (s) =>
        change === 'everything' ||
        change.userIds?.includes(s.auth.userId) ||
        change.sessionIds?.includes(s.auth.sessionId),
    );
    await Promise.all(
      affected.map(async (subscriber) => {
        const auth = await this.deps.sessions
          .authenticateHash(subscriber.tokenHash, { touch: false })
          .catch(() => subscriber.auth);
        // Roles or staff may have changed with the user: their projects are read again.
        if (change !== 'everything') this.staffOf.delete(staffKey(subscriber.auth));
        if (auth) subscriber.auth = auth;
        else subscriber.sink.end({ name: 'end', data: { Reason: 'session' } });
      }),
    );
  }
}

const staffKey = (auth: AuthContext) => `${auth.companyId}:${auth.userId}`;
