import type { LinkedSite, ReviewReading, ReviewSite } from '@measure/contract';
import { Card, Col, Empty, Row, Space, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRate, siteReviewPath } from '../tasks/taskLabels.tsx';
import { GRADE_COLOR, gradeOf } from './grades.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';

/** One item's values with their grades (invalid values struck through), read only. */
function Values({ reading }: { reading: ReviewReading }) {
  const { t } = useTranslation('review');
  return (
    <Space wrap size={[4, 4]}>
      {reading.Values.map((value, index) => {
        const grade = gradeOf(reading, index);
        const valid = reading.Valid[index] ?? true;
        return (
          <Tag
            key={index}
            color={valid && grade ? GRADE_COLOR[grade] : 'default'}
            style={valid ? undefined : { textDecoration: 'line-through' }}
            title={valid ? t(grade ? `grade.${grade}` : 'grade.none') : t('reading.invalid')}
          >
            {value}
          </Tag>
        );
      })}
    </Space>
  );
}

/** One side: the site's task and name (a link unless it is this site), pass rate and readings. */
function Side(props: { title: string; site: LinkedSite | ReviewSite; taskName?: string; link: boolean }) {
  const { title, site, taskName, link } = props;
  const { t } = useTranslation('review');
  const label = `${taskName ?? ''} #${site.PointIndex} ${site.Name}`.trim();
  return (
    <Card size="small" type="inner" title={title} data-testid="before-after-side">
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        {link ? <Link to={siteReviewPath(site.TaskId, site.PointIndex)}>{label}</Link> : <span>{label}</span>}
        <Typography.Text type="secondary">{showDateTime(site.MeasuredAt)}</Typography.Text>
        <Space size="large">
          <div data-testid="before-after-rate">
            <Statistic title={t('beforeAfter.passRate')} value={formatRate(site.Figures.PassRate)} />
          </div>
          <Statistic
            title={t('beforeAfter.passed')}
            value={`${site.Figures.Qualified + site.Figures.Warning}/${site.Figures.Total}`}
          />
        </Space>
        {site.Readings.map((reading) => (
          <Space key={reading.ItemCode} direction="vertical" size={0}>
            <span>{`${reading.ItemCode} ${reading.Name} · ${formatRate(reading.Figures.PassRate)}`}</span>
            <Values reading={reading} />
          </Space>
        ))}
      </Space>
    </Card>
  );
}

/**
 * Before and after of a re-measure, side by side: for a site of a re-measure task the original site
 * it re-measures and this site; for an original site this site and each of its re-measures.
 */
export function BeforeAfter({
  site,
}: {
  site: ReviewSite & { Before: LinkedSite | null; After: LinkedSite[] };
}) {
  const { t } = useTranslation('review');
  if (!site.Before && site.After.length === 0) return null;
  return (
    <Card size="small" title={t('beforeAfter.title')} data-testid="before-after">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          {site.Before ? (
            <Side title={t('beforeAfter.before')} site={site.Before} taskName={site.Before.TaskName} link />
          ) : (
            <Side title={t('beforeAfter.beforeThis')} site={site} link={false} />
          )}
        </Col>
        <Col xs={24} md={12}>
          {site.Before ? (
            <Side title={t('beforeAfter.afterThis')} site={site} link={false} />
          ) : site.After.length > 0 ? (
            <Space direction="vertical" style={{ width: '100%' }}>
              {site.After.map((after) => (
                <Side
                  key={`${after.TaskId}/${after.PointIndex}`}
                  title={t('beforeAfter.after')}
                  site={after}
                  taskName={after.TaskName}
                  link
                />
              ))}
            </Space>
          ) : (
            <Empty />
          )}
        </Col>
      </Row>
    </Card>
  );
}
