import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { UpdatePackage } from '@measure/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { PermissionGate } from '../layout/PermissionGate.tsx';
import { formatBytes } from './updateChecksum.ts';
import { UpdateStatusTable } from './UpdateStatusTable.tsx';
// Registers the namespace before any component of this page renders.
import './i18n.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

const UploadUpdateDialog = lazy(() => import('./UploadUpdateDialog.tsx'));

/** Software updates (`deviceUpdates`, our page): packages per device type and what each device runs. */
export default function DeviceUpdatesPage() {
  return (
    <PermissionGate permission="device.distribute">
      <DeviceUpdates />
    </PermissionGate>
  );
}

function DeviceUpdates() {
  const { t } = useTranslation(['devices', 'common']);
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const packages = useQuery({
    queryKey: ['devices', 'updates'],
    queryFn: ({ signal }) => callApi(routes.devices.getUpdateList, {}, { signal }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['devices'] });

  const remove = async (row: UpdatePackage) => {
    try {
      await callApi(routes.devices.deleteUpdate, { UpdateId: row.UpdateId });
      notify.success(t('updates.deleted'));
      await refresh();
    } catch (error) {
      showError(error);
    }
  };

  const columns: ColumnsType<UpdatePackage> = [
    { title: t('updates.column.version'), dataIndex: 'Version', width: 110 },
    {
      title: t('column.type'),
      dataIndex: 'DeviceType',
      width: 90,
      render: (type: UpdatePackage['DeviceType']) => t(`type.${type}`),
    },
    {
      title: t('updates.column.notes'),
      dataIndex: 'Notes',
      ellipsis: { showTitle: true },
      render: (notes: string) => notes || '-',
    },
    {
      title: t('updates.column.size'),
      dataIndex: 'Size',
      width: 100,
      align: 'right',
      render: (size: number) => formatBytes(size),
    },
    {
      title: 'SHA-256',
      dataIndex: 'Sha256',
      width: 170,
      render: (sha: string) => (
        <Typography.Text code copyable={{ text: sha }}>
          <Tooltip title={sha}>{sha.slice(0, 12)}…</Tooltip>
        </Typography.Text>
      ),
    },
    {
      title: t('updates.column.uploaded'),
      dataIndex: 'UploadedAt',
      width: 170,
      render: (at: string, row) => (
        <Space orientation="vertical" size={0}>
          {showDateTime(at)}
          {row.UploadedBy && <Typography.Text type="secondary">{row.UploadedBy}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('updates.column.reports'),
      dataIndex: 'Reports',
      width: 140,
      render: (_value, row) =>
        row.Failures > 0 ? (
          <Typography.Text type="danger">
            {t('updates.reports', { reports: row.Reports, failures: row.Failures })}
          </Typography.Text>
        ) : (
          t('updates.reports', { reports: row.Reports, failures: 0 })
        ),
    },
    {
      title: t('column.actions'),
      key: 'actions',
      width: 90,
      render: (_value, row) => (
        <Popconfirm
          title={t('updates.deleteConfirm', { version: row.Version })}
          okText={t('updates.delete')}
          cancelText={t('common:action.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove(row)}
        >
          <Button type="link" danger size="small" icon={<DeleteOutlined />}>
            {t('updates.delete')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={t('updates.packages')}
        extra={
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
            {t('updates.upload')}
          </Button>
        }
      >
        <Table<UpdatePackage>
          rowKey="UpdateId"
          size="middle"
          {...tableLoading(packages, t('updates.emptyPackages'))}
          columns={columns}
          dataSource={packages.data ?? []}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 'max-content' }}
        />
      </Card>
      <UpdateStatusTable />
      {uploading && (
        <Suspense fallback={null}>
          <UploadUpdateDialog
            onClose={() => setUploading(false)}
            onUploaded={() => {
              setUploading(false);
              void refresh();
            }}
          />
        </Suspense>
      )}
    </Space>
  );
}
