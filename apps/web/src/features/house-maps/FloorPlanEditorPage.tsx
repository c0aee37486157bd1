import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { useSelf } from '../auth/self.ts';
import { FloorPlanEditor } from './FloorPlanEditor.tsx';
import { projectKey } from '../projects/projectForm.ts';
import { useProjectListPath } from '../projects/useProjectListPath.ts';
import { houseMapKey } from './paths.ts';
import { takePrefetchedDetail } from './planPrefetch.ts';
import { usePlanFile } from './usePlanFile.ts';
import { useProjectRowWithCrumb } from '../projects/useProjectRow.ts';
// Registers the namespace before any component of this page renders.
import './i18n.ts';

/** `floorPlanEditorDetail?id=<HouseMapId>`: the plan of a house type with its rooms, stations and points. */
export default function FloorPlanEditorPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return <EditorLoader key={id} houseMapId={id} />;
}

function EditorLoader({ houseMapId }: { houseMapId: string }) {
  const projectListPath = useProjectListPath();
  const { t } = useTranslation('house-maps');
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: houseMapKey(houseMapId),
    queryFn: ({ signal }) =>
      takePrefetchedDetail(houseMapId) ??
      callApi(routes.houseMaps.getHouseMapById, { id: houseMapId }, { signal }),
    enabled: houseMapId !== '',
    // Fresh on every opening (the editor starts from it); no background refetch while editing.
    refetchOnMount: 'always',
    staleTime: Infinity,
    retry: false,
  });
  // The permissions decide between editing and read-only: wait for them rather than flash a lock.
  const self = useSelf();
  const projectId = detail.data?.ProjectId ?? '';
  const project = useProjectRowWithCrumb(projectId);
  const pointTypes = useQuery({
    queryKey: [...projectKey(projectId), 'pointTypes'],
    queryFn: ({ signal }) => callApi(routes.houseMaps.getAllPointTypes, { ProjectId: projectId }, { signal }),
    enabled: projectId !== '',
  });
  const plan = usePlanFile(houseMapId, detail.data);
  // The DXF worker and the viewer's code were started by the route's loader (planPrefetch.ts).

  if (!houseMapId || detail.isError || project.data === null) {
    return (
      <Result
        status="404"
        title={t('page.notFound')}
        extra={<Button onClick={() => navigate(projectListPath)}>{t('page.toProjects')}</Button>}
      />
    );
  }
  if (plan.state === 'error' || project.isError) {
    return (
      <Result
        status="warning"
        title={t('viewer.failed')}
        extra={<Button onClick={() => navigate(0)}>{t('page.reload')}</Button>}
      />
    );
  }
  if (
    !detail.data ||
    !detail.isFetchedAfterMount ||
    !project.data ||
    !self.data ||
    plan.state === 'loading'
  ) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  return (
    <FloorPlanEditor
      houseMap={detail.data}
      project={project.data}
      pointTypes={pointTypes.data ?? []}
      plan={plan.source}
    />
  );
}
