import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { projectKey } from '../projects/projectForm.ts';

/**
 * Query keys live under the project's key, so every change to the project (here or on the project
 * pages, which invalidate ['projects']) refreshes them too.
 */
export const standardsKey = (projectId: string) => [...projectKey(projectId), 'standards'] as const;

/** The stages of the project's standards with their counts, without the items. */
export function useProjectStages(projectId: string) {
  return useQuery({
    queryKey: [...standardsKey(projectId), 'stages'],
    queryFn: ({ signal }) => callApi(routes.projectStandards.getProjectStage, { projectId }, { signal }),
    enabled: projectId !== '',
  });
}

/** The project's copies of every stage, with their items. */
export function useProjectCopies(projectId: string) {
  return useQuery({
    queryKey: [...standardsKey(projectId), 'copies'],
    queryFn: ({ signal }) =>
      callApi(routes.projectStandards.getListByProject, { ProjectId: projectId }, { signal }),
    enabled: projectId !== '',
  });
}

/** The company library, to tell which items of a copy changed there. */
export function useLibrary(enabled: boolean) {
  return useQuery({
    queryKey: ['standards', 'library'],
    queryFn: ({ signal }) => callApi(routes.standards.getList, undefined, { signal }),
    enabled,
    // The library changes on its own page: ask again whenever a stage page opens.
    staleTime: 0,
  });
}
