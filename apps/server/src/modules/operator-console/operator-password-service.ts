import { fieldError, tooManyAttempts, unauthorized } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { AuditRepository } from '../audit/audit-repository.ts';
import type { OperatorContext } from '../auth/auth-context.ts';
import { LOGIN_LIMITS } from '../auth/login-throttle.ts';
import type { PasswordHasher } from '../auth/password-hasher.ts';
import type { SessionService } from '../auth/session-service.ts';
import { OperatorAccountRepository } from './operator-account-repository.ts';

/**
 * The operator changes its own password under the users' rules (contract `rules.password`, spec
 * section 9): the old one must match, the new one must differ, failures are limited like sign-in,
 * and its other sessions end in the same transaction (this one stays).
 */
export class OperatorPasswordService {
  constructor(
    private readonly deps: {
      db: Database;
      hasher: PasswordHasher;
      sessions: SessionService;
      audit: AuditRepository;
    },
  ) {}

  async change(
    operator: OperatorContext,
    oldPassword: string,
    newPassword: string,
    ip: string,
  ): Promise<void> {
    const { deps } = this;
    const row = await new OperatorAccountRepository(deps.db).findById(operator.operatorId);
    if (!row) throw unauthorized();
    // A stolen session must not become a way to guess the password: the sign-in limit, by account.
    const limit = LOGIN_LIMITS.account;
    const failures = await deps.audit.accountEventsSince(
      'password.changeFailed',
      row.email,
      new Date(Date.now() - limit.windowMs),
    );
    if (failures.count >= limit.failures) {
      const freeAt = (failures.oldest?.getTime() ?? Date.now()) + limit.windowMs;
      throw tooManyAttempts(Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)));
    }
    if (!(await deps.hasher.verify(oldPassword, row.passwordHash))) {
      await deps.audit.record({ event: 'password.changeFailed', account: row.email, ip });
      throw fieldError('OldPassword', 'auth.oldPasswordWrong');
    }
    if (newPassword === oldPassword) throw fieldError('NewPassword', 'auth.samePassword');
    const newHash = await deps.hasher.hash(newPassword);
    await deps.db.transaction(async (tx) => {
      await new OperatorAccountRepository(tx).setPassword(operator.operatorId, newHash);
      await deps.sessions.revokeOthersOfOperator(operator.operatorId, operator.sessionId, tx);
    });
    await deps.audit.record({ event: 'password.changed', account: row.email, ip });
  }
}
