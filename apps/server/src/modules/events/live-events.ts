import type { LiveEventData, MessageKind, ReportStatus, TaskState, WorkOrderState } from '@measure/contract';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { InsertedMessage } from '../notifications/message-repository.ts';
import { figuresOf } from '../results/judge-readings.ts';
import { ResultsRepository } from '../results/results-repository.ts';
import { noFigures } from '../tasks/task-rows.ts';
import { EventsRepository } from './events-repository.ts';

/**
 * Raising live events (GET /api/events). Call these with the transaction of the change: the event
 * is sent when it commits and never when it rolls back (PostgreSQL NOTIFY), to the streams of every
 * instance. They only announce; callers decide when something changed.
 */

/**
 * A task's state or figures changed: its state and figures as they are now in `db`. A deletion
 * raises it (`deleted`) before the task's rows go, with its last state and figures.
 */
export async function raiseTaskEvent(
  db: DbExecutor,
  companyId: string,
  taskId: string,
  change: { deleted?: boolean } = {},
): Promise<void> {
  const repository = new EventsRepository(db);
  const task = await repository.taskState(companyId, taskId);
  if (!task) return;
  const [counts] = await new ResultsRepository(db).taskCounts(companyId, [taskId]);
  const data: LiveEventData<'task'> = {
    TaskId: taskId,
    ProjectId: task.projectId,
    State: task.state as TaskState,
    Figures: counts ? figuresOf(counts) : noFigures(),
    ...(change.deleted ? { Deleted: true as const } : {}),
  };
  await repository.raise({ n: 'task', c: companyId, p: task.projectId, d: data });
}

/** A data backup or restore moved on (state, progress): callers with `data.backup` get it. */
export async function raiseBackupEvent(
  db: DbExecutor,
  companyId: string,
  data: LiveEventData<'backup'>,
): Promise<void> {
  await new EventsRepository(db).raise({ n: 'backup', c: companyId, d: data });
}

/** A device's online state or battery changed (its holder and device distributors see it). */
export async function raiseDeviceEvent(
  db: DbExecutor,
  companyId: string,
  device: { id: string; holderId: string | null; online: boolean; battery: number | null },
): Promise<void> {
  const data: LiveEventData<'device'> = {
    DeviceGuid: device.id,
    Online: device.online,
    Battery: device.battery === null ? null : Math.round(device.battery),
  };
  await new EventsRepository(db).raise({ n: 'device', c: companyId, h: device.holderId, d: data });
}

/** The task's report was queued or its rendering moved on: its status as it is now in `db`. */
export async function raiseReportEvent(db: DbExecutor, companyId: string, taskId: string): Promise<void> {
  const repository = new EventsRepository(db);
  const report = await repository.reportOfTask(companyId, taskId);
  if (!report) return;
  const data: LiveEventData<'report'> = {
    ReportId: report.id,
    TaskId: taskId,
    ProjectId: report.projectId,
    Status: report.status as ReportStatus,
  };
  await repository.raise({ n: 'report', c: companyId, p: report.projectId, d: data });
}

/** Work orders were created or changed (state, assignee, re-measure task): as they are now in `db`. */
export async function raiseWorkOrderEvents(
  db: DbExecutor,
  companyId: string,
  workOrderIds: readonly string[],
): Promise<void> {
  const repository = new EventsRepository(db);
  for (const order of await repository.workOrders(companyId, workOrderIds)) {
    const data: LiveEventData<'workOrder'> = {
      WorkOrderId: order.id,
      ProjectId: order.projectId,
      TaskId: order.taskId,
      State: order.state as WorkOrderState,
    };
    await repository.raise({ n: 'workOrder', c: companyId, p: order.projectId, d: data });
  }
}

/** New messages, or (`read`) messages marked read: each reaches its recipient's streams only. */
export async function raiseMessageEvents(
  db: DbExecutor,
  companyId: string,
  messages: readonly InsertedMessage[],
  change: { read?: boolean } = {},
): Promise<void> {
  const repository = new EventsRepository(db);
  for (const message of messages) {
    const data: LiveEventData<'message'> = {
      MessageId: message.id,
      Kind: message.kind as MessageKind,
      ProjectId: message.projectId,
      TaskId: message.taskId,
      WorkOrderId: message.workOrderId,
      ...(change.read ? { Read: true as const } : {}),
    };
    await repository.raise({ n: 'message', c: companyId, u: message.userId, d: data });
  }
}
