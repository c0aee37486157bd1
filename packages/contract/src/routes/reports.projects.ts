import { z } from 'zod';
import { pageRequestShape, pageResultSchema } from '../envelope.ts';
import { figuresSchema } from '../figures.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { PROJECT_LIMITS } from './projects.ts';
import { REPORT_STATUSES } from './reports.ts';
import { MEASURE_KINDS, STAGES } from './standards.ts';
import { TASK_STATES } from './tasks.ts';

/**
 * The data reports landing page (spec section 2 `mscProjectList`) and the project summary report
 * (spec section 7 `GetSummaryReport`). Every figure is read from the stored rollups, the same counts
 * as the task list and the report list.
 */

/** The newest report of a project (by its last change). */
export const latestReportSchema = z.object({
  ReportId: z.string(),
  TaskId: z.string(),
  Name: z.string(),
  UpdateTime: z.string(),
  Status: z.enum(REPORT_STATUSES),
  Figures: figuresSchema,
});

export const reportProjectRowSchema = z.object({
  ProjectId: z.string(),
  ProjectName: z.string(),
  Address: z.string(),
  /** Reports of the project (one per finished task). */
  Reports: z.number().int(),
  /** Reports ready to download. */
  Ready: z.number().int(),
  /** Reports of audited tasks. */
  Audited: z.number().int(),
  /** Ready reports the caller has not opened since they were last rendered (UserIsReadedTask). */
  Unread: z.number().int(),
  Latest: latestReportSchema.nullable(),
  /** Summed over the tasks that have a report. */
  Figures: figuresSchema,
});
export type ReportProjectRow = z.infer<typeof reportProjectRowSchema>;

const figuresRow = { Figures: figuresSchema };

/**
 * Tasks by their real state and the households they measured: `Uploaded` finished but not audited,
 * `Completed` audited; `Households` counts each household once however many tasks measured it.
 */
const taskStateCounts = {
  Uploaded: z.number().int(),
  Completed: z.number().int(),
  Households: z.number().int(),
};

export const summaryReportSchema = z.object({
  ProjectId: z.string(),
  ProjectName: z.string(),
  Stage: z.enum(STAGES).nullable(),
  AuditedOnly: z.boolean(),
  /** The measure kind asked for (null: every kind). */
  MeasureKind: z.enum(MEASURE_KINDS).nullable(),
  /** The tasks counted: finished (uploaded) or audited (completed), of the stage when one is named. */
  TaskCount: z.number().int(),
  ...taskStateCounts,
  /**
   * Every reading of the counted tasks: where both kinds are counted, a re-measured household's
   * readings of its first measure and of its re-measure (see `MeasureKinds` for them apart).
   */
  Figures: figuresSchema,
  /** First measure, re-measure and other side by side (only the kinds counted), in that order. */
  MeasureKinds: z.array(
    z.object({
      MeasureKind: z.enum(MEASURE_KINDS),
      Tasks: z.number().int(),
      ...taskStateCounts,
      ...figuresRow,
    }),
  ),
  Stages: z.array(
    z.object({
      Stage: z.enum(STAGES),
      StageName: z.string(),
      Tasks: z.number().int(),
      ...taskStateCounts,
      ...figuresRow,
    }),
  ),
  Items: z.array(z.object({ ItemCode: z.string(), Name: z.string(), ...figuresRow })),
  Buildings: z.array(z.object({ BuildingNumber: z.string(), ...figuresRow })),
  Tasks: z.array(
    z.object({
      TaskId: z.string(),
      Name: z.string(),
      Stage: z.enum(STAGES),
      StageName: z.string(),
      State: z.enum(TASK_STATES),
      MeasureKind: z.enum(MEASURE_KINDS),
      /** The task a re-measure measures again (null for a first measure). */
      ParentTaskId: z.string().nullable(),
      FinishedAt: z.string().nullable(),
      ...figuresRow,
    }),
  ),
});
export type SummaryReport = z.infer<typeof summaryReportSchema>;

const tag = 'reports';

export const reportProjectsRoutes = {
  getReportProjectList: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/GetReportProjectList',
    access: 'authenticated',
    tag,
    summary:
      'The data reports landing page: the projects the caller sees with their report counts, unread reports, ' +
      'newest report and figures (from the rollups); filter ProjectName',
    body: z.object({ ...pageRequestShape, ProjectName: rules.optionalText(PROJECT_LIMITS.name) }),
    result: pageResultSchema(reportProjectRowSchema),
  }),
  userIsReadedTask: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/UserIsReadedTask',
    access: 'authenticated',
    tag,
    summary:
      "Marks the task's report read by the caller (it stays read until it is rendered again); a task without " +
      'a report or not visible: 404',
    body: z.object({ TaskId: rules.uuid }),
    result: z.boolean(),
  }),
  getSummaryReport: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/GetSummaryReport',
    access: 'authenticated',
    tag,
    summary:
      "A project's summary report across its finished tasks (optionally one stage, one measure kind, audited " +
      'tasks only): tasks by state (uploaded, completed), households counted once, figures of the project, ' +
      'per measure kind side by side, per stage, item, building and task, from the rollups',
    body: z.object({
      ProjectId: rules.uuid,
      Stage: z.enum(STAGES, 'validation.invalidValue').nullish(),
      MeasureKind: z.enum(MEASURE_KINDS, 'tasks.measureKindInvalid').nullish(),
      AuditedOnly: z.boolean('validation.invalidValue').nullish(),
    }),
    result: summaryReportSchema,
  }),
};
