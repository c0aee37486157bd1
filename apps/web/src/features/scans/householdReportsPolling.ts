import type { ApartmentReport } from '@measure/contract';

/** How often the household reports are asked again while one is still being made. */
export const HOUSEHOLD_REPORTS_POLL_MS = 2000;

/**
 * The refetch interval of the household reports: while any report is queued or rendering (its
 * render job raises no live event), else none.
 */
export function householdReportsRefetch(rows: readonly ApartmentReport[] | undefined): number | false {
  return rows?.some((row) => row.Status === 'queued' || row.Status === 'rendering')
    ? HOUSEHOLD_REPORTS_POLL_MS
    : false;
}

/** A household's row key: building, floor and household. */
export const householdRowKey = (row: Pick<ApartmentReport, 'BuildingNumber' | 'Floor' | 'Household'>) =>
  `${row.BuildingNumber}|${row.Floor}|${row.Household}`;
