import {
  DEVICE_TYPES,
  UPDATE_STATUS_FILTERS,
  type DeviceType,
  type DeviceUpdateStatus,
} from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { DEVICE_DETAIL_PATH } from './deviceForm.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

type Filter = (typeof UPDATE_STATUS_FILTERS)[number];

/** Per device: the version it runs, the newest package of its type and its latest install report. */
export function UpdateStatusTable() {
  const { t } = useTranslation(['devices', 'common']);
  const [filter, setFilter] = useState<Filter>('all');
  const [deviceType, setDeviceType] = useState<DeviceType | null>(null);
  const [keyword, setKeyword] = useState('');
  const query = useQuery({
    queryKey: ['devices', 'updateStatus', { filter, deviceType, keyword }],
    queryFn: ({ signal }) =>
      callApi(
        routes.devices.getUpdateStatus,
        { Filter: filter, DeviceType: deviceType, KeyWord: keyword || undefined },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

  const columns: ColumnsType<DeviceUpdateStatus> = [
    {
      title: t('column.number'),
      dataIndex: 'DeviceNumber',
      width: 150,
      render: (value: string, row) => (
        <Link to={`${DEVICE_DETAIL_PATH}?id=${encodeURIComponent(row.DeviceGuid)}`}>{value}</Link>
      ),
    },
    {
      title: t('column.type'),
      dataIndex: 'DeviceType',
      width: 90,
      render: (type: DeviceType) => t(`type.${type}`),
    },
    {
      title: t('updates.column.running'),
      dataIndex: 'RunningVersion',
      width: 170,
      render: (value: string | null, row) => (
        <Space size={4} wrap>
          {value ?? <Typography.Text type="secondary">{t('updates.notReported')}</Typography.Text>}
          {row.LatestVersion !== null &&
            (row.Outdated ? (
              <Tag color="orange" data-status="outdated">
                {t('updates.outdated')}
              </Tag>
            ) : (
              <Tag color="green" data-status="current">
                {t('updates.upToDate')}
              </Tag>
            ))}
        </Space>
      ),
    },
    {
      title: t('updates.column.latest'),
      dataIndex: 'LatestVersion',
      width: 120,
      render: (value: string | null) =>
        value ?? <Typography.Text type="secondary">{t('updates.noPackage')}</Typography.Text>,
    },
    {
      title: t('updates.column.result'),
      dataIndex: 'LatestReport',
      render: (report: DeviceUpdateStatus['LatestReport']) =>
        report === null ? (
          <Typography.Text type="secondary">{t('updates.noReport')}</Typography.Text>
        ) : (
          <Space size={4} wrap>
            <Tag color={report.Success ? 'green' : 'red'} data-result={report.Success ? 'success' : 'failed'}>
              {report.Version} · {report.Success ? t('updates.success') : t('updates.failed')}
            </Tag>
            {report.Message && (
              <Typography.Text type={report.Success ? 'secondary' : 'danger'}>
                {report.Message}
              </Typography.Text>
            )}
            <Typography.Text type="secondary">{showDateTime(report.ReportedAt)}</Typography.Text>
          </Space>
        ),
    },
    {
      title: t('updates.column.failed'),
      dataIndex: 'FailedReports',
      width: 100,
      align: 'right',
      render: (value: number) => (value > 0 ? <Typography.Text type="danger">{value}</Typography.Text> : 0),
    },
  ];

  return (
    <Card
      title={t('updates.devices')}
      extra={
        <Space wrap>
          <Select<Filter>
            value={filter}
            onChange={setFilter}
            style={{ width: 160 }}
            aria-label={t('updates.filter.all')}
            options={UPDATE_STATUS_FILTERS.map((value) => ({ value, label: t(`updates.filter.${value}`) }))}
          />
          <Select<DeviceType | 'any'>
            value={deviceType ?? 'any'}
            onChange={(value) => setDeviceType(value === 'any' ? null : value)}
            style={{ width: 120 }}
            aria-label={t('column.type')}
            options={[
              { value: 'any', label: t('updates.filter.allTypes') },
              ...DEVICE_TYPES.map((value) => ({ value, label: t(`type.${value}`) })),
            ]}
          />
          <Input.Search
            allowClear
            maxLength={50}
            placeholder={t('column.number')}
            aria-label={t('column.number')}
            onSearch={(value) => setKeyword(value.trim())}
            style={{ width: 200 }}
          />
        </Space>
      }
    >
      <Table<DeviceUpdateStatus>
        rowKey="DeviceGuid"
        size="middle"
        {...tableLoading(query, t('updates.emptyDevices'))}
        columns={columns}
        dataSource={query.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
