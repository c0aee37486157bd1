import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { notificationReads, updateNotifications } from '../../db/schema.ts';

export type NotificationRecord = typeof updateNotifications.$inferSelect;

/** A notice is visible to a company when it is for every company (null) or for that company. */
const visibleTo = (companyId: string) =>
  or(isNull(updateNotifications.companyId), eq(updateNotifications.companyId, companyId));

export class NotificationRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The newest notice visible to the company, with whether this user has read it. */
  async latest(
    companyId: string,
    userId: string,
  ): Promise<{ notice: NotificationRecord; isRead: boolean } | undefined> {
    const [row] = await this.db
      .select({
        notice: updateNotifications,
        isRead: sql<boolean>`${notificationReads.userId} is not null`,
      })
      .from(updateNotifications)
      .leftJoin(
        notificationReads,
        and(
          eq(notificationReads.notificationId, updateNotifications.id),
          eq(notificationReads.userId, userId),
        ),
      )
      .where(visibleTo(companyId))
      .orderBy(desc(updateNotifications.createdAt), desc(updateNotifications.id))
      .limit(1);
    return row;
  }

  async isVisible(companyId: string, id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: updateNotifications.id })
      .from(updateNotifications)
      .where(and(eq(updateNotifications.id, id), visibleTo(companyId)));
    return row !== undefined;
  }

  /** Marks one visible notice, or all of them, read for the user; marking twice changes nothing. */
  async markRead(companyId: string, userId: string, id?: string): Promise<void> {
    const conditions = [visibleTo(companyId)];
    if (id !== undefined) conditions.push(eq(updateNotifications.id, id));
    await this.db
      .insert(notificationReads)
      .select(
        this.db
          .select({
            userId: sql<string>`${userId}::uuid`.as('user_id'),
            notificationId: updateNotifications.id,
            companyId: sql<string>`${companyId}::uuid`.as('company_id'),
            readAt: sql<Date>`now()`.as('read_at'),
          })
          .from(updateNotifications)
          .where(and(...conditions)),
      )
      .onConflictDoNothing();
  }
}
