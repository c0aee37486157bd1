import type { Dayjs } from 'dayjs';
import {
  SCAN_KINDS,
  SCAN_SORT_COLUMNS,
  SCAN_STATUSES,
  type ScanItem,
  type ScanKind,
  type ScanStatus,
} from '@measure/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Popconfirm, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { dateShortcuts, toApiDate } from '../../shared/forms/dateShortcuts.ts';
import { PlaceFilterItems } from '../../shared/forms/PlaceFilterItems.tsx';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { usePlaceText } from '../../shared/i18n/usePlaceText.ts';
import { columnsWidth } from '../../shared/table/columnsWidth.ts';
import { ExportButton } from '../../shared/table/ExportButton.tsx';
import { tableLoading } from '../../shared/table/tableLoading.tsx';
import { useServerSort } from '../../shared/table/useServerSort.ts';
import { useCan } from '../auth/permissions.ts';
import { fileSizeText } from '../projects/projectForm.ts';
import { ScanStatusTag } from './PreviewParts.tsx';
import { modelTaskDataPath } from './paths.ts';
import { countText } from './viewer/sceneData.ts';
import './i18n.ts';

interface FilterForm {
  ProjectId?: string;
  TaskId?: string;
  BuildingNumber?: string;
  Floor?: number | null;
  Kind?: ScanKind;
  Status?: ScanStatus;
  Dates?: [Dayjs | null, Dayjs | null] | null;
}
type Filters = Omit<FilterForm, 'Dates'> & { StartDate?: string; EndDate?: string };
const PAGE_SIZE = 10;

/**
 * Point cloud data (`mscPointCloudData`, modelling only): the scans of the tasks the user sees with
 * filters, server-side sort and paging, Excel export, download of the original, view (the model
 * preview on that scan); a failed scan shows why and may be deleted (reportData.delete).
 */
export default function PointCloudPage() {
  const { t } = useTranslation(['scans', 'common']);
  const { t: tc } = useTranslation('common');
  const places = usePlaceText();
  const can = useCan();
  const client = useQueryClient();
  const [form] = Form.useForm<FilterForm>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const sort = useServerSort(SCAN_SORT_COLUMNS, () => setPage(1));
  const query = useQuery({
    queryKey: ['scans', 'list', filters, sort.order, page, pageSize],
    queryFn: ({ signal }) =>
      callApi(
        routes.scans.getPointClouds,
        { ...filters, ...sort.order, PageSize: pageSize, CurrentPage: page },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

  const search = (values: FilterForm) => {
    setFilters({
      ProjectId: values.ProjectId || undefined,
      TaskId: values.TaskId || undefined,
      BuildingNumber: values.BuildingNumber?.trim() || undefined,
      Floor: values.Floor ?? undefined,
      Kind: values.Kind,
      Status: values.Status,
      StartDate: toApiDate(values.Dates?.[0]),
      EndDate: toApiDate(values.Dates?.[1]),
    });
    setPage(1);
  };
  const download = async (scan: ScanItem) => {
    try {
      const { Url } = await callApi(routes.scans.downloadPointCloud, { ScanId: scan.ScanId });
      const link = document.createElement('a');
      link.href = Url;
      link.download = '';
      link.rel = 'noopener';
      document.body.appendChild(link);
      link.click();
      link.remove();
    } catch (error) {
      showError(error);
    }
  };
  const remove = async (scan: ScanItem) => {
    try {
      await callApi(routes.scans.deleteScan, { ScanId: scan.ScanId });
      notify.success(t('list.deleted'));
    } catch (error) {
      showError(error);
    } finally {
      await client.invalidateQueries({ queryKey: ['scans'] });
    }
  };

  const columns: ColumnsType<ScanItem> = [
    { title: t('list.name'), dataIndex: 'Name', width: 170, ellipsis: true, ...sort.sortable('Name') },
    { title: t('list.project'), dataIndex: 'ProjectName', width: 140, ellipsis: true },
    { title: t('list.task'), dataIndex: 'TaskName', width: 140, ellipsis: true },
    {
      title: t('list.place'),
      key: 'place',
      width: 150,
      render: (_, row) => `${places.place(row)}${row.Side ? ` · ${row.Side}` : ''}`,
    },
    { title: t('list.kind'), dataIndex: 'Kind', width: 90, render: (kind: ScanKind) => t(`kind.${kind}`) },
    {
      title: t('list.format'),
      dataIndex: 'Format',
      width: 70,
      render: (format: string | null) => format?.toUpperCase() ?? '—',
    },
    {
      title: t('list.points'),
      dataIndex: 'Points',
      width: 110,
      align: 'right',
      render: (points: number | null) => (points === null ? '—' : countText(points)),
      ...sort.sortable('Points'),
    },
    {
      title: t('list.size'),
      dataIndex: 'Size',
      width: 100,
      align: 'right',
      render: (size: number) => fileSizeText(size),
      ...sort.sortable('Size'),
    },
    {
      title: t('list.status'),
      width: 200,
      render: (_, row) => <ScanStatusTag scan={row} />,
      ...sort.sortable('Status'),
    },
    {
      title: t('list.createdAt'),
      dataIndex: 'CreatedAt',
      width: 160,
      render: (value: string) => showDateTime(value),
      ...sort.sortable('CreatedAt'),
    },
    {
      title: '',
      key: 'actions',
      width: 240,
      render: (_, row) => (
        <Space size={4} wrap>
          {row.Status === 'ready' && (
            <Link to={modelTaskDataPath(row.TaskId, row.ScanId)}>
              <Button size="small">{t('list.view')}</Button>
            </Link>
          )}
          <Button size="small" onClick={() => void download(row)}>
            {t('list.download')}
          </Button>
          {row.Status === 'failed' && can('reportData.delete') && (
            <Popconfirm
              title={t('list.deleteConfirm')}
              okText={tc('action.ok')}
              cancelText={tc('action.cancel')}
              onConfirm={() => void remove(row)}
            >
              <Button size="small" danger>
                {t('list.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Form<FilterForm> form={form} layout="inline" onFinish={search} style={{ rowGap: 8, marginBottom: 16 }}>
        <PlaceFilterItems
          texts={{
            project: t('list.project'),
            allProjects: t('list.allProjects'),
            task: t('list.task'),
            allTasks: t('list.allTasks'),
            building: t('list.building'),
            floor: t('list.floor'),
          }}
        />
        <Form.Item name="Kind">
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('list.allKinds')}
            aria-label={t('list.kind')}
            options={SCAN_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
          />
        </Form.Item>
        <Form.Item name="Status">
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('list.allStatuses')}
            aria-label={t('list.status')}
            options={SCAN_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          />
        </Form.Item>
        <Form.Item name="Dates">
          <DatePicker.RangePicker presets={dateShortcuts(tc)} aria-label={t('list.dates')} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('list.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              {t('list.reset')}
            </Button>
            <ExportButton
              route={routes.scans.exportPointClouds}
              input={{ ...filters, ...sort.order }}
              fallbackName={t('list.exportName')}
            />
          </Space>
        </Form.Item>
      </Form>
      <Table<ScanItem>
        rowKey="ScanId"
        size="middle"
        columns={columns}
        dataSource={query.data?.Items ?? []}
        {...tableLoading(query, t('list.empty'))}
        scroll={{ x: columnsWidth(columns) }}
        onChange={(_pagination, _filters, sorter) => sort.onSort(sorter)}
        pagination={{
          current: page,
          pageSize,
          total: query.data?.Total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50],
          showTotal: (total) => t('list.total', { count: total }),
          onChange: (next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
      />
    </Card>
  );
}
