import type { GradeName, SharedSite } from '@measure/contract';
import { siteNameOnly } from '@measure/contract/places';
import { Alert, Card, Descriptions, Image, List, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { AntdProvider } from '../../shared/i18n/AntdProvider.tsx';
import { LanguageSwitch } from '../../shared/i18n/LanguageSwitch.tsx';
import { usePlaceText } from '../../shared/i18n/usePlaceText.ts';
import { FigureLine, time } from './SharedReportPage.tsx';
import './i18n.ts';

const GRADE_COLOURS: Record<GradeName, string> = {
  qualified: 'green',
  warning: 'orange',
  unqualified: 'red',
  exploded: 'purple',
};
const GRADE_KEYS = {
  qualified: 'figures.qualified',
  warning: 'figures.warning',
  unqualified: 'figures.unqualified',
  exploded: 'figures.exploded',
} as const;

/**
 * `/supplement/taskReportDetail/:shareId/:index` (no sign-in): one site of a shared task with its
 * wall picture (annotated with the rulers and values, or the original), its readings with grades and
 * its figures; back to the report list, which is kept as the visitor left it.
 */
export default function SharedSitePage() {
  const { t, i18n } = useTranslation('reports');
  const places = usePlaceText();
  const { shareId = '', index = '' } = useParams();
  const key = `${i18n.language}:${shareId}/${index}`;
  const [fetched, setFetched] = useState<{ key: string; site: SharedSite | null } | null>(null);
  const [annotated, setAnnotated] = useState(true);
  useEffect(() => {
    const controller = new AbortController();
    callApi(
      routes.reports.getSharedSite,
      { ShareId: shareId, PointIndex: Number(index) },
      { signal: controller.signal, quiet: true },
    )
      .then((answer) => setFetched({ key, site: answer }))
      .catch(() => {
        if (!controller.signal.aborted) setFetched({ key, site: null });
      });
    return () => controller.abort();
  }, [key, shareId, index]);
  const current = fetched?.key === key ? fetched : undefined;
  const site = current?.site ?? null;
  const failed = current !== undefined && !current.site;
  const picture = site?.Pictures[0];

  return (
    <AntdProvider>
      <div style={{ maxWidth: 720, margin: '0 auto', padding: 12 }}>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
          <Link to={`/supplement/taskReportList/${encodeURIComponent(shareId)}`}>{t('site.back')}</Link>
          <LanguageSwitch size="small" />
        </Space>
        {failed ? (
          <Alert type="warning" showIcon message={t('site.notFound')} />
        ) : !site ? (
          <Spin />
        ) : (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Card
              size="small"
              title={`${t('site.title')} ${site.PointIndex}: ${siteNameOnly(site.Name, site)}`}
            >
              <Descriptions size="small" column={1}>
                <Descriptions.Item label={t('site.place')}>{places.place(site)}</Descriptions.Item>
                <Descriptions.Item label={t('site.measuredAt')}>{time(site.MeasuredAt)}</Descriptions.Item>
              </Descriptions>
              <FigureLine figures={site.Figures} />
            </Card>
            <Card
              size="small"
              title={t('site.picture')}
              extra={
                picture && (
                  <Segmented<boolean>
                    size="small"
                    value={annotated}
                    onChange={setAnnotated}
                    options={[
                      { value: true, label: t('site.annotated') },
                      { value: false, label: t('site.original') },
                    ]}
                  />
                )
              }
            >
              {picture ? (
                <Image
                  data-testid="site-picture"
                  src={annotated ? picture.AnnotatedUrl : picture.Url}
                  alt={t('site.picture')}
                  style={{ maxWidth: '100%' }}
                />
              ) : (
                <Typography.Text type="secondary">{t('site.noPicture')}</Typography.Text>
              )}
            </Card>
            <Card size="small" title={t('site.readings')}>
              <List
                size="small"
                dataSource={site.Readings}
                renderItem={(reading) => (
                  <List.Item>
                    <List.Item.Meta
                      title={`${reading.ItemCode} ${reading.Name}`}
                      description={
                        <Space direction="vertical" size={4}>
                          <Space wrap size={4}>
                            {reading.Values.map((value, position) => {
                              const grade = reading.Grades[reading.Grades.length === 1 ? 0 : position];
                              const valid = reading.Valid[position] !== false;
                              return (
                                <Tag key={position} color={valid && grade ? GRADE_COLOURS[grade] : undefined}>
                                  {value}
                                  {valid ? '' : ` (${t('site.invalid')})`}
                                </Tag>
                              );
                            })}
                          </Space>
                          {reading.Grades.length > 0 && (
                            <Typography.Text type="secondary">
                              {[...new Set(reading.Grades)].map((grade) => t(GRADE_KEYS[grade])).join(' · ')}
                            </Typography.Text>
                          )}
                          <FigureLine figures={reading.Figures} />
                        </Space>
                      }
                    />
                  </List.Item>
                )}
              />
            </Card>
          </Space>
        )}
      </div>
    </AntdProvider>
  );
}
