import { permissionsOfRoles, projectScopeOfRoles, ROLES, type Role } from '@measure/contract';
import type { Database } from '../../db/client.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { AuthContext } from './auth-context.ts';
import { SessionRepository } from './session-repository.ts';
import { hashToken, newToken } from './tokens.ts';

/** Write `last_seen_at` at most this often, so authenticated reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * Opaque, random session tokens stored hashed, with an idle and an absolute limit. A revoked,
 * expired or idle session, or one whose user is disabled, is refused on the very next call.
 */
export class SessionService {
  private readonly repository: SessionRepository;

  constructor(
    db: Database,
    private readonly limits: { idleMs: number; absoluteMs: number },
  ) {
    this.repository = new SessionRepository(db);
  }

  async create(
    user: { id: string; companyId: string },
    meta: { ip: string | null; userAgent: string | null },
  ): Promise<{ token: string; sessionId: string }> {
    const token = newToken();
    const sessionId = await this.repository.insert({
      userId: user.id,
      companyId: user.companyId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + this.limits.absoluteMs),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 256) ?? null,
    });
    return { token, sessionId };
  }

  async authenticate(token: string): Promise<AuthContext | null> {
    if (token.length < 20 || token.length > 128) return null;
    const session = await this.repository.findByTokenHash(hashToken(token));
    if (!session || session.revokedAt) return null;
    const now = new Date();
    const idle = now.getTime() - session.lastSeenAt.getTime() > this.limits.idleMs;
    if (session.expiresAt <= now || idle || session.userStatus !== 1) {
      await this.repository.revoke(session.id, now);
      return null;
    }
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.repository.touch(session.id, now);
    }
    const roles = session.roles.filter(isRole);
    return {
      sessionId: session.id,
      userId: session.userId,
      companyId: session.companyId,
      roles,
      permissions: new Set(permissionsOfRoles(roles)),
      projectScope: projectScopeOfRoles(roles),
    };
  }

  revoke(sessionId: string): Promise<void> {
    return this.repository.revoke(sessionId, new Date());
  }

  /** `db` may be an open transaction, so revoking commits together with the caller's other writes. */
  revokeAllOfUser(userId: string, exceptSessionId?: string, db?: DbExecutor): Promise<void> {
    return this.repository.revokeAllOfUser(userId, new Date(), exceptSessionId, db);
  }
}
