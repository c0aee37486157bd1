import type { Figures, QualityAnalysis } from '@measure/contract';
import { Card, Col, Empty, Row, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRate, useStageLabel } from '../tasks/taskLabels.tsx';
import { barsHeight, gradePieOption, rateBarsOption, trendOption } from './chartOptions.ts';
import { EChart } from './EChart.tsx';
import { FiguresCards, RatingTag } from './FiguresCards.tsx';
import './i18n.ts';

type ItemRow = QualityAnalysis['ByItem'][number];
type MeasureKindRow = QualityAnalysis['ByMeasureKind'][number];

/** The pass rate and the counts it comes from, the columns of every small figures table. */
function rateColumns<T extends { Figures: Figures }>(labels: {
  passRate: string;
  counts: string;
}): ColumnsType<T> {
  return [
    {
      title: labels.passRate,
      key: 'r',
      align: 'right',
      render: (_, row) => formatRate(row.Figures.PassRate),
    },
    {
      title: labels.counts,
      key: 'c',
      align: 'right',
      render: (_, row) => `${row.Figures.Qualified + row.Figures.Warning} / ${row.Figures.Total}`,
    },
  ];
}

/**
 * First-measure and re-measure figures side by side (issue 28 item 6), with the note that a re-measure
 * checks the same households again, so the rows are not households to add up.
 */
export function MeasureKindTable({ rows }: { rows: MeasureKindRow[] }) {
  const { t } = useTranslation(['analysis', 'tasks']);
  return (
    <Card size="small" title={t('quality.byMeasureKind')} data-testid="by-measure-kind">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('quality.measureKindNote')}
      </Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="MeasureKind"
        dataSource={rows}
        columns={[
          {
            title: t('quality.measureKind'),
            dataIndex: 'MeasureKind',
            render: (kind: MeasureKindRow['MeasureKind']) => t(`tasks:measureKind.${kind}`),
          },
          ...rateColumns<MeasureKindRow>({ passRate: t('figure.passRate'), counts: t('quality.counts') }),
          { title: t('figure.sites'), key: 's', align: 'right', render: (_, row) => row.Figures.Sites },
        ]}
      />
    </Card>
  );
}

/** The charts and tables of one quality answer: grades, trend, items (worst first), stages and kinds. */
export function QualityView({
  data,
  itemLink,
}: {
  data: QualityAnalysis;
  /** Where an item's row leads (its readings), when the page knows. */
  itemLink?: (itemCode: string) => string;
}) {
  const { t } = useTranslation(['analysis', 'tasks']);
  const stageLabel = useStageLabel();
  const rateLabels = { passRate: t('figure.passRate'), counts: t('quality.counts') };
  if (data.Figures.Total === 0 && data.Figures.Unjudged === 0) {
    return <Empty description={t('quality.empty')} />;
  }
  const grades = {
    qualified: t('grade.qualified'),
    warning: t('grade.warning'),
    unqualified: t('grade.unqualified'),
    exploded: t('grade.exploded'),
  };
  const itemColumns: ColumnsType<ItemRow> = [
    { title: t('quality.item'), key: 'item', render: (_, row) => `${row.ItemCode} ${row.Name}` },
    {
      title: t('figure.passRate'),
      key: 'rate',
      align: 'right',
      width: 100,
      render: (_, row) => formatRate(row.Figures.PassRate),
    },
    {
      title: t('quality.counts'),
      key: 'counts',
      align: 'right',
      width: 150,
      render: (_, row) => `${row.Figures.Qualified + row.Figures.Warning} / ${row.Figures.Total}`,
    },
    {
      title: t('grade.exploded'),
      key: 'exploded',
      align: 'right',
      width: 80,
      render: (_, row) => row.Figures.Exploded,
    },
    {
      title: t('rating.title'),
      key: 'rating',
      width: 80,
      render: (_, row) => <RatingTag rating={row.Rating} />,
    },
  ];
  if (itemLink) {
    itemColumns.push({
      title: '',
      key: 'open',
      width: 100,
      render: (_, row) => <Link to={itemLink(row.ItemCode)}>{t('quality.openReadings')}</Link>,
    });
  }
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <FiguresCards figures={data.Figures} rating={data.Rating} />
      </Col>
      <Col xs={24} lg={8}>
        <Card size="small" title={t('quality.gradeShare')}>
          <EChart label={t('quality.gradeShare')} option={gradePieOption(data.Figures, grades)} />
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card size="small" title={t('quality.trend')}>
          <EChart
            label={t('quality.trend')}
            option={trendOption(data.Trend, { passRate: t('figure.passRate'), total: t('figure.total') })}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('quality.byItem')}>
          <EChart
            label={t('quality.byItem')}
            height={barsHeight(data.ByItem.length)}
            option={rateBarsOption(
              data.ByItem.map((row) => ({ name: row.Name, figures: row.Figures, rating: row.Rating })),
              t('figure.passRate'),
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('quality.byStage')} style={{ marginBottom: 16 }}>
          <Table
            size="small"
            pagination={false}
            rowKey="Stage"
            dataSource={data.ByStage}
            columns={[
              { title: t('quality.stage'), dataIndex: 'Stage', render: (stage) => stageLabel(stage) },
              ...rateColumns(rateLabels),
            ]}
          />
        </Card>
        <Card size="small" title={t('quality.byInspectionKind')} style={{ marginBottom: 16 }}>
          <Table
            size="small"
            pagination={false}
            rowKey="InspectionKind"
            dataSource={data.ByInspectionKind}
            columns={[
              {
                title: t('quality.inspectionKind'),
                dataIndex: 'InspectionKind',
                render: (kind) => t(`tasks:inspectionKind.${kind as 'self' | 'third'}`),
              },
              ...rateColumns(rateLabels),
            ]}
          />
        </Card>
        <MeasureKindTable rows={data.ByMeasureKind} />
      </Col>
      <Col span={24}>
        <Card size="small" title={t('quality.itemTable')}>
          <Table
            size="small"
            pagination={false}
            rowKey="ItemCode"
            dataSource={data.ByItem}
            columns={itemColumns}
          />
        </Card>
      </Col>
    </Row>
  );
}
