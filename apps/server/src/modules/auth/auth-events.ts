import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { PgListener } from '../../core/pg-listener.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import { AuthEventRepository } from './auth-event-repository.ts';
import type { SessionCache } from './session-cache.ts';

/** The PostgreSQL channel on which every instance announces session and permission changes. */
export const AUTH_CHANNEL = 'measure_auth';
/** `application_name` of the listening connections (pg_stat_activity). */
export const LISTENER_APPLICATION_NAME = 'measure-auth-listener';

/** How long a revoking call waits for its own announcement to come back before it answers. */
const ECHO_WAIT_MS = 1_000;
/** NOTIFY payloads are limited to 8,000 bytes: ids go in chunks of this many. */
const IDS_PER_NOTIFY = 150;

export interface AuthChange {
  /** Users whose sessions, status, password or roles changed (or who were deleted). */
  userIds?: readonly string[];
  /** Single sessions that ended (logout). */
  sessionIds?: readonly string[];
}

interface Payload {
  /** Nonce: the sending instance waits for it to come back. */
  n: string;
  u?: string[];
  s?: string[];
}

interface Logger {
  warn(object: object, message: string): void;
}

/** What an observer hears: the change, or `everything` (the listener was down or lost track). */
export type AuthChangeHeard = AuthChange | 'everything';

/**
 * Cross-instance invalidation of the session cache through PostgreSQL LISTEN/NOTIFY. Writers call
 * `notify` inside the transaction of the revoking write, so the announcement is delivered on commit
 * (and never for a rolled-back change). Every instance listens on one dedicated connection; while it
 * is down the cache is not used, and when it comes back the cache starts empty.
 */
export class AuthEvents {
  private readonly listener: PgListener;
  private readonly instance = randomBytes(6).toString('base64url');
  private sequence = 0;
  /** Nonces sent and not yet seen -> give-up time. */
  private readonly pending = new Map<string, number>();
  private waiters: Array<() => void> = [];
  private readonly observers = new Set<(change: AuthChangeHeard) => void>();

  constructor(
    connection: pg.ClientConfig,
    private readonly cache: SessionCache,
    log?: Logger,
  ) {
    this.listener = new PgListener({
      connection,
      channel: AUTH_CHANNEL,
      applicationName: LISTENER_APPLICATION_NAME,
      name: 'session cache',
      log,
      received: (payload) => this.received(payload),
      // Whatever happened while no one was listening is unknown: start empty.
      listening: () => this.forgetEverything(),
      lost: () => this.disconnected(),
    });
  }

  /** Whether the cache may be used: the listening connection is up and LISTENing. */
  get connected(): boolean {
    return this.listener.connected;
  }

  /** Whether an announcement of this instance is still on its way back. */
  get unseen(): number {
    return this.pending.size;
  }

  /** Connects (one attempt; on failure it retries in the background, the cache stays off). */
  start(): Promise<void> {
    return this.listener.start();
  }

  close(): Promise<void> {
    return this.listener.close();
  }

  /**
   * Calls `observer` after every change this instance hears of (the cache entries are already
   * dropped), and with `everything` when the listener (re)connects or loses its connection.
   * Answers the unsubscribe function.
   */
  observe(observer: (change: AuthChangeHeard) => void): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /** Announces a change; `db` is the transaction of the change, so it is delivered on commit. */
  async notify(db: DbExecutor, change: AuthChange): Promise<void> {
    const payloads: Payload[] = [];
    const chunk = (ids: readonly string[] | undefined, key: 'u' | 's') => {
      for (let start = 0; ids && start < ids.length; start += IDS_PER_NOTIFY) {
        payloads.push({ n: this.nonce(), [key]: ids.slice(start, start + IDS_PER_NOTIFY) });
      }
    };
    chunk(change.userIds, 'u');
    chunk(change.sessionIds, 's');
    for (const payload of payloads) {
      if (this.listener.connected) this.pending.set(payload.n, Date.now() + ECHO_WAIT_MS);
      await new AuthEventRepository(db).notify(AUTH_CHANNEL, JSON.stringify(payload));
    }
  }

  /**
   * Resolves when every announcement this instance sent has come back through its own listening
   * connection (or was given up: rolled back, or no answer within a second). The response of a
   * revoking call waits for it, so by the time the caller hears back, PostgreSQL has delivered the
   * change to every listening instance.
   */
  async settle(): Promise<void> {
    if (this.pending.size === 0) return;
    const deadline = Math.max(...this.pending.values());
    const wait = deadline - Date.now();
    if (wait > 0) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(done, wait);
        this.waiters.push(done);
      });
    }
    const now = Date.now();
    for (const [nonce, giveUp] of this.pending) if (giveUp <= now) this.pending.delete(nonce);
    // One turn of the event loop, so other connections of this process read what arrived with it.
    await new Promise((resolve) => setImmediate(resolve));
  }

  private nonce(): string {
    this.sequence += 1;
    return `${this.instance}.${this.sequence}`;
  }

  private forgetEverything(): void {
    this.cache.clear();
    this.tell('everything');
  }

  private disconnected(): void {
    this.pending.clear();
    this.forgetEverything();
    this.wake();
  }

  private tell(change: AuthChangeHeard): void {
    for (const observer of this.observers) observer(change);
  }

  private received(message: string): void {
    if (!message) return;
    let payload: Payload;
    try {
      payload = JSON.parse(message) as Payload;
    } catch {
      this.forgetEverything();
      return;
    }
    if (payload.u) this.cache.dropUsers(new Set(payload.u));
    if (payload.s) this.cache.dropSessions(new Set(payload.s));
    if (!payload.u && !payload.s) this.forgetEverything();
    else this.tell({ userIds: payload.u, sessionIds: payload.s });
    if (this.pending.delete(payload.n) && this.pending.size === 0) this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
