import { permissionsOfRoles, projectScopeOfRoles, ROLES, type Role } from '@measure/contract';
import type { Database } from '../../db/client.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import { isOperator, type AuthContext, type SessionCaller } from './auth-context.ts';
import type { AuthEvents } from './auth-events.ts';
import type { SessionCache } from './session-cache.ts';
import { SessionRepository } from './session-repository.ts';
import { hashToken, newToken } from './tokens.ts';

/** Write `last_seen_at` at most this often, so authenticated reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;
/** A cached session is read from the database again after this long (a safety net only). */
const CACHE_MAX_AGE_MS = 5 * 60_000;

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * Opaque, random session tokens stored hashed, with an idle and an absolute limit. A revoked,
 * expired or idle session, or one whose user is disabled, is refused on the very next call.
 *
 * Valid sessions are kept in an in-process cache (token hash -> caller) while the instance listens
 * for changes (auth-events.ts): every write that ends sessions or changes a user's status or roles
 * announces it in its transaction, and every instance drops the entries on commit.
 */
export class SessionService {
  private readonly repository: SessionRepository;

  constructor(
    private readonly db: Database,
    private readonly limits: { idleMs: number; absoluteMs: number },
    private readonly cache: SessionCache,
    private readonly events: AuthEvents,
  ) {
    this.repository = new SessionRepository(db);
  }

  /** A company user's session (`{ id, companyId }`) or the operator's (`{ operatorId }`). */
  async create(
    owner: { id: string; companyId: string } | { operatorId: string },
    meta: { ip: string | null; userAgent: string | null },
  ): Promise<{ token: string; sessionId: string }> {
    const token = newToken();
    const sessionId = await this.repository.insert({
      ...('operatorId' in owner
        ? { operatorId: owner.operatorId }
        : { userId: owner.id, companyId: owner.companyId }),
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + this.limits.absoluteMs),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 256) ?? null,
    });
    return { token, sessionId };
  }

  /** A company user's session; the operator's sessions answer null here (they have no company). */
  async authenticate(token: string): Promise<AuthContext | null> {
    const caller = await this.authenticateCaller(token);
    return caller && !isOperator(caller) ? caller : null;
  }

  /** Whoever holds the token: a company user or the platform operator (the guard's question). */
  async authenticateCaller(token: string): Promise<SessionCaller | null> {
    if (token.length < 20 || token.length > 128) return null;
    return this.resolveHash(hashToken(token));
  }

  /**
   * The company user's session of a token hash, by the same rules as `authenticate`. `touch: false`
   * (an open event stream checking its session again) never counts as activity, so a page left open
   * goes idle.
   */
  async authenticateHash(tokenHash: string, { touch = true } = {}): Promise<AuthContext | null> {
    const caller = await this.resolveHash(tokenHash, { touch });
    return caller && !isOperator(caller) ? caller : null;
  }

  private async resolveHash(tokenHash: string, { touch = true } = {}): Promise<SessionCaller | null> {
    const now = Date.now();
    if (this.events.connected) {
      const cached = this.cache.get(tokenHash);
      if (cached) {
        // Idle or expired as far as this instance knows: the database decides (another instance
        // may have seen the session more recently).
        if (
          cached.expiresAt > now &&
          now - cached.lastSeenAt <= this.limits.idleMs &&
          now - cached.cachedAt < CACHE_MAX_AGE_MS
        ) {
          if (touch && now - cached.lastSeenAt > TOUCH_INTERVAL_MS) {
            cached.lastSeenAt = now;
            this.touchInBackground(cached.sessionId, now);
          }
          return cached.auth;
        }
        this.cache.delete(tokenHash);
      }
    }
    return this.authenticateFromDatabase(tokenHash, now, touch);
  }

  private async authenticateFromDatabase(
    tokenHash: string,
    now: number,
    touch: boolean,
  ): Promise<SessionCaller | null> {
    const generation = this.cache.generation;
    const cacheable = this.events.connected;
    const session = await this.repository.findByTokenHash(tokenHash);
    if (!session || session.revokedAt) return null;
    const idle = now - session.lastSeenAt.getTime() > this.limits.idleMs;
    if (session.expiresAt.getTime() <= now || idle || session.userStatus !== 1 || session.companyDisabled) {
      await this.repository.revoke(session.id, new Date(now));
      return null;
    }
    let lastSeenAt = session.lastSeenAt.getTime();
    if (touch && now - lastSeenAt > TOUCH_INTERVAL_MS) {
      lastSeenAt = now;
      this.touchInBackground(session.id, now);
    }
    const roles = session.roles.filter(isRole);
    const ownerId = session.operatorId ?? session.userId;
    if (!ownerId) return null;
    const auth: SessionCaller =
      session.operatorId || !session.userId || !session.companyId
        ? { kind: 'operator', sessionId: session.id, operatorId: ownerId }
        : {
            sessionId: session.id,
            userId: session.userId,
            companyId: session.companyId,
            roles,
            permissions: new Set(permissionsOfRoles(roles)),
            projectScope: projectScopeOfRoles(roles),
          };
    // Not cached when the listener was down or something was dropped while this read ran.
    if (cacheable && this.events.connected) {
      this.cache.set(
        tokenHash,
        {
          sessionId: session.id,
          userId: ownerId,
          expiresAt: session.expiresAt.getTime(),
          lastSeenAt,
          cachedAt: now,
          auth,
        },
        generation,
      );
    }
    return auth;
  }

  /** The request does not wait for `last_seen_at`; a failed write is retried a minute later. */
  private touchInBackground(sessionId: string, now: number): void {
    this.repository.touch(sessionId, new Date(now), TOUCH_INTERVAL_MS).catch(() => {});
  }

  /** Logout: the session ends and every instance forgets it on commit. */
  async revoke(sessionId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.repository.revoke(sessionId, new Date(), tx);
      await this.events.notify(tx, { sessionIds: [sessionId] });
    });
  }

  /** `db` may be an open transaction, so revoking commits together with the caller's other writes. */
  async revokeAllOfUser(userId: string, exceptSessionId?: string, db: DbExecutor = this.db): Promise<void> {
    await this.repository.revokeAllOfUser(userId, new Date(), exceptSessionId, db);
    await this.events.notify(db, { userIds: [userId] });
  }

  /** The operator's password changed: its other sessions end, on every instance when `db` commits. */
  async revokeOthersOfOperator(operatorId: string, keepSessionId: string, db: DbExecutor): Promise<void> {
    const sessionIds = await this.repository.revokeOthersOfOperator(
      operatorId,
      keepSessionId,
      new Date(),
      db,
    );
    if (sessionIds.length > 0) await this.events.notify(db, { sessionIds });
  }

  /**
   * A disabled company: every session of its users ends, and every instance forgets them, when `db`
   * (the transaction of the change) commits.
   */
  async revokeAllOfCompany(companyId: string, db: DbExecutor): Promise<void> {
    const userIds = await this.repository.revokeAllOfCompany(companyId, new Date(), db);
    if (userIds.length > 0) await this.events.notify(db, { userIds });
  }

  /**
   * A change of users' roles or status, or their deletion: every instance drops their cached
   * sessions when `db` (the transaction of the change) commits.
   */
  usersChanged(userIds: readonly string[], db: DbExecutor = this.db): Promise<void> {
    return this.events.notify(db, { userIds });
  }

  /** Waits until this instance's announcements have been delivered (see AuthEvents.settle). */
  settle(): Promise<void> {
    return this.events.settle();
  }

  get pendingAnnouncements(): number {
    return this.events.unseen;
  }

  /** Hears every session or user change that reaches this instance (see AuthEvents.observe). */
  observe(observer: Parameters<AuthEvents['observe']>[0]): () => void {
    return this.events.observe(observer);
  }
}
