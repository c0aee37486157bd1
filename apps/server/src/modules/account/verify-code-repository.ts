import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { verifyCodes } from '../../db/schema.ts';

export type VerifyCodeChannel = 'email' | 'phone';

export interface OpenVerifyCode {
  id: string;
  codeHash: string;
  attempts: number;
}

/** Password-reset codes: only their SHA-256 is stored. Used inside the reset service's transactions. */
export class VerifyCodeRepository {
  constructor(private readonly db: DbExecutor) {}

  /**
   * Serialises code requests for one address until the transaction ends, so two concurrent requests
   * cannot both pass the resend limits.
   */
  async lockAddress(address: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`verify-code:${address}`}))`);
  }

  async newestCreatedAt(userId: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ createdAt: verifyCodes.createdAt })
      .from(verifyCodes)
      .where(eq(verifyCodes.userId, userId))
      .orderBy(desc(verifyCodes.createdAt))
      .limit(1);
    return row?.createdAt ?? null;
  }

  /** Ends every unused code of the user (a new code replaces them). */
  async invalidateOpen(userId: string, at: Date): Promise<void> {
    await this.db
      .update(verifyCodes)
      .set({ usedAt: at })
      .where(and(eq(verifyCodes.userId, userId), isNull(verifyCodes.usedAt)));
  }

  async insert(values: {
    companyId: string;
    userId: string;
    channel: VerifyCodeChannel;
    codeHash: string;
    expiresAt: Date;
  }): Promise<string> {
    const [row] = await this.db
      .insert(verifyCodes)
      .values({ ...values, attempts: 0 })
      .returning({ id: verifyCodes.id });
    if (!row) throw new Error('verify code insert returned nothing');
    return row.id;
  }

  /** The newest unused, unexpired code of the user for a channel, locked until the transaction ends. */
  async newestOpenForUpdate(
    userId: string,
    channel: VerifyCodeChannel,
    now: Date,
  ): Promise<OpenVerifyCode | undefined> {
    const [row] = await this.db
      .select({ id: verifyCodes.id, codeHash: verifyCodes.codeHash, attempts: verifyCodes.attempts })
      .from(verifyCodes)
      .where(
        and(
          eq(verifyCodes.userId, userId),
          eq(verifyCodes.channel, channel),
          isNull(verifyCodes.usedAt),
          gt(verifyCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(verifyCodes.createdAt))
      .limit(1)
      .for('update');
    return row;
  }

  /** Counts a wrong try; returns the tries made so far. */
  async recordWrongAttempt(companyId: string, id: string): Promise<number> {
    const [row] = await this.db
      .update(verifyCodes)
      .set({ attempts: sql`${verifyCodes.attempts} + 1` })
      .where(and(eq(verifyCodes.companyId, companyId), eq(verifyCodes.id, id)))
      .returning({ attempts: verifyCodes.attempts });
    return row?.attempts ?? 0;
  }

  async markUsed(companyId: string, id: string, at: Date): Promise<void> {
    await this.db
      .update(verifyCodes)
      .set({ usedAt: at })
      .where(and(eq(verifyCodes.companyId, companyId), eq(verifyCodes.id, id)));
  }
}
