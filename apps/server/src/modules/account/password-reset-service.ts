import { timingSafeEqual } from 'node:crypto';
import {
  AccountType,
  ErrorCode,
  formatMessage,
  rules,
  type Language,
  type RouteBody,
  type accountRoutes,
} from '@measure/contract';
import { AppError, fieldError, tooManyAttempts } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import { AuditRepository } from '../audit/audit-repository.ts';
import type { PasswordHasher } from '../auth/password-hasher.ts';
import type { SessionService } from '../auth/session-service.ts';
import { hashToken, newVerifyCode } from '../auth/tokens.ts';
import { codeSendFailed, type CodeSender } from './code-sender.ts';
import { UserRepository } from './user-repository.ts';
import { VerifyCodeRepository, type VerifyCodeChannel } from './verify-code-repository.ts';

export type VerifyCodeGetBody = RouteBody<typeof accountRoutes.verifyCodeGet>;
export type ResetPasswordBody = RouteBody<typeof accountRoutes.resetPassword>;

export interface ResetMeta {
  ip: string;
  lang: Language;
}

/** Password-reset limits (issue 2): 6-digit code, valid 10 minutes, 5 tries, resend after 60 s, 10 an hour. */
export const RESET_LIMITS = {
  codeTtlMs: 10 * 60_000,
  maxAttempts: 5,
  resendIntervalMs: 60_000,
  perHour: 10,
} as const;

const HOUR_MS = 3_600_000;

const invalidCode = () => new AppError(ErrorCode.BadRequest, 'auth.verifyCodeInvalid');

const channelOf = (accountType: 1 | 2): VerifyCodeChannel =>
  accountType === AccountType.Email ? 'email' : 'phone';

const sameHash = (a: string, b: string) => {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
};

const secondsUntil = (time: number, now: number) => Math.max(1, Math.ceil((time - now) / 1000));

type SendOutcome =
  | { kind: 'throttled'; retryAfterSeconds: number }
  | { kind: 'done'; code?: { id: string; value: string; userId: string; companyId: string } };

type ResetOutcome = 'reset' | 'noCode' | 'exhausted' | 'wrongCode';

/**
 * VerifyCode_Get and ResetCloudUserPassword. The answer to a code request never tells whether the
 * account exists: unknown and disabled accounts get the same success and the same resend limits
 * (counted per requested address in the audit log), they just receive nothing.
 */
export class PasswordResetService {
  constructor(
    private readonly deps: {
      db: Database;
      users: UserRepository;
      hasher: PasswordHasher;
      sessions: SessionService;
      audit: AuditRepository;
      sender: CodeSender;
    },
  ) {}

  async sendCode(body: VerifyCodeGetBody, meta: ResetMeta): Promise<void> {
    const { deps } = this;
    const channel = channelOf(body.AccountType);
    const address =
      channel === 'email' ? (body.Email ?? '').trim().toLowerCase() : (body.PhoneNumber ?? '').trim();

    const outcome = await deps.db.transaction(async (tx): Promise<SendOutcome> => {
      const codes = new VerifyCodeRepository(tx);
      const audit = new AuditRepository(tx);
      await codes.lockAddress(address);
      const now = Date.now();
      const recent = await audit.accountEventsSince(
        'password.resetCodeSent',
        address,
        new Date(now - HOUR_MS),
      );
      if (recent.newest && now - recent.newest.getTime() < RESET_LIMITS.resendIntervalMs) {
        return {
          kind: 'throttled',
          retryAfterSeconds: secondsUntil(recent.newest.getTime() + RESET_LIMITS.resendIntervalMs, now),
        };
      }
      if (recent.count >= RESET_LIMITS.perHour && recent.oldest) {
        return { kind: 'throttled', retryAfterSeconds: secondsUntil(recent.oldest.getTime() + HOUR_MS, now) };
      }

      const user = await new UserRepository(tx).findForLogin(address);
      let code: { id: string; value: string; userId: string; companyId: string } | undefined;
      let skipped: string | undefined;
      if (!user) skipped = 'unknown';
      else if (user.status !== 1) skipped = 'disabled';
      else {
        // One code a minute per user, also when asked through the other address (email vs phone).
        // The request still answers success, so the limit reveals nothing about the account.
        const last = await codes.newestCreatedAt(user.id);
        if (last && now - last.getTime() < RESET_LIMITS.resendIntervalMs) skipped = 'userResendInterval';
        else {
          const value = newVerifyCode();
          await codes.invalidateOpen(user.id, new Date(now));
          const id = await codes.insert({
            companyId: user.companyId,
            userId: user.id,
            channel,
            codeHash: hashToken(value),
            expiresAt: new Date(now + RESET_LIMITS.codeTtlMs),
          });
          code = { id, value, userId: user.id, companyId: user.companyId };
        }
      }
      await audit.record({
        event: 'password.resetCodeSent',
        account: address,
        ip: meta.ip,
        companyId: user?.companyId,
        userId: user?.id,
        detail: { channel, sent: code !== undefined, ...(skipped ? { skipped } : {}) },
      });
      return { kind: 'done', code };
    });

    if (outcome.kind === 'throttled') throw tooManyAttempts(outcome.retryAfterSeconds);
    if (!outcome.code) return;
    try {
      await deps.sender.send({
        channel,
        to: address,
        subject: formatMessage(meta.lang, 'auth.verifyCodeSubject'),
        text: formatMessage(meta.lang, 'auth.verifyCodeBody', { code: outcome.code.value }),
      });
    } catch (error) {
      // The code never arrived: it must not stay usable.
      await new VerifyCodeRepository(deps.db).markUsed(outcome.code.companyId, outcome.code.id, new Date());
      throw error instanceof AppError ? error : codeSendFailed();
    }
  }

  async reset(body: ResetPasswordBody, meta: ResetMeta): Promise<void> {
    const { deps } = this;
    const channel = channelOf(body.AccountType);
    const raw = body.Email.trim();
    const pattern = channel === 'email' ? rules.patterns.email : rules.patterns.phone;
    if (!pattern.test(raw)) throw fieldError('Email', 'auth.accountTypeMismatch');
    const address = channel === 'email' ? raw.toLowerCase() : raw;

    const user = await deps.users.findForLogin(address);
    const fail = async (reason: string, extra: Record<string, unknown> = {}) => {
      await deps.audit.record({
        event: 'password.resetFailed',
        account: address,
        ip: meta.ip,
        companyId: user?.companyId,
        userId: user?.id,
        detail: { reason, ...extra },
      });
      return invalidCode();
    };
    if (!user || user.status !== 1) throw await fail(user ? 'disabled' : 'unknown');

    let attempts = 0;
    const outcome = await deps.db.transaction(async (tx): Promise<ResetOutcome> => {
      const codes = new VerifyCodeRepository(tx);
      const now = new Date();
      const open = await codes.newestOpenForUpdate(user.id, channel, now);
      if (!open) return 'noCode';
      if (open.attempts >= RESET_LIMITS.maxAttempts) return 'exhausted';
      if (!sameHash(open.codeHash, hashToken(body.VerifyCode))) {
        attempts = await codes.recordWrongAttempt(user.companyId, open.id);
        return 'wrongCode';
      }
      const passwordHash = await deps.hasher.hash(body.Password);
      await codes.markUsed(user.companyId, open.id, now);
      await new UserRepository(tx).setPassword(user.companyId, user.id, passwordHash, false);
      await deps.sessions.revokeAllOfUser(user.id, undefined, tx);
      return 'reset';
    });

    if (outcome !== 'reset') {
      throw await fail(outcome, outcome === 'wrongCode' ? { attempts } : {});
    }
    await deps.audit.record({
      event: 'password.reset',
      account: address,
      ip: meta.ip,
      companyId: user.companyId,
      userId: user.id,
      detail: { channel },
    });
  }
}
