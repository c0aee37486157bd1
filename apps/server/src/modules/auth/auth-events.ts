import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DbExecutor } from '../../db/database-handle.ts';
import { AuthEventRepository } from './auth-event-repository.ts';
import type { SessionCache } from './session-cache.ts';

/** The PostgreSQL channel on which every instance announces session and permission changes. */
export const AUTH_CHANNEL = 'measure_auth';
/** `application_name` of the listening connections (pg_stat_activity). */
export const LISTENER_APPLICATION_NAME = 'measure-auth-listener';

/** How long a revoking call waits for its own announcement to come back before it answers. */
const ECHO_WAIT_MS = 1_000;
/** Reconnect delays of the listening connection. */
const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;
/** The listening connection is pinged this often; a dead one is replaced (and the cache cleared). */
const PING_INTERVAL_MS = 30_000;
const PING_TIMEOUT_MS = 5_000;
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

/**
 * Cross-instance invalidation of the session cache through PostgreSQL LISTEN/NOTIFY. Writers call
 * `notify` inside the transaction of the revoking write, so the announcement is delivered on commit
 * (and never for a rolled-back change). Every instance listens on one dedicated connection; while it
 * is down the cache is not used, and when it comes back the cache starts empty.
 */
export class AuthEvents {
  private client: pg.Client | undefined;
  private listening = false;
  private closed = false;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private readonly instance = randomBytes(6).toString('base64url');
  private sequence = 0;
  /** Nonces sent and not yet seen -> give-up time. */
  private readonly pending = new Map<string, number>();
  private waiters: Array<() => void> = [];

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly cache: SessionCache,
    private readonly log?: Logger,
  ) {}

  /** Whether the cache may be used: the listening connection is up and LISTENing. */
  get connected(): boolean {
    return this.listening;
  }

  /** Whether an announcement of this instance is still on its way back. */
  get unseen(): number {
    return this.pending.size;
  }

  /** Connects (one attempt; on failure it retries in the background, the cache stays off). */
  async start(): Promise<void> {
    this.closed = false;
    await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const client = this.client;
    this.client = undefined;
    this.disconnected();
    if (client) await client.end().catch(() => {});
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
      if (this.listening) this.pending.set(payload.n, Date.now() + ECHO_WAIT_MS);
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

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      ...this.connection,
      keepAlive: true,
      application_name: LISTENER_APPLICATION_NAME,
    });
    this.client = client;
    client.on('notification', (message) => this.received(message));
    client.on('error', (error) => {
      this.log?.warn({ err: error }, 'session cache: listening connection failed');
      void client.end().catch(() => {});
    });
    client.on('end', () => {
      if (this.client !== client) return;
      this.disconnected();
      this.scheduleReconnect();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${AUTH_CHANNEL}`);
    } catch (error) {
      if (this.client === client) {
        this.log?.warn({ err: error }, 'session cache: cannot listen; sessions are read from the database');
        this.client = undefined;
        void client.end().catch(() => {});
        this.scheduleReconnect();
      }
      return;
    }
    if (this.closed || this.client !== client) {
      await client.end().catch(() => {});
      return;
    }
    // Whatever happened while no one was listening is unknown: start empty.
    this.cache.clear();
    this.listening = true;
    this.retryMs = RETRY_MIN_MS;
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => void this.ping(client), PING_INTERVAL_MS);
    this.pingTimer.unref();
  }

  private async ping(client: pg.Client): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('ping timed out')), PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([client.query('SELECT 1'), timeout]);
    } catch (error) {
      this.log?.warn({ err: error }, 'session cache: listening connection lost');
      if (this.client === client) {
        this.disconnected();
        this.client = undefined;
        void client.end().catch(() => {});
        this.scheduleReconnect();
      }
    } finally {
      clearTimeout(timer);
    }
  }

  private disconnected(): void {
    this.listening = false;
    clearInterval(this.pingTimer);
    this.cache.clear();
    this.pending.clear();
    this.wake();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    this.client = undefined;
    clearTimeout(this.retryTimer);
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref();
  }

  private received(message: pg.Notification): void {
    if (message.channel !== AUTH_CHANNEL || !message.payload) return;
    let payload: Payload;
    try {
      payload = JSON.parse(message.payload) as Payload;
    } catch {
      this.cache.clear();
      return;
    }
    if (payload.u) this.cache.dropUsers(new Set(payload.u));
    if (payload.s) this.cache.dropSessions(new Set(payload.s));
    if (!payload.u && !payload.s) this.cache.clear();
    if (this.pending.delete(payload.n) && this.pending.size === 0) this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
