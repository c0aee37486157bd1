import { ArrowLeftOutlined } from '@ant-design/icons';
import type { DeviceRow } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Skeleton, Space, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { useCan } from '../auth/permissions.ts';
import { PermissionGate } from '../layout/PermissionGate.tsx';
import { DEVICE_LIST_PATH, TEXT_FIELDS, WARRANTY_COLOR } from './deviceForm.ts';
import { useDeviceActions } from './useDeviceActions.tsx';
import './i18n.ts';
import type { KeySuffix } from '../../shared/i18n/types.ts';
import { showDate, showDateTime } from '../../shared/i18n/dates.ts';

const DeviceFormDialog = lazy(() => import('./DeviceFormDialog.tsx'));
const AssignDevicesDialog = lazy(() => import('./AssignDevicesDialog.tsx'));

/** One device with every field, its warranties and its state (`viewDeviceDetail?id=`). */
export default function DeviceDetailPage() {
  return (
    <PermissionGate permission="device.distribute">
      <DeviceDetail />
    </PermissionGate>
  );
}

const time = (value: string | null) => (value ? showDateTime(value) : '-');

function DeviceDetail() {
  const { t } = useTranslation(['devices', 'common']);
  const can = useCan();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const actions = useDeviceActions();
  const [editing, setEditing] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const query = useQuery({
    queryKey: ['devices', 'detail', id],
    queryFn: () => callApi(routes.devices.getDeviceList, { DeviceGuid: id, PageSize: 1 }),
    enabled: id !== '',
  });
  const device: DeviceRow | undefined = query.data?.Items[0];
  const back = () => navigate(DEVICE_LIST_PATH);

  if (query.isLoading)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (!device) {
    return (
      <Result
        status="404"
        title={t('detail.notFound')}
        extra={<Button onClick={back}>{t('detail.back')}</Button>}
      />
    );
  }
  const field = (name: keyof DeviceRow & KeySuffix<'devices', 'field.'>) => ({
    key: name,
    label: t(`field.${name}`),
    children: (device[name] as string | number | null) ?? '-',
  });
  const dateField = (
    name: 'DeviceDateOfProduction' | 'ScannerDateOfProduction' | 'ComputerDateOfProduction',
  ) => ({ key: name, label: t(`field.${name}`), children: showDate(device[name]) || '-' });
  const warrantyYears = (name: 'DeviceExpire' | 'ScannerExpire' | 'ComputerExpire' | 'TripodExpire') => ({
    key: name,
    label: t(`field.${name}`),
    children: device[name] ? t('warranty.years', { years: device[name] }) : '-',
  });

  return (
    <Card
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('detail.back')} onClick={back} />
          {t('detail.title')} · {device.DeviceNumber}
        </Space>
      }
      extra={
        <Space wrap>
          <Button onClick={() => setEditing(true)}>{t('action.edit')}</Button>
          <Button type="primary" onClick={() => actions.activate(device)}>
            {device.IsActive ? t('action.rotate') : t('action.activate')}
          </Button>
          {device.IsActive && (
            <Button danger onClick={() => actions.deactivate(device)}>
              {t('action.deactivate')}
            </Button>
          )}
          <Button onClick={() => setAssigning(true)}>{t('action.assign')}</Button>
          {device.Allocated && can('device.unbind') && (
            <Button onClick={() => actions.unbind(device)}>{t('action.unbind')}</Button>
          )}
          <Button danger onClick={() => actions.remove([device], back)}>
            {t('action.delete')}
          </Button>
        </Space>
      }
    >
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        title={t('detail.status')}
        items={[
          {
            key: 'active',
            label: t('column.activation'),
            children: device.IsActive ? <Tag color="green">{t('active')}</Tag> : <Tag>{t('inactive')}</Tag>,
          },
          { key: 'ActiveDate', label: t('field.ActiveDate'), children: time(device.ActiveDate) },
          {
            key: 'user',
            label: t('column.user'),
            children: device.Allocated ? (
              <Tag color="blue">{device.DeviceUserName}</Tag>
            ) : (
              <Tag>{t('unallocated')}</Tag>
            ),
          },
          {
            key: 'online',
            label: t('field.LastSeenAt'),
            children: (
              <Space>
                <Tag color={device.Online ? 'green' : undefined}>
                  {device.Online ? t('robots.online') : t('robots.offline')}
                </Tag>
                {time(device.LastSeenAt)}
              </Space>
            ),
          },
          field('ReportedVersion'),
          { key: 'CreateDateTime', label: t('field.CreateDateTime'), children: time(device.CreateDateTime) },
        ]}
      />
      <Descriptions
        bordered
        size="small"
        style={{ marginTop: 24 }}
        column={{ xs: 1, sm: 2, lg: 3 }}
        title={t('form.section.machine')}
        items={[
          field('DeviceNumber'),
          { key: 'type', label: t('field.DeviceType'), children: t(`type.${device.DeviceType}`) },
          ...TEXT_FIELDS.machine.map(field),
          dateField('DeviceDateOfProduction'),
          warrantyYears('DeviceExpire'),
          ...TEXT_FIELDS.customer.map(field),
        ]}
      />
      <Descriptions
        bordered
        size="small"
        style={{ marginTop: 24 }}
        column={{ xs: 1, sm: 2, lg: 3 }}
        title={`${t('form.section.scanner')} / ${t('form.section.computer')} / ${t('form.section.tripod')}`}
        items={[
          ...TEXT_FIELDS.scanner.map(field),
          dateField('ScannerDateOfProduction'),
          warrantyYears('ScannerExpire'),
          ...TEXT_FIELDS.computer.map(field),
          dateField('ComputerDateOfProduction'),
          warrantyYears('ComputerExpire'),
          ...TEXT_FIELDS.tripod.map(field),
          warrantyYears('TripodExpire'),
        ]}
      />
      <Descriptions
        bordered
        size="small"
        style={{ marginTop: 24 }}
        column={1}
        title={t('detail.warranties')}
        items={
          device.Warranties.length
            ? device.Warranties.map((warranty) => ({
                key: warranty.Part,
                label: t(`part.${warranty.Part}`),
                children: (
                  <Space>
                    {`${showDate(warranty.StartsOn)} ~ ${showDate(warranty.ExpiresOn)}`}
                    <Tag color={WARRANTY_COLOR[warranty.Status]}>{t(`warranty.${warranty.Status}`)}</Tag>
                  </Space>
                ),
              }))
            : [{ key: 'none', label: t('column.warranty'), children: t('warranty.none') }]
        }
      />
      {actions.dialogs}
      <Suspense fallback={null}>
        {editing && (
          <DeviceFormDialog
            device={device}
            onClose={() => setEditing(false)}
            onSaved={() => void actions.refresh()}
          />
        )}
        {assigning && (
          <AssignDevicesDialog
            deviceGuids={[device.DeviceGuid]}
            onClose={() => setAssigning(false)}
            onAssigned={() => void actions.refresh()}
          />
        )}
      </Suspense>
    </Card>
  );
}
