import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbExecutor as Database } from '../../db/database-handle.ts';
import { auditLog } from '../../db/schema.ts';

export type AuditEvent =
  | 'login.success'
  | 'login.failure'
  | 'login.throttled'
  | 'login.ticket'
  | 'logout'
  | 'permission.denied'
  | 'password.changed'
  | 'password.changeFailed'
  | 'password.resetCodeSent'
  | 'password.resetFailed'
  | 'password.reset'
  | 'profile.updated'
  | 'user.created'
  | 'user.updated'
  | 'user.deleted'
  | 'user.disabled'
  | 'user.enabled'
  | 'user.imported'
  | 'password.resetByAdmin'
  | 'org.saved'
  | 'org.deleted'
  | 'org.membersChanged'
  | 'project.deleted'
  | 'device.activated'
  | 'device.keyRotated'
  | 'device.deactivated'
  | 'device.updateUploaded'
  | 'device.updateDeleted';

export interface AuditEntry {
  event: AuditEvent;
  companyId?: string | null;
  userId?: string | null;
  account?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

/** The audit log: sign-in attempts, refusals and account events. It never stores a password. */
export class AuditRepository {
  constructor(private readonly db: Database) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.db.insert(auditLog).values({
      event: entry.event,
      companyId: entry.companyId ?? null,
      userId: entry.userId ?? null,
      account: entry.account ?? null,
      ip: entry.ip ?? null,
      detail: entry.detail ?? null,
    });
  }

  /** Failures of one kind since a time, with the oldest one's time (for Retry-After). */
  async failuresSince(
    by: 'account' | 'ip',
    value: string,
    since: Date,
  ): Promise<{ count: number; oldest: Date | null }> {
    const column = by === 'account' ? auditLog.account : auditLog.ip;
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${auditLog.createdAt})` })
      .from(auditLog)
      .where(and(eq(column, value), eq(auditLog.event, 'login.failure'), gt(auditLog.createdAt, since)));
    return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  }

  /** Events of one kind recorded for an account since a time: count, oldest and newest time (rate limits). */
  async accountEventsSince(
    event: AuditEvent,
    account: string,
    since: Date,
  ): Promise<{ count: number; oldest: Date | null; newest: Date | null }> {
    const [row] = await this.db
      .select({
        count: sql<number>`count(*)::int`,
        oldest: sql<Date | null>`min(${auditLog.createdAt})`,
        newest: sql<Date | null>`max(${auditLog.createdAt})`,
      })
      .from(auditLog)
      .where(and(eq(auditLog.account, account), eq(auditLog.event, event), gt(auditLog.createdAt, since)));
    return {
      count: row?.count ?? 0,
      oldest: row?.oldest ? new Date(row.oldest) : null,
      newest: row?.newest ? new Date(row.newest) : null,
    };
  }

  /** Events of one user since a time (read through the company index), with the oldest one's time. */
  async userEventsSince(
    event: AuditEvent,
    user: { companyId: string; userId: string },
    since: Date,
  ): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${auditLog.createdAt})` })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.companyId, user.companyId),
          gt(auditLog.createdAt, since),
          eq(auditLog.userId, user.userId),
          eq(auditLog.event, event),
        ),
      );
    return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  }
}
