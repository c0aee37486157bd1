import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';

/** Whether a task has scans (the task data page's 3D tab); asked only when modelling is on. */
export function useTaskHasScans(taskId: string, enabled: boolean): boolean {
  const list = useQuery({
    queryKey: ['scans', 'task', taskId],
    queryFn: ({ signal }) =>
      callApi(
        routes.scans.getGltfList,
        { TaskId: taskId, PageSize: 1, CurrentPage: 1 },
        { signal, quiet: true },
      ),
    enabled: enabled && Boolean(taskId),
  });
  return (list.data?.Total ?? 0) > 0;
}
