import { STAGES, type Stage } from '@measure/contract';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCan } from '../auth/permissions.ts';
import { detailPathOf } from '../projects/projectForm.ts';
import { useProjectListPath } from '../projects/useProjectListPath.ts';
import { readOnlyReason } from './access.ts';
import { PageState, pageStatus } from './PageState.tsx';
import { projectStandardsPathOf } from './paths.ts';
import { useLibrary, useProjectCopies } from './queries.ts';
import { useProjectRowWithCrumb } from '../projects/useProjectRow.ts';
import { StageEditor } from './StageEditor.tsx';
// Registers the namespace before any component of this page renders.
import './i18n.ts';

const isStage = (value: string | null): value is Stage => STAGES.some((stage) => stage === value);

/** `standardTypePage?projectId=&stage=`: the items of one stage of the project's standards. */
export default function StageStandardPage() {
  const [params] = useSearchParams();
  const projectId = params.get('projectId') ?? '';
  const stage = params.get('stage');
  return (
    <StageStandard
      key={`${projectId}:${stage}`}
      projectId={projectId}
      stage={isStage(stage) ? stage : null}
    />
  );
}

function StageStandard({ projectId, stage }: { projectId: string; stage: Stage | null }) {
  const projectListPath = useProjectListPath();
  const { t } = useTranslation('project-standards');
  const can = useCan();
  const project = useProjectRowWithCrumb(projectId);
  const copies = useProjectCopies(projectId);
  const library = useLibrary(projectId !== '');

  const { status, error } = pageStatus([project, copies, library]);
  const copy = copies.data?.find((candidate) => candidate.Stage === stage);
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
  if (status !== 'ready' || !project.data || !copy) {
    return (
      <PageState
        status={status === 'ready' ? 'missing' : status}
        error={error}
        missingText={t('stage.notFound')}
        backTo={status === 'missing' ? detailPathOf(projectId) : projectStandardsPathOf(projectId)}
        backText={t(status === 'missing' ? 'common.backToProject' : 'common.backToStandards')}
      />
    );
  }
  return (
    <StageEditor
      // A new copy from the server (saved, updated from the library) starts the form afresh.
      key={copy.UpdateTime}
      project={project.data}
      copy={copy}
      library={library.data ?? []}
      readOnly={readOnlyReason(can('standard.modify'), project.data.IsPublished)}
    />
  );
}
