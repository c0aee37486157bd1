import type { TaskRow } from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';
import { formatRate, TaskStateTag, useStageLabel } from '../tasks/taskLabels.tsx';
import '../tasks/i18n.ts';
import { DemoNotice } from './DemoNotice.tsx';
import { DEMO_PROJECTS_PATH, demoTaskPath } from './demoPaths.ts';
import './i18n.ts';

/** The demo project's tasks (`demoTaskList?projectId=`), read-only. */
export default function DemoTaskListPage() {
  const { t } = useTranslation(['demo-area', 'tasks']);
  const stageLabel = useStageLabel();
  const [params] = useSearchParams();
  const projectId = params.get('projectId') ?? '';
  const [page, setPage] = useState({ current: 1, size: 10 });
  const list = useQuery({
    queryKey: ['demo-area', 'tasks', projectId, page],
    queryFn: ({ signal }) =>
      callApi(
        routes.demoArea.getDemoTaskList,
        { ProjectId: projectId, PageSize: page.size, CurrentPage: page.current },
        { signal },
      ),
    enabled: Boolean(projectId),
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<TaskRow> = [
    { title: t('tasks.name'), dataIndex: 'Name', key: 'Name' },
    { title: t('tasks:field.stage'), key: 'stage', render: (_, row) => stageLabel(row.Stage) },
    { title: t('tasks:field.state'), key: 'state', render: (_, row) => <TaskStateTag state={row.State} /> },
    {
      title: t('tasks:field.passRate'),
      key: 'rate',
      align: 'right',
      render: (_, row) => formatRate(row.Figures.PassRate),
    },
    {
      title: '',
      key: 'actions',
      width: 100,
      render: (_, row) => <Link to={demoTaskPath(row.TaskId)}>{t('tasks.details')}</Link>,
    },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <DemoNotice />
      <Card
        title={`${t('tasks.title')}${list.data?.Items[0] ? ` · ${list.data.Items[0].ProjectName}` : ''}`}
        extra={
          <Link to={DEMO_PROJECTS_PATH}>
            <Button>{t('back')}</Button>
          </Link>
        }
      >
        <Table<TaskRow>
          rowKey="TaskId"
          columns={columns}
          dataSource={list.data?.Items ?? []}
          {...tableLoading(list)}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total: list.data?.Total ?? 0,
            onChange: (current, size) => setPage({ current, size }),
          }}
        />
      </Card>
    </Space>
  );
}
