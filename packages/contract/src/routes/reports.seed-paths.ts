import { defineRoute } from './define.ts';
import { reportSharesRoutes } from './reports.shares.ts';
import { reportsRoutes } from './reports.ts';

const { getSharedSite } = reportSharesRoutes;
const { getSharedReport } = reportsRoutes;

/**
 * The seed's own paths of report calls (spec section 7): each answers exactly as its twin. The two
 * share reads take the twin's path parameters as a POST body, as the seed sends them.
 */
export const reportSeedRoutes = {
  taskUpdateReport: defineRoute({
    ...reportsRoutes.retryReport,
    path: '/api/ms/Task/UpdateReport',
    summary: "The seed path of statis/RetryReport (same input and answer): render a task's report again",
  }),
  reportGetList: defineRoute({
    ...reportsRoutes.getReportList,
    path: '/api/ms/Report/GetList',
    summary: 'The seed path of statis/GetReportList (same input and answer): the reports the caller sees',
  }),
  msTaskGetShareMsPicDto: defineRoute({
    method: 'POST',
    path: '/api/ms/MsTask/GetShareMsPicDto',
    access: getSharedSite.access,
    tag: getSharedSite.tag,
    summary:
      'The seed path of GET /api/share/{ShareId}/Sites/{PointIndex} (same answer; ShareId and PointIndex in ' +
      'the body): one site of a shared task without a session',
    body: getSharedSite.params,
    result: getSharedSite.result,
  }),
  msTaskGetSharePointReport: defineRoute({
    method: 'POST',
    path: '/api/ms/MsTask/GetSharePointReport',
    access: getSharedReport.access,
    tag: getSharedReport.tag,
    summary:
      'The seed path of GET /api/share/{ShareId}/Report (same answer; ShareId in the body): a shared ' +
      "task's report without a session",
    body: getSharedReport.params,
    result: getSharedReport.result,
  }),
};
