import { useQuery } from '@tanstack/react-query';
import { callApi } from './client.ts';
import { routes } from './routes.ts';

/** An option of an antd Select. */
export interface PickerOption {
  value: string;
  label: string;
}

/** The projects the user sees, as Select options (cached under `['projects', 'select']`). */
export function useProjectOptions(): PickerOption[] {
  const projects = useQuery({
    queryKey: ['projects', 'select'],
    queryFn: ({ signal }) => callApi(routes.projects.getProjectSelectItem, undefined, { signal }),
  });
  return (projects.data ?? []).map((item) => ({ value: item.ProjectId, label: item.Name }));
}

/** The newest 200 tasks the user sees (of one project when given), as Select options. */
export function useTaskOptions(projectId?: string): PickerOption[] {
  const tasks = useQuery({
    queryKey: ['tasks', 'list', { ProjectId: projectId, picker: true }],
    queryFn: ({ signal }) =>
      callApi(routes.tasks.getTaskList, { ProjectId: projectId, PageSize: 200, CurrentPage: 1 }, { signal }),
  });
  return (tasks.data?.Items ?? []).map((task) => ({ value: task.TaskId, label: task.Name }));
}
