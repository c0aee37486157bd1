import type { ModelPreview } from '@measure/contract';
import { Alert, Space, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { AntdProvider } from '../../shared/i18n/AntdProvider.tsx';
import { LanguageSwitch } from '../../shared/i18n/LanguageSwitch.tsx';
import { FigureLine } from '../reports/SharedReportPage.tsx';
import '../reports/i18n.ts';
import { preloadScanView, ScanPreview } from './ScanPreview.tsx';
import { scansToShow } from './viewer/sceneData.ts';
import './i18n.ts';

const NO_HEADERS = {};

export type SharedPreviewState =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; preview: ModelPreview };

/** The shared task's 3D preview (`/api/share/{ShareId}/ModelPreview`), read without a session. */
export function useSharedModelPreview(
  shareId: string,
  language: string,
  /** Load the 3D code alongside (the page always shows it; the 3D report may show boxes instead). */
  preload = true,
): SharedPreviewState {
  const [fetched, setFetched] = useState<{ key: string; preview: ModelPreview | null } | null>(null);
  const key = `${language}:${shareId}`;
  useEffect(() => {
    if (preload) preloadScanView();
    const controller = new AbortController();
    callApi(
      routes.scans.getSharedModelPreview,
      { ShareId: shareId },
      { signal: controller.signal, quiet: true },
    )
      .then((preview) => setFetched({ key, preview }))
      .catch(() => {
        if (!controller.signal.aborted) setFetched({ key, preview: null });
      });
    return () => controller.abort();
  }, [key, shareId, preload]);
  // Another language reads the preview again; the one shown stays until the new one arrives.
  if (!fetched || (fetched.key !== key && !fetched.preview)) return { state: 'loading' };
  return fetched.preview ? { state: 'ready', preview: fetched.preview } : { state: 'failed' };
}

/** Whether a shared preview has anything to draw in 3D (a ready cloud or model). */
export const hasReadyScans = (preview: ModelPreview) => scansToShow(preview.Scans).length > 0;

/**
 * The page frame of the 3D shares (phone first, no session): title, language, the shared scans with
 * their sites; a picked site shows its figures and opens the shared site page.
 */
export function SharedPreviewLayout(props: {
  shareId: string;
  title: string;
  loaded: SharedPreviewState;
  children?: ReactNode;
}) {
  const { shareId, title, loaded } = props;
  const { t } = useTranslation(['scans', 'reports']);
  const share = encodeURIComponent(shareId);
  return (
    <AntdProvider>
      <div style={{ maxWidth: 1100, margin: '0 auto', padding: 12 }}>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          <Space wrap>
            <Link to={`/supplement/taskReportList/${share}`}>{t('preview.reportList')}</Link>
            <LanguageSwitch size="small" />
          </Space>
        </Space>
        {loaded.state === 'loading' ? (
          <Spin />
        ) : loaded.state === 'failed' ? (
          <Alert type="warning" showIcon message={t('preview.notFound')} />
        ) : (
          <>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              {loaded.preview.TaskName}
            </Typography.Paragraph>
            <ScanPreview
              preview={loaded.preview}
              headers={NO_HEADERS}
              initialScanId={loaded.preview.FocusScanId}
              height="min(58vh, 600px)"
              siteDetail={(site) => (
                <Space direction="vertical" size={4} style={{ marginTop: 12 }}>
                  <FigureLine figures={site.Figures} />
                  <Link to={`/supplement/taskReportDetail/${share}/${site.PointIndex}`}>
                    {t('site.open')}
                  </Link>
                </Space>
              )}
            />
          </>
        )}
        {props.children}
      </div>
    </AntdProvider>
  );
}
