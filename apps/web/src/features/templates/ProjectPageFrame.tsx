import { LockOutlined } from '@ant-design/icons';
import type { ProjectRow } from '@measure/contract';
import { Alert, Button, Card, Result, Skeleton, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../auth/permissions.ts';
import { detailPathOf } from '../projects/projectForm.ts';
import { useProjectListPath } from '../projects/useProjectListPath.ts';
import { useProjectRow } from '../projects/useProjectRow.ts';

/**
 * The frame of a project's template page: the project's name and published state, the way back to
 * the project, and whether the page may change anything (`project.detail`, and the project not
 * published), which the page's content receives.
 */
export function ProjectPageFrame({
  projectId,
  title,
  lockedHint,
  extra,
  children,
}: {
  projectId: string;
  title: string;
  /** What the published state means on this page. */
  lockedHint: string;
  extra?: (project: ProjectRow, editable: boolean) => ReactNode;
  children: (project: ProjectRow, editable: boolean) => ReactNode;
}) {
  const { t } = useTranslation('templates');
  const navigate = useNavigate();
  const projectListPath = useProjectListPath();
  const can = useCan();
  const project = useProjectRow(projectId);

  if (!projectId || project.data === null || project.isError) {
    return (
      <Result
        status="404"
        title={t('project.notFound')}
        extra={<Button onClick={() => navigate(projectListPath)}>{t('project.backToList')}</Button>}
      />
    );
  }
  if (!project.data) return <Card>{<Skeleton active />}</Card>;
  const row = project.data;
  const editable = can('project.detail') && !row.IsPublished;

  return (
    <Card
      title={
        <Space wrap>
          {title}
          <span>·</span>
          {row.Name}
          {row.IsPublished && (
            <Tag color="orange" icon={<LockOutlined />}>
              {t('project.published')}
            </Tag>
          )}
        </Space>
      }
      extra={
        <Space wrap>
          <Button onClick={() => navigate(detailPathOf(row.ProjectId))}>{t('project.back')}</Button>
          {extra?.(row, editable)}
        </Space>
      }
    >
      {row.IsPublished && <Alert type="info" showIcon title={lockedHint} style={{ marginBottom: 16 }} />}
      {children(row, editable)}
    </Card>
  );
}
