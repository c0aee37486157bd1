import type { GradeName, ModelPreview, ScanItem, ScanStatus, ScanSurface } from '@measure/contract';
import { Descriptions, Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { countText, legendText, NEUTRAL_COLOUR } from './viewer/sceneData.ts';
import './i18n.ts';

const STATUS_COLOUR: Record<ScanStatus, string> = {
  queued: 'default',
  processing: 'processing',
  ready: 'success',
  failed: 'error',
};

/** A scan's status; processing shows its progress (moved on by `scan` events), failed its reason. */
export function ScanStatusTag({ scan }: { scan: Pick<ScanItem, 'Status' | 'Progress' | 'Error'> }) {
  const { t } = useTranslation('scans');
  return (
    <Space direction="vertical" size={0} data-testid="scan-status" data-status={scan.Status}>
      <Tag color={STATUS_COLOUR[scan.Status]}>{t(`status.${scan.Status}`)}</Tag>
      {scan.Status === 'processing' && (
        <Progress
          percent={scan.Progress}
          size="small"
          style={{ width: 120 }}
          aria-label={t('status.processing')}
        />
      )}
      {scan.Status === 'failed' && scan.Error && (
        <Typography.Text type="danger">{scan.Error}</Typography.Text>
      )}
    </Space>
  );
}

export const Swatch = ({ colour }: { colour: string }) => (
  <span
    style={{
      display: 'inline-block',
      width: 12,
      height: 12,
      borderRadius: 2,
      background: colour,
      border: '1px solid #8c8c8c',
      verticalAlign: 'middle',
    }}
  />
);

/** The grade colours with the flatness standard's bounds (ModelPreview.Legend). */
export function ScanLegend({ legend }: { legend: ModelPreview['Legend'] }) {
  const { t } = useTranslation('scans');
  const words = {
    range: (from: number, to: number) => t('legend.range', { from, to }),
    above: (from: number) => t('legend.above', { from }),
    below: (to: number) => t('legend.below', { to }),
  };
  return (
    <Space wrap size={[12, 4]} data-testid="scan-legend">
      <Typography.Text strong>{t('legend.title')}</Typography.Text>
      {legend.map((entry) => (
        <Space key={entry.Grade} size={4} data-grade={entry.Grade}>
          <Swatch colour={entry.Color} />
          <span>{t(`grade.${entry.Grade}`)}</span>
          <Typography.Text type="secondary">{legendText(entry, words)}</Typography.Text>
        </Space>
      ))}
      <Space size={4}>
        <Swatch colour={NEUTRAL_COLOUR} />
        <span>{t('legend.neutral')}</span>
      </Space>
    </Space>
  );
}

export function GradeTag({ grade, legend }: { grade: GradeName | null; legend: ModelPreview['Legend'] }) {
  const { t } = useTranslation('scans');
  const colour = (grade && legend.find((entry) => entry.Grade === grade)?.Color) || NEUTRAL_COLOUR;
  return <Tag color={colour}>{t(grade ? `grade.${grade}` : 'grade.none')}</Tag>;
}

/** A scanned surface's deviation figures (mm), shown beside the site's readings. */
export function SurfaceFigures({ surfaces }: { surfaces: readonly ScanSurface[] }) {
  const { t } = useTranslation('scans');
  if (surfaces.length === 0) return <Typography.Text type="secondary">{t('site.noSurface')}</Typography.Text>;
  const mm = (value: number) => t('surface.mm', { value: value.toFixed(1) });
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="surface-figures">
      {surfaces.map((surface) => (
        <Descriptions
          key={`${surface.ScanId}/${surface.Index}`}
          size="small"
          column={{ xs: 1, sm: 2, xl: 3 }}
          bordered
        >
          <Descriptions.Item label={t('surface.max')}>{mm(surface.MaxMm)}</Descriptions.Item>
          <Descriptions.Item label={t('surface.min')}>{mm(surface.MinMm)}</Descriptions.Item>
          <Descriptions.Item label={t('surface.rms')}>{mm(surface.RmsMm)}</Descriptions.Item>
          <Descriptions.Item label={t('surface.outShare')}>
            {`${(surface.OutOfToleranceShare * 100).toFixed(1)}%`}
          </Descriptions.Item>
          <Descriptions.Item label={t('surface.area')}>
            {t('surface.m2', { value: surface.AreaM2.toFixed(2) })}
          </Descriptions.Item>
          <Descriptions.Item label={t('surface.points')}>{countText(surface.Points)}</Descriptions.Item>
        </Descriptions>
      ))}
    </Space>
  );
}
