import { CloudDownloadOutlined, LockOutlined } from '@ant-design/icons';
import type { RouteResult, projectStandardsRoutes } from '@measure/contract';
import { Button, Card, Flex, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../auth/permissions.ts';
import { detailPathOf } from '../projects/projectForm.ts';
import { useProjectListPath } from '../projects/useProjectListPath.ts';
import { readOnlyReason } from './access.ts';
import { PageState, pageStatus } from './PageState.tsx';
import { stageStandardPathOf } from './paths.ts';
import { useProjectStages } from './queries.ts';
import { useProjectRowWithCrumb } from '../projects/useProjectRow.ts';
import { ReadOnlyNotice } from './ReadOnlyNotice.tsx';
import { stageLabel } from './stageForm.ts';
import { useTakeUpdate } from './useTakeUpdate.ts';
// Registers the namespace before any component of this page renders.
import './i18n.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

type StageRow = RouteResult<typeof projectStandardsRoutes.getProjectStage>[number];

const time = (value: string) => showDateTime(value);

/** `standardManageUCDetail?projectId=`: the project's copy of the library, one row per stage. */
export default function ProjectStandardsPage() {
  const [params] = useSearchParams();
  const projectId = params.get('projectId') ?? '';
  return <ProjectStandards key={projectId} projectId={projectId} />;
}

function ProjectStandards({ projectId }: { projectId: string }) {
  const projectListPath = useProjectListPath();
  const { t, i18n } = useTranslation('project-standards');
  const navigate = useNavigate();
  const can = useCan();
  const project = useProjectRowWithCrumb(projectId);
  const stages = useProjectStages(projectId);
  const takeUpdate = useTakeUpdate(projectId);

  const { status, error } = pageStatus([project, stages]);
  if (!projectId || project.data === null || status !== 'ready' || !project.data) {
    return (
      <PageState
        status={!projectId || project.data === null ? 'missing' : status === 'ready' ? 'loading' : status}
        error={error}
        missingText={t('common.projectNotFound')}
        backTo={projectListPath}
        backText={t('common.backToProject')}
      />
    );
  }
  const row = project.data;
  const reason = readOnlyReason(can('standard.modify'), row.IsPublished);
  const editable = reason === null;
  const anyOutOfDate = (stages.data ?? []).some((stage) => stage.OutOfDate);

  return (
    <Card
      title={
        <Space>
          {t('stages.title', { project: row.Name })}
          {row.IsPublished && (
            <Tag color="orange" icon={<LockOutlined />}>
              {t('common.published')}
            </Tag>
          )}
        </Space>
      }
      extra={
        <Space>
          <Button onClick={() => navigate(detailPathOf(projectId))}>{t('common.backToProject')}</Button>
          {editable && (
            <Button
              icon={<CloudDownloadOutlined />}
              disabled={!anyOutOfDate}
              onClick={() => takeUpdate({ question: t('takeUpdate.confirmAll') })}
            >
              {t('takeUpdate.allAction')}
            </Button>
          )}
        </Space>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('stages.intro')}</Typography.Text>
        <ReadOnlyNotice
          reason={reason}
          texts={{ permission: t('common.readOnlyPermission'), published: t('common.readOnlyPublished') }}
        />
        <Table<StageRow>
          rowKey="ProjectStandardId"
          {...tableLoading(stages, t('stages.empty'))}
          dataSource={stages.data ?? []}
          pagination={false}
          columns={[
            {
              title: t('stages.column.stage'),
              dataIndex: 'Stage',
              render: (stage: StageRow['Stage']) => (
                <Link to={stageStandardPathOf(projectId, stage)}>{stageLabel(stage, i18n.language)}</Link>
              ),
            },
            { title: t('stages.column.items'), dataIndex: 'ItemCount', align: 'right', width: 120 },
            { title: t('stages.column.enabled'), dataIndex: 'EnabledCount', align: 'right', width: 120 },
            {
              title: t('stages.column.status'),
              dataIndex: 'OutOfDate',
              width: 160,
              render: (outOfDate: boolean) =>
                outOfDate ? (
                  <Tag color="gold">{t('status.outOfDate')}</Tag>
                ) : (
                  <Tag color="green">{t('status.current')}</Tag>
                ),
            },
            { title: t('stages.column.baseTime'), dataIndex: 'BaseTime', width: 170, render: time },
            { title: t('stages.column.updateTime'), dataIndex: 'UpdateTime', width: 170, render: time },
            {
              title: t('stages.column.actions'),
              key: 'actions',
              width: 260,
              render: (_value: unknown, stage: StageRow) => (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => navigate(stageStandardPathOf(projectId, stage.Stage))}
                  >
                    {t('stages.open')}
                  </Button>
                  {editable && stage.OutOfDate && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() =>
                        takeUpdate({
                          stage: stage.Stage,
                          question: t('takeUpdate.confirmStage', {
                            stage: stageLabel(stage.Stage, i18n.language),
                          }),
                        })
                      }
                    >
                      {t('takeUpdate.action')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Flex>
    </Card>
  );
}
