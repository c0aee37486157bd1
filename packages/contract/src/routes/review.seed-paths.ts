import { defineRoute } from './define.ts';
import { reviewAlgorithmRoutes } from './review.algorithm.ts';
import { reviewRoutes } from './review.ts';

/**
 * The seed's own paths of two review calls (spec section 7 lists both /api/ms/Task/… and
 * /api/ms/MsTask/…): the same input, answer and handler as their twins.
 */
export const reviewSeedRoutes = {
  msTaskGetMsPicDto: defineRoute({
    ...reviewRoutes.getMsPicDto,
    path: '/api/ms/MsTask/GetMsPicDto',
    summary: 'The seed path of Task/GetMsPicDto (same input and answer): one site of a task for review',
  }),
  msTaskRedrawPicture: defineRoute({
    ...reviewAlgorithmRoutes.redrawPicture,
    path: '/api/ms/MsTask/RedrawPicture',
    summary: "The seed path of Task/RedrawPicture (same input and answer): a site's picture drawn again",
  }),
};
