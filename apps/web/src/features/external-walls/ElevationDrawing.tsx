import { PLAN_GRADE_FILL, type FacadeElevation, type FacadePanel } from '@measure/contract';
import { useId, type CSSProperties, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { elevationFrame } from './elevationLayout.ts';
import './i18n.ts';

/** Drawing units: the longer of width and height is this long. */
const SIZE = 800;
/** Labels are page text beside the drawing, so they read the same at any size (desktop, side by side, phone). */
const LABEL: CSSProperties = { fontSize: 12, lineHeight: '16px', color: '#595959', whiteSpace: 'nowrap' };
const LABEL_COLUMN = '4.5em';

const GRADES = ['qualified', 'warning', 'unqualified', 'exploded'] as const;
/** Failing grades are hatched as well as coloured: warning's gold and unqualified's orange are close. */
const HATCHED = new Set<string>(['unqualified', 'exploded']);
/** A pattern id unique on the page, in characters an SVG `url(#…)` takes as they are. */
const useHatchId = () => `facade-hatch-${useId().replace(/[^\w-]/g, '')}`;

/** The diagonal hatch drawn over failing panels (and their legend swatch); `id` is unique on the page. */
const hatchPattern = (id: string) => (
  <defs>
    <pattern id={id} width={8} height={8} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <line x1={0} y1={0} x2={0} y2={8} stroke="#262626" strokeWidth={2} strokeOpacity={0.45} />
    </pattern>
  </defs>
);

/**
 * One side as an elevation (plain SVG and page text, no antd: the share page uses it on phones):
 * floors as bands from bottom to top, each panel a rectangle at its X/Z coloured by its worst grade
 * (failing ones hatched too), scanned panels with a dashed outline. A panel is a button: click or
 * Enter opens it. The drawing is as wide as its box but never taller than 70% of the window.
 */
export function ElevationDrawing(props: {
  side: FacadeElevation;
  selected?: number | null;
  onPanel?: (panel: FacadePanel) => void;
}) {
  const { side, selected, onPanel } = props;
  const { t } = useTranslation('external-walls');
  const hatchId = useHatchId();
  const frame = elevationFrame(side);
  const heightM = frame.zMax - frame.zMin;
  const scale = SIZE / Math.max(frame.widthM, heightM);
  const width = frame.widthM * scale;
  const height = heightM * scale;
  const x = (metres: number) => metres * scale;
  const y = (metres: number) => (frame.zMax - metres) * scale;
  const open = (panel: FacadePanel) => onPanel?.(panel);
  const onKey = (event: KeyboardEvent, panel: FacadePanel) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    open(panel);
  };

  return (
    <div style={{ maxWidth: `calc(${LABEL_COLUMN} + 70vh * ${width / height})` }}>
      <div style={{ display: 'flex' }}>
        <div style={{ position: 'relative', flex: `0 0 ${LABEL_COLUMN}` }} aria-hidden>
          {frame.bands.map((band) => (
            <span
              key={band.Floor}
              style={{
                ...LABEL,
                position: 'absolute',
                right: 6,
                top: `${(y((band.Z0 + band.Z1) / 2) / height) * 100}%`,
                transform: 'translateY(-50%)',
              }}
            >
              {t('elevation.floorLabel', { floor: band.Floor })}
            </span>
          ))}
        </div>
        <div style={{ flex: '1 1 0', minWidth: 0 }}>
          <svg
            viewBox={`0 0 ${width} ${height}`}
            role="img"
            aria-label={t('elevation.drawing', { side: side.Side })}
            data-testid="facade-elevation"
            data-side={side.Side}
            style={{ width: '100%', height: 'auto', display: 'block' }}
          >
            {hatchPattern(hatchId)}
            {frame.bands.map((band, index) => (
              <g key={band.Floor} data-testid="facade-floor" data-floor={band.Floor}>
                <rect
                  x={0}
                  y={y(band.Z1)}
                  width={width}
                  height={(band.Z1 - band.Z0) * scale}
                  fill={index % 2 === 0 ? '#fafafa' : '#f0f0f0'}
                  stroke="#d9d9d9"
                  vectorEffect="non-scaling-stroke"
                />
              </g>
            ))}
            {side.Panels.map((panel) => {
              const label = t('elevation.panelLabel', { pointIndex: panel.PointIndex, name: panel.Name });
              const box = {
                x: x(panel.X0),
                y: y(panel.Z1),
                width: (panel.X1 - panel.X0) * scale,
                height: (panel.Z1 - panel.Z0) * scale,
              };
              return (
                <g key={panel.PointIndex}>
                  <rect
                    {...box}
                    fill={PLAN_GRADE_FILL[panel.Grade ?? 'none']}
                    fillOpacity={0.85}
                    stroke={panel.PointIndex === selected ? '#1677ff' : '#434343'}
                    strokeWidth={panel.PointIndex === selected ? 3 : 1}
                    strokeDasharray={panel.Scanned ? '6 3' : undefined}
                    vectorEffect="non-scaling-stroke"
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
                  {HATCHED.has(panel.Grade ?? '') && (
                    <rect {...box} fill={`url(#${hatchId})`} pointerEvents="none" />
                  )}
                </g>
              );
            })}
          </svg>
        </div>
      </div>
      <div style={{ ...LABEL, display: 'flex', justifyContent: 'space-between', marginLeft: LABEL_COLUMN }}>
        <span>0</span>
        <span>{t('elevation.widthValue', { width: frame.widthM })}</span>
      </div>
    </div>
  );
}

/** The grade colours of the drawing, and the dashed outline of scanned panels. */
export function ElevationLegend() {
  const { t } = useTranslation('external-walls');
  const hatchId = useHatchId();
  const swatch = (fill: string, dashed = false, hatched = false) => (
    <svg width={16} height={12} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 4 }}>
      {hatched && hatchPattern(hatchId)}
      <rect
        x={1}
        y={1}
        width={14}
        height={10}
        fill={fill}
        stroke="#434343"
        strokeDasharray={dashed ? '3 2' : undefined}
      />
      {hatched && <rect x={1} y={1} width={14} height={10} fill={`url(#${hatchId})`} />}
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
          {swatch(PLAN_GRADE_FILL[grade], false, HATCHED.has(grade))}
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
