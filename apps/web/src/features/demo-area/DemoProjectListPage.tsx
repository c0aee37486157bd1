import type { RouteResult } from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes, type RouteRefs } from '../../shared/api/routes.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';
import { DemoNotice } from './DemoNotice.tsx';
import { demoTasksPath } from './demoPaths.ts';
import './i18n.ts';

type Row = RouteResult<
  NonNullable<RouteRefs['demoArea']['getDemoProjectList']['definition']>
>['Items'][number];

/** The demo area's project list (`demoProjectList`): the platform's example, the same for everyone. */
export default function DemoProjectListPage() {
  const { t } = useTranslation('demo-area');
  const [page, setPage] = useState({ current: 1, size: 10 });
  const list = useQuery({
    queryKey: ['demo-area', 'projects', page],
    queryFn: ({ signal }) =>
      callApi(
        routes.demoArea.getDemoProjectList,
        { PageSize: page.size, CurrentPage: page.current },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<Row> = [
    { title: t('projects.name'), dataIndex: 'Name', key: 'Name' },
    { title: t('projects.address'), dataIndex: 'Address', key: 'Address' },
    {
      title: t('projects.buildings'),
      key: 'buildings',
      render: (_, row) => row.DetailsInfo.map((building) => building.BuildingNumber).join(', '),
    },
    {
      title: '',
      key: 'actions',
      width: 120,
      render: (_, row) => <Link to={demoTasksPath(row.ProjectId)}>{t('projects.tasks')}</Link>,
    },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <DemoNotice />
      <Card title={t('projects.title')}>
        <Table<Row>
          rowKey="ProjectId"
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
