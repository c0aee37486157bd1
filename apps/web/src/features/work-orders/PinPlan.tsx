import type { WorkOrderPlan, WorkOrderState } from '@measure/contract';
import { Space, Tag, Typography } from 'antd';
import { type MouseEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile } from '../../shared/api/download.ts';
import { routes } from '../../shared/api/routes.ts';
import './i18n.ts';

/** Pin colours per state (the page's state tags use the same hues). */
export const PIN_COLOR: Record<WorkOrderState, string> = {
  undistributed: '#8c8c8c',
  unstart: '#1677ff',
  start: '#fa8c16',
  completed: '#52c41a',
};
const DRAFT_COLOR = '#f5222d';

export interface PlanPoint {
  X: number;
  Y: number;
}

/**
 * Where the plan is drawn, in plan units, as the review's plan view draws a household (PlanView.tsx):
 * an image plan in pixels (y down) over its picture; a DXF plan by its rooms and stations, mirrored so
 * that its y axis (up) points up. `inside` is where the server accepts a pin (work-order-pin.ts).
 */
function geometry(plan: WorkOrderPlan) {
  const rooms = plan.MeasurePoints.Rooms;
  if (plan.MapType === 'image' && plan.Width && plan.Height) {
    const { Width: width, Height: height } = plan;
    return {
      minX: 0,
      minY: 0,
      maxX: width,
      maxY: height,
      flip: false,
      inside: (point: PlanPoint) => point.X >= 0 && point.Y >= 0 && point.X <= width && point.Y <= height,
    };
  }
  const vertices = rooms.flatMap((room) => room.Polygon);
  const all = [...vertices, ...plan.MeasurePoints.Stations];
  if (vertices.length === 0) return undefined;
  const xs = vertices.map((vertex) => vertex.X);
  const ys = vertices.map((vertex) => vertex.Y);
  const room = { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
  return {
    minX: Math.min(...all.map((p) => p.X)),
    maxX: Math.max(...all.map((p) => p.X)),
    minY: Math.min(...all.map((p) => p.Y)),
    maxY: Math.max(...all.map((p) => p.Y)),
    flip: true,
    inside: (point: PlanPoint) =>
      point.X >= room.minX && point.X <= room.maxX && point.Y >= room.minY && point.Y <= room.maxY,
  };
}

/** The object URL of an image plan's picture, fetched with the session header; freed when left. */
function usePlanPicture(plan: WorkOrderPlan): string | undefined {
  const [fetched, setFetched] = useState<{ id: string; url: string }>();
  const id = plan.MapType === 'image' ? plan.HouseMapId : undefined;
  useEffect(() => {
    if (!id) return undefined;
    let url: string | null = null;
    let cancelled = false;
    fetchFile(routes.houseMaps.getHouseMapBase, { HouseMapId: id }).then(
      ({ blob }) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setFetched({ id, url });
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return fetched && fetched.id === id ? fetched.url : undefined;
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * A household's plan with work order pins coloured by state. With `onPlace`, a click on the plan
 * places (or moves) the draft pin, in plan units; a click on a pin calls `onPin`.
 */
export function PinPlan(props: {
  plan: WorkOrderPlan;
  pins?: WorkOrderPlan['Pins'];
  highlight?: string;
  draft?: PlanPoint | null;
  onPlace?: (point: PlanPoint) => void;
  onPin?: (workOrderId: string) => void;
  testId?: string;
}) {
  const { plan, pins = [], highlight, draft, onPlace, onPin, testId = 'work-order-plan' } = props;
  const { t } = useTranslation('work-orders');
  const picture = usePlanPicture(plan);
  const [outside, setOutside] = useState(false);
  const shape = geometry(plan);
  if (!shape) return <Typography.Text type="secondary">{t('plan.noRooms')}</Typography.Text>;
  const { minX, minY, maxX, maxY, flip } = shape;
  const size = Math.max(maxX - minX, maxY - minY, 1);
  const pad = size * 0.04;
  const y = (value: number) => (flip ? maxY + minY - value : value);
  const radius = size / 45;

  const place = (event: MouseEvent<SVGSVGElement>) => {
    if (!onPlace) return;
    const svg = event.currentTarget;
    const matrix = svg.getScreenCTM();
    if (!matrix) return;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const planPoint = { X: round(point.x), Y: round(y(point.y)) };
    const ok = shape.inside(planPoint);
    setOutside(!ok);
    if (ok) onPlace(planPoint);
  };
  const marker = (
    key: string,
    point: PlanPoint,
    colour: string,
    title: string,
    extra: Record<string, unknown> = {},
  ) => (
    <g key={key} transform={`translate(${point.X} ${y(point.Y)})`} {...extra}>
      <title>{title}</title>
      <circle r={radius} fill={colour} stroke="#fff" strokeWidth={radius / 4} />
      <circle r={radius / 3} fill="#fff" />
    </g>
  );

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={4}>
      <svg
        data-testid={testId}
        viewBox={`${minX - pad} ${minY - pad} ${maxX - minX + 2 * pad} ${maxY - minY + 2 * pad}`}
        style={{
          width: '100%',
          maxHeight: 360,
          background: '#fafafa',
          cursor: onPlace ? 'crosshair' : 'default',
        }}
        role="img"
        aria-label={t('plan.title')}
        onClick={place}
      >
        {picture && <image href={picture} x={0} y={0} width={plan.Width ?? 0} height={plan.Height ?? 0} />}
        {plan.MeasurePoints.Rooms.map((room) => (
          <polygon
            key={room.Id}
            points={room.Polygon.map((v) => `${v.X},${y(v.Y)}`).join(' ')}
            fill="#1677ff"
            fillOpacity={0.06}
            stroke="#595959"
            strokeWidth={size / 400}
          >
            <title>{room.Name || room.Id}</title>
          </polygon>
        ))}
        {pins.map((pin) =>
          marker(
            pin.WorkOrderId,
            pin,
            PIN_COLOR[pin.State],
            `${pin.OrderNumber} ${t(`state.${pin.State}`)}`,
            {
              'data-testid': `pin-${pin.OrderNumber}`,
              'data-state': pin.State,
              style: { cursor: onPin ? 'pointer' : 'default' },
              opacity: highlight && highlight !== pin.WorkOrderId ? 0.7 : 1,
              onClick: (event: MouseEvent) => {
                if (!onPin) return;
                event.stopPropagation();
                onPin(pin.WorkOrderId);
              },
            },
          ),
        )}
        {draft &&
          marker('draft', draft, DRAFT_COLOR, t('plan.draft'), {
            'data-testid': 'pin-draft',
            pointerEvents: 'none',
          })}
      </svg>
      {outside && <Typography.Text type="warning">{t('plan.outside')}</Typography.Text>}
      <Space wrap size={4}>
        {(Object.keys(PIN_COLOR) as WorkOrderState[]).map((state) => (
          <Tag key={state} color={PIN_COLOR[state]}>
            {t(`state.${state}`)}
          </Tag>
        ))}
      </Space>
    </Space>
  );
}
