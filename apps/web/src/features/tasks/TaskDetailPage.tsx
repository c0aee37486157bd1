import type { Figures, TaskDetail } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { usePlaceText } from '../../shared/i18n/usePlaceText.ts';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { ReportSection } from '../reports/ReportSection.tsx';
import { ElevationsLink } from '../external-walls/ElevationsLink.tsx';
import { FiguresSummary } from './FiguresSummary.tsx';
import { TaskRunProgress } from './TaskRunProgress.tsx';
import { formatRate, TASK_CENTER_PATH } from './taskLabels.tsx';
import { TaskHeadCard } from './TaskHeadCard.tsx';
import { showDateTime } from '../../shared/i18n/dates.ts';

type Item = TaskDetail['Items'][number];
type Site = TaskDetail['Sites'][number];
type Household = TaskDetail['HouseholdList'][number];

const time = (value: string | null) => (value ? showDateTime(value) : '—');

/** Task detail (`taskDetail?id=`): the task, its figures, the standard it is judged by, households and sites. */
export default function TaskDetailPage() {
  const { t } = useTranslation(['tasks', 'common']);
  const places = usePlaceText();
  const [params] = useSearchParams();
  const taskId = params.get('id') ?? '';
  const query = useQuery({
    queryKey: ['tasks', 'detail', taskId],
    queryFn: ({ signal }) => callApi(routes.tasks.getTask, { TaskId: taskId }, { signal }),
    enabled: Boolean(taskId),
  });
  if (query.isLoading) return <PageLoading />;
  const task = query.data;
  if (!task) return <Alert type="error" showIcon message={t('common:notFound.title')} />;

  const figureColumns = <T extends { Figures: Figures }>(): ColumnsType<T> => [
    {
      title: t('field.passRate'),
      key: 'rate',
      width: 90,
      align: 'right',
      render: (_, row) => formatRate(row.Figures.PassRate),
    },
    {
      title: t('detail.qualified'),
      key: 'q',
      width: 70,
      align: 'right',
      render: (_, row) => row.Figures.Qualified,
    },
    {
      title: t('detail.warningCount'),
      key: 'w',
      width: 70,
      align: 'right',
      render: (_, row) => row.Figures.Warning,
    },
    {
      title: t('detail.unqualified'),
      key: 'u',
      width: 70,
      align: 'right',
      render: (_, row) => row.Figures.Unqualified,
    },
    {
      title: t('detail.explodedCount'),
      key: 'e',
      width: 70,
      align: 'right',
      render: (_, row) => row.Figures.Exploded,
    },
    {
      title: t('detail.unjudged'),
      key: 'j',
      width: 70,
      align: 'right',
      render: (_, row) => row.Figures.Unjudged,
    },
  ];
  const itemColumns: ColumnsType<Item> = [
    {
      title: t('field.items'),
      key: 'item',
      width: 200,
      render: (_, item) => `${item.ItemCode} ${item.Name}`,
    },
    { title: t('detail.standard'), key: 'mode', width: 110, render: (_, item) => t(`mode.${item.Mode}`) },
    { title: t('detail.left'), key: 'l', width: 70, align: 'right', render: (_, item) => item.Standard.Left },
    {
      title: t('detail.right'),
      key: 'r',
      width: 70,
      align: 'right',
      render: (_, item) => item.Standard.Right,
    },
    {
      title: t('detail.warning'),
      key: 'wr',
      width: 100,
      render: (_, item) => `[${item.Standard.WarnLeft}, ${item.Standard.WarnRight}]`,
    },
    {
      title: t('detail.exploded'),
      key: 'x',
      width: 90,
      align: 'right',
      render: (_, item) => item.Standard.Exploded,
    },
    {
      title: t('detail.needsDesign'),
      key: 'd',
      width: 90,
      render: (_, item) => (item.NeedsDesign ? t('detail.yes') : '—'),
    },
    ...figureColumns<Item>(),
  ];
  const siteColumns: ColumnsType<Site> = [
    { title: '#', dataIndex: 'PointIndex', width: 60 },
    {
      title: t('detail.place'),
      key: 'place',
      width: 200,
      render: (_, site) => places.site(site),
    },
    {
      title: t('detail.measuredAt'),
      key: 'measuredAt',
      width: 190,
      render: (_, site) => (
        <Space size={2} wrap>
          {time(site.MeasuredAt)}
          {site.OutsideTaskWindow && <Tag color="orange">{t('detail.outsideWindow')}</Tag>}
        </Space>
      ),
    },
    ...figureColumns<Site>(),
  ];
  const householdColumns: ColumnsType<Household> = [
    { title: t('dispatch.building'), dataIndex: 'BuildingNumber', width: 100 },
    { title: t('detail.floor'), dataIndex: 'Floor', width: 80 },
    { title: t('detail.household'), dataIndex: 'Household', width: 80 },
    { title: t('detail.houseMap'), dataIndex: 'HouseMapName', width: 200 },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <TaskHeadCard
        task={task}
        extra={
          <Space>
            <ElevationsLink task={task} />
            <Link to={`/measurerobot/mscReportData?taskId=${task.TaskId}`}>
              <Button type="primary">{t('action.data')}</Button>
            </Link>
            <Link to={TASK_CENTER_PATH}>
              <Button>{t('action.back')}</Button>
            </Link>
          </Space>
        }
      />
      {task.SitesOutsideWindow > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="outside-window-warning"
          title={t('detail.outsideWindowWarning', {
            count: task.SitesOutsideWindow,
            start: time(task.StartedAt),
            finish: time(task.FinishedAt),
          })}
          action={
            <Link
              to={`/measurerobot/dataPool?projectId=${task.ProjectId}&taskId=${task.TaskId}&outsideWindow=1`}
            >
              {t('detail.outsideWindowOpen')}
            </Link>
          }
        />
      )}
      <Card title={t('detail.figures')} extra={<TaskRunProgress task={task} />}>
        <FiguresSummary figures={task.Figures} />
      </Card>
      <ReportSection task={task} />
      <Card>
        <Tabs
          items={[
            {
              key: 'standard',
              label: t('detail.standard'),
              children: (
                <>
                  <Typography.Paragraph type="secondary">
                    {t('detail.standardNote', { time: time(task.FrozenAt) })}
                  </Typography.Paragraph>
                  <Table<Item>
                    rowKey="ItemCode"
                    size="small"
                    pagination={false}
                    columns={itemColumns}
                    dataSource={task.Items}
                    scroll={{ x: 1100 }}
                  />
                  {task.DesignValues.length > 0 && (
                    <>
                      <Typography.Title level={5} style={{ marginTop: 16 }}>
                        {t('detail.designValues')}
                      </Typography.Title>
                      <Descriptions size="small" column={1} bordered>
                        {task.DesignValues.map((type) => (
                          <Descriptions.Item key={type.PointTypeId} label={type.PointTypeName}>
                            {type.Values.map((value) => `${value.ItemCode}: ${value.DesignValue}`).join(
                              '; ',
                            ) || '—'}
                          </Descriptions.Item>
                        ))}
                      </Descriptions>
                    </>
                  )}
                </>
              ),
            },
            {
              key: 'households',
              label: `${t('detail.householdList')} (${task.HouseholdList.length})`,
              children: (
                <Table<Household>
                  rowKey={(row) => `${row.BuildingNumber}|${row.Floor}|${row.Household}`}
                  size="small"
                  columns={householdColumns}
                  dataSource={task.HouseholdList}
                  pagination={{ pageSize: 20, showSizeChanger: false }}
                />
              ),
            },
            {
              key: 'sites',
              label: `${t('detail.siteList')} (${task.Sites.length})`,
              children: (
                <Table<Site>
                  rowKey="PointIndex"
                  size="small"
                  columns={siteColumns}
                  dataSource={task.Sites}
                  locale={{ emptyText: t('detail.noSites') }}
                  pagination={{ pageSize: 20, showSizeChanger: false }}
                  scroll={{ x: 700 }}
                />
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
