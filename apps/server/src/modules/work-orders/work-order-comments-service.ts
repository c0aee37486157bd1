import type { CommentRow, CommentTarget, PageResult } from '@measure/contract';
import { notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { raiseTaskEvent, raiseWorkOrderEvents } from '../events/live-events.ts';
import { visibleTask } from '../tasks/task-access.ts';
import { WorkOrderCommentsRepository } from './work-order-comments-repository.ts';
import { WorkOrdersRepository } from './work-orders-repository.ts';

interface Target {
  TargetType: CommentTarget;
  TargetId: string;
}

/**
 * Comments on a work order or a task (`Comment/GetCommentList`, `AddComment`): whoever sees the
 * target (a work order of their scope or assigned to them; a task they see or execute) reads and
 * writes them; anything else is 404 like an unknown id.
 */
export class WorkOrderCommentsService {
  constructor(private readonly deps: { db: Database }) {}

  private async visible(db: DbExecutor, auth: AuthContext, target: Target): Promise<void> {
    if (target.TargetType === 'task') {
      await visibleTask(db, auth, target.TargetId);
      return;
    }
    if (!(await new WorkOrdersRepository(db).find(auth, target.TargetId))) throw notFound();
  }

  async list(
    auth: AuthContext,
    body: Target & { PageSize: number; CurrentPage: number },
  ): Promise<PageResult<CommentRow>> {
    await this.visible(this.deps.db, auth, body);
    const { rows, total } = await new WorkOrderCommentsRepository(this.deps.db).page(
      auth.companyId,
      body.TargetType,
      body.TargetId,
      body.PageSize,
      (body.CurrentPage - 1) * body.PageSize,
    );
    return {
      Items: rows.map((row) => ({
        CommentId: row.id,
        TargetType: row.targetType as CommentTarget,
        TargetId: row.targetId,
        UserId: row.userId,
        UserName: row.userName,
        Content: row.content,
        CreateTime: row.createdAt.toISOString(),
      })),
      Total: total,
      PageSize: body.PageSize,
      CurrentPage: body.CurrentPage,
    };
  }

  async add(auth: AuthContext, body: Target & { Content: string }): Promise<string> {
    return this.deps.db.transaction(async (tx) => {
      await this.visible(tx, auth, body);
      const userName = await new WorkOrdersRepository(tx).userName(auth.companyId, auth.userId);
      const commentId = await new WorkOrderCommentsRepository(tx).insert(auth.companyId, {
        targetType: body.TargetType,
        targetId: body.TargetId,
        userId: auth.userId,
        userName,
        content: body.Content,
      });
      // Open pages of the work order or task read its comments again.
      if (body.TargetType === 'task') await raiseTaskEvent(tx, auth.companyId, body.TargetId);
      else await raiseWorkOrderEvents(tx, auth.companyId, [body.TargetId]);
      return commentId;
    });
  }
}
