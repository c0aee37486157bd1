import { LeftOutlined, RightOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Spin, Typography } from 'antd';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buildUrl } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { AntdProvider } from '../../shared/i18n/AntdProvider.tsx';
import { LanguageSwitch } from '../../shared/i18n/LanguageSwitch.tsx';
import { openSharedPdf, renderPage } from './pdfDocument.ts';
import { useSharedReport } from './sharedReportCache.ts';
import './i18n.ts';

const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3];

/**
 * `/supplement/pdfView?share=<ShareId>` (no sign-in): the shared task's report PDF in the page's language drawn by pdf.js
 * (its own chunk, worker bundled), one page at a time on a canvas as wide as the screen, with paging,
 * zoom, a download link and the report's SHA-256; a closed share or a report not ready yet shows the
 * notice instead.
 */
export default function PdfViewPage() {
  const { t, i18n } = useTranslation('reports');
  const shareId = useSearchParams()[0].get('share') ?? '';
  // The PDF in the page's language (a report is rendered in both), whose SHA-256 the share page shows.
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const url = buildUrl(routes.reports.getSharedPdf, { ShareId: shareId, Lang: lang });
  const { report } = useSharedReport(shareId, i18n.language);
  const [loaded, setLoaded] = useState<{ url: string; document: PDFDocumentProxy | null } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let opened: PDFDocumentProxy | null = null;
    openSharedPdf(url, controller.signal)
      .then((document) => {
        opened = document;
        if (controller.signal.aborted) void document?.destroy();
        else setLoaded({ url, document });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ url, document: null });
      });
    return () => {
      controller.abort();
      void opened?.destroy();
    };
  }, [url]);
  const current = loaded?.url === url ? loaded : undefined;
  const document = current?.document ?? null;
  const state = !current ? 'checking' : document ? 'ready' : 'failed';
  const pages = document?.numPages ?? 0;
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState(1);
  const [width, setWidth] = useState(0);
  const [drawn, setDrawn] = useState<{ key: string; ok: boolean } | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const page = Math.min(Math.max(1, pageNumber), Math.max(1, pages));

  // The drawing width follows the screen (a phone turned, a window resized).
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [state]);

  const key = `${page}/${zoom}/${width}`;
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!document || !canvas || width === 0) return;
    const controller = new AbortController();
    renderPage(document, page, canvas, { cssWidth: width, zoom }, controller.signal)
      .then(() => {
        if (!controller.signal.aborted) setDrawn({ key, ok: true });
      })
      .catch(() => {
        if (!controller.signal.aborted) setDrawn({ key, ok: false });
      });
    return () => controller.abort();
  }, [document, page, zoom, width, key]);
  const zoomIndex = ZOOMS.indexOf(zoom);

  return (
    <AntdProvider>
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          height: '100vh',
          padding: 8,
          boxSizing: 'border-box',
          gap: 8,
        }}
      >
        <Space style={{ justifyContent: 'space-between' }} wrap>
          <Typography.Text strong>{t('pdf.title')}</Typography.Text>
          <Space wrap>
            {state === 'ready' && (
              <a
                href={buildUrl(routes.reports.getSharedPdf, {
                  ShareId: shareId,
                  Download: 'true',
                  Lang: lang,
                })}
              >
                {t('pdf.download')}
              </a>
            )}
            <Link to={`/supplement/taskReportList/${encodeURIComponent(shareId)}`}>{t('pdf.back')}</Link>
            <LanguageSwitch size="small" />
          </Space>
        </Space>
        {state === 'checking' && <Spin />}
        {state === 'failed' && <Alert type="warning" showIcon message={t('pdf.notReady')} />}
        {state === 'ready' && (
          <>
            <Space wrap style={{ justifyContent: 'space-between' }}>
              <Space size={4}>
                <Button
                  size="small"
                  icon={<LeftOutlined />}
                  aria-label={t('pdf.previous')}
                  disabled={page <= 1}
                  onClick={() => setPageNumber(page - 1)}
                />
                <Typography.Text data-testid="pdf-page-count">
                  {t('pdf.page', { page, pages })}
                </Typography.Text>
                <Button
                  size="small"
                  icon={<RightOutlined />}
                  aria-label={t('pdf.next')}
                  disabled={page >= pages}
                  onClick={() => setPageNumber(page + 1)}
                />
              </Space>
              <Space size={4}>
                <Button
                  size="small"
                  icon={<ZoomOutOutlined />}
                  aria-label={t('pdf.zoomOut')}
                  disabled={zoomIndex <= 0}
                  onClick={() => setZoom(ZOOMS[zoomIndex - 1] ?? zoom)}
                />
                <Button size="small" onClick={() => setZoom(1)} aria-label={t('pdf.fit')}>
                  {Math.round(zoom * 100)}%
                </Button>
                <Button
                  size="small"
                  icon={<ZoomInOutlined />}
                  aria-label={t('pdf.zoomIn')}
                  disabled={zoomIndex >= ZOOMS.length - 1}
                  onClick={() => setZoom(ZOOMS[zoomIndex + 1] ?? zoom)}
                />
              </Space>
            </Space>
            {drawn?.key === key && !drawn.ok && (
              <Alert type="warning" showIcon message={t('pdf.renderFailed')} />
            )}
            <div
              ref={frame}
              style={{ flex: 1, overflow: 'auto', background: '#f0f0f0', minHeight: 200 }}
              data-testid="pdf-pages"
            >
              <canvas
                ref={canvasRef}
                data-testid="pdf-canvas"
                data-drawn={drawn?.key === key && drawn.ok ? 'true' : 'false'}
                style={{ display: 'block', background: '#fff', margin: '0 auto' }}
              />
            </div>
          </>
        )}
        {report?.Sha256 && (
          <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
            {t('pdf.sha')}:{' '}
            <Typography.Text code data-testid="pdf-sha" style={{ wordBreak: 'break-all' }}>
              {report.Sha256}
            </Typography.Text>
          </Typography.Text>
        )}
      </div>
    </AntdProvider>
  );
}
