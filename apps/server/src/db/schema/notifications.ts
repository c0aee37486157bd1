/** Update notices and their reads, messages to users and comments on work orders and tasks. */
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns.ts';
import { companies, companyId } from './companies.ts';
import { users } from './identity.ts';
import { projects } from './projects.ts';
import { tasks } from './tasks.ts';
import { workOrders } from './work-orders.ts';

/** Version update notices; a null company means every company. Texts in both languages. */
export const updateNotifications = pgTable('update_notifications', {
  id: id(),
  companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  titleZh: text('title_zh').notNull(),
  titleEn: text('title_en').notNull(),
  tipsZh: text('tips_zh').notNull(),
  tipsEn: text('tips_en').notNull(),
  contentZh: text('content_zh').notNull(),
  contentEn: text('content_en').notNull(),
  createdAt: createdAt(),
});

export const notificationReads = pgTable(
  'notification_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => updateNotifications.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.notificationId] })],
);

/**
 * Messages to one user (issue 18 item 4): written by the service where the event happens, in the
 * same transaction. `kind` picks the text (`notifications.message.<kind>.*`), `params` fills it, so a
 * message reads in the reader's language. The version notices (`update_notifications`) join the
 * list at read time.
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    companyId: companyId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** workOrderAssigned | taskFinished | reportAudited | deviceOffline */
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    workOrderId: uuid('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('messages_user_idx').on(table.companyId, table.userId, table.createdAt)],
);

/** Comments on a work order or a task (`Comment/GetCommentList`); the target is checked on every call. */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    companyId: companyId(),
    /** workOrder | task */
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('comments_target_idx').on(table.companyId, table.targetType, table.targetId, table.createdAt),
  ],
);
