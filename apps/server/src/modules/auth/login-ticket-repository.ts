import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { loginTickets, users } from '../../db/schema.ts';
import { hashToken, newToken } from './tokens.ts';

export const LOGIN_TICKET_TTL_MS = 60_000;

/** One-time login tickets for GetTokenByID: single use, 60 s, stored hashed. */
export class LoginTicketRepository {
  constructor(private readonly db: DbExecutor) {}

  async create(user: { userId: string; companyId: string }): Promise<{ id: string; expiresAt: Date }> {
    const ticket = newToken();
    const expiresAt = new Date(Date.now() + LOGIN_TICKET_TTL_MS);
    await this.db
      .insert(loginTickets)
      .values({ userId: user.userId, companyId: user.companyId, ticketHash: hashToken(ticket), expiresAt });
    return { id: ticket, expiresAt };
  }

  /** Marks the ticket used and returns its (enabled) user; one statement, so it is used once only. */
  async redeem(ticket: string): Promise<{ userId: string; companyId: string } | undefined> {
    const now = new Date();
    const [row] = await this.db
      .update(loginTickets)
      .set({ usedAt: now })
      .where(
        and(
          eq(loginTickets.ticketHash, hashToken(ticket)),
          isNull(loginTickets.usedAt),
          gt(loginTickets.expiresAt, now),
        ),
      )
      .returning({ userId: loginTickets.userId, companyId: loginTickets.companyId });
    if (!row) return undefined;
    const [user] = await this.db
      .select({ status: users.status })
      .from(users)
      .where(and(eq(users.companyId, row.companyId), eq(users.id, row.userId)));
    return user?.status === 1 ? row : undefined;
  }
}
