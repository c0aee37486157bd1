import { z } from 'zod';
import { pageRequestShape, pageResultSchema } from '../envelope.ts';
import { figuresSchema } from '../figures.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { reportFiles } from './file-answers.ts';
import { taskItemSchema, taskRowSchema } from './tasks.ts';

/**
 * Data reports and their shares (measurement-api.md section 5): one report per task, rendered in the
 * background (PDF and Excel) whenever the task is finished, audited or its readings change; short-lived
 * download addresses; public read-only shares by link and QR code.
 */
export const REPORT_STATUSES = ['queued', 'rendering', 'ready', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_LIMITS = {
  /** Default of the server setting REPORT_DOWNLOAD_MAX. */
  downloadMax: 20,
  /** A download address works this long. */
  downloadMinutes: 10,
  shareDefaultDays: 30,
  shareMaxDays: 365,
} as const;

export const reportRowSchema = z.object({
  ReportId: z.string(),
  TaskId: z.string(),
  ProjectId: z.string(),
  ProjectName: z.string(),
  Name: z.string(),
  /** When the task was finished (uploaded); null before. */
  UploadTime: z.string().nullable(),
  UpdateTime: z.string(),
  Audited: z.boolean(),
  Status: z.enum(REPORT_STATUSES),
  /** Why the last rendering failed (status failed). */
  Error: z.string().nullable(),
  /** SHA-256 (hex) of the rendered PDF; null until ready. */
  Sha256: z.string().nullable(),
  Figures: figuresSchema,
  /** Ready and not opened by the caller since it was last rendered (UserIsReadedTask). */
  Unread: z.boolean(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportShareSchema = z.object({
  ShareId: z.string(),
  Url: z.string(),
  QrCode: z.string(),
  ExpiresAt: z.string(),
});
export type ReportShare = z.infer<typeof reportShareSchema>;

/** A household of a shared task with its figures (summed over its sites). */
export const reportHouseholdSchema = z.object({
  BuildingNumber: z.string(),
  Floor: z.number().int(),
  Household: z.number().int(),
  Figures: figuresSchema,
});

/** What a public share shows: the task's figures, items and households and the report's SHA-256. */
export const sharedReportSchema = taskRowSchema
  .pick({ TaskId: true, Name: true, ProjectName: true, Stage: true, StageName: true, Figures: true })
  .extend({
    StartedAt: z.string().nullable(),
    FinishedAt: z.string().nullable(),
    Audited: z.boolean(),
    Items: z.array(taskItemSchema.pick({ ItemCode: true, Name: true, Figures: true })),
    Households: z.array(reportHouseholdSchema),
    /** Every site with its place and figures (each opens `taskReportDetail/{ShareId}/{PointIndex}`). */
    Sites: z.array(
      z.object({
        PointIndex: z.number().int(),
        BuildingNumber: z.string(),
        Floor: z.number().int(),
        /** Null on a facade site, which has its Side instead (measurement-api.md section 9). */
        Household: z.number().int().nullable(),
        Side: z.string().nullable(),
        Name: z.string(),
        Figures: figuresSchema,
      }),
    ),
    Status: z.enum(REPORT_STATUSES).nullable(),
    Sha256: z.string().nullable(),
    ExpiresAt: z.string(),
  });
export type SharedReport = z.infer<typeof sharedReportSchema>;

const optionalId = z
  .union([rules.uuid, z.literal('')])
  .nullish()
  .transform((value) => value || null);
const shareId = z.string().trim().min(1).max(100);
const tag = 'reports';

export const reportsRoutes = {
  getReportList: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/GetReportList',
    access: 'authenticated',
    tag,
    summary:
      'Reports of the projects the caller sees (one per task, newest change first); filters ProjectId, TaskId, ' +
      'Audited',
    body: z.object({
      ...pageRequestShape,
      ProjectId: optionalId,
      TaskId: optionalId,
      Audited: z.boolean('validation.invalidValue').nullish(),
    }),
    result: pageResultSchema(reportRowSchema),
  }),
  downloadReport: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/DownloadReport',
    access: 'authenticated',
    tag,
    summary:
      'A download address (10 minutes, no session needed) of the reports as PDF or Excel; several reports come as ' +
      'one zip. More than REPORT_DOWNLOAD_MAX reports: Code 400; a report not ready: Code 409',
    body: z.object({
      ReportIds: z.array(rules.uuid).min(1, 'reports.noneSelected').max(1000),
      Format: z.enum(REPORT_FORMATS, 'validation.invalidValue'),
    }),
    result: z.object({ Url: z.string(), ExpiresAt: z.string() }),
  }),
  reportFile: defineRoute({
    method: 'GET',
    path: '/api/ms/statis/ReportFile/:Token',
    access: 'public',
    tag,
    summary:
      'The file of a download address (the bytes, not an envelope); unknown or expired: HTTP 404 in the envelope',
    params: z.object({ Token: z.string().trim().min(1).max(100) }),
    result: z.null(),
    file: reportFiles,
  }),
  batchDeleteReport: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/BatchDeleteReport',
    access: 'reportData.delete',
    tag,
    summary:
      'Delete reports and their files (the tasks stay; a later change of a task renders its report again). All ' +
      'or nothing: an id not visible answers 404',
    body: z.object({ ReportIds: z.array(rules.uuid).min(1, 'reports.noneSelected').max(1000) }),
    result: z.number().int(),
  }),
  retryReport: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/RetryReport',
    access: 'project.detail',
    tag,
    summary: "Render a task's report again (after a failure, or when none exists yet)",
    body: z.object({ TaskId: rules.uuid }),
    result: reportRowSchema,
  }),
  sharingReport: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/SharingReport',
    access: 'project.detail',
    tag,
    summary:
      "Share a task's report publicly: the absolute address of /supplement/taskReportList/{ShareId} and its QR " +
      'code (PNG data URL); ExpiresInDays 1..365, default 30',
    body: z.object({
      TaskId: rules.uuid,
      /** A scan of the task the share opens on (modelTaskPreview); the share still shows the whole task. */
      ScanId: rules.uuid.nullish(),
      ExpiresInDays: z
        .number('validation.invalidValue')
        .int('validation.invalidValue')
        .min(1, 'reports.shareDays')
        .max(REPORT_LIMITS.shareMaxDays, 'reports.shareDays')
        .nullish(),
    }),
    result: reportShareSchema,
  }),
  getReportShares: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/GetReportShares',
    access: 'project.detail',
    tag,
    summary: "The task's shares that are still open (not revoked, not expired), newest first",
    body: z.object({ TaskId: rules.uuid }),
    result: z.array(reportShareSchema),
  }),
  revokeShare: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/RevokeShare',
    access: 'project.detail',
    tag,
    summary: 'End a share at once; its address answers 404 afterwards',
    body: z.object({ ShareId: shareId }),
    result: z.boolean(),
  }),
  getSharedReport: defineRoute({
    method: 'GET',
    path: '/api/share/:ShareId/Report',
    access: 'public',
    tag,
    summary:
      "A shared task's report without a session: figures, items, households and the PDF's SHA-256; expired, " +
      'revoked or unknown shares answer 404 alike',
    params: z.object({ ShareId: shareId }),
    result: sharedReportSchema,
  }),
};
