import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { TaskListCard } from '../tasks/TaskCenterPage.tsx';
import { useFacadeScope } from './ElevationsLink.tsx';
import { externalWallTaskPath } from './paths.ts';
import './i18n.ts';

const DispatchExternalWallDialog = lazy(() => import('./DispatchExternalWallDialog.tsx'));

/**
 * External wall task management (`externalWallTaskManage`, gated by EnabledExternalWall): the task
 * list of the task center with `TaskKind: externalWall` (filters, sort, Excel export, the planner's
 * actions), each task's building, floors and sides, and the dispatch form. A task opens as elevations.
 */
export default function ExternalWallTasksPage() {
  const { t } = useTranslation('external-walls');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const facadeScope = useFacadeScope();
  const [dispatching, setDispatching] = useState(false);
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
        {dispatching && (
          <DispatchExternalWallDialog
            onClose={() => setDispatching(false)}
            onCreated={(taskId) => {
              setDispatching(false);
              void queryClient.invalidateQueries({ queryKey: ['tasks'] });
              void navigate(externalWallTaskPath(taskId));
            }}
          />
        )}
      </Suspense>
    </>
  );
}
