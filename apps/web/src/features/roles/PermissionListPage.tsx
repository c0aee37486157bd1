import { ROLE_LABELS, type PermissionRow, type RoleRow } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Flex, Input, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { currentLanguage } from '../../shared/i18n/index.ts';
import { useCan } from '../auth/permissions.ts';
import { PermissionGate } from '../layout/PermissionGate.tsx';
import { filterPermissions } from './permissionFilter.ts';
// Registers the namespace before any component of this page renders.
import './i18n.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

/** Spec section 9: roles are fetched 20 per page. */
const ROLE_PAGE_SIZE = 20;

/** `permissionList`: the permission catalogue in the current language, and the role list. */
export default function PermissionListPage() {
  return (
    <PermissionGate permission="permission.view">
      <PermissionList />
    </PermissionGate>
  );
}

function PermissionList() {
  const { t, i18n } = useTranslation('roles');
  const can = useCan();
  const language = currentLanguage();
  const [keyword, setKeyword] = useState('');
  const [rolePage, setRolePage] = useState(1);

  // The server answers in the request language, so the language is part of the key.
  const permissions = useQuery({
    queryKey: ['roles', 'permissions', i18n.language],
    queryFn: ({ signal }) => callApi(routes.roles.permissionList, undefined, { signal }),
  });
  const roles = useQuery({
    queryKey: ['roles', 'list', i18n.language, rolePage],
    queryFn: ({ signal }) =>
      callApi(routes.roles.getRoleList, { PageSize: ROLE_PAGE_SIZE, CurrentPage: rolePage }, { signal }),
    enabled: can('role.view'),
  });
  const rows = useMemo(() => filterPermissions(permissions.data ?? [], keyword), [permissions.data, keyword]);

  const permissionColumns: ColumnsType<PermissionRow> = [
    { title: t('permission.name'), dataIndex: 'Name', width: 180 },
    {
      title: t('permission.idMark'),
      dataIndex: 'IdMark',
      width: 200,
      render: (value: string) => <Typography.Text code>{value}</Typography.Text>,
    },
    { title: t('permission.description'), dataIndex: 'Description' },
    {
      title: t('permission.roles'),
      dataIndex: 'Roles',
      width: 260,
      render: (holders: PermissionRow['Roles']) =>
        holders.length ? (
          <Flex gap={4} wrap>
            {holders.map((role) => (
              <Tag key={role}>{ROLE_LABELS[role][language]}</Tag>
            ))}
          </Flex>
        ) : (
          '-'
        ),
    },
  ];

  const roleColumns: ColumnsType<RoleRow> = [
    {
      title: t('role.label'),
      dataIndex: 'Label',
      // The label in the language on screen (the server's label is in the language of its answer).
      render: (label: string, role) =>
        Object.hasOwn(ROLE_LABELS, role.RoleName)
          ? ROLE_LABELS[role.RoleName as keyof typeof ROLE_LABELS][language]
          : label,
    },
    {
      title: t('role.assignable'),
      dataIndex: 'Assignable',
      width: 160,
      render: (assignable: boolean) =>
        assignable ? (
          <Badge status="success" text={t('role.assignableYes')} />
        ) : (
          <Badge status="default" text={t('role.assignableNo')} />
        ),
    },
    {
      title: t('role.permissionCount'),
      dataIndex: 'Permissions',
      width: 140,
      align: 'right',
      render: (list: string[]) => list.length,
    },
    { title: t('role.userCount'), dataIndex: 'UserCount', width: 140, align: 'right' },
  ];

  return (
    <Card title={t('title')}>
      <Tabs
        items={[
          {
            key: 'permissions',
            label: t('tab.permissions'),
            children: (
              <>
                <Input.Search
                  allowClear
                  placeholder={t('permission.search')}
                  aria-label={t('permission.search')}
                  onChange={(event) => setKeyword(event.target.value)}
                  style={{ width: 320, marginBottom: 16 }}
                />
                <Table<PermissionRow>
                  rowKey="IdMark"
                  columns={permissionColumns}
                  dataSource={rows}
                  {...tableLoading(permissions)}
                  pagination={false}
                />
              </>
            ),
          },
          ...(can('role.view')
            ? [
                {
                  key: 'roles',
                  label: t('tab.roles'),
                  children: (
                    <>
                      <Typography.Paragraph type="secondary">{t('role.help')}</Typography.Paragraph>
                      <Table<RoleRow>
                        rowKey="RoleName"
                        columns={roleColumns}
                        dataSource={roles.data?.Items ?? []}
                        {...tableLoading(roles)}
                        expandable={{
                          rowExpandable: (role) => role.Permissions.length > 0,
                          expandedRowRender: (role) => (
                            <Flex gap={4} wrap>
                              {role.Permissions.map((permission) => (
                                <Tag key={permission}>
                                  {permissions.data?.find((row) => row.IdMark === permission)?.Name ??
                                    permission}
                                </Tag>
                              ))}
                            </Flex>
                          ),
                        }}
                        pagination={{
                          current: rolePage,
                          pageSize: ROLE_PAGE_SIZE,
                          total: roles.data?.Total ?? 0,
                          hideOnSinglePage: true,
                          onChange: setRolePage,
                        }}
                      />
                    </>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
