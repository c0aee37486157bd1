import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { TaskListCard } from '../tasks/TaskCenterPage.tsx';
import { useFacadeScope } from './ElevationsLink.tsx';
import { externalWallTaskPath } from './paths.ts';
import './i18n.ts';

const DispatchExternalWallDialog = lazy(() => import('./DispatchExternalWallDialog.tsx'));

/**
 * External wall task management (`externalWallTaskManage`, gated by EnabledExternalWall): the task
 * list of the task center with `TaskKind: externalWall` (filters, sort, Excel export, the planner's
 * actions), each task's building, floors and sides, and the dispatch form. A task opens as elevations.
 * `?parentTaskId=` (the task center's re-measure of an external-wall task) opens the dispatch form
 * as a re-measure of that task.
 */
export default function ExternalWallTasksPage() {
  const { t } = useTranslation('external-walls');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const facadeScope = useFacadeScope();
  const [dispatching, setDispatching] = useState(false);
  const [params, setParams] = useSearchParams();
  const parentTaskId = params.get('parentTaskId');
  // A failed read shows its reason through the query cache; the list stays.
  const parent = useQuery({
    queryKey: ['tasks', 'detail', parentTaskId],
    queryFn: ({ signal }) => callApi(routes.tasks.getTask, { TaskId: parentTaskId as string }, { signal }),
    enabled: Boolean(parentTaskId),
  });
  const closeDialog = () => {
    setDispatching(false);
    if (parentTaskId) setParams({}, { replace: true });
  };
  const remeasured = parentTaskId && parent.data?.TaskId === parentTaskId ? parent.data : undefined;
  return (
    <>
      <TaskListCard
        title={t('list.title')}
        kind="externalWall"
        onDispatch={() => setDispatching(true)}
        dispatchLabel={t('action.dispatch')}
        nameLink={(row) => externalWallTaskPath(row.TaskId)}
        placeColumn={{
          title: t('field.facades'),
          key: 'facades',
          width: 200,
          render: (_, row) => facadeScope(row),
        }}
        extraActions={(row) => <Link to={externalWallTaskPath(row.TaskId)}>{t('action.view')}</Link>}
      />
      <Suspense fallback={null}>
        {(dispatching || remeasured) && (
          <DispatchExternalWallDialog
            key={remeasured?.TaskId ?? 'new'}
            parent={remeasured}
            onClose={closeDialog}
            onCreated={(taskId) => {
              closeDialog();
              void queryClient.invalidateQueries({ queryKey: ['tasks'] });
              void navigate(externalWallTaskPath(taskId));
            }}
          />
        )}
      </Suspense>
    </>
  );
}
