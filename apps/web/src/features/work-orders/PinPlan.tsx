import { pinOnPlan, type WorkOrderPlan, type WorkOrderState } from '@measure/contract';
import { Space, Tag, Typography } from 'antd';
import { type MouseEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile } from '../../shared/api/download.ts';
import { routes } from '../../shared/api/routes.ts';
import { PlanSvg, planFrame, planPointOf, roomPoints } from '../../shared/ui/planDrawing.tsx';
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
 * A household's plan with work order pins coloured by state, drawn as the review's plan view draws a
 * household (shared/ui/planDrawing.tsx; an image plan framed by its whole picture, drawn under the
 * rooms). With `onPlace`, a click on the plan places (or moves) the draft pin, in plan units, where the
 * server accepts it (`pinOnPlan`); a click on a pin calls `onPin`.
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
  const frame = planFrame(plan, { picture: true });
  if (!frame) return <Typography.Text type="secondary">{t('plan.noRooms')}</Typography.Text>;
  const { size, y } = frame;
  const radius = size / 45;

  const place = (event: MouseEvent<SVGSVGElement>) => {
    if (!onPlace) return;
    const point = planPointOf(event, frame);
    if (!point) return;
    const planPoint = { X: round(point.X), Y: round(point.Y) };
    const ok = pinOnPlan(plan, planPoint.X, planPoint.Y);
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
      <PlanSvg
        frame={frame}
        testId={testId}
        label={t('plan.title')}
        cursor={onPlace ? 'crosshair' : 'default'}
        onClick={place}
      >
        {picture && <image href={picture} x={0} y={0} width={plan.Width ?? 0} height={plan.Height ?? 0} />}
        {plan.MeasurePoints.Rooms.map((room) => (
          <polygon
            key={room.Id}
            points={roomPoints(room, frame)}
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
      </PlanSvg>
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
