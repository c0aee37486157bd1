import { PLAN_GRADE_FILL, type PlanHousehold, worstPlanGrade } from '@measure/contract';
import { Empty, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlanSvg, planFrame, roomPoints } from '../../shared/ui/planDrawing.tsx';

/** Fill colours of the grades on the plan (shared with the server's plan image). */
export const GRADE_FILL = PLAN_GRADE_FILL;

type Site = PlanHousehold['Sites'][number];
const worst = (sites: readonly Site[]) => worstPlanGrade(sites);

/**
 * A household's plan labelled and coloured (GetPlanViewLabelingImages): each room filled with the worst
 * grade of its sites and labelled with its name and site count, the stations as dots. Plan units as
 * saved: DXF y up, image pixels y down (the frame and the SVG are shared with the work order plans:
 * shared/ui/planDrawing.tsx). Clicking a room opens its first site.
 */
export function PlanView(props: {
  household: PlanHousehold | undefined;
  current: number | undefined;
  onSite: (pointIndex: number) => void;
}) {
  const { household, current, onSite } = props;
  const { t } = useTranslation('review');
  const frame = household && planFrame(household);
  if (!household || !frame) return <Empty description={t('plan.noRooms')} />;
  const rooms = household.MeasurePoints.Rooms;
  const stations = household.MeasurePoints.Stations;
  const { size, y } = frame;
  const font = size / 28;
  const currentRoom = household.Sites.find((site) => site.PointIndex === current)?.RoomId;

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('plan.hint')}</Typography.Text>
      <PlanSvg frame={frame} testId="review-plan" label={t('plan.title')}>
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
                points={roomPoints(room, frame)}
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
      </PlanSvg>
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
