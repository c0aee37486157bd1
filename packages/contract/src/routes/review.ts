import { z } from 'zod';
import { figuresSchema } from '../figures.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { pictureInline, svgImage } from './file-answers.ts';
import { grindingSchema } from './review.algorithm.ts';
import { measurePointsSchema } from './house-maps.measure-points.ts';
import { GRADE_NAMES } from './results.ts';
import { RESULT_LIMITS, RESULT_SOURCES } from './results.device.ts';
import { sitePlaceShape } from './tasks.ts';

/**
 * Reviewing a task's data (measurement-api.md section 4; spec mscReportData): one site with its
 * pictures, readings, grades and change trail; marking a value valid or invalid and correcting a
 * value (re-judged with the task's frozen standard, rollups moved in the same transaction); the plan
 * view of every household with its sites; auditing the task (uploaded -> completed, then every
 * change answers 423).
 */
export type GradeName = (typeof GRADE_NAMES)[number];

/** Fill colours of the grades on a labelled plan, in the browser and in the plan image alike. */
export const PLAN_GRADE_FILL: Record<GradeName | 'none', string> = {
  qualified: '#52c41a',
  warning: '#faad14',
  unqualified: '#fa8c16',
  exploded: '#ff4d4f',
  none: '#d9d9d9',
};
const PLAN_GRADE_RANK: Record<GradeName, number> = { qualified: 0, warning: 1, unqualified: 2, exploded: 3 };

/** The worst grade of some sites of a plan; null when none was judged. */
export function worstPlanGrade(sites: readonly { WorstGrade: GradeName | null }[]): GradeName | null {
  let found: GradeName | null = null;
  for (const site of sites) {
    if (site.WorstGrade && (found === null || PLAN_GRADE_RANK[site.WorstGrade] > PLAN_GRADE_RANK[found])) {
      found = site.WorstGrade;
    }
  }
  return found;
}

const pointIndex = z
  .number('validation.invalidValue')
  .int('validation.invalidValue')
  .min(1, 'review.pointIndexRange')
  .max(10_000_000, 'review.pointIndexRange');
const rulerIndex = z
  .number('validation.invalidValue')
  .int('validation.invalidValue')
  .min(0, 'review.rulerIndexRange')
  .max(RESULT_LIMITS.maxValuesPerSite, 'review.rulerIndexRange');
const coordinate = z.number('validation.invalidValue').min(-1e6).max(1e6);

export const rulerSchema = z.object({ X1: coordinate, Y1: coordinate, X2: coordinate, Y2: coordinate });
export type Ruler = z.infer<typeof rulerSchema>;

const siteRef = { TaskId: rules.uuid, PointIndex: pointIndex };
const valueRef = { ...siteRef, ItemCode: rules.requiredText(20), RulerIndex: rulerIndex };

export const reviewReadingSchema = z.object({
  ItemCode: z.string(),
  Name: z.string(),
  Values: z.array(z.number()),
  /** One per judged value (one per spot group in range mode); empty when not judged. */
  Grades: z.array(z.enum(GRADE_NAMES)),
  /** One per value: false for values a reviewer marked invalid (kept, counted nowhere). */
  Valid: z.array(z.boolean()),
  Rulers: z.array(rulerSchema).nullable(),
  DesignValue: z.number().nullable(),
  Figures: figuresSchema,
});
export type ReviewReading = z.infer<typeof reviewReadingSchema>;

export const CHANGE_KINDS = ['valid', 'value'] as const;
export const changeStateSchema = z.object({
  Value: z.number(),
  Valid: z.boolean(),
  Ruler: rulerSchema.nullable(),
});
export const siteChangeSchema = z.object({
  ChangeId: z.string(),
  Kind: z.enum(CHANGE_KINDS),
  ItemCode: z.string(),
  RulerIndex: z.number().int(),
  Before: changeStateSchema,
  After: changeStateSchema,
  UserId: z.string().nullable(),
  UserName: z.string(),
  ChangedAt: z.string(),
});
export type SiteChange = z.infer<typeof siteChangeSchema>;

export const reviewSiteSchema = z.object({
  TaskId: z.string(),
  PointIndex: z.number().int(),
  ...sitePlaceShape,
  StationId: z.string().nullable(),
  Name: z.string(),
  Surface: z.string().nullable(),
  AreaM2: z.number().nullable(),
  MeasuredAt: z.string(),
  Source: z.enum(RESULT_SOURCES),
  Version: z.number().int(),
  Pictures: z.array(z.object({ FileId: z.string(), Url: z.string(), AnnotatedUrl: z.string() })),
  Readings: z.array(reviewReadingSchema),
  Figures: figuresSchema,
  Changes: z.array(siteChangeSchema),
  /** Grinding per flatness item measured at the site (review.algorithm.ts); each has an algorithm image. */
  Grinding: z.array(grindingSchema),
  /** Whether the task still takes changes (not completed, not cancelled). */
  Editable: z.boolean(),
});
export type ReviewSite = z.infer<typeof reviewSiteSchema>;

/**
 * The other side of a re-measure: a site of the parent task the site re-measures (same household and
 * room, or same name without a room), or a site of a re-measure task that re-measures it.
 */
export const linkedSiteSchema = z.object({
  TaskId: z.string(),
  TaskName: z.string(),
  PointIndex: z.number().int(),
  Name: z.string(),
  MeasuredAt: z.string(),
  Figures: figuresSchema,
  Readings: z.array(reviewReadingSchema),
});
export type LinkedSite = z.infer<typeof linkedSiteSchema>;

/** GetMsPicDto: the site, plus what it re-measures (Before) and what re-measured it (After). */
export const reviewSiteViewSchema = reviewSiteSchema.extend({
  /** The original site this site of a re-measure task re-measures; null when none. */
  Before: linkedSiteSchema.nullable(),
  /** The sites of re-measure tasks (not cancelled) that re-measure this site, oldest task first. */
  After: z.array(linkedSiteSchema),
});
export type ReviewSiteView = z.infer<typeof reviewSiteViewSchema>;

export const planSiteSchema = z.object({
  PointIndex: z.number().int(),
  RoomId: z.string().nullable(),
  StationId: z.string().nullable(),
  Name: z.string(),
  /** The items measured at the site. */
  ItemCodes: z.array(z.string()),
  /** The worst grade of the site's valid judged values; null when nothing was judged. */
  WorstGrade: z.enum(GRADE_NAMES).nullable(),
  Figures: figuresSchema,
});
export const planHouseholdSchema = z.object({
  BuildingNumber: z.string(),
  Floor: z.number().int(),
  Household: z.number().int(),
  HouseMapId: z.string().nullable(),
  HouseMapName: z.string().nullable(),
  MapType: z.string().nullable(),
  /** The house type's floor area in m² (scales the plan to metres); null without a house type. */
  FloorArea: z.number().nullable(),
  MeasurePoints: measurePointsSchema,
  Sites: z.array(planSiteSchema),
});
export type PlanHousehold = z.infer<typeof planHouseholdSchema>;

const tag = 'review';

export const reviewRoutes = {
  getMsPicDto: defineRoute({
    method: 'POST',
    path: '/api/ms/Task/GetMsPicDto',
    access: 'authenticated',
    tag,
    summary:
      'One site of a task for review: its place, pictures (plain and annotated with the rulers and values), readings ' +
      'with grades and validity per value, figures and the change trail; Before: the original site a site of a ' +
      're-measure task re-measures, After: the re-measures of this site',
    body: z.object(siteRef),
    result: reviewSiteViewSchema,
  }),
  getPicture: defineRoute({
    method: 'GET',
    path: '/api/ms/Task/Picture/:TaskId/:PointIndex/:FileId',
    access: 'authenticated',
    tag,
    summary:
      'A picture of a site (the bytes, not an envelope), with the session; Annotated=true answers it with the ' +
      "site's rulers drawn in as lines with their values (PNG)",
    params: z.object({
      TaskId: rules.uuid,
      PointIndex: z.coerce.number('validation.invalidValue').pipe(pointIndex),
      FileId: z.string().trim().min(1).max(128),
    }),
    query: z.object({ Annotated: z.enum(['true', 'false']).optional() }),
    result: z.null(),
    file: pictureInline,
  }),
  updateRulerSetting: defineRoute({
    method: 'POST',
    path: '/api/ms/Task/UpdateRulerSetting',
    access: 'project.detail',
    tag,
    summary:
      'Mark one value (RulerIndex: 0-based index into the item Values) valid or invalid; the site is judged again ' +
      "with the task's frozen standard and the rollups move with it. Result: the site's new figures. Code 423 once " +
      'the task is completed',
    body: z.object({ ...valueRef, Valid: z.boolean('validation.invalidValue') }),
    result: figuresSchema,
  }),
  updateWallRuler: defineRoute({
    method: 'POST',
    path: '/api/ms/Task/UpdateWallRuler',
    access: 'project.detail',
    tag,
    summary:
      'Correct one value (and optionally move its ruler); the site is judged again and the rollups move with it. ' +
      "Result: the site's new figures. Code 423 once the task is completed",
    body: z.object({
      ...valueRef,
      Value: z
        .number('results.valueInvalid')
        .min(-RESULT_LIMITS.maxValue, 'results.valueRange')
        .max(RESULT_LIMITS.maxValue, 'results.valueRange'),
      Ruler: rulerSchema.nullish(),
    }),
    result: figuresSchema,
  }),
  auditTask: defineRoute({
    method: 'POST',
    path: '/api/ms/MsTask/AuditTask',
    access: 'project.publish',
    tag,
    summary:
      'Audit a task: uploaded -> completed (any other state: Code 409); afterwards its data is locked (423)',
    body: z.object({ TaskId: rules.uuid }),
    result: z.object({ TaskId: z.string(), State: z.literal('completed') }),
  }),
  getPlanViewLabelingImages: defineRoute({
    method: 'POST',
    path: '/api/ms/Task/GetPlanViewLabelingImages',
    access: 'authenticated',
    tag,
    summary:
      "Per household of the task: its house type, the plan's rooms and stations, and its sites with room, station, " +
      'worst grade and figures, to draw the plan labelled and coloured',
    body: z.object({ TaskId: rules.uuid }),
    result: z.array(planHouseholdSchema),
  }),
  planViewImage: defineRoute({
    method: 'POST',
    path: '/api/ms/Task/GetPlanViewLabelingImage',
    access: 'authenticated',
    tag,
    summary:
      "One household's plan as an image (SVG, not an envelope), for reports: each room filled with the worst grade " +
      'of its sites and labelled with its name and site count, the stations as dots, a legend of the grades',
    body: z.object({
      TaskId: rules.uuid,
      BuildingNumber: z.string().trim().min(1).max(32),
      Floor: z.number('validation.invalidValue').int('validation.invalidValue'),
      Household: z.number('validation.invalidValue').int('validation.invalidValue'),
    }),
    result: z.null(),
    file: svgImage,
  }),
};
