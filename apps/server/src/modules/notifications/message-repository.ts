import { COMPANY_TIME_ZONE } from '@measure/contract';
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import {
  messages,
  notificationReads,
  projects,
  taskSurveyors,
  tasks,
  updateNotifications,
  workOrders,
} from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { assignedProjectCondition } from '../projects/project-access-repository.ts';

export type NewMessage = Omit<typeof messages.$inferInsert, 'id' | 'companyId' | 'readAt' | 'createdAt'>;

/** One entry of the list: a message of the user, or a version notice visible to the company. */
export type MessageListRow = {
  id: string;
  kind: string;
  params: Record<string, string> | null;
  title_zh: string | null;
  title_en: string | null;
  text_zh: string | null;
  text_en: string | null;
  project_id: string | null;
  task_id: string | null;
  work_order_id: string | null;
  /** The parts of the message's task name when the system made it (the `task` param follows the reader). */
  task_name_parts: unknown;
  is_read: boolean;
  created_at: Date | string;
};

/** What a new message's live event names (events/live-events.ts). */
const insertedColumns = {
  id: messages.id,
  userId: messages.userId,
  kind: messages.kind,
  projectId: messages.projectId,
  taskId: messages.taskId,
  workOrderId: messages.workOrderId,
};
export interface InsertedMessage {
  id: string;
  userId: string;
  /** A stored kind (one of MESSAGE_KINDS). */
  kind: string;
  projectId: string | null;
  taskId: string | null;
  workOrderId: string | null;
}

/** The message list's filters; dates are days (YYYY-MM-DD) in the company time zone, both included. */
export interface MessageFilter {
  /** true: read entries only; false: unread entries only. */
  read?: boolean | null;
  kind?: string | null;
  from?: string | null;
  to?: string | null;
}

/** The filter as a condition on the entries `e`. */
function filtered(filter: MessageFilter) {
  const conditions = [sql`true`];
  if (filter.read === true) conditions.push(sql`e.is_read`);
  if (filter.read === false) conditions.push(sql`not e.is_read`);
  if (filter.kind) conditions.push(sql`e.kind = ${filter.kind}`);
  if (filter.from)
    conditions.push(sql`e.created_at >= (${filter.from}::date)::timestamp at time zone ${COMPANY_TIME_ZONE}`);
  if (filter.to)
    conditions.push(
      sql`e.created_at < (${filter.to}::date + 1)::timestamp at time zone ${COMPANY_TIME_ZONE}`,
    );
  return sql.join(conditions, sql` and `);
}

export class MessageRepository {
  constructor(private readonly db: DbExecutor) {}

  async insert(companyId: string, rows: readonly NewMessage[]): Promise<InsertedMessage[]> {
    if (rows.length === 0) return [];
    return this.db
      .insert(messages)
      .values(rows.map((row) => ({ ...row, companyId })))
      .returning(insertedColumns);
  }

  /** "New work order": one message to the assignee of each order, unless the assignee made the move. */
  async addWorkOrderAssigned(
    companyId: string,
    workOrderIds: readonly string[],
    actorId: string,
  ): Promise<InsertedMessage[]> {
    if (workOrderIds.length === 0) return [];
    return this.db
      .insert(messages)
      .select(
        this.db
          .select({
            id: sql<string>`gen_random_uuid()`.as('id'),
            companyId: workOrders.companyId,
            userId: sql<string>`${workOrders.assigneeId}`.as('user_id'),
            kind: sql<string>`'workOrderAssigned'`.as('kind'),
            params: sql<Record<string, string>>`jsonb_build_object('order', ${workOrders.orderNumber},
              'project', ${projects.name}, 'building', ${workOrders.buildingNumber},
              'floor', ${workOrders.floor}::text)`.as('params'),
            projectId: workOrders.projectId,
            taskId: sql<null>`null::uuid`.as('task_id'),
            workOrderId: workOrders.id,
            readAt: sql<null>`null::timestamptz`.as('read_at'),
            createdAt: sql<Date>`now()`.as('created_at'),
          })
          .from(workOrders)
          .innerJoin(projects, eq(projects.id, workOrders.projectId))
          .where(
            and(
              eq(workOrders.companyId, companyId),
              inArray(workOrders.id, [...workOrderIds]),
              isNotNull(workOrders.assigneeId),
              ne(workOrders.assigneeId, actorId),
            ),
          ),
      )
      .returning(insertedColumns);
  }

  /** The user's messages and the company's version notices, with the user's read state. */
  private entries(companyId: string, userId: string) {
    return sql`(
      select m.id, m.kind, m.params, null::text as title_zh, null::text as title_en,
        null::text as text_zh, null::text as text_en, m.project_id, m.task_id, m.work_order_id,
        (select t.name_parts from ${tasks} t where t.id = m.task_id and t.company_id = m.company_id)
          as task_name_parts,
        m.read_at is not null as is_read, m.created_at
      from ${messages} m where m.company_id = ${companyId} and m.user_id = ${userId}
      union all
      select n.id, 'version', null, n.title_zh, n.title_en,
        n.tips_zh || E'\n' || n.content_zh, n.tips_en || E'\n' || n.content_en, null, null, null, null,
        r.user_id is not null, n.created_at
      from ${updateNotifications} n
      left join ${notificationReads} r on r.notification_id = n.id and r.user_id = ${userId}
      where n.company_id is null or n.company_id = ${companyId}
    )`;
  }

  /**
   * A page of the caller's list. `task_id` and `work_order_id` only while the caller sees the task or
   * work order (the rule of both: its project, `project_id`, is one he sees), so a message never links
   * to a refused page (an assignee taken off the project keeps the message, not the link).
   */
  async page(auth: AuthContext, filter: MessageFilter, limit: number, offset: number) {
    const entries = this.entries(auth.companyId, auth.userId);
    const linkShown = assignedProjectCondition(auth, sql`e.project_id`);
    const result = await this.db.execute<MessageListRow>(sql`
      select e.id, e.kind, e.params, e.title_zh, e.title_en, e.text_zh, e.text_en, e.project_id,
        case when ${linkShown} then e.task_id end as task_id, e.task_name_parts,
        case when ${linkShown} then e.work_order_id end as work_order_id, e.is_read, e.created_at
      from ${entries} e where ${filtered(filter)}
      order by e.created_at desc, e.id desc limit ${limit} offset ${offset}`);
    const counts = await this.counts(auth.companyId, auth.userId, filter);
    return { rows: result.rows, ...counts };
  }

  /** `unread`: all the user's unread entries; `total`: the entries the filter keeps. */
  async counts(companyId: string, userId: string, filter: MessageFilter = {}) {
    const result = await this.db.execute<{ unread: number; total: number }>(sql`
      select count(*) filter (where not e.is_read)::int as unread,
        count(*) filter (where ${filtered(filter)})::int as total
      from ${this.entries(companyId, userId)} e`);
    return { unread: result.rows[0]?.unread ?? 0, total: result.rows[0]?.total ?? 0 };
  }

  /**
   * Marks one message of the user read: the message when it was unread, `unchanged` when it was read
   * already, null when the user has no such message.
   */
  async markMessageRead(
    companyId: string,
    userId: string,
    id: string,
  ): Promise<InsertedMessage | 'unchanged' | null> {
    const [changed] = await this.db
      .update(messages)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(messages.companyId, companyId),
          eq(messages.userId, userId),
          eq(messages.id, id),
          isNull(messages.readAt),
        ),
      )
      .returning(insertedColumns);
    if (changed) return changed;
    const rows = await this.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.userId, userId), eq(messages.id, id)));
    return rows.length > 0 ? 'unchanged' : null;
  }

  /** Marks every unread message of the user read; answers the newest of them, if any. */
  async markAllMessagesRead(companyId: string, userId: string): Promise<InsertedMessage | undefined> {
    const marked = await this.db
      .update(messages)
      .set({ readAt: sql`now()` })
      .where(and(eq(messages.companyId, companyId), eq(messages.userId, userId), isNull(messages.readAt)))
      .returning({ ...insertedColumns, createdAt: messages.createdAt });
    const newest = marked.reduce<(typeof marked)[number] | undefined>(
      (last, row) => (!last || row.createdAt > last.createdAt ? row : last),
      undefined,
    );
    if (!newest) return undefined;
    const { createdAt: _createdAt, ...message } = newest;
    return message;
  }

  /** What a task's messages say and whom they reach: its planner and its surveyors. */
  async taskAudience(companyId: string, taskId: string) {
    const [task] = await this.db
      .select({
        id: tasks.id,
        name: tasks.name,
        projectId: tasks.projectId,
        projectName: projects.name,
        createdBy: tasks.createdBy,
      })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .where(and(eq(tasks.companyId, companyId), eq(tasks.id, taskId)));
    if (!task) return undefined;
    const surveyors = await this.db
      .select({ userId: taskSurveyors.userId })
      .from(taskSurveyors)
      .where(and(eq(taskSurveyors.companyId, companyId), eq(taskSurveyors.taskId, taskId)));
    return { ...task, surveyorIds: surveyors.map((row) => row.userId) };
  }
}
