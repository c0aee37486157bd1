import type { Figures } from '@measure/contract';
import { siteNameOnly } from '@measure/contract/places';
import { Alert, Card, Descriptions, List, Space, Spin, Statistic, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AntdProvider } from '../../shared/i18n/AntdProvider.tsx';
import { LanguageSwitch } from '../../shared/i18n/LanguageSwitch.tsx';
import { usePlaceText } from '../../shared/i18n/usePlaceText.ts';
import { keepScroll, keptScroll, useSharedReport } from './sharedReportCache.ts';
import './i18n.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';

/** Shares are read by outsiders anywhere: their times always name the company's zone. */
export const time = (value: string | null) => (value ? showDateTime(value, 'always') : '—');
export const rate = (value: number | null) => (value === null ? '—' : `${value}%`);

/** A row's figures in one line: pass rate first, then the counts. */
export function FigureLine({ figures }: { figures: Figures }) {
  const { t } = useTranslation('reports');
  return (
    <Typography.Text type="secondary">
      {t('figures.passRate')} {rate(figures.PassRate)} · {t('figures.qualified')} {figures.Qualified} ·{' '}
      {t('figures.warning')} {figures.Warning} · {t('figures.unqualified')} {figures.Unqualified} ·{' '}
      {t('figures.exploded')} {figures.Exploded}
    </Typography.Text>
  );
}

/**
 * The public page of a shared report (`/supplement/taskReportList/:shareId`, no sign-in), laid out
 * for a phone: the task, its figures, items and households, and the SHA-256 of the report PDF.
 */
export default function SharedReportPage() {
  const { t, i18n } = useTranslation('reports');
  const places = usePlaceText();
  const { shareId = '' } = useParams();
  const { report, failed } = useSharedReport(shareId, i18n.language);
  // Kept alive: coming back from a site restores where the visitor was in the list.
  useEffect(() => {
    if (!report) return;
    window.scrollTo(0, keptScroll(shareId));
    return () => {
      keepScroll(shareId, window.scrollY);
    };
  }, [report, shareId]);
  const base = `/supplement`;

  return (
    <AntdProvider>
      <div style={{ maxWidth: 720, margin: '0 auto', padding: 12 }}>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('public.title')}
          </Typography.Title>
          <LanguageSwitch size="small" />
        </Space>
        {failed ? (
          <Alert type="warning" showIcon message={t('public.notFound')} />
        ) : !report ? (
          <Spin />
        ) : (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Card size="small">
              <Descriptions size="small" column={1}>
                <Descriptions.Item label={t('public.project')}>{report.ProjectName}</Descriptions.Item>
                <Descriptions.Item label={t('public.task')}>{report.Name}</Descriptions.Item>
                <Descriptions.Item label={t('public.stage')}>{report.StageName}</Descriptions.Item>
                <Descriptions.Item label={t('public.finished')}>{time(report.FinishedAt)}</Descriptions.Item>
                <Descriptions.Item label={t('public.audited')}>
                  {t(report.Audited ? 'audited.yes' : 'audited.no')}
                </Descriptions.Item>
              </Descriptions>
            </Card>
            <Card size="small" title={t('public.figures')}>
              <Space wrap size="large">
                <Statistic title={t('figures.passRate')} value={rate(report.Figures.PassRate)} />
                <Statistic title={t('figures.total')} value={report.Figures.Total} />
                <Statistic title={t('figures.unqualified')} value={report.Figures.Unqualified} />
                <Statistic title={t('figures.exploded')} value={report.Figures.Exploded} />
                <Statistic title={t('figures.explodedRate')} value={rate(report.Figures.ExplodedRate)} />
              </Space>
            </Card>
            <Card size="small" title={t('public.items')}>
              <List
                size="small"
                dataSource={report.Items}
                renderItem={(item) => (
                  <List.Item>
                    <List.Item.Meta
                      title={`${item.ItemCode} ${item.Name}`}
                      description={<FigureLine figures={item.Figures} />}
                    />
                  </List.Item>
                )}
              />
            </Card>
            <Card size="small" title={t('public.households')}>
              <List
                size="small"
                dataSource={report.Households}
                renderItem={(row) => (
                  <List.Item>
                    <List.Item.Meta
                      title={places.place(row)}
                      description={<FigureLine figures={row.Figures} />}
                    />
                  </List.Item>
                )}
              />
            </Card>
            <Card size="small" title={t('public.sites')}>
              <List
                size="small"
                dataSource={report.Sites}
                renderItem={(site) => (
                  <List.Item>
                    <List.Item.Meta
                      title={
                        <Link
                          to={`${base}/taskReportDetail/${encodeURIComponent(shareId)}/${site.PointIndex}`}
                        >
                          {t('public.site', {
                            index: site.PointIndex,
                            name: siteNameOnly(site.Name, site),
                            place: places.place(site),
                          })}
                        </Link>
                      }
                      description={<FigureLine figures={site.Figures} />}
                    />
                  </List.Item>
                )}
              />
            </Card>
            <Space wrap>
              <Link to={`${base}/tempRjReport/${encodeURIComponent(shareId)}`}>{t('public.compact')}</Link>
              <Link to={`${base}/taskReportThreeDimensional/${encodeURIComponent(shareId)}`}>
                {t('plan3d.open')}
              </Link>
              {report.Sha256 && (
                <Link to={`${base}/pdfView?share=${encodeURIComponent(shareId)}`}>{t('public.pdf')}</Link>
              )}
            </Space>
            <Card size="small" title={t('public.sha')}>
              {report.Sha256 ? (
                <Typography.Paragraph
                  code
                  copyable
                  style={{ wordBreak: 'break-all' }}
                  data-testid="report-sha"
                >
                  {report.Sha256}
                </Typography.Paragraph>
              ) : (
                <Typography.Paragraph>{t('public.noSha')}</Typography.Paragraph>
              )}
              <Typography.Paragraph type="secondary">{t('public.shaNote')}</Typography.Paragraph>
              <Typography.Text type="secondary">
                {t('public.expires', { time: time(report.ExpiresAt) })}
              </Typography.Text>
            </Card>
          </Space>
        )}
      </div>
    </AntdProvider>
  );
}
