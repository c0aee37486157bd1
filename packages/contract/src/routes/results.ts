import { z } from 'zod';
import { pageRequestShape, pageResultSchema } from '../envelope.ts';
import { figuresSchema } from '../figures.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { xlsxAttachment } from './file-answers.ts';
import { TASK_KINDS } from '../places.ts';
import { checkSitePlace, facadePlaceShape, RESULT_SOURCES, resultReadingSchema } from './results.device.ts';
import { ANALYSIS_LIMITS, checkAnalysisDates } from './analysis.ts';
import {
  householdRefSchema,
  frozenStandardSchema,
  INSPECTION_KINDS,
  sitePlaceShape,
  taskDate,
  taskFacadeSideSchema,
} from './tasks.ts';
import { JUDGING_MODES, MEASURE_KINDS, STAGES } from './standards.ts';

/**
 * Readings typed in on the web (spec `ManualMeasureSummaryItems`; measurement-api.md section 3:
 * stored through the same results service with `Source: manual`). A manual site is one room of a
 * household (or the whole household when its house type has no rooms); saving it again corrects it.
 */
export const GRADE_NAMES = ['qualified', 'warning', 'unqualified', 'exploded'] as const;

export const manualItemSchema = z.object({
  ItemCode: z.string(),
  Name: z.string(),
  Mode: z.enum(JUDGING_MODES),
  NeedsDesign: z.boolean(),
  Standard: frozenStandardSchema,
  MinReadings: z.number().int(),
  MaxReadings: z.number().int(),
  InitialReadings: z.number().int(),
});

export const manualEntrySchema = z.object({
  PointIndex: z.number().int(),
  ...sitePlaceShape,
  Name: z.string(),
  MeasuredAt: z.string(),
  Readings: z.array(
    z.object({
      ItemCode: z.string(),
      Values: z.array(z.number()),
      /** One per judged value (one per spot group in range mode); empty when not judged. */
      Grades: z.array(z.enum(GRADE_NAMES)),
    }),
  ),
  Figures: figuresSchema,
});
export type ManualEntry = z.infer<typeof manualEntrySchema>;

/** The data pool: every reading of the company's tasks, one row per site and item. */
export const DATA_POOL_LIMITS = {
  /** Totals are counted up to this many rows; beyond, the list says "more than". */
  countCap: 10_000,
  /** Rows of one export. */
  exportRows: 200_000,
  /** A finished background export can be downloaded (once) for this long. */
  exportHours: 1,
} as const;
export const DATA_POOL_GRADES = [...GRADE_NAMES, 'unjudged'] as const;

const optionalId = z
  .union([rules.uuid, z.literal('')])
  .nullish()
  .transform((value) => value || null);

export const dataPoolFilterShape = {
  ProjectId: optionalId,
  TaskId: optionalId,
  BuildingNumber: rules.optionalText(20),
  Floor: z.number('validation.invalidValue').int().min(1).max(200).nullish(),
  ItemCode: rules.optionalText(20),
  /** Rows with at least one value of this grade (unjudged: values left unjudged). */
  Grade: z.enum(DATA_POOL_GRADES).nullish(),
  Source: z.enum(RESULT_SOURCES).nullish(),
  /** Inclusive, on the day the site was measured (company time zone). */
  StartDate: taskDate,
  EndDate: taskDate,
  /** true: only readings stamped outside their task's window; false: only those inside. */
  OutsideTaskWindow: z.boolean('validation.invalidValue').nullish(),
  /** The analysis filters a drill-down carries (issue 28 item 3), so its rows add up to the figure clicked. */
  Stage: z.enum(STAGES, 'tasks.stageInvalid').nullish(),
  InspectionKind: z.enum(INSPECTION_KINDS, 'tasks.inspectionKindInvalid').nullish(),
  MeasureKind: z.enum(MEASURE_KINDS, 'tasks.measureKindInvalid').nullish(),
  TaskKind: z.enum(TASK_KINDS, 'externalWalls.taskKindInvalid').nullish(),
  /** Rows of any of these items (with ItemCode: of that one too). */
  ItemCodes: z.array(rules.requiredText(20)).max(ANALYSIS_LIMITS.maxItemCodes).nullish(),
  /** Only readings that count in figures: leaves out cancelled tasks, as every analysis does. */
  CountedOnly: z.boolean().nullish(),
};

/** The filters of an export, as stored with a background export. */
export const dataPoolExportBodySchema = z.object(dataPoolFilterShape).superRefine(checkAnalysisDates);
export type DataPoolExportFilter = z.output<typeof dataPoolExportBodySchema>;

export const DATA_POOL_EXPORT_STATES = ['queued', 'running', 'ready', 'failed'] as const;
export type DataPoolExportState = (typeof DATA_POOL_EXPORT_STATES)[number];

/** A background export of the data pool: its progress, then its file (downloadable once). */
export const dataPoolExportSchema = z.object({
  ExportId: z.string(),
  State: z.enum(DATA_POOL_EXPORT_STATES),
  RowsWritten: z.number().int(),
  /** Rows the export will have (known once it runs). */
  RowsTotal: z.number().int().nullable(),
  /** Why it failed, translated. */
  Error: z.string().nullable(),
  FileName: z.string(),
  FileSize: z.number().int().nullable(),
  /** Until when the finished file can be downloaded. */
  ExpiresAt: z.string(),
  Downloaded: z.boolean(),
});
export type DataPoolExport = z.infer<typeof dataPoolExportSchema>;
const exportIdBody = z.object({ ExportId: rules.uuid });

export const dataPoolRowSchema = z.object({
  TaskId: z.string(),
  TaskName: z.string(),
  ProjectId: z.string(),
  ProjectName: z.string(),
  Stage: z.enum(STAGES),
  PointIndex: z.number().int(),
  BuildingNumber: z.string(),
  Floor: z.number().int(),
  /** Null on a facade site, which has its Side instead (measurement-api.md section 9). */
  Household: z.number().int().nullable(),
  RoomId: z.string().nullable(),
  Side: z.string().nullable(),
  SiteName: z.string(),
  ItemCode: z.string(),
  ItemName: z.string(),
  Source: z.enum(RESULT_SOURCES),
  MeasuredAt: z.string(),
  /** MeasuredAt lies outside the task's window (started .. finished, or now while not finished). */
  OutsideTaskWindow: z.boolean(),
  Values: z.array(z.number()),
  Grades: z.array(z.enum(GRADE_NAMES)),
  /** One per value: false where a reviewer marked it invalid (it counts nowhere). */
  Valid: z.array(z.boolean()),
  Figures: figuresSchema,
});
export type DataPoolRow = z.infer<typeof dataPoolRowSchema>;

const taskId = z.object({ TaskId: rules.uuid });
const tag = 'results';

export const resultsRoutes = {
  getManualMeasureSummaryItems: defineRoute({
    method: 'POST',
    path: '/api/ms/ManualMeasureSummaryItems/GetManualMeasureSummaryItems',
    access: 'authenticated',
    tag,
    summary:
      'Manual entry of a task: the items whose frozen rule allows manual entry (with standard and reading counts), ' +
      'the households with the rooms of their house type (an external-wall task: its building, floor band and ' +
      'sides instead), and the manual sites entered so far',
    body: taskId,
    result: z.object({
      TaskId: z.string(),
      Name: z.string(),
      TaskKind: z.enum(TASK_KINDS),
      /** External-wall tasks: where panels may be placed; null / empty for indoor tasks. */
      BuildingNumber: z.string().nullable(),
      FloorFrom: z.number().int().nullable(),
      FloorTo: z.number().int().nullable(),
      FacadeSides: z.array(taskFacadeSideSchema),
      /** Readings can be saved: the task is open and the caller executes it or plans its project. */
      Editable: z.boolean(),
      Items: z.array(manualItemSchema),
      Households: z.array(
        householdRefSchema.extend({
          HouseMapName: z.string(),
          Rooms: z.array(z.object({ RoomId: z.string(), Name: z.string() })),
        }),
      ),
      Entries: z.array(manualEntrySchema),
      Figures: figuresSchema,
    }),
  }),
  updates: defineRoute({
    method: 'POST',
    path: '/api/ms/ManualMeasureSummaryItems/Updates',
    access: 'authenticated',
    tag,
    summary:
      'Save the readings of one room of a household (RoomId empty: the household) as a manual site, judged at ' +
      'once with the frozen standard; saving the same room again corrects it (its history is kept). On an ' +
      'external-wall task a facade panel instead (Side, X0, X1, Z0, Z1, no Household; the placement rules of the ' +
      'device results hold; the same panel again corrects it). Only items whose rule allows manual entry. ' +
      'Result: the site with its grades and figures',
    body: householdRefSchema
      .extend({
        TaskId: rules.uuid,
        Household: householdRefSchema.shape.Household.nullish(),
        RoomId: z
          .union([z.string().trim().min(1).max(64), z.literal('')])
          .nullish()
          .transform((value) => value || null),
        ...facadePlaceShape,
        Readings: z
          .array(resultReadingSchema.pick({ ItemCode: true, Values: true }))
          .min(1, 'results.readingsRequired')
          .max(100),
      })
      .superRefine(checkSitePlace),
    result: manualEntrySchema,
  }),
  getDataPool: defineRoute({
    method: 'POST',
    path: '/api/ms/DataPool/GetList',
    access: 'authenticated',
    tag,
    summary:
      'The data pool (dataPool): every reading of the tasks of the projects the caller sees, one row per site and ' +
      'item, newest first; filters ProjectId, TaskId, BuildingNumber, Floor, ItemCode, Grade, Source, ' +
      'StartDate/EndDate (an end before the start is refused), Stage, InspectionKind, MeasureKind, TaskKind, ItemCodes ' +
      '(an item of another stage is refused), CountedOnly. Total counts up to ' +
      `${DATA_POOL_LIMITS.countCap} rows (TotalCapped beyond). With a ProjectId, Figures sums every matching ` +
      'row (not only the page): the values and pass rate the list adds up to; without one it is null',
    body: z.object({ ...pageRequestShape, ...dataPoolFilterShape }).superRefine(checkAnalysisDates),
    result: pageResultSchema(dataPoolRowSchema).extend({
      TotalCapped: z.boolean(),
      Figures: figuresSchema.nullable(),
    }),
  }),
  exportDataPool: defineRoute({
    method: 'POST',
    path: '/api/ms/DataPool/Export',
    access: 'authenticated',
    tag,
    summary:
      'The data pool with its filters as an .xlsx attachment (not an envelope), written as it streams: one row per ' +
      'value (site, place, item, value no., value, grade, valid; numbers as numeric cells), of at most ' +
      `${DATA_POOL_LIMITS.exportRows} readings (site and item)`,
    body: dataPoolExportBodySchema,
    result: z.null(),
    file: xlsxAttachment,
  }),
  startDataPoolExport: defineRoute({
    method: 'POST',
    path: '/api/ms/DataPool/StartExport',
    access: 'authenticated',
    tag,
    summary:
      'Starts a background export of the data pool with its filters (at most ' +
      `${DATA_POOL_LIMITS.exportRows} rows); answers the ExportId whose progress GetExport reports`,
    body: dataPoolExportBodySchema,
    result: z.object({ ExportId: z.string() }),
  }),
  getDataPoolExport: defineRoute({
    method: 'POST',
    path: '/api/ms/DataPool/GetExport',
    access: 'authenticated',
    tag,
    summary:
      'The state of one of your exports (queued, running, ready, failed), rows written of the total, the error; ' +
      "another user's or company's export answers 404",
    body: exportIdBody,
    result: dataPoolExportSchema,
  }),
  downloadDataPoolExport: defineRoute({
    method: 'POST',
    path: '/api/ms/DataPool/DownloadExport',
    access: 'authenticated',
    tag,
    summary:
      'The finished .xlsx of one of your exports (not an envelope), once: the file is removed as it is sent. ' +
      `404 when it is not yours, not ready, already downloaded or older than ${DATA_POOL_LIMITS.exportHours} h`,
    body: exportIdBody,
    result: z.null(),
    file: xlsxAttachment,
  }),
};
