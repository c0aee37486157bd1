import { apiRoutes, type ProjectRow } from '@measure/contract';
import { KeywordSearch } from '../../shared/forms/KeywordSearch.tsx';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Form, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { bodyField } from '../../shared/forms/bodyRule.ts';

/** Spec section 9: projects are listed 10 per page, starting at page 1. */
const PAGE_SIZE = 10;
const NAME_MAX = 20;
const nameSchema = bodyField(apiRoutes.projects.getPage, 'ProjectName');

/** Data reports landing page: the projects the user may see, searchable by name. */
export default function ProjectListPage() {
  const { t } = useTranslation('projects');
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);

  const query = useQuery({
    queryKey: ['projects', 'page', { name, page, pageSize }],
    queryFn: ({ signal }) =>
      callApi(
        routes.projects.getPage,
        { ProjectName: name, PageSize: pageSize, CurrentPage: page },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

  const columns: ColumnsType<ProjectRow> = [
    { title: t('column.name'), dataIndex: 'Name', ellipsis: true },
    {
      title: t('column.address'),
      dataIndex: 'Address',
      ellipsis: true,
      render: (value: string | null) => value || '-',
    },
    { title: t('column.buildingCount'), dataIndex: 'BuildingCount', width: 120, align: 'right' },
    {
      title: t('column.state'),
      dataIndex: 'IsPublished',
      width: 120,
      render: (published: boolean) =>
        published ? <Tag color="green">{t('state.published')}</Tag> : <Tag>{t('state.unpublished')}</Tag>,
    },
    {
      title: t('column.updateTime'),
      dataIndex: 'UpdateTime',
      width: 180,
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
    },
  ];

  return (
    <Card title={t('title')}>
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <KeywordSearch
          schema={nameSchema}
          max={NAME_MAX}
          placeholder={t('searchPlaceholder')}
          onSearch={(keyword) => {
            setName(keyword);
            setPage(1);
          }}
        />
      </Form>
      <Table<ProjectRow>
        rowKey="ProjectId"
        columns={columns}
        dataSource={query.data?.Items ?? []}
        loading={query.isFetching}
        pagination={{
          current: page,
          pageSize,
          total: query.data?.Total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 30],
          showTotal: (total) => t('total', { total }),
          onChange: (nextPage, nextSize) => {
            setPage(nextSize === pageSize ? nextPage : 1);
            setPageSize(nextSize);
          },
        }}
      />
    </Card>
  );
}
