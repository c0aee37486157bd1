import { describe, expect, it } from 'vitest';
import { householdRowKey } from './householdRows.ts';

describe('householdRowKey', () => {
  it('names a household by building, floor and household', () => {
    expect(householdRowKey({ BuildingNumber: '1', Floor: 2, Household: 3 })).toBe('1|2|3');
  });
});
