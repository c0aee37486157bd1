import { createHash } from 'node:crypto';
import type { ApartmentReport, Figures } from '@measure/contract';
import { FeatureGate } from '../../core/feature-gate.ts';
import type { Database } from '../../db/client.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { figuresOf } from '../results/judge-readings.ts';
import { visibleTask } from '../tasks/task-access.ts';
import { TasksRepository } from '../tasks/tasks-repository.ts';
import { raiseHouseholdReportEvents } from './household-report-events.ts';
import {
  type HouseholdPlace,
  type HouseholdRefreshPayload,
  HouseholdReportsRepository,
} from './household-reports-repository.ts';
import { ReportsRepository } from './reports-repository.ts';

type ApartmentStatus = ApartmentReport['Status'];

interface HouseholdStamp extends HouseholdPlace {
  figures: Figures;
  stamp: string;
}

/**
 * Every measured household of the task with its figures (the rollups' sums, the same as the task
 * report's household rows) and its stamp: a hash of the figures and of its ready scans' ids.
 */
async function householdStamps(tx: DbExecutor, companyId: string, taskId: string): Promise<HouseholdStamp[]> {
  const counts = await new ReportsRepository(tx).householdCounts(companyId, taskId);
  const scans = await new HouseholdReportsRepository(tx).readyScans(companyId, taskId);
  return counts.map((row) => {
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
    return { buildingNumber: row.buildingNumber, floor: row.floor, household: row.household, figures, stamp };
  });
}

/** The answer's rows: each household with its report's row (queued until it has one). */
function answerRows(
  households: HouseholdStamp[],
  rows: Awaited<ReturnType<HouseholdReportsRepository['ofTask']>>,
): ApartmentReport[] {
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
}

/**
 * Per-household reports of a task (GetApartmentReports, measurement-api.md section 8): every measured
 * household with its figures (the rollups' sums, the same as the task report's household rows) and
 * its own report. Asking queues the reports whose stamp changed (the household's figures or its
 * ready scans), and so does a change of the task's readings or scans for the reports already asked
 * for (`refresh`); each renders as a job (household-report-job.ts), raising `report` as it moves,
 * and is downloaded through DownloadReport by its ReportId. Gated by the company's modelling feature.
 */
export class HouseholdReportsService {
  constructor(
    private readonly deps: {
      db: Database;
      /** Throws Code 403 `features.notEnabled` while the company's modelling is off. */
      requireModeling: (companyId: string) => Promise<void>;
    },
  ) {}

  /** The list (GetApartmentReports): asking queues the reports whose stamp changed. */
  async list(auth: AuthContext, taskId: string): Promise<ApartmentReport[]> {
    await this.deps.requireModeling(auth.companyId);
    const { task } = await visibleTask(this.deps.db, auth, taskId);
    return this.deps.db.transaction(async (tx) => {
      const households = await householdStamps(tx, auth.companyId, task.id);
      const queued = await new HouseholdReportsRepository(tx).queue(auth.companyId, task, households);
      await raiseHouseholdReportEvents(tx, auth.companyId, queued);
      return answerRows(households, await new HouseholdReportsRepository(tx).ofTask(auth.companyId, task.id));
    });
  }

  /** The same rows for the Excel export, read without queueing anything. */
  async exportRows(auth: AuthContext, taskId: string): Promise<ApartmentReport[]> {
    await this.deps.requireModeling(auth.companyId);
    const { task } = await visibleTask(this.deps.db, auth, taskId);
    return this.deps.db.transaction(
      async (tx) =>
        answerRows(
          await householdStamps(tx, auth.companyId, task.id),
          await new HouseholdReportsRepository(tx).ofTask(auth.companyId, task.id),
        ),
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /**
   * The `reports:refreshHouseholds` job (queued when a task's readings or ready scans change): the
   * household reports someone already asked for are queued again where their stamp changed, so a
   * report follows its data without being asked. Nothing while modelling is off (asking does it then).
   */
  async refresh({ companyId, taskId }: HouseholdRefreshPayload): Promise<number> {
    if (!(await new FeatureGate(this.deps.db).enabled(companyId, 'modeling'))) return 0;
    return this.deps.db.transaction(async (tx) => {
      const task = await new TasksRepository(tx).find(companyId, taskId);
      if (!task) return 0;
      const households = await householdStamps(tx, companyId, task.id);
      const queued = await new HouseholdReportsRepository(tx).queue(companyId, task, households, {
        existingOnly: true,
      });
      await raiseHouseholdReportEvents(tx, companyId, queued);
      return queued.length;
    });
  }
}
