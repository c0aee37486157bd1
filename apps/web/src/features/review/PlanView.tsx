import { PLAN_GRADE_FILL, type PlanHousehold, worstPlanGrade } from '@measure/contract';
import { Empty, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Fill colours of the grades on the plan (shared with the server's plan image). */
export const GRADE_FILL = PLAN_GRADE_FILL;

type Site = PlanHousehold['Sites'][number];
const worst = (sites: readonly Site[]) => worstPlanGrade(sites);

/**
 * A household's plan labelled and coloured (GetPlanViewLabelingImages): each room filled with the worst
 * grade of its sites and labelled with its name and site count, the stations as dots. Plan units as
 * saved: DXF y up, image pixels y down. Clicking a room opens its first site.
 */
export function PlanView(props: {
  household: PlanHousehold | undefined;
  current: number | undefined;
  onSite: (pointIndex: number) => void;
}) {
  const { household, current, onSite } = props;
  const { t } = useTranslation('review');
  const rooms = household?.MeasurePoints.Rooms ?? [];
  if (!household || rooms.length === 0) return <Empty description={t('plan.noRooms')} />;
  const stations = household.MeasurePoints.Stations;
  const xs = [...rooms.flatMap((room) => room.Polygon.map((v) => v.X)), ...stations.map((s) => s.X)];
  const ys = [...rooms.flatMap((room) => room.Polygon.map((v) => v.Y)), ...stations.map((s) => s.Y)];
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const size = Math.max(maxX - minX, maxY - minY, 1);
  const pad = size * 0.04;
  const flip = household.MapType === 'dxf';
  // DXF is y up: mirror the drawing so north stays on top.
  const y = (value: number) => (flip ? maxY + minY - value : value);
  const font = size / 28;
  const currentRoom = household.Sites.find((site) => site.PointIndex === current)?.RoomId;

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('plan.hint')}</Typography.Text>
      <svg
        data-testid="review-plan"
        viewBox={`${minX - pad} ${minY - pad} ${maxX - minX + 2 * pad} ${maxY - minY + 2 * pad}`}
        style={{ width: '100%', maxHeight: 360, background: '#fafafa' }}
        role="img"
        aria-label={t('plan.title')}
      >
        {rooms.map((room) => {
          const sites = household.Sites.filter((site) => site.RoomId === room.Id);
          const grade = worst(sites);
          const cx = room.Polygon.reduce((sum, v) => sum + v.X, 0) / room.Polygon.length;
          const cy = room.Polygon.reduce((sum, v) => sum + y(v.Y), 0) / room.Polygon.length;
          const first = sites[0];
          return (
            <g
              key={room.Id}
              style={{ cursor: first ? 'pointer' : 'default' }}
              onClick={() => first && onSite(first.PointIndex)}
            >
              <title>{`${room.Name || room.Id}: ${t(grade ? `grade.${grade}` : 'grade.none')}`}</title>
              <polygon
                points={room.Polygon.map((v) => `${v.X},${y(v.Y)}`).join(' ')}
                fill={GRADE_FILL[grade ?? 'none']}
                fillOpacity={0.45}
                stroke={room.Id === currentRoom ? '#1677ff' : '#595959'}
                strokeWidth={room.Id === currentRoom ? font / 3 : font / 8}
              />
              <text
                x={cx}
                y={cy}
                fontSize={font}
                textAnchor="middle"
                dominantBaseline="middle"
                fill="#262626"
              >
                {`${room.Name || room.Id} (${sites.length})`}
              </text>
            </g>
          );
        })}
        {stations.map((station) => (
          <circle key={station.Id} cx={station.X} cy={y(station.Y)} r={font / 3} fill="#1677ff" />
        ))}
      </svg>
      <Space wrap size={4}>
        {(['qualified', 'warning', 'unqualified', 'exploded', 'none'] as const).map((grade) => (
          <Tag key={grade} color={GRADE_FILL[grade]}>
            {t(`grade.${grade}`)}
          </Tag>
        ))}
      </Space>
    </Space>
  );
}
