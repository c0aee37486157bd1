import type { LiveEventData, ReportStatus } from '@measure/contract';
import type { DbExecutor } from '../../db/database-handle.ts';
import { EventsRepository } from '../events/events-repository.ts';
import { HouseholdReportsRepository } from './household-reports-repository.ts';

/**
 * Household reports were queued or their rendering moved on: a `report` event each (measurement-api.md
 * section 10), their status as it is now in `db`, with `Household: true` (ReportId is the household
 * report's, downloaded through DownloadReport like a task report). Raised in the transaction of the
 * change, to the streams of those who see the project; pages showing household reports read them again.
 */
export async function raiseHouseholdReportEvents(
  db: DbExecutor,
  companyId: string,
  ids: readonly string[],
): Promise<void> {
  const events = new EventsRepository(db);
  for (const row of await new HouseholdReportsRepository(db).eventRows(companyId, ids)) {
    const data: LiveEventData<'report'> = {
      ReportId: row.id,
      TaskId: row.taskId,
      ProjectId: row.projectId,
      Status: row.status as ReportStatus,
      Household: true,
    };
    await events.raise({ n: 'report', c: companyId, p: row.projectId, d: data });
  }
}
