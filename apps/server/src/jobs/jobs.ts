import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import {
  type DataPoolExportService,
  EXPORT_JOB,
  type ExportJobPayload,
} from '../modules/results/data-pool-export-service.ts';
import type { DeviceFilesService } from '../modules/results/device-files-service.ts';
import { checkRollups } from '../modules/results/rollup-check.ts';
import { isRenderPayload, type ReportRenderer } from '../modules/reports/report-job.ts';
import {
  type HouseholdReportRenderer,
  isHouseholdRenderPayload,
} from '../modules/reports/household-report-job.ts';
import {
  HOUSEHOLD_REFRESH_TASK,
  HOUSEHOLD_RENDER_TASK,
  isHouseholdRefreshPayload,
} from '../modules/reports/household-reports-repository.ts';
import type { HouseholdReportsService } from '../modules/reports/household-reports-service.ts';
import type { DeviceOfflineNotifier } from '../modules/notifications/device-offline.ts';
import type { WorkOrderPicturesService } from '../modules/work-orders/work-order-pictures-service.ts';
import { isScanJobPayload, type ScanProcessor } from '../modules/scans/scan-job.ts';
import { SCAN_JOB } from '../modules/scans/scans-repository.ts';
import { type BackupJob, isBackupJobPayload } from '../modules/data-backup/backup-job.ts';
import { BACKUP_JOB, RESTORE_JOB, SWEEP_JOB } from '../modules/data-backup/data-backup-repository.ts';
import type { DataBackupService } from '../modules/data-backup/data-backup-service.ts';
import type { RestoreJob } from '../modules/data-backup/restore-job.ts';
import {
  isPlanSceneJobPayload,
  PLAN_SCENE_JOB,
  type PlanSceneBuilder,
} from '../modules/house-maps/plan-scene.ts';
import type { JobDefinitions } from './job-worker.ts';

/** Every background job of the product and when the scheduled ones run. */
export function jobDefinitions(
  db: Database,
  log: FastifyBaseLogger,
  services: {
    deviceFiles?: Pick<DeviceFilesService, 'cleanUp'>;
    dataPoolExports?: Pick<DataPoolExportService, 'run' | 'expire'>;
    reports?: ReportRenderer;
    householdReports?: HouseholdReportRenderer;
    householdRefresh?: Pick<HouseholdReportsService, 'refresh'>;
    deviceOffline?: Pick<DeviceOfflineNotifier, 'notify'>;
    workOrderPictures?: Pick<WorkOrderPicturesService, 'sweepOrphans'>;
    scans?: Pick<ScanProcessor, 'run'>;
    backups?: Pick<BackupJob, 'run'>;
    restores?: Pick<RestoreJob, 'run'>;
    planScenes?: Pick<PlanSceneBuilder, 'run'>;
    dataBackup?: Pick<DataBackupService, 'sweepInterrupted'>;
  } = {},
): JobDefinitions {
  return {
    tasks: {
      'results:checkRollups': async () => {
        await checkRollups(db, log);
      },
      // Partial device uploads older than 24 hours leave nothing behind (bytes and rows).
      'results:expireUploads': async () => {
        const removed = await services.deviceFiles?.cleanUp();
        if (removed && removed.files + removed.rows > 0)
          log.info({ component: 'jobs', ...removed }, 'expired uploads removed');
      },
      // One data pool export (queued by DataPool/StartExport): the workbook, its progress, its file.
      // A drain aborts it (helpers.abortSignal): it goes back to the queue for another instance.
      [EXPORT_JOB]: async (payload, helpers) => {
        await services.dataPoolExports?.run(payload as ExportJobPayload, {
          signal: helpers.abortSignal,
          lastAttempt: helpers.job.attempts >= helpers.job.max_attempts,
        });
      },
      // Finished exports are kept an hour; then the rows and files go.
      'results:expireExports': async () => {
        const removed = await services.dataPoolExports?.expire();
        if (removed) log.info({ component: 'jobs', removed }, 'expired data pool exports removed');
      },
      // A task's report (queued by queueReport in the transaction of the change; job key per task).
      'reports:render': async (payload) => {
        if (isRenderPayload(payload)) await services.reports?.render(payload);
      },
      // One household's report (queued by GetApartmentReports when its figures or scans changed).
      [HOUSEHOLD_RENDER_TASK]: async (payload) => {
        if (isHouseholdRenderPayload(payload)) await services.householdReports?.render(payload);
      },
      // A task's readings or scans changed: its household reports asked for are queued again (job key per task).
      [HOUSEHOLD_REFRESH_TASK]: async (payload) => {
        if (isHouseholdRefreshPayload(payload)) await services.householdRefresh?.refresh(payload);
      },
      // Devices silent for longer than DEVICE_OFFLINE_NOTIFY_MINUTES: their administrators are told once.
      'notifications:deviceOffline': async () => {
        const told = await services.deviceOffline?.notify();
        if (told && told.devices > 0) log.info({ component: 'jobs', ...told }, 'offline devices notified');
      },
      // Photos people uploaded for a completion that never came (older than 24 hours): rows, then files.
      'workOrders:sweepPictures': async () => {
        const removed = await services.workOrderPictures?.sweepOrphans();
        if (removed && removed.length > 0)
          log.info({ component: 'jobs', removed }, 'orphan work order photos removed');
      },
      // One scan (queued in the transaction that registered it; job key per scan): tiles or model.
      [SCAN_JOB]: async (payload, helpers) => {
        if (isScanJobPayload(payload))
          await services.scans?.run(payload, {
            attempts: helpers.job.attempts,
            maxAttempts: helpers.job.max_attempts,
          });
      },
      // One data backup or restore (queued in the transaction that recorded it; job key per backup/restore).
      // A drain aborts them (helpers.abortSignal): back to the queue, run again from the start later.
      [BACKUP_JOB]: async (payload, helpers) => {
        if (isBackupJobPayload(payload))
          await services.backups?.run(payload, {
            signal: helpers.abortSignal,
            lastAttempt: helpers.job.attempts >= helpers.job.max_attempts,
          });
      },
      [RESTORE_JOB]: async (payload, helpers) => {
        if (isBackupJobPayload(payload))
          await services.restores?.run(payload, {
            signal: helpers.abortSignal,
            lastAttempt: helpers.job.attempts >= helpers.job.max_attempts,
          });
      },
      // Backups and restores a stop left running with no job to run them again: failed, with the reason.
      [SWEEP_JOB]: async () => {
        const failed = await services.dataBackup?.sweepInterrupted();
        if (failed) log.warn({ component: 'jobs', failed }, 'interrupted backups and restores failed');
      },
      // The floor-plan editor's scene of a DXF plan (queued with the plan file's row; job key per file).
      [PLAN_SCENE_JOB]: async (payload) => {
        if (isPlanSceneJobPayload(payload)) await services.planScenes?.run(payload);
      },
      'reports:sweep': async () => {
        const removed = await services.reports?.sweepOrphanFiles();
        if (removed && removed.length > 0)
          log.info({ component: 'jobs', removed }, 'orphan report files removed');
      },
    },
    // Every night at 03:00 (server time): rollups recomputed from the readings, differences logged.
    crontab:
      '0 3 * * * results:checkRollups\n15 * * * * results:expireUploads\n30 * * * * results:expireExports\n' +
      '45 * * * * reports:sweep\n50 * * * * workOrders:sweepPictures\n* * * * * notifications:deviceOffline\n' +
      `*/5 * * * * ${SWEEP_JOB}\n`,
  };
}
