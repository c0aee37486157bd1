import { ShareAltOutlined } from '@ant-design/icons';
import type { ExternalWallTask, FacadePanel } from '@measure/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Drawer, Select, Space, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { useCan } from '../auth/permissions.ts';
import { FiguresSummary } from '../tasks/FiguresSummary.tsx';
import { TaskStateTag, taskDetailPath, useStageLabel } from '../tasks/taskLabels.tsx';
import { ElevationLegend } from './ElevationDrawing.tsx';
import { SideElevationCard } from './SideElevationCard.tsx';
import './i18n.ts';

/** The site view (review: picture, readings, validity), loaded when a panel is opened. */
const PanelSite = lazy(() => import('./PanelSite.tsx'));
const ExternalWallShareDialog = lazy(() => import('./ExternalWallShareDialog.tsx'));

const wallTaskQuery = (taskId: string) => ({
  queryKey: ['externalWalls', 'task', taskId],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callApi(routes.externalWalls.getTask, { TaskId: taskId }, { signal }),
  enabled: Boolean(taskId),
});

/**
 * `taskDetailExternalWall?taskId=` (a child of task data): each side of an external-wall task as an
 * elevation with its figures; a panel opens its site view (pictures, readings, and the deviation
 * view when scanned); another measurement of the same facades can be shown beside it.
 */
export default function ExternalWallTaskPage() {
  const { t } = useTranslation(['external-walls', 'tasks', 'common']);
  const stageLabel = useStageLabel();
  const can = useCan();
  const [params] = useSearchParams();
  const taskId = params.get('taskId') ?? '';
  const [panel, setPanel] = useState<FacadePanel | null>(null);
  const [compareId, setCompareId] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  const task = useQuery(wallTaskQuery(taskId));
  const related = useQueries({
    queries: (task.data?.RelatedTaskIds ?? []).map((id) => wallTaskQuery(id)),
  });
  if (task.isLoading) return <PageLoading />;
  const data = task.data;
  if (!data) return <Alert type="error" showIcon message={t('common:notFound.title')} />;
  const others = related.flatMap((query) => (query.data ? [query.data] : []));
  const other: ExternalWallTask | undefined = others.find((item) => item.TaskId === compareId);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            {`${t('elevation.title')}: ${data.Name}`}
            <TaskStateTag state={data.State} />
          </Space>
        }
        extra={
          <Space wrap>
            <Link to={taskDetailPath(data.TaskId)}>
              <Button>{t('tasks:detail.title')}</Button>
            </Link>
            {can('project.detail') && (
              <Button icon={<ShareAltOutlined />} onClick={() => setSharing(true)}>
                {t('action.share')}
              </Button>
            )}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('tasks:field.project')}>{data.ProjectName}</Descriptions.Item>
          <Descriptions.Item label={t('tasks:field.stage')}>{stageLabel(data.Stage)}</Descriptions.Item>
          <Descriptions.Item label={t('field.building')}>{data.BuildingNumber}</Descriptions.Item>
          <Descriptions.Item label={t('field.floors')}>
            {t('field.floorsValue', { from: data.FloorFrom, to: data.FloorTo })}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.sides')}>{data.Sides.length}</Descriptions.Item>
        </Descriptions>
        <Typography.Title level={5}>{t('elevation.taskFigures')}</Typography.Title>
        <FiguresSummary figures={data.Figures} />
      </Card>
      <Card size="small" title={t('compare.title')}>
        {data.RelatedTaskIds.length === 0 ? (
          <Typography.Text type="secondary">{t('compare.none')}</Typography.Text>
        ) : (
          <Select
            allowClear
            style={{ width: 360, maxWidth: '100%' }}
            placeholder={t('compare.pick')}
            aria-label={t('compare.pick')}
            value={compareId}
            onChange={(value?: string) => setCompareId(value ?? null)}
            loading={related.some((query) => query.isLoading)}
            options={others.map((item) => ({ value: item.TaskId, label: item.Name }))}
          />
        )}
      </Card>
      <ElevationLegend />
      {data.Sides.map((side) => (
        <SideElevationCard
          key={side.Side}
          side={side}
          selected={panel?.PointIndex}
          onPanel={setPanel}
          other={
            other
              ? {
                  taskName: other.Name,
                  thisName: data.Name,
                  side: other.Sides.find((item) => item.Side === side.Side) ?? null,
                  isEarlier: other.TaskId === data.ParentTaskId,
                }
              : undefined
          }
        />
      ))}
      <Drawer
        open={panel !== null}
        width={720}
        title={panel ? t('elevation.panelTitle', { floor: panel.Floor, pointIndex: panel.PointIndex }) : ''}
        onClose={() => setPanel(null)}
        destroyOnHidden
      >
        {panel && (
          <Suspense fallback={<PageLoading />}>
            <PanelSite task={data} panel={panel} />
          </Suspense>
        )}
      </Drawer>
      <Suspense fallback={null}>
        {sharing && <ExternalWallShareDialog task={data} onClose={() => setSharing(false)} />}
      </Suspense>
    </Space>
  );
}
