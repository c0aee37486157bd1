import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { defineRoute } from './define.ts';
import { pictureInline, sharedPdf } from './file-answers.ts';
import { figuresSchema } from '../figures.ts';
import { GRADE_NAMES } from './results.ts';
import { reviewSiteSchema } from './review.ts';

/**
 * The public pages of a share besides its report (spec section 2, supplement area): one site with its
 * picture (`taskReportDetail`, spec GetShareMsPicDto / GetSharePointReport), the site's pictures, and
 * the report PDF itself (`pdfView`). The share id is the only key; an expired, revoked or unknown
 * share answers 404 like `GET /api/share/{ShareId}/Report`.
 */
export const sharedSiteSchema = reviewSiteSchema.omit({ Changes: true, Editable: true });
export type SharedSite = z.infer<typeof sharedSiteSchema>;

/**
 * One measured household of a shared task for the 3D view (`taskReportThreeDimensional`): its house
 * type's rooms (polygons in plan units; `FloorArea` in m² lets the page scale them to metres) and its
 * sites with their room and worst grade (the review's plan view, without stations, points and item codes).
 */
export const sharedPlanHouseholdSchema = z.object({
  BuildingNumber: z.string(),
  Floor: z.number().int(),
  Household: z.number().int(),
  HouseMapName: z.string().nullable(),
  /** 'image' (y grows downwards) or 'dxf' (y grows upwards); null without a house type. */
  MapType: z.string().nullable(),
  /** The house type's floor area in m²; null without a house type. */
  FloorArea: z.number().nullable(),
  Rooms: z.array(
    z.object({
      Id: z.string(),
      Name: z.string().nullable(),
      Polygon: z.array(z.object({ X: z.number(), Y: z.number() })),
    }),
  ),
  Sites: z.array(
    z.object({
      PointIndex: z.number().int(),
      RoomId: z.string().nullable(),
      Name: z.string(),
      WorstGrade: z.enum(GRADE_NAMES).nullable(),
      Figures: figuresSchema,
    }),
  ),
});
export type SharedPlanHousehold = z.infer<typeof sharedPlanHouseholdSchema>;

const shareId = z.string().trim().min(1).max(100);
const pointIndex = z.coerce
  .number('validation.invalidValue')
  .int('validation.invalidValue')
  .min(1, 'validation.invalidValue')
  .max(1_000_000, 'validation.invalidValue');
const tag = 'reports';

export const reportSharesRoutes = {
  getSharedSite: defineRoute({
    method: 'GET',
    path: '/api/share/:ShareId/Sites/:PointIndex',
    access: 'public',
    tag,
    summary:
      "One site of a shared task without a session (GetShareMsPicDto): place, readings with grades, figures and the share's " +
      'picture addresses; no change trail. Closed or unknown share: 404; unknown site: 400 on PointIndex',
    params: z.object({ ShareId: shareId, PointIndex: pointIndex }),
    result: sharedSiteSchema,
  }),
  getSharedPicture: defineRoute({
    method: 'GET',
    path: '/api/share/:ShareId/Picture/:PointIndex/:FileId',
    access: 'public',
    tag,
    summary:
      "A picture of a shared task's site (the bytes); Annotated=true draws the rulers and values in. Closed share or a " +
      'picture the site does not name: 404',
    params: z.object({ ShareId: shareId, PointIndex: pointIndex, FileId: z.string().trim().min(1).max(128) }),
    query: z.object({ Annotated: z.enum(['true', 'false']).optional() }),
    result: z.null(),
    file: pictureInline,
  }),
  getSharedPlan: defineRoute({
    method: 'GET',
    path: '/api/share/:ShareId/Plan',
    access: 'public',
    tag,
    summary:
      "The measured households of a shared task with their house type's rooms and their sites' worst grades " +
      '(taskReportThreeDimensional, the review plan view). Closed or unknown share: 404',
    params: z.object({ ShareId: shareId }),
    result: z.array(sharedPlanHouseholdSchema),
  }),
  getSharedPdf: defineRoute({
    method: 'GET',
    path: '/api/share/:ShareId/Pdf',
    access: 'public',
    tag,
    summary:
      "The shared task's report PDF in the viewer's language (Lang, else Accept-Language), inline (pdfView); Download=true as an attachment. Closed share or no ready report: 404",
    params: z.object({ ShareId: shareId }),
    query: z.object({ Download: z.enum(['true', 'false']).optional(), Lang: z.enum(LANGUAGES).optional() }),
    result: z.null(),
    file: sharedPdf,
  }),
};
