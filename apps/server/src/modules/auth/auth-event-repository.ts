import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';

/** The one query of auth-events.ts: an announcement on a channel, sent with the caller's transaction. */
export class AuthEventRepository {
  constructor(private readonly db: DbExecutor) {}

  /** Delivered to every listener when the transaction commits; dropped if it rolls back. */
  async notify(channel: string, payload: string): Promise<void> {
    await this.db.execute(sql`select pg_notify(${channel}, ${payload})`);
  }
}
