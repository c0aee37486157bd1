import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { getBasename, loginPathFor, SUBSYSTEM } from '../shared/routing/paths.ts';
import { cloudIndex, leaveSessionOnLogin, requireSession } from './guards.ts';
import { InitialLoading, RootLayout } from './RootLayout.tsx';
import { RouteError } from './RouteError.tsx';
import { followVisitedPages, SHELL_ROUTE_ID } from '../features/layout/followVisitedPages.ts';
import { floorPlanLoader } from '../features/house-maps/planPrefetch.ts';
import { page, title } from './routePage.ts';
import { shareRoutes } from './shareRoutes.ts';

const notFound = page(() => import('../features/layout/NotFoundPage.tsx'));
const toCloudLogin = () => redirect(loginPathFor(SUBSYSTEM.cloud));
/** Redirect-only routes: their loader always navigates away, so there is nothing to render. */
const Nothing = () => null;

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: InitialLoading,
    ErrorBoundary: RouteError,
    children: [
      { index: true, loader: toCloudLogin, Component: Nothing },
      { path: 'login', loader: toCloudLogin, Component: Nothing },
      {
        path: SUBSYSTEM.cloud,
        children: [
          { index: true, loader: cloudIndex, Component: Nothing },
          {
            path: 'login',
            loader: leaveSessionOnLogin,
            handle: title('auth:login.title'),
            lazy: page(() => import('../features/auth/LoginPage.tsx')),
          },
          {
            id: SHELL_ROUTE_ID,
            loader: requireSession,
            // Re-check on every navigation: the session can end at any time (401, other tab).
            shouldRevalidate: () => true,
            lazy: page(() => import('../features/layout/AppShell.tsx')),
            children: [
              {
                path: 'mscProjectList',
                handle: title('layout:menu.mscProjectList'),
                lazy: page(() => import('../features/reports/ReportProjectsPage.tsx')),
              },
              {
                path: 'mscProjectReports',
                handle: title('layout:menu.mscProjectReports'),
                lazy: page(() => import('../features/reports/ProjectReportsPage.tsx')),
              },
              {
                path: 'consoleCompanies',
                handle: title('layout:menu.consoleCompanies'),
                lazy: page(() => import('../features/operator-console/CompaniesPage.tsx')),
              },
              {
                path: 'consoleGates',
                handle: title('layout:menu.consoleGates'),
                lazy: page(() => import('../features/operator-console/GatesPage.tsx')),
              },
              {
                path: 'consoleDevices',
                handle: title('layout:menu.consoleDevices'),
                lazy: page(() => import('../features/operator-console/DevicesPage.tsx')),
              },
              {
                path: 'consoleOrders',
                handle: title('layout:menu.consoleOrders'),
                lazy: page(() => import('../features/operator-console/OrdersPage.tsx')),
              },
              {
                path: 'projectList',
                handle: title('layout:menu.projectList'),
                lazy: page(() => import('../features/projects/ProjectListPage.tsx')),
              },
              {
                path: 'projectDetail',
                handle: title('layout:menu.projectDetail'),
                lazy: page(() => import('../features/projects/ProjectDetailPage.tsx')),
              },
              {
                path: 'standardManageUCDetail',
                handle: title('layout:menu.standardManageUCDetail'),
                lazy: page(() => import('../features/project-standards/ProjectStandardsPage.tsx')),
              },
              {
                path: 'standardTypePage',
                handle: title('layout:menu.standardTypePage'),
                lazy: page(() => import('../features/project-standards/StageStandardPage.tsx')),
              },
              {
                path: 'pointTypeDetail',
                handle: title('layout:menu.pointTypeDetail'),
                lazy: page(() => import('../features/project-standards/PointTypeDetailPage.tsx')),
              },
              {
                path: 'floorPlanEditorDetail',
                // The plan, its details and the viewer's code load while the page's code downloads.
                loader: floorPlanLoader,
                handle: title('layout:menu.floorPlanEditorDetail'),
                lazy: page(() => import('../features/house-maps/FloorPlanEditorPage.tsx')),
              },
              {
                path: 'projectUser',
                handle: title('layout:menu.projectUser'),
                lazy: page(() => import('../features/projects/ProjectUserPage.tsx')),
              },
              {
                path: 'floorPlan',
                handle: title('layout:menu.floorPlan'),
                lazy: page(() => import('../features/projects/FloorPlanPage.tsx')),
              },
              {
                path: 'designValueTemplate',
                handle: title('layout:menu.designValueTemplate'),
                lazy: page(() => import('../features/templates/DesignValueTemplatePage.tsx')),
              },
              {
                path: 'algorithmTemplateDetail',
                handle: title('layout:menu.algorithmTemplateDetail'),
                lazy: page(() => import('../features/templates/AlgorithmTemplatePage.tsx')),
              },
              {
                path: 'standardManage',
                handle: title('layout:menu.standardManage'),
                lazy: page(() => import('../features/standards/StandardLibraryPage.tsx')),
              },
              {
                path: 'measureRuleManage',
                handle: title('layout:menu.measureRuleManage'),
                lazy: page(() => import('../features/standards/MeasureRulePage.tsx')),
              },
              {
                path: 'mscUser',
                handle: title('layout:menu.mscUser'),
                lazy: page(() => import('../features/user-admin/UserListPage.tsx')),
              },
              {
                path: 'mscUserCreate',
                handle: title('layout:menu.mscUserCreate'),
                lazy: page(() => import('../features/user-admin/UserFormPage.tsx')),
              },
              {
                path: 'TaskExcuse',
                handle: title('layout:menu.TaskExcuse'),
                lazy: page(() => import('../features/tasks/TaskExecutionPage.tsx')),
              },
              {
                path: 'taskManage',
                handle: title('layout:menu.taskManage'),
                lazy: page(() => import('../features/tasks/TaskDispatchPage.tsx')),
              },
              {
                path: 'taskCenter',
                handle: title('layout:menu.taskCenter'),
                lazy: page(() => import('../features/tasks/TaskCenterPage.tsx')),
              },
              {
                path: 'taskDetail',
                handle: title('layout:menu.taskDetail'),
                lazy: page(() => import('../features/tasks/TaskDetailPage.tsx')),
              },
              {
                path: 'mscReportData',
                handle: title('layout:menu.mscReportData'),
                lazy: page(() => import('../features/review/TaskDataPage.tsx')),
              },
              {
                path: 'modelTaskData',
                handle: title('layout:menu.modelTaskData'),
                lazy: page(() => import('../features/scans/ModelTaskDataPage.tsx')),
              },
              {
                path: 'externalWallTaskManage',
                handle: title('layout:menu.externalWallTaskManage'),
                lazy: page(() => import('../features/external-walls/ExternalWallTasksPage.tsx')),
              },
              {
                path: 'taskDetailExternalWall',
                handle: title('layout:menu.taskDetailExternalWall'),
                lazy: page(() => import('../features/external-walls/ExternalWallTaskPage.tsx')),
              },
              {
                path: 'mscPointCloudData',
                handle: title('layout:menu.mscPointCloudData'),
                lazy: page(() => import('../features/scans/PointCloudPage.tsx')),
              },
              {
                path: 'dataPool',
                handle: title('layout:menu.dataPool'),
                lazy: page(() => import('../features/results/DataPoolPage.tsx')),
              },
              {
                path: 'home',
                handle: title('layout:menu.home'),
                lazy: page(() => import('../features/analysis/HomePage.tsx')),
              },
              {
                path: 'mscQualityAnalysis',
                handle: title('layout:menu.mscQualityAnalysis'),
                lazy: page(() => import('../features/analysis/QualityAnalysisPage.tsx')),
              },
              {
                path: 'mscQualityAnalysisDetails',
                handle: title('layout:menu.mscQualityAnalysisDetails'),
                lazy: page(() => import('../features/analysis/QualityDetailsPage.tsx')),
              },
              {
                path: 'mscQualityAnalysisBuilding',
                handle: title('layout:menu.mscQualityAnalysisBuilding'),
                lazy: page(() => import('../features/analysis/QualityBuildingPage.tsx')),
              },
              {
                path: 'mscProgressAnalysis',
                handle: title('layout:menu.mscProgressAnalysis'),
                lazy: page(() => import('../features/analysis/ProgressAnalysisPage.tsx')),
              },
              {
                path: 'mscProgressAnalysisDetail',
                handle: title('layout:menu.mscProgressAnalysisDetail'),
                lazy: page(() => import('../features/analysis/ProgressDetailPage.tsx')),
              },
              {
                path: 'mscEfficacyAnalysis',
                handle: title('layout:menu.mscEfficacyAnalysis'),
                lazy: page(() => import('../features/analysis/EfficiencyAnalysisPage.tsx')),
              },
              {
                path: 'mscEfficacyAnalysisDetails',
                handle: title('layout:menu.mscEfficacyAnalysisDetails'),
                lazy: page(() => import('../features/analysis/EfficiencyDetailPage.tsx')),
              },
              {
                path: 'workOrder',
                handle: title('layout:menu.workOrder'),
                lazy: page(() => import('../features/work-orders/WorkOrderPage.tsx')),
              },
              {
                path: 'manualMeasure',
                handle: title('layout:menu.manualMeasure'),
                lazy: page(() => import('../features/results/ManualMeasurePage.tsx')),
              },
              {
                path: 'myDevices',
                handle: title('layout:menu.myDevices'),
                lazy: page(() => import('../features/devices/MyDevicesPage.tsx')),
              },
              {
                path: 'SKU',
                handle: title('layout:menu.SKU'),
                lazy: page(() => import('../features/devices/DeviceListPage.tsx')),
              },
              {
                path: 'viewDeviceDetail',
                handle: title('layout:menu.viewDeviceDetail'),
                lazy: page(() => import('../features/devices/DeviceDetailPage.tsx')),
              },
              {
                path: 'equipment',
                handle: title('layout:menu.equipment'),
                lazy: page(() => import('../features/devices/RobotsPage.tsx')),
              },
              {
                path: 'deviceUpdates',
                handle: title('layout:menu.deviceUpdates'),
                lazy: page(() => import('../features/devices/DeviceUpdatesPage.tsx')),
              },
              {
                path: 'orgManage',
                handle: title('layout:menu.orgManage'),
                lazy: page(() => import('../features/orgs/OrgManagePage.tsx')),
              },
              {
                path: 'permissionList',
                handle: title('layout:menu.permissionList'),
                lazy: page(() => import('../features/roles/PermissionListPage.tsx')),
              },
              {
                path: 'taskDataBackup',
                handle: title('layout:menu.taskDataBackup'),
                lazy: page(() => import('../features/data-backup/DataBackupPage.tsx')),
              },
              {
                path: 'aboug',
                handle: title('layout:menu.aboug'),
                lazy: page(() => import('../features/account/ProfilePage.tsx')),
              },
              {
                path: 'changePassword',
                handle: title('layout:menu.changePassword'),
                lazy: page(() => import('../features/account/ChangePasswordPage.tsx')),
              },
              {
                path: 'userManual',
                handle: title('layout:menu.userManual'),
                lazy: page(() => import('../features/manual/ManualPage.tsx')),
              },
              {
                path: 'messageList',
                handle: title('layout:menu.messageList'),
                lazy: page(() => import('../features/notifications/MessagesPage.tsx')),
              },
              {
                path: 'demoProjectList',
                handle: title('layout:menu.demoProjectList'),
                lazy: page(() => import('../features/demo-area/DemoProjectListPage.tsx')),
              },
              {
                path: 'demoTaskList',
                handle: title('layout:menu.demoTaskList'),
                lazy: page(() => import('../features/demo-area/DemoTaskListPage.tsx')),
              },
              {
                path: 'demoTaskDetail',
                handle: title('layout:menu.demoTaskDetail'),
                lazy: page(() => import('../features/demo-area/DemoTaskDetailPage.tsx')),
              },
              { path: '*', handle: title('common:notFound.title', true), lazy: notFound },
            ],
          },
        ],
      },
      // Public share pages: exempt from the sign-in redirect.
      ...shareRoutes,
      { path: `${SUBSYSTEM.share}/*`, handle: title('common:notFound.title'), lazy: notFound },
      { path: '*', handle: title('common:notFound.title'), lazy: notFound },
    ],
  },
];

export function createAppRouter() {
  const basename = getBasename();
  const router = createBrowserRouter(routes, { basename });
  followVisitedPages(router, basename);
  return router;
}
