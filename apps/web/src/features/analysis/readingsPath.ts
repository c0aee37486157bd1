import type { AnalysisFilter } from './analysisFilter.ts';

/** The data pool showing the readings behind a figure (project, and optionally item, building, floor, dates). */
export function readingsPath(
  filter: AnalysisFilter,
  place: { itemCode?: string; buildingNumber?: string; floor?: number } = {},
): string {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | undefined) => {
    if (value !== undefined) params.set(key, String(value));
  };
  set('projectId', filter.ProjectId);
  set('itemCode', place.itemCode ?? (filter.ItemCodes?.length === 1 ? filter.ItemCodes[0] : undefined));
  set('building', place.buildingNumber);
  set('floor', place.floor);
  set('start', filter.StartDate);
  set('end', filter.EndDate);
  return `/measurerobot/dataPool?${params.toString()}`;
}
