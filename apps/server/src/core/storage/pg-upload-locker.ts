/**
 * The tus lock of an upload across instances: a PostgreSQL advisory lock held by a connection of
 * its own while a request works on the upload. @tus/server's MemoryLocker locks within one process
 * only: a robot whose PATCH was cut on a draining instance (or one whose connection just dropped)
 * resumes on another instance while the first may still be storing what it received; both wrote
 * the same parts and the finished file was wrong (s3-interrupted-uploads.test.ts). The second
 * request now waits until the first has released the upload (its offset is then final). A process
 * that dies loses its connection, and PostgreSQL frees its locks with it.
 *
 * Within the process the MemoryLocker still comes first, so a newer request asks an older one of
 * the same instance to let go at once (tus's "request release") instead of waiting.
 */
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server';
import pg from 'pg';

/** The first key of the two-key advisory lock: the space of tus uploads ("tus" in ASCII). */
const LOCK_SPACE = 0x747573;
const RETRY_MS = 100;

export interface PgUploadLockerOptions {
  /** How to reach the database (the app pool's options). */
  connection: pg.PoolConfig;
  /** A request that cannot lock the upload within this time fails (tus answers 500; clients retry). */
  acquireTimeoutMs?: number;
  /** Uploads worked on at once by this instance (one connection each). */
  maxConnections?: number;
}

export class PgUploadLocker implements Locker {
  private readonly pool: pg.Pool;
  private readonly local: MemoryLocker;
  readonly acquireTimeoutMs: number;

  constructor(options: PgUploadLockerOptions) {
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
    this.local = new MemoryLocker({ acquireLockTimeout: this.acquireTimeoutMs });
    this.pool = new pg.Pool({
      ...options.connection,
      max: options.maxConnections ?? 20,
      idleTimeoutMillis: 10_000,
    });
    // A lost connection fails the request that holds it; it must not crash the process.
    this.pool.on('error', () => {});
    this.pool.on('connect', (client) => client.on('error', () => {}));
  }

  newLock(id: string): Lock {
    return new PgUploadLock(id, this.pool, this.local.newLock(id), this.acquireTimeoutMs);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

class PgUploadLock implements Lock {
  private client: pg.PoolClient | undefined;

  constructor(
    private readonly id: string,
    private readonly pool: pg.Pool,
    private readonly local: Lock,
    private readonly timeoutMs: number,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    await this.local.lock(signal, requestRelease);
    try {
      const until = Date.now() + this.timeoutMs;
      const client = await this.pool.connect();
      try {
        for (;;) {
          const { rows } = await client.query<{ locked: boolean }>(
            'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
            [LOCK_SPACE, this.id],
          );
          if (rows[0]?.locked) {
            this.client = client;
            return;
          }
          if (signal.aborted || Date.now() >= until) throw ERRORS.ERR_LOCK_TIMEOUT;
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      } finally {
        if (this.client !== client) client.release();
      }
    } catch (error) {
      await this.local.unlock();
      throw error;
    }
  }

  async unlock(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    try {
      if (client) {
        await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, this.id]).then(
          () => client.release(),
          // A connection that failed may still hold the lock: it is closed, which frees it.
          (error: Error) => client.release(error),
        );
      }
    } finally {
      await this.local.unlock();
    }
  }
}
