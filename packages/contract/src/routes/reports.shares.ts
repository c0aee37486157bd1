import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { defineRoute } from './define.ts';
import { reviewSiteSchema } from './review.ts';

/**
 * The public pages of a share besides its report (spec section 2, supplement area): one site with its
 * picture (`taskReportDetail`, spec GetShareMsPicDto / GetSharePointReport), the site's pictures, and
 * the report PDF itself (`pdfView`). The share id is the only key; an expired, revoked or unknown
 * share answers 404 like `GET /api/share/{ShareId}/Report`.
 */
export const sharedSiteSchema = reviewSiteSchema.omit({ Changes: true, Editable: true });
export type SharedSite = z.infer<typeof sharedSiteSchema>;

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
  }),
};
