import type { GradeName, PlanHousehold, TaskKind } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { usePlaceText } from '../../shared/i18n/usePlaceText.ts';
import { useSideTitle } from '../external-walls/sideTitle.ts';

type PlanSite = PlanHousehold['Sites'][number];

/** One row of the task data page's site list, indoor or facade. */
export type SiteRow = Pick<PlanSite, 'PointIndex' | 'Name' | 'ItemCodes' | 'WorstGrade' | 'Figures'> & {
  /** The household (`1#|3|1`) or the side (`side|N`) the place filter matches. */
  placeKey: string;
  place: string;
};

export const householdKey = (row: { BuildingNumber: string; Floor: number; Household: number }) =>
  `${row.BuildingNumber}|${row.Floor}|${row.Household}`;

const sideKey = (side: string) => `side|${side}`;

/**
 * The sites of a task for the task data page: an indoor task's per household (the review plan, with
 * their plans), an external-wall task's per side (its elevations: the review plan has no facade
 * sites), each with its place (side, floor and the panel's X/Z for a facade site), and the place
 * filter's choices (households or sides).
 */
export function useTaskSiteRows(taskId: string, taskKind: TaskKind | undefined) {
  const places = usePlaceText();
  const sideTitle = useSideTitle();
  const plan = useQuery({
    queryKey: ['review', 'plan', taskId],
    queryFn: ({ signal }) => callApi(routes.review.getPlanViewLabelingImages, { TaskId: taskId }, { signal }),
    enabled: Boolean(taskId),
  });
  const wall = useQuery({
    queryKey: ['externalWalls', 'task', taskId],
    queryFn: ({ signal }) => callApi(routes.externalWalls.getTask, { TaskId: taskId }, { signal }),
    enabled: Boolean(taskId) && taskKind === 'externalWall',
  });
  const households = useMemo(() => plan.data ?? [], [plan.data]);
  const sides = useMemo(() => wall.data?.Sides ?? [], [wall.data]);
  const building = wall.data?.BuildingNumber ?? '';

  const rows = useMemo<SiteRow[]>(
    () => [
      ...households.flatMap((home) =>
        home.Sites.map((site) => ({
          ...site,
          placeKey: householdKey(home),
          place: places.site({ ...home, Name: site.Name }),
        })),
      ),
      ...sides.flatMap((side) =>
        side.Panels.map((panel) => ({
          PointIndex: panel.PointIndex,
          Name: panel.Name,
          ItemCodes: panel.ItemCodes,
          WorstGrade: panel.Grade as GradeName | null,
          Figures: panel.Figures,
          placeKey: sideKey(side.Side),
          place: [
            places.site({ BuildingNumber: building, Floor: panel.Floor, Side: side.Side, Name: panel.Name }),
            places.panel(panel),
          ].join(' · '),
        })),
      ),
    ],
    [households, sides, building, places],
  );
  const placeOptions = [
    ...households.map((home) => ({ value: householdKey(home), label: places.place(home) })),
    ...sides.map((side) => ({ value: sideKey(side.Side), label: sideTitle(side) })),
  ];
  return { rows, households, placeOptions, isLoading: plan.isLoading || wall.isLoading };
}
