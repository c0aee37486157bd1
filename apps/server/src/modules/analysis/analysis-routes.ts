import { analysisRoutes, efficiencyRoutes, progressRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { downloadName } from '../../core/download-names.ts';
import { REPLY_SENT, registerRoute } from '../../core/register-route.ts';
import { sendWorkbook } from '../../core/file-reply.ts';
import type { Services } from '../../services.ts';
import { buildProgressSheet, buildQualitySheet } from './analysis-sheet.ts';
import { buildEfficiencyDaysSheet, buildEfficiencySheet } from './efficiency-sheet.ts';

/** Analysis (/api/ms/statis): home statistics and quality from the rollups, progress from tasks and sites. */
export function registerAnalysisRoutes(
  app: FastifyInstance,
  { analysis, progress, efficiency }: Services,
): void {
  // The big answers (a year's trend, every building's floors) have their serializer compiled.
  const compiledSerializer = { compiledSerializer: true };
  registerRoute(
    app,
    analysisRoutes.getStatisticsData,
    async ({ body, user, request }) => analysis.statistics(user, body, request.lang),
    compiledSerializer,
  );
  registerRoute(app, analysisRoutes.getProjectOverallPassRatePage, async ({ body, user }) =>
    analysis.projectPage(user, body),
  );
  registerRoute(
    app,
    analysisRoutes.getQualityAnalysisData,
    async ({ body, user, request }) => analysis.quality(user, body, request.lang),
    compiledSerializer,
  );
  registerRoute(
    app,
    analysisRoutes.getQualityAnalysisBuildingData,
    async ({ body, user }) => analysis.buildings(user, body),
    compiledSerializer,
  );
  registerRoute(app, analysisRoutes.qualityDataToExcelFile, async ({ body, user, request, reply }) => {
    const file = await buildQualitySheet(await analysis.quality(user, body, request.lang), request.lang);
    await sendWorkbook(reply, file, downloadName('qualityAnalysis', request.lang));
    return REPLY_SENT;
  });
  registerRoute(app, progressRoutes.getProjectProgressPageInfo, async ({ body, user }) =>
    progress.projectPage(user, body),
  );
  registerRoute(app, progressRoutes.getProjectProgressDetail, async ({ body, user }) =>
    progress.detail(user, body.ProjectId, body.Stage),
  );
  registerRoute(app, progressRoutes.getUserProgress, async ({ body, user }) => progress.users(user, body));
  registerRoute(app, progressRoutes.exportProgressToExcelFile, async ({ body, user, request, reply }) => {
    const file = await buildProgressSheet(await progress.projectRows(user, body), request.lang);
    await sendWorkbook(reply, file, downloadName('progress', request.lang));
    return REPLY_SENT;
  });
  registerRoute(app, efficiencyRoutes.getEfficiencySummaryData, async ({ body, user }) =>
    efficiency.summary(user, body),
  );
  const lists = [
    [efficiencyRoutes.getMsSPersonnelEfficiencyData, 'user'],
    [efficiencyRoutes.getUserEfficiencyList, 'user'],
    [efficiencyRoutes.getDeviceEfficiencyList, 'device'],
    [efficiencyRoutes.getProjectEfficiencyList, 'project'],
  ] as const;
  for (const [route, subject] of lists) {
    registerRoute(app, route, async ({ body, user }) => efficiency.list(user, subject, body));
  }
  const details = [
    [efficiencyRoutes.getUserEfficiencyDetail, 'user'],
    [efficiencyRoutes.getDeviceEfficiencyDetail, 'device'],
    [efficiencyRoutes.getProjectEfficiencyDetail, 'project'],
  ] as const;
  for (const [route, subject] of details) {
    registerRoute(app, route, async ({ body, user }) => efficiency.detail(user, subject, body));
  }
  registerRoute(app, efficiencyRoutes.efficiencyDataToExcelFile, async ({ body, user, request, reply }) => {
    const rows = await efficiency.list(user, body.Subject, body);
    const file = await buildEfficiencySheet(rows, body.Subject, request.lang);
    await sendWorkbook(reply, file, downloadName('efficiency', request.lang));
    return REPLY_SENT;
  });
  registerRoute(
    app,
    efficiencyRoutes.downloadEfficiencySummaryData,
    async ({ body, user, request, reply }) => {
      const summary = await efficiency.summary(user, body);
      const file = await buildEfficiencyDaysSheet(summary.ByDay, request.lang);
      await sendWorkbook(reply, file, downloadName('efficiencyPerDay', request.lang));
      return REPLY_SENT;
    },
  );
}
