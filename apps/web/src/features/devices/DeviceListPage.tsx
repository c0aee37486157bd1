import type { Dayjs } from 'dayjs';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import { DEVICE_ORDER_FIELDS, type DeviceRow } from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { downloadFile } from '../../shared/api/download.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { useCan } from '../auth/permissions.ts';
import { PermissionGate } from '../layout/PermissionGate.tsx';
import { DEVICE_DETAIL_PATH, WARRANTY_COLOR } from './deviceForm.ts';
import { useDeviceActions } from './useDeviceActions.tsx';
// Registers the namespace before any component of this page renders.
import './i18n.ts';
import type { KeySuffix } from '../../shared/i18n/types.ts';
import { showDate, showDateTime } from '../../shared/i18n/dates.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

const DeviceFormDialog = lazy(() => import('./DeviceFormDialog.tsx'));
const AssignDevicesDialog = lazy(() => import('./AssignDevicesDialog.tsx'));

/** Spec section 9: devices are listed 10 per page. */
const PAGE_SIZE = 10;
type OrderField = (typeof DEVICE_ORDER_FIELDS)[number];

interface Filters {
  KeyWord?: string;
  DeviceNumber?: string;
  CustomerCompanyName?: string;
  ProductionDateFrom?: string;
  ProductionDateTo?: string;
  Allocated?: boolean;
}
interface FilterForm {
  KeyWord?: string;
  DeviceNumber?: string;
  CustomerCompanyName?: string;
  Production?: [Dayjs | null, Dayjs | null] | null;
  Allocation?: 'yes' | 'no';
}

/** Device management (`SKU`). */
export default function DeviceListPage() {
  return (
    <PermissionGate permission="device.distribute">
      <DeviceList />
    </PermissionGate>
  );
}

function DeviceList() {
  const { t } = useTranslation(['devices', 'common']);
  const can = useCan();
  const actions = useDeviceActions();
  const [filterForm] = Form.useForm<FilterForm>();
  const [filters, setFilters] = useState<Filters>({});
  const [order, setOrder] = useState<{ OrderBy?: OrderField; AscDesc?: 'asc' | 'desc' }>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<DeviceRow | 'new' | null>(null);
  const [assigning, setAssigning] = useState<string[] | null>(null);
  const [exporting, setExporting] = useState(false);

  const query = useQuery({
    queryKey: ['devices', 'list', { ...filters, ...order, page, pageSize }],
    queryFn: ({ signal }) =>
      callApi(
        routes.devices.getDeviceList,
        { ...filters, ...order, PageSize: pageSize, CurrentPage: page },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.Items ?? [];

  const search = (values: FilterForm) => {
    const [from, to] = values.Production ?? [];
    setFilters({
      KeyWord: values.KeyWord?.trim() || undefined,
      DeviceNumber: values.DeviceNumber?.trim() || undefined,
      CustomerCompanyName: values.CustomerCompanyName?.trim() || undefined,
      ProductionDateFrom: from ? from.format('YYYY-MM-DD') : undefined,
      ProductionDateTo: to ? to.format('YYYY-MM-DD') : undefined,
      Allocated: values.Allocation === undefined ? undefined : values.Allocation === 'yes',
    });
    setPage(1);
    setSelected([]);
  };

  const exportExcel = async () => {
    setExporting(true);
    try {
      const name = await downloadFile(routes.devices.exportDeviceToExcel, 'devices.xlsx', {
        ...filters,
        ...order,
      });
      notify.success(t('export.done', { name }));
    } catch (error) {
      showError(error);
    } finally {
      setExporting(false);
    }
  };

  const sortable = (field: OrderField) => ({
    sorter: true,
    sortOrder:
      order.OrderBy === field
        ? order.AscDesc === 'desc'
          ? ('descend' as const)
          : ('ascend' as const)
        : null,
  });

  const columns: ColumnsType<DeviceRow> = [
    {
      title: t('column.number'),
      dataIndex: 'DeviceNumber',
      key: 'DeviceNumber',
      width: 150,
      fixed: 'left',
      ...sortable('DeviceNumber'),
      render: (value: string, device) => (
        <Link to={`${DEVICE_DETAIL_PATH}?id=${encodeURIComponent(device.DeviceGuid)}`}>{value}</Link>
      ),
    },
    {
      title: t('column.type'),
      dataIndex: 'DeviceType',
      width: 80,
      render: (type: KeySuffix<'devices', 'type.'>) => t(`type.${type}`),
    },
    {
      title: t('column.customer'),
      dataIndex: 'CustomerCompanyName',
      key: 'CustomerCompanyName',
      width: 140,
      ellipsis: true,
      ...sortable('CustomerCompanyName'),
      render: (value: string | null, device) => (
        <Tooltip title={[device.CustomerContact, device.CustomerPhoneNumber].filter(Boolean).join(' ')}>
          {value || '-'}
        </Tooltip>
      ),
    },
    {
      title: t('column.production'),
      dataIndex: 'DeviceDateOfProduction',
      key: 'DeviceDateOfProduction',
      width: 120,
      ...sortable('DeviceDateOfProduction'),
      render: (value: string | null) => showDate(value),
    },
    {
      title: t('column.warranty'),
      dataIndex: 'Warranties',
      width: 220,
      render: (_value, device) =>
        device.Warranties.length === 0 ? (
          <span style={{ color: '#999' }}>{t('warranty.none')}</span>
        ) : (
          <Space orientation="vertical" size={2}>
            {device.Warranties.map((warranty) => (
              <Tooltip key={warranty.Part} title={t(`warranty.${warranty.Status}`)}>
                <Tag color={WARRANTY_COLOR[warranty.Status]} data-warranty={warranty.Status}>
                  {t('warranty.until', {
                    part: t(`part.${warranty.Part}`),
                    years: warranty.Years,
                    date: showDate(warranty.ExpiresOn),
                  })}
                  {warranty.Status !== 'valid' && ` · ${t(`warranty.${warranty.Status}`)}`}
                </Tag>
              </Tooltip>
            ))}
          </Space>
        ),
    },
    {
      title: t('column.allocation'),
      dataIndex: 'DeviceUserName',
      key: 'DeviceUserName',
      width: 120,
      ...sortable('DeviceUserName'),
      render: (_value, device) =>
        device.Allocated ? <Tag color="blue">{device.DeviceUserName}</Tag> : <Tag>{t('unallocated')}</Tag>,
    },
    {
      title: t('column.activation'),
      dataIndex: 'IsActive',
      key: 'ActiveDate',
      width: 110,
      ...sortable('ActiveDate'),
      render: (active: boolean, device) =>
        active ? (
          <Tooltip title={device.ActiveDate ? showDateTime(device.ActiveDate) : ''}>
            <Tag color="green">{t('active')}</Tag>
          </Tooltip>
        ) : (
          <Tag>{t('inactive')}</Tag>
        ),
    },
    {
      title: t('column.actions'),
      key: 'actions',
      width: 210,
      render: (_value, device) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing(device)}>
            {t('action.edit')}
          </Button>
          <Button type="link" size="small" onClick={() => actions.activate(device)}>
            {device.IsActive ? t('action.rotate') : t('action.activate')}
          </Button>
          {device.IsActive && (
            <Button type="link" size="small" danger onClick={() => actions.deactivate(device)}>
              {t('action.deactivate')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setAssigning([device.DeviceGuid])}>
            {t('action.assign')}
          </Button>
          {device.Allocated && can('device.unbind') && (
            <Button type="link" size="small" onClick={() => actions.unbind(device)}>
              {t('action.unbind')}
            </Button>
          )}
          <Button type="link" size="small" danger onClick={() => actions.remove([device])}>
            {t('action.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  const chosen = rows.filter((device) => selected.includes(device.DeviceGuid));
  return (
    <Card
      title={t('title')}
      extra={
        <Space>
          {can('device.download') && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportExcel()}>
              {t('action.export')}
            </Button>
          )}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('create')}
          </Button>
        </Space>
      }
    >
      <Form form={filterForm} layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={search}>
        <Form.Item name="KeyWord">
          <Input
            allowClear
            maxLength={50}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            style={{ width: 260 }}
          />
        </Form.Item>
        <Form.Item name="DeviceNumber">
          <Input
            allowClear
            maxLength={32}
            placeholder={t('filter.deviceNumber')}
            aria-label={t('filter.deviceNumber')}
            style={{ width: 150 }}
          />
        </Form.Item>
        <Form.Item name="CustomerCompanyName">
          <Input
            allowClear
            maxLength={64}
            placeholder={t('filter.customer')}
            aria-label={t('filter.customer')}
            style={{ width: 160 }}
          />
        </Form.Item>
        <Form.Item name="Production">
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[t('filter.productionFrom'), t('filter.productionTo')]}
            aria-label={t('filter.production')}
          />
        </Form.Item>
        <Form.Item name="Allocation">
          <Select
            allowClear
            placeholder={t('filter.allocation')}
            aria-label={t('filter.allocation')}
            style={{ width: 150 }}
            options={[
              { value: 'yes', label: t('allocated') },
              { value: 'no', label: t('unallocated') },
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('filter.search')}
            </Button>
            <Button
              onClick={() => {
                filterForm.resetFields();
                search({});
              }}
            >
              {t('filter.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {selected.length > 0 && (
        <Space style={{ marginBottom: 12 }}>
          <Button icon={<UserAddOutlined />} onClick={() => setAssigning(selected)}>
            {t('action.assignSelected', { count: selected.length })}
          </Button>
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={() => actions.remove(chosen, () => setSelected([]))}
          >
            {t('action.deleteSelected', { count: selected.length })}
          </Button>
        </Space>
      )}
      <Table<DeviceRow>
        rowKey="DeviceGuid"
        columns={columns}
        dataSource={rows}
        {...tableLoading(query)}
        scroll={{ x: 1150 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        onChange={(_pagination, _filters, sorter) => {
          const sort = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<DeviceRow> | undefined;
          const field = sort?.columnKey as OrderField | undefined;
          setOrder(
            sort?.order && field && (DEVICE_ORDER_FIELDS as readonly string[]).includes(field)
              ? { OrderBy: field, AscDesc: sort.order === 'descend' ? 'desc' : 'asc' }
              : {},
          );
        }}
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
            setSelected([]);
          },
        }}
      />
      {actions.dialogs}
      <Suspense fallback={null}>
        {editing && (
          <DeviceFormDialog
            device={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={() => void actions.refresh()}
          />
        )}
        {assigning && (
          <AssignDevicesDialog
            deviceGuids={assigning}
            onClose={() => setAssigning(null)}
            onAssigned={() => {
              setSelected([]);
              void actions.refresh();
            }}
          />
        )}
      </Suspense>
    </Card>
  );
}
