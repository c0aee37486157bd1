import type { HouseMapRow } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { projectKey } from '../projects/projectForm.ts';

import { templateItemOptions } from './designTemplateForm.ts';

/**
 * Template data lives under the project's query key, so a change made on the project pages (house
 * types, standards) refreshes it too, and one invalidation after a template change is enough.
 */
export const designTemplatesKey = (projectId: string) =>
  [...projectKey(projectId), 'designTemplates'] as const;
export const houseTypesKey = (projectId: string) => [...projectKey(projectId), 'templateHouseTypes'] as const;
export const hasInputKey = (projectId: string, houseMapId: string | null) =>
  [...projectKey(projectId), 'hasMeasureItemInput', houseMapId ?? 'default'] as const;
export const algorithmTemplatesKey = ['algorithmTemplates'] as const;

export function useDesignTemplates(projectId: string) {
  return useQuery({
    queryKey: designTemplatesKey(projectId),
    queryFn: ({ signal }) =>
      callApi(routes.measureTemplates.getMeasureItemTemplate, { ProjectId: projectId }, { signal }),
  });
}

/** The project's measure items a template may hold (enabled items of every stage). */
export function useTemplateItemOptions(projectId: string) {
  return useQuery({
    queryKey: [...projectKey(projectId), 'standardsByProject'],
    queryFn: ({ signal }) =>
      callApi(routes.projectStandards.getListByProject, { ProjectId: projectId }, { signal }),
    select: templateItemOptions,
  });
}

/** The largest page HouseMapList gives. */
const HOUSE_TYPE_PAGE = 200;

/** Every house type of the project (templates are applied to any of them, so all are read). */
export function useProjectHouseTypes(projectId: string) {
  return useQuery({
    queryKey: houseTypesKey(projectId),
    queryFn: async ({ signal }) => {
      const rows: HouseMapRow[] = [];
      for (let page = 1; ; page += 1) {
        const result = await callApi(
          routes.houseMaps.houseMapList,
          { ProjectId: projectId, PageSize: HOUSE_TYPE_PAGE, CurrentPage: page, OrderBy: 'Name' },
          { signal },
        );
        rows.push(...result.Items);
        if (rows.length >= result.Total || result.Items.length === 0) return rows;
      }
    },
  });
}

/** Whether every item that needs a design value has one for the house type (or the default template). */
export function useHasMeasureItemInput(projectId: string, houseMapId: string | null) {
  return useQuery({
    queryKey: hasInputKey(projectId, houseMapId),
    queryFn: ({ signal }) =>
      callApi(
        routes.measureTemplates.hasMeasureItemInput,
        { ProjectId: projectId, HouseMapId: houseMapId },
        { signal },
      ),
  });
}
