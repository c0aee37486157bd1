import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbExecutor as Database } from '../../db/database-handle.ts';
import { companies, operators, sessions, userRoles, users } from '../../db/schema.ts';

/** A company user's session (userId and companyId) or the operator's (operatorId only). */
export interface SessionRow {
  id: string;
  userId: string | null;
  companyId: string | null;
  operatorId: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  /** The user's or the operator's status (1 enabled). */
  userStatus: number | null;
  /** Whether the user's company was disabled by the operator console. */
  companyDisabled: boolean;
  roles: string[];
}

export class SessionRepository {
  /** The guard's query when the cache has nothing: a prepared (named) statement. */
  private readonly byTokenHash;

  constructor(private readonly db: Database) {
    this.byTokenHash = db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        companyId: sessions.companyId,
        operatorId: sessions.operatorId,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        userStatus: sql<number | null>`coalesce(${users.status}, ${operators.status})`,
        companyDisabled: sql<boolean>`${companies.disabledAt} is not null`,
        roles: sql<string[]>`coalesce((select array_agg(${userRoles.role} order by ${userRoles.position})
          from ${userRoles} where ${userRoles.userId} = ${users}.id), '{}')`,
      })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .leftJoin(companies, eq(companies.id, sessions.companyId))
      .leftJoin(operators, eq(operators.id, sessions.operatorId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .prepare('session_by_token_hash');
  }

  async insert(values: {
    userId?: string;
    companyId?: string;
    operatorId?: string;
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
    const [row] = await this.byTokenHash.execute({ tokenHash });
    return row;
  }

  /** Sets `last_seen_at` unless another call (of any instance) did within `intervalMs`. */
  async touch(id: string, at: Date, intervalMs: number): Promise<void> {
    await this.db
      .update(sessions)
      .set({ lastSeenAt: at })
      .where(and(eq(sessions.id, id), lt(sessions.lastSeenAt, new Date(at.getTime() - intervalMs))));
  }

  async revoke(id: string, at: Date, db: Database = this.db): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  }

  /** Ends every open session of a company's users; answers their user ids (for the cache). */
  async revokeAllOfCompany(companyId: string, at: Date, db: Database = this.db): Promise<string[]> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.companyId, companyId), isNull(sessions.revokedAt)))
      .returning({ userId: sessions.userId });
    return [...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))];
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

  /** Ends every open session of the platform operator but `keepSessionId`; answers the ended ids. */
  async revokeOthersOfOperator(
    operatorId: string,
    keepSessionId: string,
    at: Date,
    db: Database = this.db,
  ): Promise<string[]> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: at })
      .where(
        and(eq(sessions.operatorId, operatorId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)),
      )
      .returning({ id: sessions.id });
    return rows.map((row) => row.id);
  }
}
