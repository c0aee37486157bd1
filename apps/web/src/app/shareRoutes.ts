import type { RouteObject } from 'react-router';
import { prefetchSharedReport } from '../features/reports/sharedReportCache.ts';
import { currentLanguage } from '../shared/i18n/index.ts';
import { SUBSYSTEM } from '../shared/routing/paths.ts';
import { page, title } from './routePage.ts';

/** The public share pages (QR codes and links): no session, exempt from the sign-in redirect. */
export const shareRoutes: RouteObject[] = [
  {
    path: `${SUBSYSTEM.share}/taskReportList/:shareId`,
    // Opened from a QR code on a phone: the report loads while the page's code downloads.
    loader: ({ params }) => {
      prefetchSharedReport(params.shareId ?? '', currentLanguage()).catch(() => undefined);
      return null;
    },
    handle: title('layout:menu.sharedReport'),
    lazy: page(() => import('../features/reports/SharedReportPage.tsx')),
  },
  {
    path: `${SUBSYSTEM.share}/taskReportDetail/:shareId/:index`,
    handle: title('layout:menu.sharedSite'),
    lazy: page(() => import('../features/reports/SharedSitePage.tsx')),
  },
  {
    // three.js lives in the 3D pages' chunks only: the shared task's scans, else its rooms as boxes.
    path: `${SUBSYSTEM.share}/taskReportThreeDimensional/:shareId`,
    handle: title('layout:menu.sharedPlan3d'),
    lazy: page(() => import('../features/scans/SharedThreeDimensionalPage.tsx')),
  },
  {
    path: `${SUBSYSTEM.share}/modelTaskPreview/:shareId`,
    handle: title('layout:menu.sharedModelPreview'),
    lazy: page(() => import('../features/scans/SharedModelPreviewPage.tsx')),
  },
  {
    // One side of a shared external-wall task, opened on phones (plain elements, no antd).
    path: `${SUBSYSTEM.share}/externalWallTaskPreview/:shareId/:index`,
    handle: title('layout:menu.sharedExternalWall'),
    lazy: page(() => import('../features/external-walls/SharedExternalWallPage.tsx')),
  },
  {
    path: `${SUBSYSTEM.share}/tempRjReport/:shareId`,
    handle: title('layout:menu.sharedCompactReport'),
    lazy: page(() => import('../features/reports/TempReportPage.tsx')),
  },
  {
    path: `${SUBSYSTEM.share}/pdfView`,
    handle: title('layout:menu.sharedPdf'),
    lazy: page(() => import('../features/reports/PdfViewPage.tsx')),
  },
  {
    path: `${SUBSYSTEM.share}/verify/:code`,
    handle: title('layout:menu.verifyReport'),
    lazy: page(() => import('../features/reports/VerifyReportPage.tsx')),
  },
];
