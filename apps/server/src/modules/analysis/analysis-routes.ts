import { analysisRoutes, progressRoutes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { REPLY_SENT, registerRoute } from '../../core/register-route.ts';
import { sendWorkbook } from '../../core/xlsx-reply.ts';
import type { Services } from '../../services.ts';
import { buildProgressSheet, buildQualitySheet } from './analysis-sheet.ts';

/** Analysis (/api/ms/statis): home statistics and quality from the rollups, progress from tasks and sites. */
export function registerAnalysisRoutes(app: FastifyInstance, { analysis, progress }: Services): void {
  registerRoute(app, analysisRoutes.getStatisticsData, async ({ body, user, request }) =>
    analysis.statistics(user, body, request.lang),
  );
  registerRoute(app, analysisRoutes.getProjectOverallPassRatePage, async ({ body, user }) =>
    analysis.projectPage(user, body),
  );
  registerRoute(app, analysisRoutes.getQualityAnalysisData, async ({ body, user, request }) =>
    analysis.quality(user, body, request.lang),
  );
  registerRoute(app, analysisRoutes.getQualityAnalysisBuildingData, async ({ body, user }) =>
    analysis.buildings(user, body),
  );
  registerRoute(app, analysisRoutes.qualityDataToExcelFile, async ({ body, user, request, reply }) => {
    const file = await buildQualitySheet(await analysis.quality(user, body, request.lang), request.lang);
    const name = request.lang === 'zh-CN' ? '质量分析.xlsx' : 'quality-analysis.xlsx';
    await sendWorkbook(reply, file, 'quality-analysis.xlsx', name);
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
    const name = request.lang === 'zh-CN' ? '进度分析.xlsx' : 'progress.xlsx';
    await sendWorkbook(reply, file, 'progress.xlsx', name);
    return REPLY_SENT;
  });
}
