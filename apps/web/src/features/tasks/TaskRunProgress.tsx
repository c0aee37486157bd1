import type { TaskDetail } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';

/** A run is under way or about to start: the sites come in while the page is open. */
const RUNNING: readonly TaskDetail['State'][] = ['pending', 'inProgress'];

/**
 * The sites a task plans: the re-measured sites of a re-measure, else the measuring points drawn on
 * the house types of its households; null when the plans have none (a robot then decides).
 */
export function usePlannedSites(task: TaskDetail): number | null {
  const fromPlans = useQuery({
    // Not under ['review', 'plan']: a live task event must not fetch the plans again for a count that stays.
    queryKey: ['tasks', 'plannedSites', task.TaskId],
    queryFn: ({ signal }) =>
      callApi(routes.review.getPlanViewLabelingImages, { TaskId: task.TaskId }, { signal, quiet: true }),
    select: (households) =>
      households.reduce((sum, household) => sum + household.MeasurePoints.Points.length, 0),
    enabled: task.RemeasureSites === null && RUNNING.includes(task.State),
    staleTime: Infinity,
  });
  if (task.RemeasureSites) return task.RemeasureSites.length;
  return fromPlans.data ? fromPlans.data : null;
}

/**
 * A robot run's progress on the task detail, kept live by the task events: sites received (of those
 * planned) while the task is pending or in progress. The figures so far are in the card it sits in.
 */
export function TaskRunProgress({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const planned = usePlannedSites(task);
  if (!RUNNING.includes(task.State)) return null;
  const received = task.Figures.Sites;
  return (
    <Space data-testid="run-progress">
      {planned !== null && (
        <Progress
          percent={Math.min(100, Math.round((received / planned) * 100))}
          size="small"
          showInfo={false}
          status={task.State === 'inProgress' ? 'active' : 'normal'}
          style={{ width: 120, margin: 0 }}
        />
      )}
      <Typography.Text>
        {planned === null
          ? t('live.sitesReceived', { received })
          : t('live.sitesOfPlanned', { received, planned })}
      </Typography.Text>
    </Space>
  );
}
