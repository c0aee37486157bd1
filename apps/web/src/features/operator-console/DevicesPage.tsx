import { PlusOutlined } from '@ant-design/icons';
import { apiRoutes, type ConsoleDevice } from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { bodyField, bodyFieldRule } from '../../shared/forms/bodyRule.ts';
import { FormDialog } from '../../shared/forms/FormDialog.tsx';
import { KeywordSearch } from '../../shared/forms/KeywordSearch.tsx';
import { fieldErrorsFor } from '../../shared/forms/serverErrors.ts';
import { showDate } from '../../shared/i18n/dates.ts';
import { ConsoleTable } from './ConsoleTable.tsx';
import { CONSOLE_KEY, useCompanyOptions, useRefreshConsole } from './consoleQueries.ts';
import './i18n.ts';

const register = apiRoutes.operatorConsole.registerDevice;
const update = apiRoutes.operatorConsole.updateDevice;
const keywordSchema = bodyField(apiRoutes.operatorConsole.getDeviceList, 'Content');
const FIELDS = [
  'CompanyId',
  'DeviceNumber',
  'DeviceType',
  'ProductSerialNumber',
  'CustomerCompanyName',
  'CustomerContact',
  'CustomerPhoneNumber',
  'DeviceDateOfProduction',
  'DeviceExpire',
  'WarrantyStartsOn',
] as const;
type DeviceForm = Partial<Record<(typeof FIELDS)[number], string | number | null>>;
type Dialog = { mode: 'register' } | { mode: 'allocate' | 'warranty'; device: ConsoleDevice };

/** The device registry across companies: register, allocate to a company, warranty and customer. */
export default function DevicesPage() {
  const { t } = useTranslation(['operator-console', 'common', 'messages']);
  const refresh = useRefreshConsole();
  const companies = useCompanyOptions();
  const [content, setContent] = useState('');
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const query = useQuery({
    queryKey: [...CONSOLE_KEY, 'devices', { content, companyId, page }],
    queryFn: ({ signal }) =>
      callApi(
        routes.operatorConsole.getDeviceList,
        { Content: content, CompanyId: companyId, PageSize: 10, CurrentPage: page },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<ConsoleDevice> = [
    { title: t('devices.number'), dataIndex: 'DeviceNumber', width: 150 },
    {
      title: t('devices.type'),
      dataIndex: 'DeviceType',
      width: 90,
      render: (type: ConsoleDevice['DeviceType']) => t(`devices.type.${type}`),
    },
    { title: t('devices.company'), dataIndex: 'CompanyName', width: 180 },
    { title: t('devices.serial'), dataIndex: 'ProductSerialNumber', width: 150 },
    { title: t('devices.customer'), dataIndex: 'CustomerCompanyName', width: 150 },
    { title: t('devices.phone'), dataIndex: 'CustomerPhoneNumber', width: 130 },
    { title: t('devices.years'), dataIndex: 'DeviceExpire', width: 110 },
    {
      title: t('devices.warrantyStart'),
      dataIndex: 'WarrantyStartsOn',
      width: 130,
      render: (value: string | null) => (value ? showDate(value) : ''),
    },
    {
      title: t('devices.active'),
      dataIndex: 'IsActive',
      width: 100,
      render: (active: boolean) =>
        active ? <Tag color="green">{t('devices.active.yes')}</Tag> : <Tag>{t('devices.active.no')}</Tag>,
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 220,
      fixed: 'right',
      render: (_, device) => (
        <Space size={0}>
          <Button type="link" onClick={() => setDialog({ mode: 'allocate', device })}>
            {t('devices.allocate')}
          </Button>
          <Button type="link" onClick={() => setDialog({ mode: 'warranty', device })}>
            {t('devices.warranty')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('devices.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'register' })}>
          {t('devices.register')}
        </Button>
      }
    >
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <KeywordSearch
          schema={keywordSchema}
          max={64}
          placeholder={t('devices.search')}
          onSearch={(keyword) => {
            setContent(keyword);
            setPage(1);
          }}
        />
        <Form.Item>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 240 }}
            placeholder={t('devices.company')}
            aria-label={t('devices.company')}
            loading={companies.loading}
            options={companies.options}
            value={companyId ?? undefined}
            onChange={(value) => {
              setCompanyId(value ?? null);
              setPage(1);
            }}
          />
        </Form.Item>
      </Form>
      <ConsoleTable<ConsoleDevice>
        rowKey="DeviceId"
        columns={columns}
        query={query}
        page={page}
        onPage={setPage}
        scrollX={1500}
      />
      {dialog && (
        <DeviceDialog dialog={dialog} onClose={() => setDialog(null)} onSaved={() => void refresh()} />
      )}
    </Card>
  );
}

function DeviceDialog({
  dialog,
  onClose,
  onSaved,
}: {
  dialog: Dialog;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['operator-console', 'common', 'messages']);
  const companies = useCompanyOptions();
  const [form] = Form.useForm<DeviceForm>();
  const [saving, setSaving] = useState(false);
  const device = dialog.mode === 'register' ? null : dialog.device;

  async function save(values: DeviceForm) {
    setSaving(true);
    try {
      if (dialog.mode === 'register') {
        await callApi(routes.operatorConsole.registerDevice, values as never);
        notify.success(t('messages:console.deviceRegistered'));
      } else if (dialog.mode === 'allocate' && device) {
        const moved = await callApi(routes.operatorConsole.allocateDevice, {
          DeviceId: device.DeviceId,
          CompanyId: String(values.CompanyId ?? ''),
        });
        notify.success(t('messages:console.deviceAllocated', { company: moved.CompanyName }));
      } else if (device) {
        await callApi(routes.operatorConsole.updateDevice, { DeviceId: device.DeviceId, ...values } as never);
        notify.success(t('messages:console.deviceSaved'));
      }
      onSaved();
      onClose();
    } catch (error) {
      const fields = fieldErrorsFor(error, FIELDS);
      if (fields.length) form.setFields(fields);
      else showError(error);
    } finally {
      setSaving(false);
    }
  }

  const route = dialog.mode === 'warranty' ? update : register;
  const text = (name: (typeof FIELDS)[number], label: string, placeholder?: string) => (
    <Form.Item name={name} label={label} rules={[bodyFieldRule(route, name)]}>
      <Input placeholder={placeholder} />
    </Form.Item>
  );
  const companySelect = (
    <Form.Item
      name="CompanyId"
      label={t('devices.company')}
      rules={[{ required: true, message: t('messages:rules.required') }]}
    >
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('devices.company')}
        loading={companies.loading}
        options={companies.options}
      />
    </Form.Item>
  );
  const warranty = (
    <>
      <Form.Item name="DeviceExpire" label={t('devices.years')}>
        <Select
          allowClear
          aria-label={t('devices.years')}
          options={[1, 3, 5].map((value) => ({ value, label: value }))}
        />
      </Form.Item>
      {text('WarrantyStartsOn', t('devices.warrantyStart'), 'YYYY-MM-DD')}
      <p>{t('devices.warrantyStartHint')}</p>
      {text('CustomerCompanyName', t('devices.customer'))}
      {text('CustomerContact', t('devices.contact'))}
      {text('CustomerPhoneNumber', t('devices.phone'))}
    </>
  );
  const title =
    dialog.mode === 'register'
      ? t('devices.register')
      : `${dialog.mode === 'allocate' ? t('devices.allocate') : t('devices.warranty')} · ${dialog.device.DeviceNumber}`;

  return (
    <FormDialog form={form} title={title} width={560} saving={saving} onClose={onClose}>
      <Form
        form={form}
        layout="vertical"
        initialValues={
          device
            ? {
                CompanyId: device.CompanyId,
                DeviceExpire: device.DeviceExpire,
                WarrantyStartsOn: device.WarrantyStartsOn,
                CustomerCompanyName: device.CustomerCompanyName,
                CustomerContact: device.CustomerContact,
                CustomerPhoneNumber: device.CustomerPhoneNumber,
              }
            : { DeviceType: 'robot' }
        }
        onFinish={(values) => void save(values)}
      >
        {dialog.mode === 'register' && (
          <>
            {companySelect}
            {text('DeviceNumber', t('devices.number'))}
            <Form.Item name="DeviceType" label={t('devices.type')}>
              <Select
                aria-label={t('devices.type')}
                options={[
                  { value: 'robot', label: t('devices.type.robot') },
                  { value: 'scanner', label: t('devices.type.scanner') },
                ]}
              />
            </Form.Item>
            {text('ProductSerialNumber', t('devices.serial'))}
            {text('DeviceDateOfProduction', t('devices.production'), 'YYYY-MM-DD')}
            {warranty}
          </>
        )}
        {dialog.mode === 'allocate' && (
          <>
            {companySelect}
            <p>{t('devices.allocateHint')}</p>
          </>
        )}
        {dialog.mode === 'warranty' && warranty}
      </Form>
    </FormDialog>
  );
}
