import type { ApartmentReport } from '@measure/contract';

/** A household's row key: building, floor and household. */
export const householdRowKey = (row: Pick<ApartmentReport, 'BuildingNumber' | 'Floor' | 'Household'>) =>
  `${row.BuildingNumber}|${row.Floor}|${row.Household}`;
