import type { ReportQueuedReason } from '@measure/contract';
import type { DbExecutor } from '../../db/database-handle.ts';
import { raiseReportEvent } from '../events/live-events.ts';
import { HouseholdReportsRepository } from './household-reports-repository.ts';
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
  // New or corrected readings: the household reports already asked for follow them (a job per task).
  if (reason === 'results' || reason === 'correction') await queueHouseholdRefresh(tx, companyId, taskId);
  const queued = await new ReportsRepository(tx).queue(companyId, taskId, reason);
  if (queued) await raiseReportEvent(tx, companyId, taskId);
  return queued;
}

/**
 * A task's readings or ready scans changed (results batch, manual entry, review correction, derived
 * site, a scan made ready): its household reports that were asked for are queued again where their
 * data changed, by one job per task a few seconds later (repeats collapse on its job key).
 */
export async function queueHouseholdRefresh(
  tx: DbExecutor,
  companyId: string,
  taskId: string,
): Promise<void> {
  await new HouseholdReportsRepository(tx).queueRefresh(companyId, taskId);
}
