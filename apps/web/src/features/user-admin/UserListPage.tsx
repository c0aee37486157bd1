import { DeleteOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { KeywordSearch } from '../../shared/forms/KeywordSearch.tsx';
import { apiRoutes, USER_ORDER_FIELDS, type UserRow } from '@measure/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Select, Space, Switch, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { useModal } from '../../shared/feedback/modal.tsx';
import { notify } from '../../shared/feedback/notify.ts';
import { bodyField } from '../../shared/forms/bodyRule.ts';
import { currentLanguage } from '../../shared/i18n/index.ts';
import { useCan } from '../auth/permissions.ts';
import { useSelf } from '../auth/self.ts';
import { PermissionGate } from '../layout/PermissionGate.tsx';
import { OrgTreeSelect } from '../orgs/OrgTreeSelect.tsx';
import { roleLabels, USER_CREATE_PATH } from './userForm.ts';
// Registers the namespace before any component of this page renders.
import './i18n.ts';
import { columnsWidth, SELECTION_WIDTH } from '../../shared/table/columnsWidth.ts';
import { ExportButton } from '../../shared/table/ExportButton.tsx';
import { useServerSort } from '../../shared/table/useServerSort.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

const ResetPasswordDialog = lazy(() => import('./ResetPasswordDialog.tsx'));
const ImportUsersDialog = lazy(() => import('./ImportUsersDialog.tsx'));

/** Spec section 9: users are listed 20 per page; 10, 20 and 30 are offered. */
const PAGE_SIZE = 20;
const KEYWORD_MAX = 32;
const keywordSchema = bodyField(apiRoutes.userAdmin.getUserList, 'Content');

interface Filters {
  content: string;
  orgId: string | null;
  status: 0 | 1 | null;
}

/** User management (`mscUser`). */
export default function UserListPage() {
  return (
    <PermissionGate permission="user.view">
      <UserList />
    </PermissionGate>
  );
}

function UserList() {
  const { t } = useTranslation(['user-admin', 'common']);
  const can = useCan();
  const self = useSelf();
  const modal = useModal();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Filters>({ content: '', orgId: null, status: null });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [selected, setSelected] = useState<string[]>([]);
  const { order, sortable, onSort } = useServerSort(USER_ORDER_FIELDS, () => setPage(1));
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [importing, setImporting] = useState(false);
  const language = currentLanguage();
  const manage = can('user.manage');

  // What the list shows, and what "Export to Excel" writes.
  const listInput = { Content: filters.content, OrgId: filters.orgId, Status: filters.status, ...order };
  const query = useQuery({
    queryKey: ['userAdmin', 'list', { ...filters, ...order, page, pageSize }],
    queryFn: ({ signal }) =>
      callApi(
        routes.userAdmin.getUserList,
        {
          ...listInput,
          PageSize: pageSize,
          CurrentPage: page,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['userAdmin'] }),
      // User counts of the organisation tree change with the users.
      queryClient.invalidateQueries({ queryKey: ['orgs'] }),
    ]);

  const filter = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
    setSelected([]);
  };

  const changeStatus = (user: UserRow, enable: boolean) =>
    modal.confirm({
      title: enable ? t('enable.title') : t('disable.title'),
      content: enable ? t('enable.confirm', { name: user.Name }) : t('disable.confirm', { name: user.Name }),
      okText: t('common:action.ok'),
      cancelText: t('common:action.cancel'),
      okButtonProps: { danger: !enable },
      onOk: async () => {
        try {
          await callApi(routes.userAdmin.updateUserStatus, { Ids: [user.UserId], Status: enable ? 1 : 0 });
          notify.success(enable ? t('enable.done') : t('disable.done'));
          await refresh();
        } catch (error) {
          showError(error);
        }
      },
    });

  const remove = (users: UserRow[]) =>
    modal.confirm({
      title: t('delete.title'),
      content:
        users.length === 1
          ? t('delete.confirmOne', { name: users[0]?.Name })
          : t('delete.confirmMany', { count: users.length }),
      okText: t('common:action.delete'),
      cancelText: t('common:action.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await callApi(routes.userAdmin.deleteUsers, { Ids: users.map((user) => user.UserId) });
          notify.success(t('delete.done', { count: users.length }));
          setSelected((current) => current.filter((id) => !users.some((user) => user.UserId === id)));
          await refresh();
        } catch (error) {
          // Yourself or the last company administrator: the server says which.
          showError(error);
        }
      },
    });

  const rows = query.data?.Items ?? [];
  const columns: ColumnsType<UserRow> = [
    { title: t('column.name'), dataIndex: 'Name', ellipsis: true, width: 110, ...sortable('Name') },
    { title: t('column.email'), dataIndex: 'Email', ellipsis: true, width: 180, ...sortable('Email') },
    {
      title: t('column.phone'),
      dataIndex: 'PhoneNumber',
      width: 112,
      render: (value: string | null) => value || '-',
    },
    {
      title: t('column.org'),
      dataIndex: 'OrgName',
      ellipsis: true,
      width: 100,
      render: (value: string | null) => value || '-',
    },
    {
      title: t('column.roles'),
      dataIndex: 'RoleNameList',
      width: 120,
      render: (_value, user) => (
        <Flex gap={4} wrap>
          {roleLabels(user.RoleNameList, language).map((label, index) => (
            <Tag key={label} color={index === 0 ? 'blue' : undefined}>
              {label}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('column.status'),
      dataIndex: 'Status',
      width: 80,
      render: (status: 0 | 1, user) =>
        manage && user.UserId !== self.data?.UserId ? (
          <Switch
            checked={status === 1}
            checkedChildren={t('status.1')}
            unCheckedChildren={t('status.0')}
            aria-label={t('column.statusOf', { name: user.Name })}
            onChange={(checked) => changeStatus(user, checked)}
          />
        ) : (
          <Tag color={status === 1 ? 'green' : 'red'}>{t(`status.${status}`)}</Tag>
        ),
    },
    {
      title: t('column.createTime'),
      dataIndex: 'CreateTime',
      width: 140,
      ...sortable('CreateTime'),
      render: (value: string) => showDateTime(value),
    },
  ];
  if (manage) {
    columns.push({
      title: t('column.actions'),
      key: 'actions',
      width: 104,
      fixed: 'right',
      render: (_value, user) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            onClick={() => navigate(`${USER_CREATE_PATH}?id=${encodeURIComponent(user.UserId)}`)}
          >
            {t('common:action.edit')}
          </Button>
          <Button type="link" size="small" onClick={() => setResetting(user)}>
            {t('reset.action')}
          </Button>
          {user.UserId === self.data?.UserId ? (
            // The server refuses to delete yourself: say so instead of offering it.
            <Tooltip title={t('delete.notYourself')}>
              <Button type="link" size="small" danger disabled>
                {t('common:action.delete')}
              </Button>
            </Tooltip>
          ) : (
            <Button type="link" size="small" danger onClick={() => remove([user])}>
              {t('common:action.delete')}
            </Button>
          )}
        </Space>
      ),
    });
  }

  return (
    <Card
      title={t('title')}
      extra={
        <Space>
          <ExportButton route={routes.userAdmin.exportUserList} input={listInput} fallbackName="users.xlsx" />
          {can('user.import') && (
            <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
              {t('import.action')}
            </Button>
          )}
          {can('user.create') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(USER_CREATE_PATH)}>
              {t('create')}
            </Button>
          )}
        </Space>
      }
    >
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <KeywordSearch
          schema={keywordSchema}
          max={KEYWORD_MAX}
          placeholder={t('searchPlaceholder')}
          onSearch={(keyword) => filter({ content: keyword })}
        />
        <Form.Item>
          <OrgTreeSelect
            value={filters.orgId}
            onChange={(orgId) => filter({ orgId })}
            placeholder={t('filter.org')}
            aria-label={t('filter.org')}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item>
          <Select<0 | 1>
            allowClear
            value={filters.status ?? undefined}
            onChange={(status) => filter({ status: status ?? null })}
            placeholder={t('filter.status')}
            aria-label={t('filter.status')}
            style={{ width: 140 }}
            options={[
              { value: 1, label: t('status.1') },
              { value: 0, label: t('status.0') },
            ]}
          />
        </Form.Item>
        {manage && selected.length > 0 && (
          <Form.Item>
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={() => remove(rows.filter((user) => selected.includes(user.UserId)))}
            >
              {t('delete.selected', { count: selected.length })}
            </Button>
          </Form.Item>
        )}
      </Form>
      <Table<UserRow>
        rowKey="UserId"
        columns={columns}
        dataSource={rows}
        {...tableLoading(query)}
        onChange={(_pagination, _filters, sorter) => onSort(sorter)}
        size="middle"
        scroll={{ x: columnsWidth(columns, manage ? SELECTION_WIDTH : 0) }}
        rowSelection={
          manage
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                getCheckboxProps: (user) => ({ disabled: user.UserId === self.data?.UserId }),
              }
            : undefined
        }
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
      <Suspense fallback={null}>
        {resetting && <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />}
        {importing && (
          <ImportUsersDialog
            onClose={() => setImporting(false)}
            onImported={() => {
              void refresh();
            }}
          />
        )}
      </Suspense>
    </Card>
  );
}
