import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { useCan } from '../auth/permissions.ts';
import { detailPathOf, projectKey } from '../projects/projectForm.ts';
import { useProjectListPath } from '../projects/useProjectListPath.ts';
import { readOnlyReason } from './access.ts';
import { PageState, pageStatus } from './PageState.tsx';
import { useProjectCopies } from './queries.ts';
import { useProjectRowWithCrumb } from '../projects/useProjectRow.ts';
import { SiteItemsEditor } from './SiteItemsEditor.tsx';
// Registers the namespace before any component of this page renders.
import './i18n.ts';

/** `pointTypeDetail?projectId=&id=`: one site type with its measure items and design values. */
export default function PointTypeDetailPage() {
  const [params] = useSearchParams();
  const projectId = params.get('projectId') ?? '';
  const id = params.get('id') ?? '';
  return <PointTypeDetail key={`${projectId}:${id}`} projectId={projectId} id={id} />;
}

function PointTypeDetail({ projectId, id }: { projectId: string; id: string }) {
  const projectListPath = useProjectListPath();
  const { t } = useTranslation('project-standards');
  const can = useCan();
  const project = useProjectRowWithCrumb(projectId);
  const copies = useProjectCopies(projectId);
  const pointType = useQuery({
    queryKey: [...projectKey(projectId), 'pointType', id],
    queryFn: ({ signal }) =>
      callApi(routes.projectStandards.getPointTypeDetails, { ProjectId: projectId, Id: id }, { signal }),
    enabled: projectId !== '' && id !== '',
  });

  const { status, error } = pageStatus([project, copies, pointType]);
  if (!projectId || project.data === null) {
    return (
      <PageState
        status="missing"
        missingText={t('common.projectNotFound')}
        backTo={projectListPath}
        backText={t('common.backToProject')}
      />
    );
  }
  if (!id || status !== 'ready' || !project.data || !copies.data || !pointType.data) {
    return (
      <PageState
        status={!id || status === 'ready' ? 'missing' : status}
        error={error}
        missingText={t('site.notFound')}
        backTo={detailPathOf(projectId)}
        backText={t('common.backToProject')}
      />
    );
  }
  return (
    <SiteItemsEditor
      // Saved items from the server start the form afresh.
      key={JSON.stringify(pointType.data.MeasureItems)}
      project={project.data}
      pointType={pointType.data}
      copies={copies.data}
      readOnly={readOnlyReason(can('project.detail'), project.data.IsPublished)}
    />
  );
}
