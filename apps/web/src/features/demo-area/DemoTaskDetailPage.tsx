import type { DemoTaskDetail } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { usePlaceText } from '../../shared/i18n/usePlaceText.ts';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { FiguresSummary } from '../tasks/FiguresSummary.tsx';
import { formatRate } from '../tasks/taskLabels.tsx';
import { TaskHeadCard } from '../tasks/TaskHeadCard.tsx';
import '../tasks/i18n.ts';
import '../scans/i18n.ts';
import { DemoNotice } from './DemoNotice.tsx';
import { DemoExternalWall } from './DemoExternalWall.tsx';
import { DemoSiteView } from './DemoSiteView.tsx';
import { demoTasksPath } from './demoPaths.ts';
import './i18n.ts';

type Item = DemoTaskDetail['Items'][number];
type Site = DemoTaskDetail['Sites'][number];
type Scan = DemoTaskDetail['Scans'][number];

/**
 * A demo task (`demoTaskDetail?id=`): the task detail's head with its figures, an external-wall
 * task's elevations, its items, its sites (opened per site: picture and readings) and its scans.
 * Read-only: no action changes anything.
 */
export default function DemoTaskDetailPage() {
  const { t } = useTranslation(['demo-area', 'tasks', 'scans', 'common']);
  const places = usePlaceText();
  const [params] = useSearchParams();
  const taskId = params.get('id') ?? '';
  const query = useQuery({
    queryKey: ['demo-area', 'task', taskId],
    queryFn: ({ signal }) => callApi(routes.demoArea.getDemoTask, { TaskId: taskId }, { signal }),
    enabled: Boolean(taskId),
  });
  if (query.isLoading) return <PageLoading />;
  const task = query.data;
  if (!task) return <Alert type="error" showIcon message={t('common:notFound.title')} />;
  const rate = { title: t('tasks:field.passRate'), key: 'rate', align: 'right' as const };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <DemoNotice />
      <TaskHeadCard
        task={task}
        extra={
          <Link to={demoTasksPath(task.ProjectId)}>
            <Button>{t('back')}</Button>
          </Link>
        }
      >
        <FiguresSummary figures={task.Figures} />
      </TaskHeadCard>
      {task.TaskKind === 'externalWall' && <DemoExternalWall taskId={task.TaskId} />}
      <Card title={t('detail.items')}>
        <Table<Item>
          size="small"
          rowKey="ItemCode"
          pagination={false}
          dataSource={task.Items}
          columns={[
            { title: t('detail.items'), key: 'item', render: (_, item) => `${item.ItemCode} ${item.Name}` },
            { ...rate, render: (_, item) => formatRate(item.Figures.PassRate) },
          ]}
        />
      </Card>
      <Card title={t('detail.sites')}>
        <Table<Site>
          size="small"
          rowKey="PointIndex"
          dataSource={task.Sites}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          onRow={() => ({ 'data-testid': 'demo-site' }) as never}
          expandable={{
            expandedRowRender: (site) => <DemoSiteView taskId={task.TaskId} pointIndex={site.PointIndex} />,
          }}
          columns={[
            { title: '#', dataIndex: 'PointIndex', width: 60 },
            { title: t('detail.site'), key: 'place', render: (_, site) => places.site(site) },
            { ...rate, render: (_, site) => formatRate(site.Figures.PassRate) },
          ]}
        />
      </Card>
      <Card title={t('detail.scans')}>
        <Table<Scan>
          size="small"
          rowKey="ScanId"
          pagination={false}
          dataSource={task.Scans}
          onRow={() => ({ 'data-testid': 'demo-scan' }) as never}
          columns={[
            { title: t('detail.scanName'), dataIndex: 'Name', key: 'Name' },
            {
              title: t('detail.scanKind'),
              key: 'kind',
              render: (_, scan) => <Tag>{t(`detail.scanKind.${scan.Kind}`)}</Tag>,
            },
            {
              title: t('detail.scanState'),
              key: 'status',
              render: (_, scan) => t(`scans:status.${scan.Status}`),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
