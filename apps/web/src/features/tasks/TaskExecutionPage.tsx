import { TASK_STATES, type TaskRow, type TaskState } from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { columnsWidth } from '../../shared/table/columnsWidth.ts';
import { formatRate, manualMeasurePath, taskDetailPath, TaskStateTag, useStageLabel } from './taskLabels.tsx';
import { useTaskActions } from './useTaskActions.tsx';
import { showDate } from '../../shared/i18n/dates.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

const PAGE_SIZE = 10;

/** Task execution (`TaskExcuse`): the caller's own tasks, to start and finish work without a robot. */
export default function TaskExecutionPage() {
  const { t } = useTranslation(['tasks', 'common']);
  const stageLabel = useStageLabel();
  const actions = useTaskActions();
  /** `open` (pending and in progress, the work to do) is the default; `all` shows every state. */
  const [state, setState] = useState<TaskState | 'open' | 'all'>('open');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['tasks', 'mine', state, page],
    queryFn: ({ signal }) =>
      callApi(
        routes.tasks.getMyTasks,
        { State: state === 'open' ? null : state, PageSize: PAGE_SIZE, CurrentPage: page },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

  const columns: ColumnsType<TaskRow> = [
    {
      title: t('field.name'),
      dataIndex: 'Name',
      width: 240,
      ellipsis: true,
      render: (name: string, row) => <Link to={taskDetailPath(row.TaskId)}>{name}</Link>,
    },
    { title: t('field.project'), dataIndex: 'ProjectName', width: 160, ellipsis: true },
    {
      title: t('field.stage'),
      dataIndex: 'Stage',
      width: 90,
      render: (stage: TaskRow['Stage']) => stageLabel(stage),
    },
    {
      title: t('field.state'),
      dataIndex: 'State',
      width: 96,
      render: (value: TaskState) => <TaskStateTag state={value} />,
    },
    { title: t('field.households'), dataIndex: 'Households', width: 70, align: 'right' },
    {
      title: t('field.plannedDate'),
      dataIndex: 'PlannedDate',
      width: 110,
      render: (v: string | null) => showDate(v) || '—',
    },
    {
      title: t('field.passRate'),
      key: 'rate',
      width: 90,
      align: 'right',
      render: (_, row) => formatRate(row.Figures.PassRate),
    },
    {
      title: '',
      key: 'actions',
      width: 230,
      fixed: 'right',
      render: (_, row) => (
        <Space size={4} wrap>
          {row.State === 'pending' && (
            <Button type="link" size="small" onClick={() => actions.start(row)}>
              {t('action.start')}
            </Button>
          )}
          {row.State === 'inProgress' && (
            <Button type="link" size="small" onClick={() => actions.finish(row)}>
              {t('action.finish')}
            </Button>
          )}
          {(row.State === 'pending' || row.State === 'inProgress') && (
            <Link to={manualMeasurePath(row.TaskId)}>{t('action.enterReadings')}</Link>
          )}
          <Link to={taskDetailPath(row.TaskId)}>{t('action.view')}</Link>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('execution.title')}
      extra={
        <Select
          style={{ width: 180 }}
          aria-label={t('field.state')}
          value={state}
          onChange={(value) => {
            setState(value);
            setPage(1);
          }}
          options={[
            { value: 'open' as const, label: t('execution.openStates') },
            { value: 'all' as const, label: t('placeholder.allStates') },
            ...TASK_STATES.map((value) => ({ value, label: t(`state.${value}`) })),
          ]}
        />
      }
    >
      <Typography.Paragraph type="secondary">{t('execution.note')}</Typography.Paragraph>
      <Table<TaskRow>
        rowKey="TaskId"
        size="middle"
        columns={columns}
        dataSource={query.data?.Items ?? []}
        {...tableLoading(query, t('execution.empty'))}
        scroll={{ x: columnsWidth(columns) }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: query.data?.Total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
      />
    </Card>
  );
}
