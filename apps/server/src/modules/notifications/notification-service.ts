import type { Language, VersionNotification } from '@measure/contract';
import { notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { NotificationRepository } from './notification-repository.ts';

/** Version update notices: read state per user, texts in the request's language. */
export class NotificationService {
  private readonly repository: NotificationRepository;

  constructor(db: Database) {
    this.repository = new NotificationRepository(db);
  }

  async latest(auth: AuthContext, lang: Language): Promise<VersionNotification | null> {
    const row = await this.repository.latest(auth.companyId, auth.userId);
    if (!row) return null;
    const { notice } = row;
    const english = lang === 'en-US';
    return {
      UpdateNotificationId: notice.id,
      UpdateTitle: english ? notice.titleEn : notice.titleZh,
      TipsContent: english ? notice.tipsEn : notice.tipsZh,
      UpdateContent: english ? notice.contentEn : notice.contentZh,
      IsReaded: row.isRead,
      CreateTime: notice.createdAt.toISOString(),
    };
  }

  /** With an id: that notice (404 when the caller's company cannot see it); without: every visible notice. */
  async markRead(auth: AuthContext, id?: string): Promise<void> {
    if (id !== undefined && !(await this.repository.isVisible(auth.companyId, id))) throw notFound();
    await this.repository.markRead(auth.companyId, auth.userId, id);
  }
}
