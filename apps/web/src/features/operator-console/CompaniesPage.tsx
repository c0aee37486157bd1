import { PlusOutlined } from '@ant-design/icons';
import { apiRoutes, type ConsoleCompany } from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { useModal } from '../../shared/feedback/modal.tsx';
import { notify } from '../../shared/feedback/notify.ts';
import { bodyField, bodyFieldRule } from '../../shared/forms/bodyRule.ts';
import { FormDialog } from '../../shared/forms/FormDialog.tsx';
import { KeywordSearch } from '../../shared/forms/KeywordSearch.tsx';
import { fieldErrorsFor } from '../../shared/forms/serverErrors.ts';
import { currentLanguage } from '../../shared/i18n/index.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { ConsoleTable } from './ConsoleTable.tsx';
import { CONSOLE_KEY, useRefreshConsole } from './consoleQueries.ts';
import './i18n.ts';

const add = apiRoutes.operatorConsole.addCompany;
const edit = apiRoutes.operatorConsole.editCompany;
const keywordSchema = bodyField(apiRoutes.operatorConsole.getCompanyList, 'Content');
const COMPANY_FIELDS = [
  'Code',
  'NameZh',
  'NameEn',
  'AdminName',
  'AdminEmail',
  'AdminPhone',
  'AdminPassword',
] as const;
type CompanyForm = Record<(typeof COMPANY_FIELDS)[number], string>;

/** Customer companies: list, create with the first administrator, edit, disable or enable. */
export default function CompaniesPage() {
  const { t } = useTranslation(['operator-console', 'common', 'messages']);
  const modal = useModal();
  const refresh = useRefreshConsole();
  const language = currentLanguage();
  const [content, setContent] = useState('');
  const [disabled, setDisabled] = useState<boolean | null>(null);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ConsoleCompany | 'new' | null>(null);
  const query = useQuery({
    queryKey: [...CONSOLE_KEY, 'companies', { content, disabled, page }],
    queryFn: ({ signal }) =>
      callApi(
        routes.operatorConsole.getCompanyList,
        { Content: content, Disabled: disabled, PageSize: 10, CurrentPage: page },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

  const switchState = (company: ConsoleCompany) => {
    const name = language === 'en-US' ? company.NameEn : company.NameZh;
    const disabling = !company.Disabled;
    modal.confirm({
      title: disabling ? t('companies.disable') : t('companies.enable'),
      content: disabling ? t('companies.disableConfirm', { name }) : t('companies.enableConfirm', { name }),
      okText: t('common:action.ok'),
      cancelText: t('common:action.cancel'),
      okButtonProps: { danger: disabling },
      onOk: async () => {
        try {
          await callApi(routes.operatorConsole.setCompanyDisabled, {
            CompanyId: company.CompanyId,
            Disabled: disabling,
          });
          notify.success(
            t(disabling ? 'messages:console.companyDisabled' : 'messages:console.companyEnabled'),
          );
          await refresh();
        } catch (error) {
          showError(error);
        }
      },
    });
  };

  const columns: TableColumnsType<ConsoleCompany> = [
    { title: t('companies.code'), dataIndex: 'Code', width: 140 },
    { title: t('companies.nameZh'), dataIndex: 'NameZh', width: 180 },
    { title: t('companies.nameEn'), dataIndex: 'NameEn', width: 180 },
    {
      title: t('companies.admins'),
      key: 'admins',
      width: 240,
      render: (_, company) => company.Admins.map((admin) => `${admin.Name} <${admin.Email}>`).join(', '),
    },
    { title: t('companies.users'), dataIndex: 'UserCount', width: 90 },
    { title: t('companies.devices'), dataIndex: 'DeviceCount', width: 90 },
    {
      title: t('companies.state'),
      key: 'state',
      width: 100,
      render: (_, company) =>
        company.Disabled ? (
          <Tag color="red">{t('companies.state.disabled')}</Tag>
        ) : (
          <Tag color="green">{t('companies.state.enabled')}</Tag>
        ),
    },
    {
      title: t('companies.createdAt'),
      dataIndex: 'CreateTime',
      width: 170,
      render: (value: string) => showDateTime(value),
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_, company) => (
        <Space size={0}>
          <Button type="link" onClick={() => setEditing(company)}>
            {t('common:action.edit')}
          </Button>
          <Button type="link" danger={!company.Disabled} onClick={() => switchState(company)}>
            {company.Disabled ? t('companies.enable') : t('companies.disable')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('companies.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('companies.create')}
        </Button>
      }
    >
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <KeywordSearch
          schema={keywordSchema}
          max={64}
          placeholder={t('companies.search')}
          onSearch={(keyword) => {
            setContent(keyword);
            setPage(1);
          }}
        />
        <Form.Item>
          <Select<'enabled' | 'disabled'>
            allowClear
            style={{ width: 140 }}
            placeholder={t('companies.filter.state')}
            aria-label={t('companies.filter.state')}
            value={disabled === null ? undefined : disabled ? 'disabled' : 'enabled'}
            onChange={(value) => {
              setDisabled(value === undefined ? null : value === 'disabled');
              setPage(1);
            }}
            options={[
              { value: 'enabled', label: t('companies.state.enabled') },
              { value: 'disabled', label: t('companies.state.disabled') },
            ]}
          />
        </Form.Item>
      </Form>
      <ConsoleTable<ConsoleCompany>
        rowKey="CompanyId"
        columns={columns}
        query={query}
        page={page}
        onPage={setPage}
        scrollX={1300}
      />
      {editing && (
        <CompanyDialog
          company={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => void refresh()}
        />
      )}
    </Card>
  );
}

function CompanyDialog({
  company,
  onClose,
  onSaved,
}: {
  company: ConsoleCompany | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['operator-console', 'common', 'messages']);
  const [form] = Form.useForm<CompanyForm>();
  const [saving, setSaving] = useState(false);
  const route = company ? edit : add;

  async function save(values: CompanyForm) {
    setSaving(true);
    try {
      if (company) {
        await callApi(routes.operatorConsole.editCompany, { CompanyId: company.CompanyId, ...values });
        notify.success(t('messages:console.companySaved'));
      } else {
        await callApi(routes.operatorConsole.addCompany, values);
        notify.success(t('messages:console.companyCreated'));
      }
      onSaved();
      onClose();
    } catch (error) {
      const fields = fieldErrorsFor(error, COMPANY_FIELDS);
      if (fields.length) form.setFields(fields);
      else showError(error);
    } finally {
      setSaving(false);
    }
  }

  const item = (name: (typeof COMPANY_FIELDS)[number], label: string, password = false) => (
    <Form.Item name={name} label={label} rules={[bodyFieldRule(route, name)]}>
      {password ? <Input.Password autoComplete="new-password" /> : <Input />}
    </Form.Item>
  );

  return (
    <FormDialog
      form={form}
      title={company ? t('companies.edit') : t('companies.create')}
      width={560}
      saving={saving}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={company ? { Code: company.Code, NameZh: company.NameZh, NameEn: company.NameEn } : {}}
        onFinish={(values) => void save(values)}
      >
        {item('Code', t('companies.code'))}
        {item('NameZh', t('companies.nameZh'))}
        {item('NameEn', t('companies.nameEn'))}
        {!company && (
          <>
            {item('AdminName', t('companies.adminName'))}
            {item('AdminEmail', t('companies.adminEmail'))}
            {item('AdminPhone', t('companies.adminPhone'))}
            {item('AdminPassword', t('companies.adminPassword'), true)}
            <p>{t('companies.adminHint')}</p>
          </>
        )}
      </Form>
    </FormDialog>
  );
}
