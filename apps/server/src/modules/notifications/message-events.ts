import type { DbExecutor } from '../../db/database-handle.ts';
import { raiseMessageEvents } from '../events/live-events.ts';
import { MessageRepository } from './message-repository.ts';

/**
 * The writers of the message list, called by the services where the events happen, inside their
 * transaction (a rolled-back event leaves no message). Nobody is told about their own action.
 */

/** Work orders given an assignee (created with one, bulk-created with one, or assigned). */
export async function messageWorkOrdersAssigned(
  tx: DbExecutor,
  companyId: string,
  workOrderIds: readonly string[],
  actorId: string,
): Promise<void> {
  const added = await new MessageRepository(tx).addWorkOrderAssigned(companyId, workOrderIds, actorId);
  await raiseMessageEvents(tx, companyId, added);
}

/**
 * A task finished (uploaded: its planner is told) or audited (its report is final: planner and
 * surveyors are told). `actorId` is null when a device finished it.
 */
export async function messageTaskEvent(
  tx: DbExecutor,
  companyId: string,
  taskId: string,
  kind: 'taskFinished' | 'reportAudited',
  actorId: string | null,
): Promise<void> {
  const repository = new MessageRepository(tx);
  const task = await repository.taskAudience(companyId, taskId);
  if (!task) return;
  const audience = new Set(
    kind === 'taskFinished' ? [task.createdBy] : [task.createdBy, ...task.surveyorIds],
  );
  audience.delete(actorId);
  const added = await repository.insert(
    companyId,
    [...audience]
      .filter((userId): userId is string => userId !== null)
      .map((userId) => ({
        userId,
        kind,
        params: { task: task.name, project: task.projectName },
        projectId: task.projectId,
        taskId: task.id,
      })),
  );
  await raiseMessageEvents(tx, companyId, added);
}
