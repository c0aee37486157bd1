import {
  reportProjectsRoutes,
  reportSeedRoutes,
  reportSharesRoutes,
  reportsRoutes,
  reportVerifyRoutes,
} from '@measure/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendPrivateFile } from '../../core/file-reply.ts';
import { REPLY_SENT, registerRoute, type RouteHandler } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Reports: the verification of a printed report, the landing page's projects, read marks, the project summary, the list, download addresses and their files, deleting, rendering again, shares. */
export function registerReportsRoutes(
  app: FastifyInstance,
  { reports, reportProjects, reportShares, reportVerify }: Services,
): void {
  registerRoute(app, reportVerifyRoutes.getReportVerification, async ({ params }) =>
    reportVerify.verify(params.Code),
  );
  registerRoute(app, reportSharesRoutes.getSharedSite, async ({ params, request }) =>
    reportShares.site(params.ShareId, params.PointIndex, request.lang),
  );
  registerRoute(app, reportSeedRoutes.msTaskGetShareMsPicDto, async ({ body, request }) =>
    reportShares.site(body.ShareId, body.PointIndex, request.lang),
  );
  registerRoute(app, reportSharesRoutes.getSharedPicture, async ({ params, query, reply }) => {
    const picture = await reportShares.picture(params.ShareId, params, query.Annotated === 'true');
    await sendPrivateFile(reply, picture);
    return REPLY_SENT;
  });
  registerRoute(app, reportSharesRoutes.getSharedPlan, async ({ params }) =>
    reportShares.plan(params.ShareId),
  );
  // The PDF in the share viewer's language: the page's choice (Lang), else Accept-Language.
  registerRoute(app, reportSharesRoutes.getSharedPdf, async ({ params, query, reply, request }) => {
    const pdf = await reportShares.pdf(params.ShareId, query.Lang ?? request.lang);
    await sendPrivateFile(
      reply,
      { data: pdf.data, contentType: 'application/pdf', fileName: pdf.fileName },
      query.Download === 'true' ? 'attachment' : 'inline',
    );
    return REPLY_SENT;
  });
  registerRoute(app, reportProjectsRoutes.getReportProjectList, async ({ body, user, request }) =>
    reportProjects.projects(user, body, request.lang),
  );
  registerRoute(app, reportProjectsRoutes.userIsReadedTask, async ({ body, user }) =>
    reportProjects.markRead(user, body.TaskId),
  );
  registerRoute(app, reportProjectsRoutes.getSummaryReport, async ({ body, user, request }) =>
    reportProjects.summary(user, body, request.lang),
  );
  const list: RouteHandler<typeof reportsRoutes.getReportList> = async ({ body, user, request }) =>
    reports.list(user, body, request.lang);
  registerRoute(app, reportsRoutes.getReportList, list);
  registerRoute(app, reportSeedRoutes.reportGetList, list);
  // The address answers the files in the requester's language (Accept-Language), Chinese by default.
  registerRoute(app, reportsRoutes.downloadReport, async ({ body, user, request }) =>
    reports.download(user, body.ReportIds, body.Format, originOf(request), request.lang),
  );
  registerRoute(app, reportsRoutes.reportFile, async ({ params, reply }) => {
    const file = await reports.file(params.Token);
    await sendPrivateFile(reply, file, 'attachment');
    return REPLY_SENT;
  });
  registerRoute(app, reportsRoutes.batchDeleteReport, async ({ body, user, setMessage }) => {
    const deleted = await reports.delete(user, body.ReportIds);
    setMessage('reports.deleted');
    return deleted;
  });
  const retry: RouteHandler<typeof reportsRoutes.retryReport> = async ({
    body,
    user,
    setMessage,
    request,
  }) => {
    const row = await reports.retry(user, body.TaskId, request.lang);
    setMessage('reports.retried');
    return row;
  };
  registerRoute(app, reportsRoutes.retryReport, retry);
  registerRoute(app, reportSeedRoutes.taskUpdateReport, retry);
  registerRoute(app, reportsRoutes.sharingReport, async ({ body, user, request, setMessage }) => {
    const share = await reports.share(
      user,
      body.TaskId,
      body.ExpiresInDays,
      originOf(request),
      body.ScanId ?? null,
    );
    setMessage('reports.shared');
    return share;
  });
  registerRoute(app, reportsRoutes.getReportShares, async ({ body, user, request }) =>
    reports.shares(user, body.TaskId, originOf(request)),
  );
  registerRoute(app, reportsRoutes.revokeShare, async ({ body, user, setMessage }) => {
    const revoked = await reports.revoke(user, body.ShareId);
    setMessage('reports.revoked');
    return revoked;
  });
  registerRoute(app, reportsRoutes.getSharedReport, async ({ params, request }) =>
    reports.shared(params.ShareId, request.lang),
  );
  registerRoute(app, reportSeedRoutes.msTaskGetSharePointReport, async ({ body, request }) =>
    reports.shared(body.ShareId, request.lang),
  );
}
