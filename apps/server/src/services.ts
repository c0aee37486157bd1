import { ConsoleCompaniesService } from './modules/operator-console/console-companies-service.ts';
import { ConsoleDevicesService } from './modules/operator-console/console-devices-service.ts';
import { ConsoleOrdersService } from './modules/operator-console/console-orders-service.ts';
import { OperatorPasswordService } from './modules/operator-console/operator-password-service.ts';
import { OperatorAccountRepository } from './modules/operator-console/operator-account-repository.ts';
import { DeviceOfflineNotifier } from './modules/notifications/device-offline.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/database-handle.ts';
import { pingDatabase } from './db/client.ts';
import { AuditRepository } from './modules/audit/audit-repository.ts';
import { AuthService } from './modules/auth/auth-service.ts';
import { LoginThrottle } from './modules/auth/login-throttle.ts';
import { LoginTicketRepository } from './modules/auth/login-ticket-repository.ts';
import { PasswordHasher } from './modules/auth/password-hasher.ts';
import { AuthEvents } from './modules/auth/auth-events.ts';
import { SessionCache } from './modules/auth/session-cache.ts';
import { SessionService } from './modules/auth/session-service.ts';
import { NotificationService } from './modules/notifications/notification-service.ts';
import { OrgService } from './modules/orgs/org-service.ts';
import { DevicesService } from './modules/devices/devices-service.ts';
import { TaskDeviceService } from './modules/tasks/task-device-service.ts';
import { TasksService } from './modules/tasks/tasks-service.ts';
import { AnalysisService } from './modules/analysis/analysis-service.ts';
import { ProgressService } from './modules/analysis/progress-service.ts';
import { EfficiencyService } from './modules/analysis/efficiency-service.ts';
import { WorkOrderPicturesService } from './modules/work-orders/work-order-pictures-service.ts';
import { WorkOrdersService } from './modules/work-orders/work-orders-service.ts';
import { WorkOrderCommentsService } from './modules/work-orders/work-order-comments-service.ts';
import {
  DataPoolExportService,
  EXPORT_JOB,
  EXPORT_JOB_ATTEMPTS,
} from './modules/results/data-pool-export-service.ts';
import { DataPoolService } from './modules/results/data-pool-service.ts';
import { JobQueue } from './jobs/job-queue.ts';
import { DeviceFilesService } from './modules/results/device-files-service.ts';
import { DeviceFileStore } from './modules/results/device-file-store.ts';
import { ManualEntryService } from './modules/results/manual-entry-service.ts';
import { ResultsService } from './modules/results/results-service.ts';
import { ReviewAlgorithm } from './modules/review/review-algorithm.ts';
import { ReviewChanges } from './modules/review/review-changes.ts';
import { ReviewService } from './modules/review/review-service.ts';
import { ReportRenderer, type ReportExtension } from './modules/reports/report-job.ts';
import { ReportVerifyService } from './modules/reports/report-verify-service.ts';
import { ReportProjectsService } from './modules/reports/report-projects-service.ts';
import { ReportSharesService } from './modules/reports/report-shares-service.ts';
import { ReportsService } from './modules/reports/reports-service.ts';
import { HouseholdReportRenderer } from './modules/reports/household-report-job.ts';
import { HouseholdReportsService } from './modules/reports/household-reports-service.ts';
import { FeatureGate } from './core/feature-gate.ts';
import { startJobWorker, stopJobWorker } from './jobs/job-worker.ts';
import { jobDefinitions } from './jobs/jobs.ts';
import type { Runner } from 'graphile-worker';
import { DeviceUpdatesService, type UpdateExtension } from './modules/devices/device-updates-service.ts';
import { FileStore } from './core/file-store.ts';
import { createObjectStore } from './core/storage/create-object-store.ts';
import type { ObjectStore } from './core/storage/object-store.ts';
import { PlanFileStore } from './modules/house-maps/file-store.ts';
import { PlanSceneBuilder, PlanSceneStore } from './modules/house-maps/plan-scene.ts';
import { HouseMapAssignmentService } from './modules/house-maps/house-map-assignment-service.ts';
import { HouseMapService } from './modules/house-maps/house-map-service.ts';
import { PointTypeService } from './modules/house-maps/point-type-service.ts';
import { ProjectService } from './modules/projects/project-service.ts';
import { ProjectStaffService } from './modules/projects/project-staff-service.ts';
import { RoleService } from './modules/roles/role-service.ts';
import { ProjectStandardsService } from './modules/project-standards/project-standards-service.ts';
import { StandardsService } from './modules/standards/standards-service.ts';
import { TemplatesService } from './modules/templates/templates-service.ts';
import { AccountService } from './modules/account/account-service.ts';
import { createCodeSender, type CodeSender } from './modules/account/code-sender.ts';
import { PasswordResetService } from './modules/account/password-reset-service.ts';
import { UserAdminService } from './modules/user-admin/user-admin-service.ts';
import { UserImportService } from './modules/user-admin/user-import-service.ts';
import { UserRepository } from './modules/account/user-repository.ts';
import { EventsService } from './modules/events/events-service.ts';
import { PgUploadLocker } from './core/storage/pg-upload-locker.ts';
import { ScansService } from './modules/scans/scans-service.ts';
import { DemoAreaService } from './modules/demo-area/demo-area-service.ts';
import { ScanSharesService } from './modules/scans/scan-shares-service.ts';
import { BackupJob } from './modules/data-backup/backup-job.ts';
import { DataBackupService } from './modules/data-backup/data-backup-service.ts';
import { RestoreJob } from './modules/data-backup/restore-job.ts';
import { ScanProcessor } from './modules/scans/scan-job.ts';
import { loadScanEngine } from './modules/scans/scan-engine.ts';
import { ExternalWallsService } from './modules/external-walls/external-walls-service.ts';

/** How long running jobs may take to finish when the instance stops. */
const JOBS_GRACE_MS = 8_000;

export interface ServiceOverrides {
  codeSender?: CodeSender;
  /** The store server.ts opened and checked (tests leave it out: one from the config). */
  objectStore?: ObjectStore;
}

/** The service graph, built once per app. Routes receive it; services never see Fastify. */
export function createServices(
  config: AppConfig,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  overrides: ServiceOverrides = {},
) {
  const { db } = database;
  const audit = new AuditRepository(db);
  const users = new UserRepository(db);
  const hasher = new PasswordHasher(config.passwordHashLogN);
  const sessionCache = new SessionCache();
  // Its own connection (not the pool's): LISTEN for session and permission changes.
  const authEvents = new AuthEvents(database.pool.options, sessionCache, log);
  const sessions = new SessionService(
    db,
    { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs },
    sessionCache,
    authEvents,
  );
  const codeSender = overrides.codeSender ?? createCodeSender(config, log);
  // Every product file: DATA_DIR (keys are paths below it) or the S3_URL bucket; never the web root.
  const objects = overrides.objectStore ?? createObjectStore(config);
  const planFiles = new PlanFileStore(objects);
  const planScenes = new PlanSceneStore(objects);
  const updateFiles = new FileStore<UpdateExtension>(objects, 'uploads/device-updates', ['bin']);
  // Finished device uploads (pictures, point clouds), read where review and work orders show them.
  const deviceFileStore = new DeviceFileStore(objects);
  const devices = new DevicesService({ db, audit, offlineSeconds: config.deviceOfflineSeconds });
  // Several instances share uploads: one request at a time works on an upload, whichever instance.
  const uploadLocker = new PgUploadLocker({ connection: database.pool.options });
  const deviceFiles = new DeviceFilesService({
    db,
    objects,
    devices,
    trustProxy: config.trustProxy,
    locker: uploadLocker,
  });
  // Completion photos people upload.
  const workOrderPictures = new WorkOrderPicturesService({
    db,
    files: new FileStore<'jpg' | 'png'>(objects, 'uploads/work-order-pictures', ['jpg', 'png']),
    deviceFiles: deviceFileStore,
  });
  const tasks = new TasksService({ db });
  const results = new ResultsService({ db });
  const projectStandards = new ProjectStandardsService({ db });
  const dataPool = new DataPoolService({ db });
  const jobQueue = new JobQueue(database.pool);
  // Finished data pool exports.
  const dataPoolExports = new DataPoolExportService({
    db,
    files: new FileStore<'xlsx'>(objects, 'exports/data-pool', ['xlsx']),
    dataPool,
    // A failed export says so and its owner starts another; the attempts are for drains, which
    // hand a running export back to the queue (DataPoolExportService.run).
    enqueue: (payload) => jobQueue.add(EXPORT_JOB, payload, { maxAttempts: EXPORT_JOB_ATTEMPTS }),
  });
  // Rendered reports (PDF and Excel): any instance serves what a job on another rendered.
  const reportFiles = new FileStore<ReportExtension>(objects, 'reports', ['pdf', 'xlsx']);
  const review = new ReviewService({ db, deviceFiles: deviceFileStore });
  const projects = new ProjectService({ db, genericPlans: database.genericPlans, files: planFiles, audit });
  // Where the public pages are: printed in report PDFs (verification), answered by the verify route.
  const publicBase = `${config.publicOrigin}${config.basePath}`;
  const reportRenderer = new ReportRenderer({
    db,
    files: reportFiles,
    log,
    publicBase,
    sitePicture: (companyId, task, pointIndex) => review.firstAnnotatedPicture(companyId, task, pointIndex),
  });
  const householdReports = new HouseholdReportsService({
    db,
    requireModeling: (companyId) => new FeatureGate(db).assertEnabled(companyId, 'modeling'),
  });
  const householdRenderer = new HouseholdReportRenderer({
    db,
    files: reportFiles,
    objects,
    log,
    publicBase,
    sitePicture: (companyId, task, pointIndex) => review.firstAnnotatedPicture(companyId, task, pointIndex),
  });
  // Its own connection too: LISTEN for live events raised on any instance.
  const events = new EventsService({
    db,
    sessions,
    connection: database.pool.options,
    log,
    announceSilentDevices: () => devices.announceSilent(),
  });
  // Scans: registration, lists, downloads, the 3D reads (the processing job is scan-job.ts).
  const scans = new ScansService({
    db,
    objects,
    deviceFiles: deviceFileStore,
    removeUpload: (companyId, fileId) => deviceFiles.removeUpload(companyId, fileId),
  });
  // Data backups: archives in the object store, written and restored by jobs.
  const dataBackup = new DataBackupService({ db, objects });
  const scanProcessor = new ScanProcessor({
    db,
    objects,
    deviceFiles: deviceFileStore,
    results,
    engine: loadScanEngine,
    log,
  });
  let jobWorker: Runner | undefined;
  let draining = false;
  let jobsStopped: Promise<void> | undefined;
  const stopJobs = () =>
    (jobsStopped ??= jobWorker ? stopJobWorker(jobWorker, JOBS_GRACE_MS, log) : Promise.resolve());
  return {
    objects,
    events,
    audit,
    sessions,
    hasher,
    auth: new AuthService({
      loginAesKey: config.loginAesKey,
      users,
      hasher,
      sessions,
      tickets: new LoginTicketRepository(db),
      throttle: new LoginThrottle(audit),
      audit,
      operators: new OperatorAccountRepository(db),
    }),
    account: new AccountService({ db, users, hasher, sessions, audit }),
    passwordReset: new PasswordResetService({ db, users, hasher, sessions, audit, sender: codeSender }),
    notifications: new NotificationService(db),
    featureGate: new FeatureGate(db),
    planFiles,
    projects,
    projectStaff: new ProjectStaffService({ db }),
    houseMaps: new HouseMapService({ db, files: planFiles, scenes: planScenes }),
    pointTypes: new PointTypeService({ db }),
    houseMapAssignments: new HouseMapAssignmentService({ db }),
    orgs: new OrgService({ db, audit }),
    userAdmin: new UserAdminService({ db, hasher, sessions, audit }),
    userImport: new UserImportService({ db, hasher, audit }),
    roles: new RoleService(db),
    projectStandards,
    standards: new StandardsService({ db, projectStandards }),
    templates: new TemplatesService({ db }),
    devices,
    deviceFiles,
    tasks,
    analysis: new AnalysisService({ db, pool: database.pool }),
    progress: new ProgressService({ db }),
    efficiency: new EfficiencyService({ db }),
    workOrders: new WorkOrdersService({ db, tasks }),
    workOrderComments: new WorkOrderCommentsService({ db }),
    workOrderPictures,
    taskDevice: new TaskDeviceService({ db, files: planFiles }),
    results,
    manualEntry: new ManualEntryService({ db, results }),
    dataPool,
    dataPoolExports,
    jobQueue,
    review,
    reviewChanges: new ReviewChanges({ db }),
    reviewAlgorithm: new ReviewAlgorithm({ db, deviceFiles: deviceFileStore }),
    deviceUpdates: new DeviceUpdatesService({ db, files: updateFiles, audit }),
    reportRenderer,
    reports: new ReportsService({
      db,
      files: reportFiles,
      downloadMax: config.reportDownloadMax,
      basePath: config.basePath,
    }),
    reportProjects: new ReportProjectsService({ db }),
    householdRenderer,
    householdReports,
    reportShares: new ReportSharesService({ db, files: reportFiles, review }),
    reportVerify: new ReportVerifyService({ db, publicBase }),
    scans,
    scanProcessor,
    scanShares: new ScanSharesService({ db, scans }),
    demoArea: new DemoAreaService({
      db,
      projects,
      tasks,
      review,
      scans,
      externalWalls: new ExternalWallsService({ db }),
    }),
    dataBackup,
    externalWalls: new ExternalWallsService({ db }),
    consoleCompanies: new ConsoleCompaniesService({ db, hasher, sessions }),
    consoleDevices: new ConsoleDevicesService({ db }),
    consoleOrders: new ConsoleOrdersService({ db }),
    operatorPassword: new OperatorPasswordService({ db, hasher, sessions, audit }),
    ready: async () => !draining && (await pingDatabase(database.pool)),
    /** SIGTERM: not ready any more (balancers stop sending), no new jobs; requests are still answered. */
    beginDrain: () => {
      draining = true;
      void stopJobs().catch((error: unknown) => log.error({ err: error }, 'stopping jobs failed'));
    },
    start: async () => {
      // A wrong bucket, bad credentials or an unreachable store stop the start (naming S3_URL).
      await objects.check();
      await authEvents.start();
      await events.start();
      if (config.jobs && !draining)
        jobWorker = await startJobWorker(
          database.pool,
          jobDefinitions(db, log, {
            deviceFiles,
            dataPoolExports,
            reports: reportRenderer,
            householdReports: householdRenderer,
            householdRefresh: householdReports,
            workOrderPictures,
            scans: scanProcessor,
            planScenes: new PlanSceneBuilder({ files: planFiles, scenes: planScenes, log }),
            backups: new BackupJob({ db, objects, log }),
            restores: new RestoreJob({ db, objects, log }),
            dataBackup,
            deviceOffline: new DeviceOfflineNotifier({
              db,
              olderThanSeconds: config.deviceOfflineNotifySeconds,
            }),
          }),
          log,
        );
      // Backups a stopped instance left running with no job to resume them are failed soon after the
      // start (in the background: the start never waits on it; the cron sweep follows every 5 minutes).
      if (jobWorker)
        void dataBackup
          .sweepInterrupted()
          .catch((error: unknown) => log.error({ err: error }, 'backup sweep failed'));
    },
    close: async () => {
      await stopJobs();
      await jobQueue.close();
      await events.close();
      await uploadLocker.close();
      await authEvents.close();
      await codeSender.close?.();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
