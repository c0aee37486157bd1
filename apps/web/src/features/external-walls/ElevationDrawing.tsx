import { PLAN_GRADE_FILL, type FacadeElevation, type FacadePanel } from '@measure/contract';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { elevationFrame } from './elevationLayout.ts';
import './i18n.ts';

/** Drawing units: the longer of width and height is this long; labels sit in the left margin. */
const SIZE = 800;
const MARGIN = { left: 76, right: 8, top: 8, bottom: 24 };
const FONT = 14;

const GRADES = ['qualified', 'warning', 'unqualified', 'exploded'] as const;

/**
 * One side as an elevation (plain SVG, no antd: the share page uses it on phones): floors as bands
 * from bottom to top, each panel a rectangle at its X/Z coloured by its worst grade, scanned panels
 * with a dashed outline. A panel is a button: click or Enter opens it.
 */
export function ElevationDrawing(props: {
  side: FacadeElevation;
  selected?: number | null;
  onPanel?: (panel: FacadePanel) => void;
}) {
  const { side, selected, onPanel } = props;
  const { t } = useTranslation('external-walls');
  const frame = elevationFrame(side);
  const heightM = frame.zMax - frame.zMin;
  const scale = SIZE / Math.max(frame.widthM, heightM);
  const width = frame.widthM * scale;
  const height = heightM * scale;
  const x = (metres: number) => MARGIN.left + metres * scale;
  const y = (metres: number) => MARGIN.top + (frame.zMax - metres) * scale;
  const open = (panel: FacadePanel) => onPanel?.(panel);
  const onKey = (event: KeyboardEvent, panel: FacadePanel) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    open(panel);
  };

  return (
    <svg
      viewBox={`0 0 ${MARGIN.left + width + MARGIN.right} ${MARGIN.top + height + MARGIN.bottom}`}
      role="img"
      aria-label={t('elevation.drawing', { side: side.Side })}
      data-testid="facade-elevation"
      data-side={side.Side}
      style={{ width: '100%', maxHeight: '70vh', display: 'block' }}
    >
      {frame.bands.map((band, index) => (
        <g key={band.Floor} data-testid="facade-floor" data-floor={band.Floor}>
          <rect
            x={x(0)}
            y={y(band.Z1)}
            width={width}
            height={(band.Z1 - band.Z0) * scale}
            fill={index % 2 === 0 ? '#fafafa' : '#f0f0f0'}
            stroke="#d9d9d9"
          />
          <text
            x={MARGIN.left - 6}
            y={y((band.Z0 + band.Z1) / 2)}
            fontSize={FONT}
            textAnchor="end"
            dominantBaseline="middle"
            fill="#595959"
          >
            {t('elevation.floorLabel', { floor: band.Floor })}
          </text>
        </g>
      ))}
      {side.Panels.map((panel) => {
        const label = t('elevation.panelLabel', { pointIndex: panel.PointIndex, name: panel.Name });
        return (
          <rect
            key={panel.PointIndex}
            x={x(panel.X0)}
            y={y(panel.Z1)}
            width={(panel.X1 - panel.X0) * scale}
            height={(panel.Z1 - panel.Z0) * scale}
            fill={PLAN_GRADE_FILL[panel.Grade ?? 'none']}
            fillOpacity={0.85}
            stroke={panel.PointIndex === selected ? '#1677ff' : '#434343'}
            strokeWidth={panel.PointIndex === selected ? 4 : 1}
            strokeDasharray={panel.Scanned ? '6 3' : undefined}
            role={onPanel ? 'button' : undefined}
            tabIndex={onPanel ? 0 : undefined}
            aria-label={label}
            data-testid="facade-panel"
            data-point-index={panel.PointIndex}
            data-grade={panel.Grade ?? 'none'}
            style={{ cursor: onPanel ? 'pointer' : undefined }}
            onClick={() => open(panel)}
            onKeyDown={(event) => onKey(event, panel)}
          >
            <title>{label}</title>
          </rect>
        );
      })}
      <text x={x(0)} y={MARGIN.top + height + FONT + 4} fontSize={FONT} fill="#595959">
        0
      </text>
      <text
        x={x(frame.widthM)}
        y={MARGIN.top + height + FONT + 4}
        fontSize={FONT}
        textAnchor="end"
        fill="#595959"
      >
        {t('elevation.widthValue', { width: frame.widthM })}
      </text>
    </svg>
  );
}

/** The grade colours of the drawing, and the dashed outline of scanned panels. */
export function ElevationLegend() {
  const { t } = useTranslation('external-walls');
  const swatch = (fill: string, dashed = false) => (
    <svg width={16} height={12} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 4 }}>
      <rect
        x={1}
        y={1}
        width={14}
        height={10}
        fill={fill}
        stroke="#434343"
        strokeDasharray={dashed ? '3 2' : undefined}
      />
    </svg>
  );
  return (
    <div
      aria-label={t('elevation.legend')}
      data-testid="facade-legend"
      style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', fontSize: 13 }}
    >
      {GRADES.map((grade) => (
        <span key={grade}>
          {swatch(PLAN_GRADE_FILL[grade])}
          {t(`grade.${grade}`)}
        </span>
      ))}
      <span>
        {swatch(PLAN_GRADE_FILL.none)}
        {t('elevation.ungraded')}
      </span>
      <span>
        {swatch('#ffffff', true)}
        {t('elevation.scanned')}
      </span>
    </div>
  );
}
