import type { LiveEventData, ScanStatus } from '@measure/contract';
import type { DbExecutor } from '../../db/database-handle.ts';
import { EventsRepository } from '../events/events-repository.ts';

/**
 * A scan was registered or its processing moved on: raised with the transaction of the change (sent
 * on commit, never for a rollback) to the streams of those who see the scan's project.
 */
export async function raiseScanEvent(
  db: DbExecutor,
  companyId: string,
  scan: { id: string; taskId: string; projectId: string; status: string; progress: number | null },
): Promise<void> {
  const data: LiveEventData<'scan'> = {
    ScanId: scan.id,
    TaskId: scan.taskId,
    ProjectId: scan.projectId,
    Status: scan.status as ScanStatus,
    Progress: scan.progress,
  };
  await new EventsRepository(db).raise({ n: 'scan', c: companyId, p: scan.projectId, d: data });
}
