import type { ApartmentReport } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import { householdRowKey } from './householdRows.ts';

const FIGURES: ApartmentReport['Figures'] = {
  Qualified: 3,
  Warning: 0,
  Unqualified: 1,
  Exploded: 0,
  Total: 4,
  Unjudged: 0,
  PassRate: 75,
  Sites: 2,
  ExplodedSites: 0,
  ExplodedRate: 0,
};

const row = (Status: ApartmentReport['Status'], Household = 1): ApartmentReport => ({
  BuildingNumber: '1',
  Floor: 2,
  Household,
  Figures: FIGURES,
  ReportId: Status === 'queued' ? null : '00000000-0000-4000-8000-000000000001',
  Status,
  HasModelView: Status === 'ready',
});

describe('householdRowKey', () => {
  it('names a household by building, floor and household', () => {
    expect(householdRowKey(row('ready', 3))).toBe('1|2|3');
  });
});
