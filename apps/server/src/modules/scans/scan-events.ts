import type { LiveEventData, ScanStatus } from '@measure/contract';
import { FeatureGate } from '../../core/feature-gate.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import { EventsRepository } from '../events/events-repository.ts';

/**
 * A scan was registered or its processing moved on: raised with the transaction of the change (sent
 * on commit, never for a rollback) to the streams of those who see the scan's project. Held back
 * while the company's modelling is off (the scan is still stored and processed; its pages are gated,
 * so its events would tell of what the company cannot see); a page opened once the gate is on reads
 * the scans then.
 */
export async function raiseScanEvent(
  db: DbExecutor,
  companyId: string,
  scan: { id: string; taskId: string; projectId: string; status: string; progress: number | null },
): Promise<void> {
  if (!(await new FeatureGate(db).enabled(companyId, 'modeling'))) return;
  const data: LiveEventData<'scan'> = {
    ScanId: scan.id,
    TaskId: scan.taskId,
    ProjectId: scan.projectId,
    Status: scan.status as ScanStatus,
    Progress: scan.progress,
  };
  await new EventsRepository(db).raise({ n: 'scan', c: companyId, p: scan.projectId, d: data });
}
