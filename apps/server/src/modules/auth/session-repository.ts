import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbExecutor as Database } from '../../db/database-handle.ts';
import { sessions, userRoles, users } from '../../db/schema.ts';

export interface SessionRow {
  id: string;
  userId: string;
  companyId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  userStatus: number;
  roles: string[];
}

export class SessionRepository {
  constructor(private readonly db: Database) {}

  async insert(values: {
    userId: string;
    companyId: string;
    tokenHash: string;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  }): Promise<string> {
    const [row] = await this.db.insert(sessions).values(values).returning({ id: sessions.id });
    if (!row) throw new Error('session insert returned nothing');
    return row.id;
  }

  /** The session with its user's status and ordered roles, in one query. */
  async findByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
    const [row] = await this.db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        companyId: sessions.companyId,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        userStatus: users.status,
        roles: sql<string[]>`coalesce((select array_agg(${userRoles.role} order by ${userRoles.position})
          from ${userRoles} where ${userRoles.userId} = ${users.id}), '{}')`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, tokenHash));
    return row;
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
  }

  async revoke(id: string, at: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  }

  /** Ends every open session of a user, optionally keeping one. */
  async revokeAllOfUser(
    userId: string,
    at: Date,
    exceptSessionId?: string,
    db: Database = this.db,
  ): Promise<void> {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
    await db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(...conditions));
  }
}
