import type { Figures } from '@measure/contract';
import { Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatRate } from './taskLabels.tsx';

/** The headline figures with the counts they come from (measurement-api.md section 6). */
export function FiguresSummary({ figures }: { figures: Figures }) {
  const { t } = useTranslation('tasks');
  const cells: [string, string | number][] = [
    [t('field.passRate'), formatRate(figures.PassRate)],
    [t('field.explodedRate'), formatRate(figures.ExplodedRate)],
    [t('field.sites'), figures.Sites],
    [t('detail.total'), figures.Total],
    [t('detail.qualified'), figures.Qualified],
    [t('detail.warningCount'), figures.Warning],
    [t('detail.unqualified'), figures.Unqualified],
    [t('detail.explodedCount'), figures.Exploded],
    [t('detail.unjudged'), figures.Unjudged],
  ];
  return (
    <Row gutter={[16, 16]}>
      {cells.map(([label, value]) => (
        <Col key={label} xs={12} md={8} xl={4}>
          <Statistic title={label} value={value} />
        </Col>
      ))}
    </Row>
  );
}
