import { createHash } from 'node:crypto';
import type { ApartmentReport } from '@measure/contract';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { figuresOf } from '../results/judge-readings.ts';
import { visibleTask } from '../tasks/task-access.ts';
import { HouseholdReportsRepository } from './household-reports-repository.ts';
import { ReportsRepository } from './reports-repository.ts';

type ApartmentStatus = ApartmentReport['Status'];

/**
 * Per-household reports of a task (GetApartmentReports, measurement-api.md section 8): every measured
 * household with its figures (the rollups' sums, the same as the task report's household rows) and
 * its own report. Asking queues the reports whose stamp changed (the household's figures or its
 * ready scans), so a report follows its data; each renders as a job (household-report-job.ts) and is
 * downloaded through DownloadReport by its ReportId. Gated by the company's modelling feature.
 */
export class HouseholdReportsService {
  constructor(
    private readonly deps: {
      db: Database;
      /** Throws Code 403 `features.notEnabled` while the company's modelling is off. */
      requireModeling: (companyId: string) => Promise<void>;
    },
  ) {}

  async list(auth: AuthContext, taskId: string): Promise<ApartmentReport[]> {
    await this.deps.requireModeling(auth.companyId);
    const { task } = await visibleTask(this.deps.db, auth, taskId);
    return this.deps.db.transaction(async (tx) => {
      const repository = new HouseholdReportsRepository(tx);
      const counts = await new ReportsRepository(tx).householdCounts(auth.companyId, task.id);
      const scans = await repository.readyScans(auth.companyId, task.id);
      const households = counts.map((row) => {
        const figures = figuresOf(row);
        const scanIds = scans
          .filter(
            (scan) =>
              scan.buildingNumber === row.buildingNumber &&
              scan.floor === row.floor &&
              scan.household === row.household,
          )
          .map((scan) => scan.id);
        const stamp = createHash('sha256').update(JSON.stringify({ figures, scanIds })).digest('hex');
        return {
          buildingNumber: row.buildingNumber,
          floor: row.floor,
          household: row.household,
          figures,
          stamp,
        };
      });
      await repository.queue(auth.companyId, { id: task.id, projectId: task.projectId }, households);
      const rows = await repository.ofTask(auth.companyId, task.id);
      return households.map((household) => {
        const row = rows.find(
          (candidate) =>
            candidate.buildingNumber === household.buildingNumber &&
            candidate.floor === household.floor &&
            candidate.household === household.household,
        );
        return {
          BuildingNumber: household.buildingNumber,
          Floor: household.floor,
          Household: household.household,
          Figures: household.figures,
          ReportId: row?.id ?? null,
          Status: (row?.status ?? 'queued') as ApartmentStatus,
          HasModelView: row?.status === 'ready' ? row.hasModelView : false,
        };
      });
    });
  }
}
