import type { Figures, ReportVerification } from '@measure/contract';
import { Alert, Card, Descriptions, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { AntdProvider } from '../../shared/i18n/AntdProvider.tsx';
import { LanguageSwitch } from '../../shared/i18n/LanguageSwitch.tsx';
import './i18n.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';

/** The verify page is read by outsiders anywhere: its times always name the company's zone. */
const time = (value: string) => showDateTime(value, 'always');
const rate = (value: number | null) => (value === null ? '—' : `${value}%`);

/** The figures shown, in order: label key and value. */
const FIGURES = [
  ['figures.passRate', (f) => rate(f.PassRate)],
  ['figures.total', (f) => f.Total],
  ['figures.qualified', (f) => f.Qualified],
  ['figures.warning', (f) => f.Warning],
  ['figures.unqualified', (f) => f.Unqualified],
  ['figures.exploded', (f) => f.Exploded],
  ['figures.explodedRate', (f) => rate(f.ExplodedRate)],
] as const satisfies readonly (readonly [string, (figures: Figures) => string | number])[];

/**
 * `/supplement/verify/:code` (no sign-in; the address and QR code in a report PDF's footer): what
 * that PDF showed (names, render time, figures) and the SHA-256 of the file, to check a printout or
 * a file against the platform; a rendition replaced by a newer one says when and why and links the
 * current one. Laid out for a phone.
 */
export default function VerifyReportPage() {
  const { t } = useTranslation('reports');
  const { code = '' } = useParams();
  const [fetched, setFetched] = useState<{ code: string; answer: ReportVerification | null } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    callApi(routes.reports.getReportVerification, { Code: code }, { signal: controller.signal, quiet: true })
      .then((answer) => setFetched({ code, answer }))
      .catch(() => {
        if (!controller.signal.aborted) setFetched({ code, answer: null });
      });
    return () => controller.abort();
  }, [code]);
  const current = fetched?.code === code ? fetched : undefined;
  const rendition = current?.answer ?? null;

  return (
    <AntdProvider>
      <div style={{ maxWidth: 720, margin: '0 auto', padding: 12 }}>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('verify.title')}
          </Typography.Title>
          <LanguageSwitch size="small" />
        </Space>
        {current && !rendition ? (
          <Alert type="warning" showIcon message={t('verify.notFound')} data-testid="verify-not-found" />
        ) : !rendition ? (
          <Spin />
        ) : (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            {rendition.Superseded ? (
              <Alert
                type="error"
                showIcon
                data-testid="verify-superseded"
                message={t('verify.superseded', {
                  time: time(rendition.Superseded.At),
                  reason: t(`verify.reason.${rendition.Superseded.Reason}`),
                })}
                description={
                  <Link to={`/supplement/verify/${encodeURIComponent(rendition.Superseded.CurrentCode)}`}>
                    {t('verify.openCurrent')}
                  </Link>
                }
              />
            ) : (
              <Alert type="success" showIcon data-testid="verify-current" message={t('verify.current')} />
            )}
            <Card size="small">
              <Descriptions size="small" column={1}>
                <Descriptions.Item label={t('verify.report')}>{rendition.ReportName}</Descriptions.Item>
                <Descriptions.Item label={t('verify.project')}>{rendition.ProjectName}</Descriptions.Item>
                <Descriptions.Item label={t('verify.task')}>{rendition.TaskName}</Descriptions.Item>
                <Descriptions.Item label={t('verify.language')}>
                  {t(`verify.language.${rendition.Language}`)}
                </Descriptions.Item>
                <Descriptions.Item label={t('verify.renderedAt')}>
                  {time(rendition.RenderedAt)}
                </Descriptions.Item>
                <Descriptions.Item label={t('verify.code')}>
                  <Typography.Text code data-testid="verify-code">
                    {rendition.Code}
                  </Typography.Text>
                </Descriptions.Item>
              </Descriptions>
            </Card>
            <Card size="small" title={t('verify.sha')}>
              <Typography.Paragraph code copyable style={{ wordBreak: 'break-all' }} data-testid="verify-sha">
                {rendition.Sha256}
              </Typography.Paragraph>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                {t('verify.shaNote')}
              </Typography.Paragraph>
            </Card>
            <Card size="small" title={t('verify.figures')}>
              <Descriptions size="small" column={{ xs: 2, sm: 4 }} data-testid="verify-figures">
                {FIGURES.map(([key, show]) => (
                  <Descriptions.Item key={key} label={t(key)}>
                    {show(rendition.Figures)}
                  </Descriptions.Item>
                ))}
              </Descriptions>
            </Card>
          </Space>
        )}
      </div>
    </AntdProvider>
  );
}
