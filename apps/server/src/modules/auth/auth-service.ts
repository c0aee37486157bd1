import { ErrorCode, formatMessage, type Language } from '@measure/contract';
import { AppError } from '../../core/app-error.ts';
import type { AuditRepository } from '../audit/audit-repository.ts';
import type { LoginCandidate, UserRepository } from '../account/user-repository.ts';
import type { OperatorAccountRepository } from '../operator-console/operator-account-repository.ts';
import type { OperatorContext } from './auth-context.ts';
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

/** A user of a company the operator disabled: a translated refusal, after the password matched. */
export const companyDisabled = () => new AppError(ErrorCode.Forbidden, 'auth.companyDisabled');

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
      operators: OperatorAccountRepository;
    },
  ) {}

  /** AuthLogin: returns the token, or "<message>#<token>" when the password must be changed first. */
  async login(fields: { email: string; password: string }, meta: RequestMeta): Promise<string> {
    const { deps } = this;
    const login = decodeLoginField(fields.email, deps.loginAesKey)?.trim().toLowerCase() || null;
    const password = decodeLoginField(fields.password, deps.loginAesKey);
    await deps.throttle.check(login, meta.ip);

    const user = login && password ? await deps.users.findForLogin(login) : undefined;
    if (!user && login && password) {
      const operator = await deps.operators.findByEmail(login);
      if (operator) return this.operatorLogin(operator, login, password, meta);
    }
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

    if (user.companyDisabled) {
      await deps.audit.record({
        event: 'login.failure',
        account: login,
        ip: meta.ip,
        companyId: user.companyId,
        userId: user.id,
        detail: { reason: 'companyDisabled' },
      });
      throw companyDisabled();
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

  /** The platform operator signs in through the same route and format; its session has no company. */
  private async operatorLogin(
    operator: { id: string; passwordHash: string; status: number },
    login: string,
    password: string,
    meta: RequestMeta,
  ): Promise<string> {
    const { deps } = this;
    const passwordOk = await deps.hasher.verify(password, operator.passwordHash);
    if (!passwordOk || operator.status !== 1) {
      await deps.audit.record({
        event: 'login.failure',
        account: login,
        ip: meta.ip,
        detail: { reason: passwordOk ? 'disabled' : 'password', operator: operator.id },
      });
      throw invalidCredentials();
    }
    const { token } = await deps.sessions.create({ operatorId: operator.id }, meta);
    await deps.audit.record({
      event: 'login.success',
      account: login,
      ip: meta.ip,
      detail: { operator: operator.id },
    });
    return token;
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

  async logout(
    session: { sessionId: string; userId: string; companyId: string } | OperatorContext,
    ip: string,
  ): Promise<void> {
    await this.deps.sessions.revoke(session.sessionId);
    await this.deps.audit.record(
      'operatorId' in session
        ? { event: 'logout', ip, detail: { operator: session.operatorId } }
        : { event: 'logout', ip, companyId: session.companyId, userId: session.userId },
    );
  }

  private passwordChangeReason(user: LoginCandidate) {
    if (user.mustChangePassword) return 'auth.passwordChangeRequired' as const;
    const maxAge = user.passwordMaxAgeDays;
    if (maxAge && Date.now() - user.passwordChangedAt.getTime() > maxAge * DAY_MS)
      return 'auth.passwordExpired' as const;
    return undefined;
  }
}
