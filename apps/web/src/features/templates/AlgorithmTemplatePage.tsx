import { PlusOutlined } from '@ant-design/icons';
import {
  apiRoutes,
  seededText,
  TEMPLATE_LIMITS,
  type AlgorithmTemplate,
  type ProjectRow,
} from '@measure/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Space, Table, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { useModal } from '../../shared/feedback/modal.tsx';
import { notify } from '../../shared/feedback/notify.ts';
import { bodyField } from '../../shared/forms/bodyRule.ts';
import { KeywordSearch } from '../../shared/forms/KeywordSearch.tsx';
import { useCan } from '../auth/permissions.ts';
import { isLockedTemplate } from './algorithmForm.ts';
import { ProjectPageFrame } from './ProjectPageFrame.tsx';
import { algorithmTemplatesKey } from './templateQueries.ts';
// Registers the namespace before any component of this page renders.
import { currentLanguage } from '../../shared/i18n/index.ts';
import './i18n.ts';
import { useProjectRowWithCrumb } from '../projects/useProjectRow.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

const AlgorithmTemplateDialog = lazy(() => import('./AlgorithmTemplateDialog.tsx'));

const PAGE_SIZE = 10;
const keywordSchema = bodyField(apiRoutes.algorithm.getAlgorithmParamTemplateList, 'Keyword');

/**
 * `algorithmTemplateDetail?projectId=`: the algorithm parameter templates a project can use (its own
 * and the company-wide ones) with their named numeric parameters; create, edit and delete with
 * `project.detail`. A published project's own templates are read-only; company-wide ones are not
 * the project's data and stay editable.
 */
export default function AlgorithmTemplatePage() {
  const [params] = useSearchParams();
  const projectId = params.get('projectId') ?? '';
  return <AlgorithmTemplates key={projectId} projectId={projectId} />;
}

function AlgorithmTemplates({ projectId }: { projectId: string }) {
  useProjectRowWithCrumb(projectId);
  const { t } = useTranslation('templates');
  const can = useCan();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ guid: string | null } | null>(null);
  const writer = can('project.detail');

  return (
    <ProjectPageFrame
      projectId={projectId}
      title={t('algorithm.title')}
      lockedHint={t('algorithm.lockedHint')}
      extra={() =>
        writer && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ guid: null })}>
            {t('algorithm.create')}
          </Button>
        )
      }
    >
      {(project) => (
        <>
          <ProjectTemplatesSummary projectId={projectId} />
          <AlgorithmTemplateList project={project} writer={writer} onEdit={(guid) => setEditing({ guid })} />
          <Suspense fallback={null}>
            {editing && (
              <AlgorithmTemplateDialog
                projectId={projectId}
                guid={editing.guid}
                published={project.IsPublished}
                onClose={(saved) => {
                  setEditing(null);
                  if (saved) void queryClient.invalidateQueries({ queryKey: algorithmTemplatesKey });
                }}
              />
            )}
          </Suspense>
        </>
      )}
    </ProjectPageFrame>
  );
}

/** GetAlgoTempByProjID: how many templates the project can use, its own and company-wide. */
function ProjectTemplatesSummary({ projectId }: { projectId: string }) {
  const { t } = useTranslation('templates');
  const usable = useQuery({
    queryKey: [...algorithmTemplatesKey, 'project', projectId],
    queryFn: ({ signal }) => callApi(routes.algorithm.getAlgoTempByProjId, { projectId }, { signal }),
  });
  if (!usable.data) return null;
  const own = usable.data.filter((template) => template.ProjectId !== null).length;
  return (
    <Typography.Paragraph type="secondary">
      {t('algorithm.summary', { total: usable.data.length, own, company: usable.data.length - own })}
    </Typography.Paragraph>
  );
}

function AlgorithmTemplateList({
  project,
  writer,
  onEdit,
}: {
  project: ProjectRow;
  writer: boolean;
  onEdit: (guid: string) => void;
}) {
  const { t } = useTranslation(['templates', 'common']);
  const modal = useModal();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);

  const list = useQuery({
    queryKey: [...algorithmTemplatesKey, 'list', project.ProjectId, { keyword, page }],
    queryFn: ({ signal }) =>
      callApi(
        routes.algorithm.getAlgorithmParamTemplateList,
        { ProjectId: project.ProjectId, Keyword: keyword, CurrentPage: page, PageSize: PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

  const remove = (template: AlgorithmTemplate) =>
    modal.confirm({
      title: t('algorithm.delete.title'),
      content: t(template.ProjectId ? 'algorithm.delete.confirm' : 'algorithm.delete.confirmCompany', {
        name: template.Name,
      }),
      okText: t('common:action.delete'),
      cancelText: t('common:action.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await callApi(routes.algorithm.deleteAlgoTempById, { id: template.guid });
          notify.success(t('algorithm.delete.done'));
          await queryClient.invalidateQueries({ queryKey: algorithmTemplatesKey });
        } catch (error) {
          // A published project's template (423) and the like: the server's message.
          showError(error);
        }
      },
    });

  return (
    <>
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <KeywordSearch
          schema={keywordSchema}
          max={TEMPLATE_LIMITS.paramName}
          placeholder={t('algorithm.search')}
          onSearch={(value) => {
            setKeyword(value);
            setPage(1);
          }}
        />
      </Form>
      <Table<AlgorithmTemplate>
        rowKey="guid"
        size="small"
        {...tableLoading(list)}
        dataSource={list.data?.Items ?? []}
        expandable={{
          expandedRowRender: (template) => (
            <Table
              size="small"
              rowKey="Name"
              pagination={false}
              dataSource={template.list}
              columns={[
                {
                  title: t('algorithm.param.Name'),
                  dataIndex: 'Name',
                  render: (name: string) => seededText(name, currentLanguage()),
                },
                { title: t('algorithm.param.Min'), dataIndex: 'Min', width: 120, align: 'right' },
                { title: t('algorithm.param.Max'), dataIndex: 'Max', width: 120, align: 'right' },
                { title: t('algorithm.param.Value'), dataIndex: 'Value', width: 120, align: 'right' },
                {
                  title: t('algorithm.param.Unit'),
                  dataIndex: 'Unit',
                  width: 90,
                  render: (unit: string | null) => unit || '-',
                },
              ]}
            />
          ),
        }}
        columns={[
          {
            title: t('algorithm.name'),
            dataIndex: 'Name',
            width: 200,
            render: (name: string) => seededText(name, currentLanguage()),
          },
          {
            title: t('algorithm.scope'),
            dataIndex: 'ProjectId',
            width: 130,
            render: (projectId: string | null) =>
              projectId ? (
                <Tag color="blue">{t('algorithm.scopeProject')}</Tag>
              ) : (
                <Tag>{t('algorithm.scopeCompany')}</Tag>
              ),
          },
          {
            title: t('algorithm.detail'),
            dataIndex: 'detail',
            ellipsis: true,
            render: (detail: string) => (detail ? seededText(detail, currentLanguage()) : '-'),
          },
          {
            title: t('algorithm.params'),
            key: 'params',
            width: 110,
            align: 'right',
            render: (_value, template) => template.list.length,
          },
          {
            title: t('template.column.updateTime'),
            dataIndex: 'UpdateTime',
            width: 150,
            render: (value: string) => showDateTime(value),
          },
          ...(writer
            ? [
                {
                  title: t('column.actions'),
                  key: 'actions',
                  width: 150,
                  render: (_value: unknown, template: AlgorithmTemplate) =>
                    isLockedTemplate(template, project.IsPublished) ? (
                      <Typography.Text type="secondary">{t('algorithm.locked')}</Typography.Text>
                    ) : (
                      <Space size={0}>
                        <Button type="link" size="small" onClick={() => onEdit(template.guid)}>
                          {t('common:action.edit')}
                        </Button>
                        <Button type="link" size="small" danger onClick={() => remove(template)}>
                          {t('common:action.delete')}
                        </Button>
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.Total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('algorithm.total', { total }),
          onChange: setPage,
        }}
      />
    </>
  );
}
