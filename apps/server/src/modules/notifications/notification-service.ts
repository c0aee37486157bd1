import {
  COMPANY_TIME_ZONE,
  formatDateTimeWithZone,
  formatMessage,
  MESSAGE_KINDS,
  type Language,
  type MessageKey,
  type MessageKind,
  type MessageRow,
  type PageResult,
  taskNameIn,
  type VersionNotification,
} from '@measure/contract';
import { notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { MessageRepository, type MessageListRow } from './message-repository.ts';
import { raiseMessageEvents } from '../events/live-events.ts';
import { NotificationRepository } from './notification-repository.ts';

const kindOf = (kind: string): MessageKind =>
  (MESSAGE_KINDS as readonly string[]).includes(kind) ? (kind as MessageKind) : 'version';

/**
 * A message's params as its text shows them: the offline notice's `since` is an instant (ISO), shown
 * in the reader's language and the company's zone, named. Notices stored before kept a Shanghai wall
 * time (`YYYY-MM-DD HH:MM`), read as such.
 */
function shownParams(
  kind: MessageKind,
  params: Record<string, string>,
  lang: Language,
): Record<string, string> {
  if (kind !== 'deviceOffline' || !params.since) return params;
  const since = SHANGHAI_WALL_TIME.test(params.since)
    ? `${params.since.replace(' ', 'T')}:00+08:00`
    : params.since;
  return { ...params, since: formatDateTimeWithZone(since, lang, COMPANY_TIME_ZONE) || params.since };
}
const SHANGHAI_WALL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/** A list entry in the reader's language: version notices carry both texts, messages a kind and params. */
function toMessageRow(row: MessageListRow, lang: Language): MessageRow {
  const english = lang === 'en-US';
  const kind = kindOf(row.kind);
  const params = { ...row.params };
  if (params.task !== undefined)
    params.task = taskNameIn({ name: params.task, nameParts: row.task_name_parts }, lang);
  const text = (part: 'title' | 'content') =>
    formatMessage(
      lang,
      `notifications.message.${kind}.${part}` as MessageKey,
      shownParams(kind, params, lang),
    );
  return {
    MessageId: row.id,
    Kind: kind,
    Title: kind === 'version' ? ((english ? row.title_en : row.title_zh) ?? '') : text('title'),
    Content: kind === 'version' ? ((english ? row.text_en : row.text_zh) ?? '') : text('content'),
    IsReaded: row.is_read,
    CreateTime: new Date(row.created_at).toISOString(),
    ProjectId: row.project_id,
    TaskId: row.task_id,
    WorkOrderId: row.work_order_id,
  };
}

/**
 * Version update notices and the message list: read state per user, texts in the request's language.
 * A user only ever reaches their own messages (every query names the caller's company and user).
 */
export class NotificationService {
  private readonly repository: NotificationRepository;
  private readonly messages: MessageRepository;

  constructor(private readonly db: Database) {
    this.repository = new NotificationRepository(db);
    this.messages = new MessageRepository(db);
  }

  async messageList(
    auth: AuthContext,
    lang: Language,
    body: {
      UnreadOnly?: boolean | null;
      IsReaded?: boolean | null;
      Kind?: MessageKind | null;
      StartDate?: string | null;
      EndDate?: string | null;
      PageSize: number;
      CurrentPage: number;
    },
  ): Promise<PageResult<MessageRow> & { Unread: number }> {
    const { rows, total, unread } = await this.messages.page(
      auth,
      {
        read: body.UnreadOnly ? false : body.IsReaded,
        kind: body.Kind,
        from: body.StartDate,
        to: body.EndDate,
      },
      body.PageSize,
      (body.CurrentPage - 1) * body.PageSize,
    );
    return {
      Items: rows.map((row) => toMessageRow(row, lang)),
      Total: total,
      PageSize: body.PageSize,
      CurrentPage: body.CurrentPage,
      Unread: unread,
    };
  }

  async unreadCount(auth: AuthContext): Promise<{ Unread: number }> {
    return { Unread: (await this.messages.counts(auth.companyId, auth.userId)).unread };
  }

  /**
   * With an id: the caller's message or a version notice their company sees (404 otherwise, also for
   * another user's message); without: all of the caller's messages and notices.
   */
  async markMessageRead(auth: AuthContext, id?: string | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      const messages = new MessageRepository(tx);
      // The user's other tabs re-read their unread badge (a message event, sent on commit); "all
      // read" names the newest message it marked.
      if (!id) {
        const newest = await messages.markAllMessagesRead(auth.companyId, auth.userId);
        await new NotificationRepository(tx).markRead(auth.companyId, auth.userId);
        if (newest) await raiseMessageEvents(tx, auth.companyId, [newest], { read: true });
        return;
      }
      const marked = await messages.markMessageRead(auth.companyId, auth.userId, id);
      if (marked === 'unchanged') return;
      if (marked) {
        await raiseMessageEvents(tx, auth.companyId, [marked], { read: true });
        return;
      }
      const notices = new NotificationRepository(tx);
      if (!(await notices.isVisible(auth.companyId, id))) throw notFound();
      await notices.markRead(auth.companyId, auth.userId, id);
    });
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
      // Spec section 4: the flag says "to be read" (dialog opens), not "has been read" as in the message list.
      IsReaded: !row.isRead,
      CreateTime: notice.createdAt.toISOString(),
    };
  }

  /** With an id: that notice (404 when the caller's company cannot see it); without: every visible notice. */
  async markRead(auth: AuthContext, id?: string): Promise<void> {
    if (id !== undefined && !(await this.repository.isVisible(auth.companyId, id))) throw notFound();
    await this.repository.markRead(auth.companyId, auth.userId, id);
  }
}
