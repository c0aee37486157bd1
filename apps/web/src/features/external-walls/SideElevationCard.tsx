import type { FacadeElevation, FacadePanel } from '@measure/contract';
import { Card, Col, Empty, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ElevationDrawing } from './ElevationDrawing.tsx';
import { SideFigures } from './SideFigures.tsx';
import { useSideTitle } from './sideTitle.ts';
import './i18n.ts';

/** The pass rate's change from the earlier measurement to the later, in percentage points. */
function RateChange({ from, to }: { from: number | null; to: number | null }) {
  const { t } = useTranslation('external-walls');
  if (from === null || to === null) return <Tag>{`${t('compare.change')}: —`}</Tag>;
  const change = Math.round((to - from) * 100) / 100;
  const sign = change > 0 ? '+' : '';
  return (
    <Tag color={change > 0 ? 'success' : change < 0 ? 'error' : 'default'} data-testid="facade-rate-change">
      {`${t('compare.change')}: ${sign}${change.toFixed(2)}`}
    </Tag>
  );
}

function SideColumn(props: {
  side: FacadeElevation;
  caption?: string;
  selected?: number | null;
  onPanel?: (panel: FacadePanel) => void;
}) {
  const { t } = useTranslation('external-walls');
  const { side } = props;
  return (
    <div>
      {props.caption && <Typography.Text strong>{props.caption}</Typography.Text>}
      <SideFigures figures={side.Figures} />
      {side.Panels.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('elevation.noPanels')} />
      )}
      <ElevationDrawing side={side} selected={props.selected} onPanel={props.onPanel} />
    </div>
  );
}

/**
 * One side of the task as a card: its figures and elevation; with `other` (a comparison), the other
 * measurement's same side beside it and the pass rate's change.
 */
export function SideElevationCard(props: {
  side: FacadeElevation;
  selected?: number | null;
  onPanel?: (panel: FacadePanel) => void;
  /** The comparison: the other measurement's task name and its side of the same Side (null: none). */
  other?: { taskName: string; thisName: string; side: FacadeElevation | null; isEarlier: boolean };
}) {
  const { t } = useTranslation('external-walls');
  const sideTitle = useSideTitle();
  const { side, other } = props;
  return (
    <Card
      size="small"
      title={`${sideTitle(side)} · ${t('elevation.widthValue', { width: side.WidthM })}`}
      extra={
        other?.side ? (
          <RateChange
            from={(other.isEarlier ? other.side : side).Figures.PassRate}
            to={(other.isEarlier ? side : other.side).Figures.PassRate}
          />
        ) : null
      }
      data-testid="facade-side"
    >
      {other ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <SideColumn
              side={side}
              caption={other.thisName}
              selected={props.selected}
              onPanel={props.onPanel}
            />
          </Col>
          <Col xs={24} lg={12} data-testid="facade-compare-side">
            {other.side ? (
              <SideColumn side={other.side} caption={other.taskName} />
            ) : (
              <Empty description={t('compare.sideMissing')} />
            )}
          </Col>
        </Row>
      ) : (
        <SideColumn side={side} selected={props.selected} onPanel={props.onPanel} />
      )}
    </Card>
  );
}
