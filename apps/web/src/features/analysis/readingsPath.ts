import type { AnalysisFilter } from './analysisFilter.ts';

/**
 * The data pool showing the readings behind a figure: every filter of the figure (project, stage,
 * inspection and measure kind, items, dates) and the place clicked (item, building, floor), only
 * readings that count (no cancelled task), so the rows add up to the figure (issue 28 item 3).
 */
export function readingsPath(
  filter: AnalysisFilter,
  place: { itemCode?: string; buildingNumber?: string; floor?: number } = {},
): string {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(key, String(value));
  };
  set('projectId', filter.ProjectId);
  set('stage', filter.Stage);
  set('kind', filter.InspectionKind);
  set('measure', filter.MeasureKind);
  set('itemCode', place.itemCode);
  set('items', place.itemCode ? undefined : filter.ItemCodes?.join(','));
  set('building', place.buildingNumber);
  set('floor', place.floor);
  set('start', filter.StartDate);
  set('end', filter.EndDate);
  params.set('counted', '1');
  return `/measurerobot/dataPool?${params.toString()}`;
}
