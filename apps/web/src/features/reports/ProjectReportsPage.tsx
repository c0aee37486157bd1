import { ArrowLeftOutlined, DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import type { ReportFormat, ReportRow } from '@measure/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { useModal } from '../../shared/feedback/modal.tsx';
import { notify } from '../../shared/feedback/notify.ts';
import { columnsWidth } from '../../shared/table/columnsWidth.ts';
import { useCan } from '../auth/permissions.ts';
import { useBreadcrumbTrail } from '../layout/breadcrumbTrail.ts';
import { taskDetailPath } from '../tasks/taskLabels.tsx';
import { ProjectSummaryCard, summaryQuery } from './ProjectSummaryCard.tsx';
import { Rate } from './ReportProjectsPage.tsx';
import { STATUS_COLOURS } from './reportStatus.ts';
import { useReportDownload } from './useReportDownload.tsx';
import './i18n.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

const PAGE_SIZE = 10;
type AuditedFilter = 'all' | 'yes' | 'no';
const time = (value: string | null) => (value ? showDateTime(value) : '—');

/**
 * `mscProjectReports?projectId=`: one project's reports (one per finished task) with their state,
 * audit and figures, filtered by audit; several are downloaded at once (a zip, with progress) or
 * deleted; above them the project summary report.
 */
export default function ProjectReportsPage() {
  const { t } = useTranslation(['reports', 'common']);
  const can = useCan();
  const modal = useModal();
  const queryClient = useQueryClient();
  const projectId = useSearchParams()[0].get('projectId') ?? '';
  const [audited, setAudited] = useState<AuditedFilter>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [selected, setSelected] = useState<ReportRow[]>([]);
  const download = useReportDownload();
  const summary = useQuery({ ...summaryQuery(projectId), enabled: projectId !== '' });
  useBreadcrumbTrail(summary.data ? [{ title: summary.data.ProjectName }] : []);
  const query = useQuery({
    queryKey: ['reports', 'list', projectId, { audited, page, pageSize }],
    queryFn: ({ signal }) =>
      callApi(
        routes.reports.getReportList,
        {
          ProjectId: projectId,
          Audited: audited === 'all' ? null : audited === 'yes',
          PageSize: pageSize,
          CurrentPage: page,
        },
        { signal },
      ),
    enabled: projectId !== '',
    placeholderData: keepPreviousData,
    // While some render, look again every few seconds.
    refetchInterval: (current) =>
      current.state.data?.Items.some((row) => row.Status === 'queued' || row.Status === 'rendering')
        ? 3000
        : false,
  });

  if (!projectId) return <Alert type="warning" showIcon message={t('list.noProject')} />;

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['reports'] });
  const start = async (format: ReportFormat) => {
    await download.start(selected, format);
    await refresh();
  };
  const remove = () =>
    modal.confirm({
      title: t('list.deleteTitle'),
      content: t('list.deleteConfirm', { selected: selected.length }),
      okText: t('common:action.delete'),
      cancelText: t('common:action.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await callApi(routes.reports.batchDeleteReport, { ReportIds: selected.map((row) => row.ReportId) });
          notify.success(t('list.deleted'));
          setSelected([]);
          await refresh();
        } catch (error) {
          showError(error);
        }
      },
    });

  const columns: ColumnsType<ReportRow> = [
    {
      title: t('list.column.name'),
      dataIndex: 'Name',
      ellipsis: true,
      width: 180,
      render: (value: string, row) => (
        <Space size={6}>
          <Link to={taskDetailPath(row.TaskId)}>{value}</Link>
          {row.Unread && <Tag color="red">{t('list.unread')}</Tag>}
        </Space>
      ),
    },
    { title: t('list.column.uploadTime'), dataIndex: 'UploadTime', width: 130, render: time },
    { title: t('list.column.updateTime'), dataIndex: 'UpdateTime', width: 130, render: time },
    {
      title: t('list.audited'),
      dataIndex: 'Audited',
      width: 90,
      render: (value: boolean) => (
        <Tag color={value ? 'green' : undefined}>{t(value ? 'audited.yes' : 'audited.no')}</Tag>
      ),
    },
    {
      title: t('list.column.status'),
      dataIndex: 'Status',
      width: 90,
      render: (value: ReportRow['Status']) => <Tag color={STATUS_COLOURS[value]}>{t(`status.${value}`)}</Tag>,
    },
    {
      title: t('list.column.passRate'),
      key: 'rate',
      width: 90,
      align: 'right',
      render: (_value, row) => <Rate figures={row.Figures} help="projects.rateHelp" />,
    },
  ];
  const anySelected = selected.length > 0;
  const allReady = anySelected && selected.every((row) => row.Status === 'ready');

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <Link to="/measurerobot/mscProjectList" aria-label={t('list.back')}>
              <ArrowLeftOutlined />
            </Link>
            {t('list.title', { project: summary.data?.ProjectName ?? '' })}
          </Space>
        }
        extra={
          <Space wrap>
            {anySelected && (
              <Typography.Text>{t('list.selected', { selected: selected.length })}</Typography.Text>
            )}
            <Button
              icon={<DownloadOutlined />}
              disabled={!allReady || download.busy}
              onClick={() => void start('pdf')}
            >
              {t('action.pdf')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              disabled={!allReady || download.busy}
              onClick={() => void start('xlsx')}
            >
              {t('action.xlsx')}
            </Button>
            {can('reportData.delete') && (
              <Button danger icon={<DeleteOutlined />} disabled={!anySelected} onClick={remove}>
                {t('list.delete')}
              </Button>
            )}
          </Space>
        }
      >
        <Space style={{ marginBottom: 16 }}>
          <Typography.Text>{t('list.audited')}</Typography.Text>
          <Select<AuditedFilter>
            aria-label={t('list.audited')}
            style={{ width: 120 }}
            value={audited}
            onChange={(value) => {
              setAudited(value);
              setPage(1);
              setSelected([]);
            }}
            options={[
              { value: 'all', label: t('list.all') },
              { value: 'yes', label: t('audited.yes') },
              { value: 'no', label: t('audited.no') },
            ]}
          />
        </Space>
        <Table<ReportRow>
          rowKey="ReportId"
          columns={columns}
          dataSource={query.data?.Items ?? []}
          // A page or filter change shows the spinner; the polls while reports render do not.
          {...tableLoading({
            isPending: query.isPending,
            fetchStatus: query.fetchStatus,
            isFetching: query.isPlaceholderData,
          })}
          size="middle"
          scroll={{ x: columnsWidth(columns) }}
          rowSelection={{
            selectedRowKeys: selected.map((row) => row.ReportId),
            onChange: (_keys, rows) => setSelected(rows),
            preserveSelectedRowKeys: true,
          }}
          pagination={{
            current: page,
            pageSize,
            total: query.data?.Total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 30],
            showTotal: (total) => t('list.total', { total }),
            onChange: (nextPage, nextSize) => {
              setPage(nextSize === pageSize ? nextPage : 1);
              setPageSize(nextSize);
            },
          }}
        />
      </Card>
      <ProjectSummaryCard projectId={projectId} />
      {download.element}
    </Space>
  );
}
