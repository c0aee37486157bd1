import { ApartmentOutlined, PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import type { OrgTreeNode, UserRow } from '@measure/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Input,
  Row,
  Space,
  Table,
  Tag,
  Tooltip,
  Tree,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { useModal } from '../../shared/feedback/modal.tsx';
import { notify } from '../../shared/feedback/notify.ts';
import { currentLanguage } from '../../shared/i18n/index.ts';
import { PermissionGate } from '../layout/PermissionGate.tsx';
import { roleLabels } from '../user-admin/userForm.ts';
import type { OrgDialogMode } from './OrgDialog.tsx';
import { orgTreeQuery, orgUsersQuery } from './orgQueries.ts';
import { filterTree, findOrg, parentIds, toTreeData, type OrgOption } from './orgTree.ts';
// Registers the namespace before any component of this page renders.
import '../user-admin/i18n.ts';
import './i18n.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

const OrgDialog = lazy(() => import('./OrgDialog.tsx'));
const AddUsersDialog = lazy(() => import('./AddUsersDialog.tsx'));

/** Organisation management (`orgManage`): the company tree and the users of the selected node. */
export default function OrgManagePage() {
  return (
    <PermissionGate permission="org.manage">
      <OrgManage />
    </PermissionGate>
  );
}

function OrgManage() {
  const { t } = useTranslation(['orgs', 'common']);
  const modal = useModal();
  const queryClient = useQueryClient();
  const tree = useQuery(orgTreeQuery);
  const [keyword, setKeyword] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<OrgDialogMode | null>(null);
  const [adding, setAdding] = useState(false);

  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const shown = useMemo(() => filterTree(nodes, keyword), [nodes, keyword]);
  const treeData = useMemo(() => toTreeData(shown), [shown]);
  // Everything is open at first and while searching; the user's own choice counts otherwise.
  const expandedKeys = keyword.trim() || expanded === null ? parentIds(shown) : expanded;
  const selected = findOrg(nodes, selectedId);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['orgs'] }),
      queryClient.invalidateQueries({ queryKey: ['userAdmin'] }),
    ]);

  const remove = (org: OrgTreeNode) =>
    modal.confirm({
      title: t('delete.title'),
      content: t('delete.confirm', { name: org.Name }),
      okText: t('common:action.delete'),
      cancelText: t('common:action.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await callApi(routes.orgs.del, { OrgId: org.OrgId });
          notify.success(t('delete.done'));
          setSelectedId(null);
          await refresh();
        } catch (error) {
          // Sub-organisations or users remain: the server's message says which.
          showError(error);
        }
      },
    });

  return (
    <Row gutter={16}>
      <Col xs={24} lg={8}>
        <Card
          title={t('tree.title')}
          extra={
            <Tooltip title={t('tree.createRoot')}>
              <Button
                size="small"
                icon={<PlusOutlined />}
                aria-label={t('tree.createRoot')}
                onClick={() => setDialog({ kind: 'create', parentId: null })}
              />
            </Tooltip>
          }
        >
          <Input.Search
            allowClear
            placeholder={t('tree.search')}
            aria-label={t('tree.search')}
            onChange={(event) => setKeyword(event.target.value)}
            onSearch={setKeyword}
            style={{ marginBottom: 12 }}
          />
          {treeData.length ? (
            <Tree<OrgOption>
              blockNode
              showLine
              treeData={treeData}
              expandedKeys={expandedKeys}
              onExpand={(keys) => setExpanded(keys.map(String))}
              selectedKeys={selectedId ? [selectedId] : []}
              onSelect={(keys) => setSelectedId(keys[0] === undefined ? selectedId : String(keys[0]))}
              titleRender={(node) => (
                <Flex justify="space-between" gap={8}>
                  <span>
                    <Highlight text={node.org.Name} keyword={keyword} />{' '}
                    <Typography.Text type="secondary">{node.org.Code}</Typography.Text>
                  </span>
                  <Typography.Text type="secondary">{node.org.UserCount}</Typography.Text>
                </Flex>
              )}
            />
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                tree.isFetching ? t('tree.loading') : keyword ? t('tree.noMatch') : t('tree.empty')
              }
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        {selected ? (
          <OrgDetail
            org={selected}
            onCreateChild={() => setDialog({ kind: 'create', parentId: selected.OrgId })}
            onRename={() => setDialog({ kind: 'rename', org: selected })}
            onMove={() => setDialog({ kind: 'move', org: selected })}
            onDelete={() => remove(selected)}
            onAddUsers={() => setAdding(true)}
            onChanged={refresh}
          />
        ) : (
          <Card>
            <Empty image={<ApartmentOutlined style={{ fontSize: 48 }} />} description={t('detail.pick')} />
          </Card>
        )}
      </Col>
      <Suspense fallback={null}>
        {dialog && (
          <OrgDialog
            mode={dialog}
            tree={nodes}
            onClose={() => setDialog(null)}
            onSaved={(org) => {
              setSelectedId(org.OrgId);
              // A new node shows inside its (now open) parent.
              if (expanded && org.ParentId) setExpanded([...new Set([...expanded, org.ParentId])]);
              void refresh();
            }}
          />
        )}
        {adding && selected && (
          <AddUsersDialog org={selected} onClose={() => setAdding(false)} onAdded={() => void refresh()} />
        )}
      </Suspense>
    </Row>
  );
}

/** The part of a name matching the search, in colour. */
function Highlight({ text, keyword }: { text: string; keyword: string }) {
  const needle = keyword.trim().toLowerCase();
  const at = needle ? text.toLowerCase().indexOf(needle) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <Typography.Text type="danger">{text.slice(at, at + needle.length)}</Typography.Text>
      {text.slice(at + needle.length)}
    </>
  );
}

function OrgDetail({
  org,
  onCreateChild,
  onRename,
  onMove,
  onDelete,
  onAddUsers,
  onChanged,
}: {
  org: OrgTreeNode;
  onCreateChild: () => void;
  onRename: () => void;
  onMove: () => void;
  onDelete: () => void;
  onAddUsers: () => void;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation(['orgs', 'common', 'user-admin']);
  const modal = useModal();
  const users = useQuery(orgUsersQuery(org.OrgId));
  const language = currentLanguage();

  const removeUser = (user: UserRow) =>
    modal.confirm({
      title: t('users.removeTitle'),
      content: t('users.removeConfirm', { name: user.Name, org: org.Name }),
      okText: t('common:action.ok'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          await callApi(routes.orgs.removeUsers, { OrgId: org.OrgId, UserIds: [user.UserId] });
          notify.success(t('users.removed'));
          await onChanged();
        } catch (error) {
          showError(error);
        }
      },
    });

  const columns: ColumnsType<UserRow> = [
    { title: t('users.column.name'), dataIndex: 'Name', ellipsis: true },
    { title: t('users.column.email'), dataIndex: 'Email', ellipsis: true },
    {
      title: t('users.column.phone'),
      dataIndex: 'PhoneNumber',
      render: (value: string | null) => value || '-',
    },
    {
      title: t('users.column.roles'),
      dataIndex: 'RoleNameList',
      render: (_value, user) => roleLabels(user.RoleNameList, language).join(', ') || '-',
    },
    {
      title: t('users.column.status'),
      dataIndex: 'Status',
      width: 90,
      render: (status: 0 | 1) => (
        <Tag color={status === 1 ? 'green' : 'red'}>{t(`user-admin:status.${status}`)}</Tag>
      ),
    },
    {
      title: t('users.column.actions'),
      key: 'actions',
      width: 90,
      render: (_value, user) => (
        <Button type="link" size="small" danger onClick={() => removeUser(user)}>
          {t('users.remove')}
        </Button>
      ),
    },
  ];

  return (
    <Card
      title={
        <span>
          {org.Name} <Typography.Text type="secondary">{org.Code}</Typography.Text>
        </span>
      }
      extra={
        <Space wrap>
          <Button size="small" icon={<PlusOutlined />} onClick={onCreateChild}>
            {t('detail.createChild')}
          </Button>
          <Button size="small" onClick={onRename}>
            {t('detail.rename')}
          </Button>
          <Button size="small" onClick={onMove}>
            {t('detail.move')}
          </Button>
          <Button size="small" danger onClick={onDelete}>
            {t('common:action.delete')}
          </Button>
        </Space>
      }
    >
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text strong>
          {t('users.title', { count: users.data?.length ?? org.UserCount })}
        </Typography.Text>
        <Button type="primary" size="small" icon={<UserAddOutlined />} onClick={onAddUsers}>
          {t('users.add')}
        </Button>
      </Flex>
      <Table<UserRow>
        rowKey="UserId"
        size="small"
        columns={columns}
        dataSource={users.data ?? []}
        {...tableLoading(users, t('users.empty'))}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
      />
    </Card>
  );
}
