import { Alert, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { routes } from '../../shared/api/routes.ts';
import { buildUrl } from '../../shared/api/client.ts';
import { AntdProvider } from '../../shared/i18n/AntdProvider.tsx';
import { LanguageSwitch } from '../../shared/i18n/LanguageSwitch.tsx';
import './i18n.ts';

/**
 * `/supplement/pdfView?share=<ShareId>` (no sign-in): the shared task's report PDF in the page's
 * language, shown in the browser's own PDF viewer, with a download link; a closed share or a report
 * not ready yet shows the notice instead (the address is checked first, so no broken frame is shown).
 */
export default function PdfViewPage() {
  const { t, i18n } = useTranslation('reports');
  const shareId = useSearchParams()[0].get('share') ?? '';
  // The PDF in the page's language (a report is rendered in both), whose SHA-256 the share page shows.
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const url = buildUrl(routes.reports.getSharedPdf, { ShareId: shareId, Lang: lang });
  const [checked, setChecked] = useState<{ url: string; ok: boolean } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch(url, { method: 'HEAD', signal: controller.signal })
      .then((response) => {
        const pdf = response.ok && response.headers.get('content-type')?.startsWith('application/pdf');
        setChecked({ url, ok: Boolean(pdf) });
      })
      .catch(() => {
        if (!controller.signal.aborted) setChecked({ url, ok: false });
      });
    return () => controller.abort();
  }, [url]);
  const state = checked?.url !== url ? 'checking' : checked.ok ? 'ready' : 'failed';

  return (
    <AntdProvider>
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          height: '100vh',
          padding: 8,
          boxSizing: 'border-box',
        }}
      >
        <Space style={{ justifyContent: 'space-between', marginBottom: 8 }} wrap>
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
          <iframe
            data-testid="pdf-frame"
            title={t('pdf.title')}
            src={url}
            style={{ flex: 1, border: 'none', width: '100%' }}
          />
        )}
      </div>
    </AntdProvider>
  );
}
