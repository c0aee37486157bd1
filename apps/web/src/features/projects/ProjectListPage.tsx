import { LockOutlined, PlusOutlined } from '@ant-design/icons';
import { KeywordSearch } from '../../shared/forms/KeywordSearch.tsx';
import { apiRoutes, PROJECT_ORDER_FIELDS, type ProjectRow } from '@measure/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { useModal } from '../../shared/feedback/modal.tsx';
import { notify } from '../../shared/feedback/notify.ts';
import { bodyField } from '../../shared/forms/bodyRule.ts';
import { useCan } from '../auth/permissions.ts';
import { detailPathOf, regionOf } from './projectForm.ts';
// Registers the namespace before any component of this page renders.
import './i18n.ts';
import { columnsWidth } from '../../shared/table/columnsWidth.ts';
import { ExportButton } from '../../shared/table/ExportButton.tsx';
import { useServerSort } from '../../shared/table/useServerSort.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

const ProjectFormDialog = lazy(() => import('./ProjectFormDialog.tsx'));

/** Spec section 9: projects are listed 10 per page, starting at page 1. */
const PAGE_SIZE = 10;
const NAME_MAX = 20;
const nameSchema = bodyField(apiRoutes.projects.getPage, 'ProjectName');

/**
 * `projectList`: the projects the user may see (all of the company for administrators, the
 * assigned ones for project administrators and surveyors, read-only for them), with create, edit,
 * delete and publish for those permitted.
 */
export default function ProjectListPage() {
  const { t } = useTranslation(['projects', 'common']);
  const can = useCan();
  const modal = useModal();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  /** The dialog: `null` closed, `'new'` create, a row to edit. */
  const [editing, setEditing] = useState<ProjectRow | 'new' | null>(null);
  const { order, sortable, onSort } = useServerSort(PROJECT_ORDER_FIELDS, () => setPage(1));
  // What the list shows (latest change first unless a column is sorted), and what the export writes.
  const listInput = {
    ProjectName: name,
    ...(order.OrderBy ? order : { OrderBy: 'UpdateTime' as const, AscDesc: 'desc' as const }),
  };

  const query = useQuery({
    queryKey: ['projects', 'page', { ...listInput, page, pageSize }],
    queryFn: ({ signal }) =>
      callApi(routes.projects.getPage, { ...listInput, PageSize: pageSize, CurrentPage: page }, { signal }),
    placeholderData: keepPreviousData,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['projects'] });

  const remove = (project: ProjectRow) =>
    modal.confirm({
      title: t('delete.title'),
      content: t('delete.confirm', { name: project.Name }),
      okText: t('common:action.delete'),
      cancelText: t('common:action.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await callApi(routes.projects.delete, { ProjectId: project.ProjectId });
          notify.success(t('delete.done'));
          await refresh();
        } catch (error) {
          showError(error);
        }
      },
    });

  const publish = (project: ProjectRow) =>
    modal.confirm({
      title: t('publish.title'),
      content: t('publish.confirm', { name: project.Name }),
      okText: t('publish.action'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          await callApi(routes.projects.publishProject, { ProjectId: project.ProjectId });
          notify.success(t('publish.done'));
          await refresh();
        } catch (error) {
          showError(error);
        }
      },
    });

  const columns: ColumnsType<ProjectRow> = [
    {
      title: t('column.name'),
      dataIndex: 'Name',
      ellipsis: true,
      width: 140,
      ...sortable('Name'),
      render: (value: string, project) => (
        <Space size={6}>
          <Link to={detailPathOf(project.ProjectId)}>{value}</Link>
          {project.IsPublished && (
            <Tooltip title={t('state.lockedHelp')}>
              <LockOutlined aria-label={t('state.locked')} />
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('column.address'),
      dataIndex: 'Address',
      ellipsis: true,
      width: 110,
      render: (value: string | null) => value || '-',
    },
    {
      title: t('column.region'),
      key: 'region',
      ellipsis: true,
      width: 100,
      render: (_value, project) => regionOf(project),
    },
    { title: t('column.buildingCount'), dataIndex: 'BuildingCount', width: 70, align: 'right' },
    {
      title: t('column.state'),
      dataIndex: 'IsPublished',
      width: 84,
      render: (published: boolean) =>
        published ? (
          <Tag color="orange" icon={<LockOutlined />}>
            {t('state.published')}
          </Tag>
        ) : (
          <Tag>{t('state.unpublished')}</Tag>
        ),
    },
    {
      title: t('column.updateTime'),
      dataIndex: 'UpdateTime',
      width: 128,
      ...sortable('UpdateTime'),
      render: (value: string) => showDateTime(value),
    },
    {
      title: t('column.actions'),
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_value, project) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => navigate(detailPathOf(project.ProjectId))}>
            {t('list.detail')}
          </Button>
          {can('project.detail') && (
            <Button type="link" size="small" onClick={() => setEditing(project)}>
              {t('common:action.edit')}
            </Button>
          )}
          {can('project.publish') && !project.IsPublished && (
            <Button type="link" size="small" onClick={() => publish(project)}>
              {t('publish.action')}
            </Button>
          )}
          {can('project.delete') && (
            <Button type="link" size="small" danger onClick={() => remove(project)}>
              {t('common:action.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('list.title')}
      extra={
        <Space>
          <ExportButton
            route={routes.projects.exportProjectList}
            input={listInput}
            fallbackName="projects.xlsx"
          />
          {can('project.create') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('list.create')}
            </Button>
          )}
        </Space>
      }
    >
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <KeywordSearch
          schema={nameSchema}
          max={NAME_MAX}
          placeholder={t('list.searchPlaceholder')}
          onSearch={(keyword) => {
            setName(keyword);
            setPage(1);
          }}
        />
      </Form>
      <Table<ProjectRow>
        rowKey="ProjectId"
        columns={columns}
        dataSource={query.data?.Items ?? []}
        {...tableLoading(query)}
        onChange={(_pagination, _filters, sorter) => onSort(sorter)}
        size="middle"
        scroll={{ x: columnsWidth(columns) }}
        pagination={{
          current: page,
          pageSize,
          total: query.data?.Total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 30],
          showTotal: (total) => t('list.total', { total }),
          onChange: (nextPage, nextSize) => {
            setPage(nextSize === pageSize ? nextPage : 1);
            setPageSize(nextSize);
          },
        }}
      />
      <Suspense fallback={null}>
        {editing && (
          <ProjectFormDialog
            project={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={() => void refresh()}
          />
        )}
      </Suspense>
    </Card>
  );
}
