import type { ReportQueuedReason } from '@measure/contract';
import type { DbExecutor } from '../../db/database-handle.ts';
import { raiseReportEvent } from '../events/live-events.ts';
import { ReportsRepository } from './reports-repository.ts';

/**
 * Queues the rendering of a task's report inside the caller's transaction (finish, audit, results,
 * review corrections): the report row and the graphile-worker job commit or roll back with the
 * change. Nothing happens while the task is not finished (uploaded or completed). The reason is
 * kept on the report: a rendition it supersedes says why it was rendered again.
 */
export async function queueReport(
  tx: DbExecutor,
  companyId: string,
  taskId: string,
  reason: ReportQueuedReason,
): Promise<boolean> {
  const queued = await new ReportsRepository(tx).queue(companyId, taskId, reason);
  if (queued) await raiseReportEvent(tx, companyId, taskId);
  return queued;
}
