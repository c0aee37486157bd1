import { z } from 'zod';
import { pageRequestShape, pageResultSchema } from '../envelope.ts';
import { figuresSchema } from '../figures.ts';
import { TASK_KINDS } from '../places.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { xlsxAttachment } from './file-answers.ts';
import { MEASURE_KINDS, STAGES } from './standards.ts';
import { INSPECTION_KINDS, TASK_STATES, taskDate } from './tasks.ts';

/**
 * Analysis (issue 17; spec home, mscQualityAnalysis and its children; measurement-api.md section 6):
 * figures over many tasks, read from the rollups the results service keeps current, never from the
 * readings. Every row carries `Figures`. Readings of cancelled tasks count nowhere.
 */

export const ANALYSIS_LIMITS = {
  /** Longest date range of one analysis call, in days (5 years). */
  maxRangeDays: 1827,
  maxItemCodes: 100,
  /** Worst items on the home page. */
  worstItems: 5,
} as const;

export const RATING_LEVELS = ['high', 'middle', 'low'] as const;
export type RatingLevel = (typeof RATING_LEVELS)[number];
/** Default rating bands (domain.md section 7): pass rate >= 90 % high, >= 80 % middle, else low. */
export const DEFAULT_RATING_BANDS = { high: 90, middle: 80 } as const;

/** The rating level of a pass rate under the bands; null when there is no pass rate. */
export function ratingOf(
  passRate: number | null,
  bands: { high: number; middle: number } = DEFAULT_RATING_BANDS,
): RatingLevel | null {
  if (passRate === null) return null;
  if (passRate >= bands.high) return 'high';
  return passRate >= bands.middle ? 'middle' : 'low';
}

const band = z.number('validation.invalidValue').min(0, 'analysis.bandRange').max(100, 'analysis.bandRange');

const dayMs = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);

/**
 * The filters of every analysis call (measurement-api.md section 6, spec section 5): at least one
 * of stage, inspection kind or measure items, and a start or an end date; dates inclusive, on the
 * reading's day in the company's time zone. A missing end is today; a missing start is five years
 * before the end.
 */
export const analysisFilterShape = {
  ProjectId: z
    .union([rules.uuid, z.literal('')])
    .nullish()
    .transform((value) => value || null),
  Stage: z.enum(STAGES, 'tasks.stageInvalid').nullish(),
  InspectionKind: z.enum(INSPECTION_KINDS, 'tasks.inspectionKindInvalid').nullish(),
  MeasureKind: z.enum(MEASURE_KINDS, 'tasks.measureKindInvalid').nullish(),
  /** Indoor or external-wall tasks only (measurement-api.md section 9); default both. */
  TaskKind: z.enum(TASK_KINDS, 'externalWalls.taskKindInvalid').nullish(),
  ItemCodes: z.array(rules.requiredText(20)).max(ANALYSIS_LIMITS.maxItemCodes).nullish(),
  StartDate: taskDate,
  EndDate: taskDate,
  /** Rating bands in percent (defaults 90 and 80). */
  RatingHigh: band.nullish(),
  RatingMiddle: band.nullish(),
};

type FilterInput = {
  Stage?: string | null;
  InspectionKind?: string | null;
  ItemCodes?: readonly string[] | null;
  StartDate: string | null;
  EndDate: string | null;
  RatingHigh?: number | null;
  RatingMiddle?: number | null;
};

/** Dates that contradict each other (an end before the start) or span more than five years, on `EndDate`. */
export function checkAnalysisDates(
  value: { StartDate?: string | null; EndDate?: string | null },
  context: z.RefinementCtx,
): void {
  if (value.StartDate && value.EndDate) {
    const days = daysBetween(value.StartDate, value.EndDate);
    if (days < 0) context.addIssue({ code: 'custom', path: ['EndDate'], message: 'analysis.dateOrder' });
    else if (days >= ANALYSIS_LIMITS.maxRangeDays) {
      context.addIssue({ code: 'custom', path: ['EndDate'], message: 'analysis.rangeTooLong' });
    }
  }
}

/** The spec's filter rules as zod issues on their fields. */
export function checkAnalysisFilter(value: FilterInput, context: z.RefinementCtx): void {
  if (!value.Stage && !value.InspectionKind && !(value.ItemCodes && value.ItemCodes.length > 0)) {
    context.addIssue({ code: 'custom', path: ['Stage'], message: 'analysis.scopeRequired' });
  }
  if (!value.StartDate && !value.EndDate) {
    context.addIssue({ code: 'custom', path: ['StartDate'], message: 'analysis.dateRequired' });
  }
  checkAnalysisDates(value, context);
  if (
    value.RatingHigh !== null &&
    value.RatingHigh !== undefined &&
    value.RatingMiddle !== null &&
    value.RatingMiddle !== undefined &&
    value.RatingMiddle > value.RatingHigh
  ) {
    context.addIssue({ code: 'custom', path: ['RatingMiddle'], message: 'analysis.bandOrder' });
  }
}

export const analysisFilterSchema = z.object(analysisFilterShape).superRefine(checkAnalysisFilter);
export type AnalysisFilter = z.infer<typeof analysisFilterSchema>;

const projectRowSchema = z.object({
  ProjectId: z.string(),
  ProjectName: z.string(),
  Figures: figuresSchema,
  Rating: z.enum(RATING_LEVELS).nullable(),
});
export type ProjectPassRateRow = z.infer<typeof projectRowSchema>;

const itemRowSchema = z.object({
  ItemCode: z.string(),
  Name: z.string(),
  Figures: figuresSchema,
  Rating: z.enum(RATING_LEVELS).nullable(),
});
export type ItemFiguresRow = z.infer<typeof itemRowSchema>;

const dayRowSchema = z.object({ Day: z.string(), Figures: figuresSchema });

/** The inspection kind home takes when a call names no stage, inspection kind or item (as quality's page does). */
export const DEFAULT_INSPECTION_KIND = 'self' as const;
/** Days a period covers when a call gives no start date: the same on home and quality. */
export const ANALYSIS_DEFAULT_DAYS = 30;

export const APPLIED_FILTER_NAMES = [
  'ProjectId',
  'Stage',
  'InspectionKind',
  'MeasureKind',
  'ItemCodes',
  'StartDate',
  'EndDate',
  'TaskKind',
] as const;
export type AppliedFilterName = (typeof APPLIED_FILTER_NAMES)[number];

/**
 * Every filter a figure was computed with, the server's defaults included (issue 28 item 3): null or
 * empty means "all". `Defaults` names the filters the server filled in because the call left them out.
 */
export const appliedFiltersSchema = z.object({
  ProjectId: z.string().nullable(),
  Stage: z.enum(STAGES).nullable(),
  InspectionKind: z.enum(INSPECTION_KINDS).nullable(),
  MeasureKind: z.enum(MEASURE_KINDS).nullable(),
  /** null: both kinds. */
  TaskKind: z.enum(TASK_KINDS).nullable(),
  ItemCodes: z.array(z.string()),
  StartDate: z.string(),
  EndDate: z.string(),
  Defaults: z.array(z.enum(APPLIED_FILTER_NAMES)),
});
export type AppliedFilters = z.infer<typeof appliedFiltersSchema>;

/**
 * Figures per measure kind, side by side with the total (issue 28 item 6): a re-measure checks again
 * households a first measure already counted, so these rows are never added up as other households.
 */
const measureKindRowSchema = z.object({ MeasureKind: z.enum(MEASURE_KINDS), Figures: figuresSchema });

export const qualityAnalysisSchema = z.object({
  Figures: figuresSchema,
  Rating: z.enum(RATING_LEVELS).nullable(),
  ByStage: z.array(z.object({ Stage: z.enum(STAGES), Figures: figuresSchema })),
  ByInspectionKind: z.array(z.object({ InspectionKind: z.enum(INSPECTION_KINDS), Figures: figuresSchema })),
  /** Measure kinds with readings, in MEASURE_KINDS order. */
  ByMeasureKind: z.array(measureKindRowSchema),
  AppliedFilters: appliedFiltersSchema,
  /** Worst first: ascending pass rate, items without one last. */
  ByItem: z.array(itemRowSchema),
  ByProject: z.array(projectRowSchema),
  /** One row per day that has readings, oldest first. */
  Trend: z.array(dayRowSchema),
});
export type QualityAnalysis = z.infer<typeof qualityAnalysisSchema>;

const floorRowSchema = z.object({ Floor: z.number().int(), Figures: figuresSchema });
export const buildingAnalysisSchema = z.object({
  ProjectId: z.string(),
  ProjectName: z.string(),
  Figures: figuresSchema,
  AppliedFilters: appliedFiltersSchema,
  Buildings: z.array(
    z.object({
      BuildingId: z.string(),
      BuildingNumber: z.string(),
      Figures: figuresSchema,
      /** Floors with readings, lowest first. */
      Floors: z.array(floorRowSchema),
    }),
  ),
});
export type BuildingAnalysis = z.infer<typeof buildingAnalysisSchema>;

export const statisticsSchema = z.object({
  StartDate: z.string(),
  EndDate: z.string(),
  Projects: z.number().int(),
  Figures: figuresSchema,
  Rating: z.enum(RATING_LEVELS).nullable(),
  /** Measure kinds with readings under the filters, in MEASURE_KINDS order. */
  ByMeasureKind: z.array(measureKindRowSchema),
  /** The filters of Figures, Trend, WorstItems and ByMeasureKind, defaults included. */
  AppliedFilters: appliedFiltersSchema,
  /** Tasks of the visible projects by state (all time). */
  Tasks: z.object(
    Object.fromEntries(TASK_STATES.map((state) => [state, z.number().int()])) as {
      [K in (typeof TASK_STATES)[number]]: z.ZodNumber;
    },
  ),
  /** Households with at least one judged reading in the current calendar month. */
  HouseholdsThisMonth: z.number().int(),
  Trend: z.array(dayRowSchema),
  WorstItems: z.array(itemRowSchema),
});
export type Statistics = z.infer<typeof statisticsSchema>;

const tag = 'analysis';
const FILTER_SUMMARY =
  'Filters: ProjectId, Stage, InspectionKind, MeasureKind, TaskKind (indoor | externalWall, default both), ItemCodes (at least one of Stage, InspectionKind, ' +
  'ItemCodes; an item of another stage than Stage is refused), StartDate/EndDate (YYYY-MM-DD, inclusive, at ' +
  'least one, at most 5 years, a missing start 30 days before the end; the reading day in Asia/Shanghai); ' +
  'AppliedFilters echoes them. Only projects the caller sees; cancelled tasks count nowhere. With ItemCodes, Sites and ' +
  'ExplodedSites count a site once per selected item measured there.';

export const ANALYSIS_PROJECT_ORDER = ['PassRate', 'Name', 'Total'] as const;

export const analysisRoutes = {
  getStatisticsData: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/GetStatisticsData',
    access: 'authenticated',
    tag,
    summary:
      'Home headline figures of the projects the caller sees: figures (also per measure kind), rating, tasks by ' +
      'state, households measured this month, the daily trend and the worst items over StartDate..EndDate ' +
      '(default: the last 30 days). Stage, InspectionKind, MeasureKind and ItemCodes filter as on quality; ' +
      'without a stage, inspection kind or item the inspection kind is self (as on quality), named in ' +
      'AppliedFilters.Defaults.',
    body: z
      .object({
        ProjectId: analysisFilterShape.ProjectId,
        Stage: analysisFilterShape.Stage,
        InspectionKind: analysisFilterShape.InspectionKind,
        MeasureKind: analysisFilterShape.MeasureKind,
        TaskKind: analysisFilterShape.TaskKind,
        ItemCodes: analysisFilterShape.ItemCodes,
        StartDate: taskDate,
        EndDate: taskDate,
      })
      .superRefine(checkAnalysisDates),
    result: statisticsSchema,
  }),
  getProjectOverallPassRatePage: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/GetProjectOverallPassRatePage',
    access: 'authenticated',
    tag,
    summary: `Pass rate per project, paged; OrderBy PassRate (default, ascending), Name or Total. ${FILTER_SUMMARY}`,
    body: z
      .object({
        ...analysisFilterShape,
        ...pageRequestShape,
        OrderBy: z.enum(ANALYSIS_PROJECT_ORDER).optional(),
      })
      .superRefine(checkAnalysisFilter),
    result: pageResultSchema(projectRowSchema),
  }),
  getQualityAnalysisData: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/GetSQualityAnalysisData',
    access: 'authenticated',
    tag,
    summary: `Quality: figures overall, per stage, inspection kind, item (worst first), project and day. ${FILTER_SUMMARY}`,
    body: analysisFilterSchema,
    result: qualityAnalysisSchema,
  }),
  getQualityAnalysisBuildingData: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/GetSQualityAnalysisBuildingData',
    access: 'authenticated',
    tag,
    summary: `Quality of one project per building and floor (ProjectId required). ${FILTER_SUMMARY}`,
    body: z.object({ ...analysisFilterShape, ProjectId: rules.uuid }).superRefine(checkAnalysisFilter),
    result: buildingAnalysisSchema,
  }),
  qualityDataToExcelFile: defineRoute({
    method: 'POST',
    path: '/api/ms/statis/QualityDataToExcelFile',
    access: 'authenticated',
    tag,
    summary: `The quality analysis as an .xlsx attachment (not an envelope): summary, stages, items, projects, days. ${FILTER_SUMMARY}`,
    body: analysisFilterSchema,
    result: z.null(),
    file: xlsxAttachment,
  }),
};
