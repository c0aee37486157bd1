import { Alert, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AntdProvider } from '../../shared/i18n/AntdProvider.tsx';
import { LanguageSwitch } from '../../shared/i18n/LanguageSwitch.tsx';
import { rate, time } from './SharedReportPage.tsx';
import { useSharedReport } from './sharedReportCache.ts';
import './i18n.ts';

const cell = { border: '1px solid #d9d9d9', padding: '2px 6px' } as const;

/**
 * `/supplement/tempRjReport/:shareId` (no sign-in): the compact one-page variant of a shared report
 * for partners: the task in two lines, the headline figures, one table of items and the SHA-256;
 * sized to print on one page.
 */
export default function TempReportPage() {
  const { t, i18n } = useTranslation('reports');
  const { shareId = '' } = useParams();
  const { report, failed } = useSharedReport(shareId, i18n.language);
  const figures = report?.Figures;

  return (
    <AntdProvider>
      <div style={{ maxWidth: 720, margin: '0 auto', padding: 12, fontSize: 13 }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('temp.title')}
          </Typography.Title>
          <LanguageSwitch size="small" />
        </div>
        {failed ? (
          <Alert type="warning" showIcon message={t('public.notFound')} style={{ marginTop: 12 }} />
        ) : !report || !figures ? (
          <Spin />
        ) : (
          <div data-testid="temp-report">
            <p style={{ margin: '8px 0 4px' }}>
              {t('public.project')}: {report.ProjectName} · {t('public.task')}: {report.Name} ·{' '}
              {t('public.stage')}: {report.StageName}
            </p>
            <p style={{ margin: '0 0 8px' }}>
              {t('public.finished')}: {time(report.FinishedAt)} · {t('public.audited')}:{' '}
              {t(report.Audited ? 'audited.yes' : 'audited.no')}
            </p>
            <p style={{ margin: '0 0 8px', fontSize: 15 }}>
              <strong>
                {t('figures.passRate')} {rate(figures.PassRate)}
              </strong>{' '}
              · {t('figures.total')} {figures.Total} · {t('figures.unqualified')} {figures.Unqualified} ·{' '}
              {t('figures.exploded')} {figures.Exploded} · {t('figures.explodedRate')}{' '}
              {rate(figures.ExplodedRate)}
            </p>
            <table style={{ borderCollapse: 'collapse', width: '100%' }}>
              <thead>
                <tr>
                  <th style={cell}>{t('public.items')}</th>
                  <th style={cell}>{t('figures.passRate')}</th>
                  <th style={cell}>{t('figures.total')}</th>
                  <th style={cell}>{t('figures.unqualified')}</th>
                  <th style={cell}>{t('figures.exploded')}</th>
                </tr>
              </thead>
              <tbody>
                {report.Items.map((item) => (
                  <tr key={item.ItemCode}>
                    <td style={cell}>
                      {item.ItemCode} {item.Name}
                    </td>
                    <td style={{ ...cell, textAlign: 'right' }}>{rate(item.Figures.PassRate)}</td>
                    <td style={{ ...cell, textAlign: 'right' }}>{item.Figures.Total}</td>
                    <td style={{ ...cell, textAlign: 'right' }}>{item.Figures.Unqualified}</td>
                    <td style={{ ...cell, textAlign: 'right' }}>{item.Figures.Exploded}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p style={{ margin: '8px 0 0', wordBreak: 'break-all' }}>
              {t('public.sha')}: <code data-testid="temp-sha">{report.Sha256 ?? t('public.noSha')}</code>
            </p>
            <p style={{ margin: '4px 0 0' }}>
              <Link to={`/supplement/taskReportList/${encodeURIComponent(shareId)}`}>{t('temp.full')}</Link>
            </p>
          </div>
        )}
      </div>
    </AntdProvider>
  );
}
