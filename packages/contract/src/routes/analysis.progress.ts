import { z } from 'zod';
import { pageRequestShape, pageResultSchema } from '../envelope.ts';
import * as rules from '../rules.ts';
import { analysisFilterShape } from './analysis.ts';
import { defineRoute } from './define.ts';
import { xlsxAttachment } from './file-answers.ts';
import { STAGES } from './standards.ts';
import { TASK_STATES, taskDate } from './tasks.ts';

/**
 * Progress (issue 17 item 3, issue 28 item 4; domain.md section 10) per project and stage: the
 * project's households (every household of its buildings as configured: floors x households per
 * floor), those dispatched (in the stage's tasks), those measured (at least one judged reading of the
 * stage; a household first-measured and re-measured counts once) and the share of the project's
 * households measured. Cancelled tasks count nowhere.
 */

export const FLOOR_PROGRESS_STATES = ['notPlanned', 'planned', 'inProgress', 'measured'] as const;
export type FloorProgressState = (typeof FLOOR_PROGRESS_STATES)[number];

const taskStatesSchema = z.object(
  Object.fromEntries(TASK_STATES.map((state) => [state, z.number().int()])) as {
    [K in (typeof TASK_STATES)[number]]: z.ZodNumber;
  },
);

const progressCountsShape = {
  /** Every household of the project's buildings (floors x households per floor). */
  ProjectHouseholds: z.number().int(),
  /** Households in the stage's tasks (not cancelled); the same as PlannedHouseholds. */
  DispatchedHouseholds: z.number().int(),
  /** Kept for the spec's name: the dispatched households. */
  PlannedHouseholds: z.number().int(),
  /** Distinct households with a judged reading of the stage (a re-measure adds none). */
  MeasuredHouseholds: z.number().int(),
  /** Measured / the project's households * 100, 2 decimals; null when the project has none. */
  ProjectProgress: z.number().nullable(),
  /** Measured / dispatched * 100, 2 decimals (how far the dispatched work is); null when nothing is dispatched. */
  Progress: z.number().nullable(),
};

export const projectProgressRowSchema = z.object({
  ProjectId: z.string(),
  ProjectName: z.string(),
  Stage: z.enum(STAGES),
  ...progressCountsShape,
  /** The stage's tasks by state (cancelled included, for the record). */
  Tasks: taskStatesSchema,
});
export type ProjectProgressRow = z.infer<typeof projectProgressRowSchema>;

export const projectProgressDetailSchema = z.object({
  ProjectId: z.string(),
  ProjectName: z.string(),
  Stage: z.enum(STAGES),
  ...progressCountsShape,
  Buildings: z.array(
    z.object({
      BuildingId: z.string(),
      BuildingNumber: z.string(),
      Stories: z.number().int(),
      HouseholdsPerFloor: z.number().int(),
      /** Every floor, lowest first. */
      Floors: z.array(
        z.object({
          Floor: z.number().int(),
          /** The floor's households as configured. */
          Households: z.number().int(),
          /** Dispatched households of the floor. */
          Planned: z.number().int(),
          Measured: z.number().int(),
          /** Measured / the floor's households * 100, 2 decimals. */
          Progress: z.number().nullable(),
          /**
           * notPlanned: nothing dispatched; measured: every household of the floor measured; inProgress:
           * some measured or a task running; planned: dispatched, none measured.
           */
          State: z.enum(FLOOR_PROGRESS_STATES),
        }),
      ),
    }),
  ),
});
export type ProjectProgressDetail = z.infer<typeof projectProgressDetailSchema>;

export const userProgressRowSchema = z.object({
  UserId: z.string(),
  Name: z.string(),
  Tasks: z.number().int(),
  Households: z.number().int(),
  Sites: z.number().int(),
  Readings: z.number().int(),
});
export type UserProgressRow = z.infer<typeof userProgressRowSchema>;

const progressFilterShape = {
  ProjectId: analysisFilterShape.ProjectId,
  Stage: z.enum(STAGES, 'tasks.stageInvalid').nullish(),
};

const tag = 'analysis';

export const progressRoutes = {
  getProjectProgressPageInfo: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/GetProjectProgressPageInfo',
    access: 'authenticated',
    tag,
    summary:
      'Progress per project and stage (rows with at least one dispatched household), paged, by project name ' +
      "then stage: the project's households, dispatched, measured, ProjectProgress (measured of the project's " +
      'households); filters ProjectId, Stage. Only projects the caller sees; cancelled tasks count nowhere.',
    body: z.object({ ...progressFilterShape, ...pageRequestShape }),
    result: pageResultSchema(projectProgressRowSchema),
  }),
  getProjectProgressDetail: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/GetProjectProgressDetail',
    access: 'authenticated',
    tag,
    summary:
      "One project and stage: progress against the project's households and every floor of every building as " +
      'not planned (nothing dispatched), planned, in progress (some households measured, or a task in progress) ' +
      'or measured (every household of the floor measured)',
    body: z.object({ ProjectId: rules.uuid, Stage: z.enum(STAGES, 'tasks.stageInvalid') }),
    result: projectProgressDetailSchema,
  }),
  getUserProgress: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/GetUserProgress',
    access: 'authenticated',
    tag,
    summary:
      'Per person over StartDate..EndDate (reading days; default the last 30 days): tasks worked on, households, ' +
      'sites and readings measured. A site counts for whoever typed it in, else for the person holding the device ' +
      'that sent it. Filters ProjectId, Stage.',
    body: z.object({ ...progressFilterShape, StartDate: taskDate, EndDate: taskDate }),
    result: z.array(userProgressRowSchema),
  }),
  exportProgressToExcelFile: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/ExportProgressToExcelFile',
    access: 'authenticated',
    tag,
    summary:
      'Progress per project and stage with the filters of GetProjectProgressPageInfo, as an .xlsx attachment (not an envelope)',
    body: z.object(progressFilterShape),
    result: z.null(),
    file: xlsxAttachment,
  }),
};
