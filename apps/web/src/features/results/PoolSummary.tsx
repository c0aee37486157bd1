import type { Figures, InspectionKind, MeasureKind, Stage } from '@measure/contract';
import { Alert, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatRate, useStageLabel } from '../tasks/taskLabels.tsx';
import './i18n.ts';

/** The analysis filters a drill-down carries into the data pool (issue 28 item 3). */
export interface CarriedFilters {
  Stage?: Stage;
  InspectionKind?: InspectionKind;
  MeasureKind?: MeasureKind;
  ItemCodes?: string[];
  CountedOnly?: boolean;
}

/**
 * Beside the list: the analysis filters it was opened with, and what all its rows add up to (values
 * by grade, pass rate, sites), which equals the figure clicked on the analysis page.
 */
export function PoolSummary({ carried, figures }: { carried: CarriedFilters; figures: Figures | null }) {
  const { t } = useTranslation(['results', 'tasks']);
  const stageLabel = useStageLabel();
  const tags = [
    carried.Stage && `${t('pool.stage')}: ${stageLabel(carried.Stage)}`,
    carried.InspectionKind &&
      `${t('pool.inspectionKind')}: ${t(`tasks:inspectionKind.${carried.InspectionKind}`)}`,
    carried.MeasureKind && `${t('pool.measureKind')}: ${t(`tasks:measureKind.${carried.MeasureKind}`)}`,
    carried.ItemCodes?.length && `${t('pool.items')}: ${carried.ItemCodes.join(', ')}`,
    carried.CountedOnly && t('pool.countedOnly'),
  ].filter((tag): tag is string => Boolean(tag));
  if (tags.length === 0 && !figures) return null;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%', marginBottom: 16 }}>
      {tags.length > 0 && (
        <Space size={4} wrap data-testid="pool-carried">
          {tags.map((tag) => (
            <Tag key={tag}>{tag}</Tag>
          ))}
        </Space>
      )}
      {figures && (
        <Alert
          type="info"
          data-testid="pool-sum"
          title={t('pool.sum', {
            total: figures.Total,
            passed: figures.Qualified + figures.Warning,
            rate: formatRate(figures.PassRate),
            sites: figures.Sites,
            unjudged: figures.Unjudged,
          })}
        />
      )}
    </Space>
  );
}
