import { reviewAlgorithmRoutes, reviewRoutes, reviewSeedRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { sendPrivateFile } from '../../core/file-reply.ts';
import { REPLY_SENT, registerRoute, type RouteHandler } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';

/** Reviewing a task's data: the site view, its pictures, value changes, the plan view and the audit. */
export function registerReviewRoutes(
  app: FastifyInstance,
  { review, reviewChanges, reviewAlgorithm }: Services,
): void {
  const site: RouteHandler<typeof reviewRoutes.getMsPicDto> = async ({ body, user, request }) =>
    review.site(user, body.TaskId, body.PointIndex, request.lang);
  registerRoute(app, reviewRoutes.getMsPicDto, site);
  registerRoute(app, reviewSeedRoutes.msTaskGetMsPicDto, site);
  registerRoute(app, reviewRoutes.getPicture, async ({ params, query, user, reply }) => {
    const picture = await review.picture(user, params, query.Annotated === 'true');
    await sendPrivateFile(reply, picture);
    return REPLY_SENT;
  });
  registerRoute(app, reviewAlgorithmRoutes.showVerHor, async ({ body, user, reply }) => {
    const picture = await review.picture(user, body, true, {
      vertical: body.Vertical,
      horizontal: body.Horizontal,
    });
    await sendPrivateFile(reply, picture);
    return REPLY_SENT;
  });
  const redraw: RouteHandler<typeof reviewAlgorithmRoutes.redrawPicture> = async ({ body, user, reply }) => {
    const picture = await review.picture(user, body, true);
    await sendPrivateFile(reply, picture);
    return REPLY_SENT;
  };
  registerRoute(app, reviewAlgorithmRoutes.redrawPicture, redraw);
  registerRoute(app, reviewSeedRoutes.msTaskRedrawPicture, redraw);
  registerRoute(app, reviewRoutes.updateRulerSetting, async ({ body, user, setMessage }) => {
    const figures = await reviewChanges.setValid(user, body);
    setMessage('review.rulerSaved');
    return figures;
  });
  registerRoute(app, reviewRoutes.updateWallRuler, async ({ body, user, setMessage }) => {
    const figures = await reviewChanges.correctValue(user, body);
    setMessage('review.valueSaved');
    return figures;
  });
  registerRoute(app, reviewRoutes.auditTask, async ({ body, user, setMessage }) => {
    const audited = await review.audit(user, body.TaskId);
    setMessage('review.audited');
    return audited;
  });
  registerRoute(app, reviewRoutes.getPlanViewLabelingImages, async ({ body, user }) =>
    review.planView(user, body.TaskId),
  );
  registerRoute(app, reviewRoutes.planViewImage, async ({ body, user, request, reply }) => {
    const svg = await review.planViewImage(user, body, request.lang);
    await reply
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('image/svg+xml; charset=utf-8')
      // A Buffer, not a string: strings are sent as the JSON envelope.
      .send(Buffer.from(svg, 'utf8'));
    return REPLY_SENT;
  });
  registerRoute(app, reviewAlgorithmRoutes.genAlgorithmImage, async ({ body, user, reply }) => {
    const image = await reviewAlgorithm.image(user, body);
    reply
      .header('X-Algorithm-Source', image.source)
      // How much the map stands on: the rulers it is interpolated from, or the cloud points drawn.
      .header(
        image.rulers === null ? 'X-Algorithm-Points' : 'X-Algorithm-Rulers',
        image.rulers ?? image.points ?? 0,
      );
    await sendPrivateFile(reply, {
      data: image.png,
      contentType: 'image/png',
      fileName: `algorithm-${body.PointIndex}-${body.ItemCode}.png`,
    });
    return REPLY_SENT;
  });
  registerRoute(app, reviewAlgorithmRoutes.getTaskGrinding, async ({ body, user, request }) =>
    reviewAlgorithm.taskGrinding(user, body.TaskId, request.lang),
  );
}
