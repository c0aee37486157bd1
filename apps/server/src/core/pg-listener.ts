import pg from 'pg';

/** Reconnect delays of the listening connection. */
const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;
/** The listening connection is pinged this often; a dead one is replaced. */
const PING_INTERVAL_MS = 30_000;
const PING_TIMEOUT_MS = 5_000;

interface Logger {
  warn(object: object, message: string): void;
}

export interface PgListenerOptions {
  connection: pg.ClientConfig;
  channel: string;
  /** `application_name` of the connection (pg_stat_activity). */
  applicationName: string;
  /** Prefix of the log lines ("session cache", "live events"). */
  name: string;
  log?: Logger;
  /** A notification on the channel (payload may be empty). */
  received(payload: string): void;
  /** LISTEN is in place (first connect or a reconnect): whatever happened meanwhile is unknown. */
  listening(): void;
  /** The connection is gone (or closed); notifications may be missed until `listening` again. */
  lost(): void;
}

/**
 * One dedicated PostgreSQL connection that LISTENs on a channel (NOTIFY is delivered on commit of
 * the sending transaction, to every listening connection of every instance). It reconnects with a
 * growing delay when the connection fails and pings it, so a silently dead connection is noticed.
 */
export class PgListener {
  private client: pg.Client | undefined;
  private active = false;
  private closed = false;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: PgListenerOptions) {}

  /** Whether the connection is up and LISTENing. */
  get connected(): boolean {
    return this.active;
  }

  /** Connects (one attempt; on failure it retries in the background). */
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

  private async connect(): Promise<void> {
    if (this.closed) return;
    const { channel, name, log } = this.options;
    const client = new pg.Client({
      ...this.options.connection,
      keepAlive: true,
      application_name: this.options.applicationName,
    });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel === channel) this.options.received(message.payload ?? '');
    });
    client.on('error', (error) => {
      log?.warn({ err: error }, `${name}: listening connection failed`);
      void client.end().catch(() => {});
    });
    client.on('end', () => {
      if (this.client !== client) return;
      this.disconnected();
      this.scheduleReconnect();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      if (this.client === client) {
        log?.warn({ err: error }, `${name}: cannot listen`);
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
    this.active = true;
    this.retryMs = RETRY_MIN_MS;
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => void this.ping(client), PING_INTERVAL_MS);
    this.pingTimer.unref();
    this.options.listening();
  }

  private async ping(client: pg.Client): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('ping timed out')), PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([client.query('SELECT 1'), timeout]);
    } catch (error) {
      this.options.log?.warn({ err: error }, `${this.options.name}: listening connection lost`);
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
    this.active = false;
    clearInterval(this.pingTimer);
    this.options.lost();
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
}
