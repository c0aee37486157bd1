import { apiRoutes, type Figures, type ReportProjectRow } from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Card, Form, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { bodyField } from '../../shared/forms/bodyRule.ts';
import { KeywordSearch } from '../../shared/forms/KeywordSearch.tsx';
import { columnsWidth } from '../../shared/table/columnsWidth.ts';
import { formatRate } from '../tasks/taskLabels.tsx';
import { projectReportsPath } from './paths.ts';
import './i18n.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

const PAGE_SIZE = 10;
const NAME_MAX = 20;
const nameSchema = bodyField(apiRoutes.reports.getReportProjectList, 'ProjectName');

/** The pass rate with the counts it comes from in a tooltip. */
export function Rate({ figures, help }: { figures: Figures; help: string }) {
  const { t } = useTranslation('reports');
  return (
    <Tooltip
      title={t(help as 'projects.rateHelp', {
        passed: figures.Qualified + figures.Warning,
        total: figures.Total,
      })}
    >
      <span>{formatRate(figures.PassRate)}</span>
    </Tooltip>
  );
}

/**
 * `mscProjectList`, the data reports landing page: the projects the user sees with their report
 * counts, unread reports (UserIsReadedTask), the newest report and the figures of the finished tasks
 * (the stored rollups); each opens the project's report list, and the project itself.
 */
export default function ReportProjectsPage() {
  const { t } = useTranslation(['reports', 'common']);
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const query = useQuery({
    queryKey: ['reports', 'projects', { name, page, pageSize }],
    queryFn: ({ signal }) =>
      callApi(
        routes.reports.getReportProjectList,
        { ProjectName: name, PageSize: pageSize, CurrentPage: page },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

  const columns: ColumnsType<ReportProjectRow> = [
    {
      title: t('projects.column.name'),
      dataIndex: 'ProjectName',
      ellipsis: true,
      width: 170,
      render: (value: string, row) => (
        <Space size={8}>
          <Link to={projectReportsPath(row.ProjectId)}>{value}</Link>
          {row.Unread > 0 && (
            <Badge count={row.Unread} size="small" title={t('projects.unread', { unread: row.Unread })} />
          )}
        </Space>
      ),
    },
    {
      title: t('projects.column.reports'),
      key: 'reports',
      width: 150,
      render: (_value, row) =>
        row.Reports === 0 ? (
          <Typography.Text type="secondary">{t('projects.noReport')}</Typography.Text>
        ) : (
          t('projects.counts', { reports: row.Reports, ready: row.Ready, audited: row.Audited })
        ),
    },
    {
      title: t('projects.column.passRate'),
      key: 'passRate',
      width: 100,
      align: 'right',
      render: (_value, row) => <Rate figures={row.Figures} help="projects.rateHelp" />,
    },
    {
      title: t('projects.column.latest'),
      key: 'latest',
      width: 190,
      ellipsis: true,
      render: (_value, row) =>
        row.Latest ? (
          <Space size={6}>
            <span>{row.Latest.Name}</span>
            <Typography.Text type="secondary">{showDateTime(row.Latest.UpdateTime)}</Typography.Text>
            {row.Latest.Status !== 'ready' && <Tag>{t(`status.${row.Latest.Status}`)}</Tag>}
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: t('projects.column.latestRate'),
      key: 'latestRate',
      width: 110,
      align: 'right',
      render: (_value, row) =>
        row.Latest ? <Rate figures={row.Latest.Figures} help="projects.rateHelp" /> : '—',
    },
    {
      title: t('projects.column.actions'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_value, row) => (
        <Space size={12} wrap>
          <Link to={projectReportsPath(row.ProjectId)}>{t('projects.openReports')}</Link>
          <Link to={`/measurerobot/projectDetail?id=${encodeURIComponent(row.ProjectId)}`}>
            {t('projects.openProject')}
          </Link>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('projects.title')}>
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <KeywordSearch
          schema={nameSchema}
          max={NAME_MAX}
          placeholder={t('projects.search')}
          onSearch={(keyword) => {
            setName(keyword);
            setPage(1);
          }}
        />
      </Form>
      <Table<ReportProjectRow>
        rowKey="ProjectId"
        columns={columns}
        dataSource={query.data?.Items ?? []}
        {...tableLoading(query)}
        size="middle"
        scroll={{ x: columnsWidth(columns) }}
        pagination={{
          current: page,
          pageSize,
          total: query.data?.Total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 30],
          showTotal: (total) => t('projects.total', { total }),
          onChange: (nextPage, nextSize) => {
            setPage(nextSize === pageSize ? nextPage : 1);
            setPageSize(nextSize);
          },
        }}
      />
    </Card>
  );
}
