import type { Figures, RatingLevel } from '@measure/contract';
import { Card, Col, Row, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatRate } from '../tasks/taskLabels.tsx';
import { RATING_COLORS } from './chartOptions.ts';
import './i18n.ts';

export function RatingTag({ rating }: { rating: RatingLevel | null }) {
  const { t } = useTranslation('analysis');
  if (!rating) return <span>—</span>;
  return <Tag color={RATING_COLORS[rating]}>{t(`rating.${rating}`)}</Tag>;
}

/** Headline figures with the counts they come from (measurement-api.md section 6). */
export function FiguresCards({ figures, rating }: { figures: Figures; rating?: RatingLevel | null }) {
  const { t } = useTranslation('analysis');
  const cells: { title: string; value: string | number; note?: string }[] = [
    {
      title: t('figure.passRate'),
      value: formatRate(figures.PassRate),
      note: `${figures.Qualified + figures.Warning} / ${figures.Total}`,
    },
    {
      title: t('figure.explodedRate'),
      value: formatRate(figures.ExplodedRate),
      note: `${figures.ExplodedSites} / ${figures.Sites}`,
    },
    { title: t('figure.total'), value: figures.Total },
    { title: t('figure.sites'), value: figures.Sites },
    { title: t('grade.unqualified'), value: figures.Unqualified },
    { title: t('grade.exploded'), value: figures.Exploded },
    { title: t('figure.unjudged'), value: figures.Unjudged },
  ];
  return (
    <Row gutter={[12, 12]}>
      {cells.map((cell) => (
        <Col key={cell.title} xs={12} md={6} xl={3}>
          <Card size="small">
            <Statistic title={cell.title} value={cell.value} />
            {cell.note && <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{cell.note}</div>}
          </Card>
        </Col>
      ))}
      {rating !== undefined && (
        <Col xs={12} md={6} xl={3}>
          <Card size="small">
            <Statistic title={t('rating.title')} valueRender={() => <RatingTag rating={rating} />} />
          </Card>
        </Col>
      )}
    </Row>
  );
}
