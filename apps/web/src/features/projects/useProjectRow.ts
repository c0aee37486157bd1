import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { useBreadcrumbTrail } from '../layout/breadcrumbTrail.ts';
import { detailPathOf, projectKey } from './projectForm.ts';

/**
 * One project's row (name, publish state) for the project detail page and its child pages, which
 * share this cache entry; null when the project does not exist or is not visible to the user.
 */
export function useProjectRow(projectId: string) {
  return useQuery({ ...projectRowQuery(projectId), enabled: projectId !== '' });
}

/** The query of one project's row (also prefetched by the floor-plan editor's route loader). */
export function projectRowQuery(projectId: string) {
  return queryOptions({
    queryKey: [...projectKey(projectId), 'row'],
    queryFn: async ({ signal }) => {
      const page = await callApi(
        routes.projects.getPage,
        { ProjectId: projectId, PageSize: 1, CurrentPage: 1 },
        { signal },
      );
      return page.Items[0] ?? null;
    },
  });
}

/**
 * useProjectRow for a page below a project (standards, house type editor, templates): the project's
 * name also becomes a breadcrumb back to its detail page.
 */
export function useProjectRowWithCrumb(projectId: string) {
  const project = useProjectRow(projectId);
  const name = project.data?.Name;
  useBreadcrumbTrail(name ? [{ title: name, to: detailPathOf(projectId) }] : []);
  return project;
}
