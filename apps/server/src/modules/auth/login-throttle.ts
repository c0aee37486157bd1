import { tooManyAttempts } from '../../core/app-error.ts';
import type { AuditRepository } from '../audit/audit-repository.ts';

/** Limits of design: the 11th failure for an account in 15 min, or the 31st from an address in 1 min. */
export const LOGIN_LIMITS = {
  account: { failures: 10, windowMs: 15 * 60_000 },
  ip: { failures: 30, windowMs: 60_000 },
} as const;

/**
 * Counts failed sign-ins from the audit log (indexed by account and by address), so the limit
 * holds across restarts and server instances.
 */
export class LoginThrottle {
  constructor(private readonly audit: AuditRepository) {}

  /** Throws a 429 when the account or the address has used up its failures. */
  async check(account: string | null, ip: string): Promise<void> {
    const now = Date.now();
    const checks: Array<['account' | 'ip', string, { failures: number; windowMs: number }]> = [
      ['ip', ip, LOGIN_LIMITS.ip],
    ];
    if (account) checks.unshift(['account', account, LOGIN_LIMITS.account]);
    for (const [by, value, limit] of checks) {
      const { count, oldest } = await this.audit.failuresSince(by, value, new Date(now - limit.windowMs));
      if (count >= limit.failures) {
        const freeAt = (oldest?.getTime() ?? now) + limit.windowMs;
        const retryAfter = Math.max(1, Math.ceil((freeAt - now) / 1000));
        await this.audit.record({ event: 'login.throttled', account, ip, detail: { by } });
        throw tooManyAttempts(retryAfter);
      }
    }
  }
}
