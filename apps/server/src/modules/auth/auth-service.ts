import { ErrorCode, formatMessage, type Language } from '@measure/contract';
import { AppError } from '../../core/app-error.ts';
import type { AuditRepository } from '../audit/audit-repository.ts';
import type { LoginCandidate, UserRepository } from '../account/user-repository.ts';
import { decodeLoginField } from './login-cipher.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { LoginTicketRepository } from './login-ticket-repository.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { SessionService } from './session-service.ts';

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  lang: Language;
}

/** Unknown user, wrong password, disabled user and undecodable fields all get this answer. */
const invalidCredentials = () => new AppError(ErrorCode.BadRequest, 'auth.invalidCredentials');

const DAY_MS = 86_400_000;

export class AuthService {
  constructor(
    private readonly deps: {
      loginAesKey: string;
      users: UserRepository;
      hasher: PasswordHasher;
      sessions: SessionService;
      tickets: LoginTicketRepository;
      throttle: LoginThrottle;
      audit: AuditRepository;
    },
  ) {}

  /** AuthLogin: returns the token, or "<message>#<token>" when the password must be changed first. */
  async login(fields: { email: string; password: string }, meta: RequestMeta): Promise<string> {
    const { deps } = this;
    const login = decodeLoginField(fields.email, deps.loginAesKey)?.trim().toLowerCase() || null;
    const password = decodeLoginField(fields.password, deps.loginAesKey);
    await deps.throttle.check(login, meta.ip);

    const user = login && password ? await deps.users.findForLogin(login) : undefined;
    const passwordOk =
      user && password
        ? await deps.hasher.verify(password, user.passwordHash)
        : await deps.hasher.verifyDummy(password ?? '');
    if (!user || !passwordOk || user.status !== 1) {
      await deps.audit.record({
        event: 'login.failure',
        account: login,
        ip: meta.ip,
        companyId: user?.companyId,
        userId: user?.id,
        detail: {
          reason:
            !login || !password ? 'undecodable' : !user ? 'unknown' : !passwordOk ? 'password' : 'disabled',
        },
      });
      throw invalidCredentials();
    }

    const { token } = await deps.sessions.create({ id: user.id, companyId: user.companyId }, meta);
    await deps.audit.record({
      event: 'login.success',
      account: login,
      ip: meta.ip,
      companyId: user.companyId,
      userId: user.id,
    });
    const changeReason = this.passwordChangeReason(user);
    return changeReason ? `${formatMessage(meta.lang, changeReason)}#${token}` : token;
  }

  async createTicket(user: { userId: string; companyId: string }) {
    return this.deps.tickets.create(user);
  }

  async loginWithTicket(ticket: string, meta: RequestMeta): Promise<string> {
    const owner = await this.deps.tickets.redeem(ticket);
    if (!owner) throw new AppError(ErrorCode.BadRequest, 'auth.ticketInvalid');
    const { token } = await this.deps.sessions.create({ id: owner.userId, companyId: owner.companyId }, meta);
    await this.deps.audit.record({
      event: 'login.ticket',
      ip: meta.ip,
      companyId: owner.companyId,
      userId: owner.userId,
    });
    return token;
  }

  async logout(session: { sessionId: string; userId: string; companyId: string }, ip: string): Promise<void> {
    await this.deps.sessions.revoke(session.sessionId);
    await this.deps.audit.record({
      event: 'logout',
      ip,
      companyId: session.companyId,
      userId: session.userId,
    });
  }

  private passwordChangeReason(user: LoginCandidate) {
    if (user.mustChangePassword) return 'auth.passwordChangeRequired' as const;
    const maxAge = user.passwordMaxAgeDays;
    if (maxAge && Date.now() - user.passwordChangedAt.getTime() > maxAge * DAY_MS)
      return 'auth.passwordExpired' as const;
    return undefined;
  }
}
