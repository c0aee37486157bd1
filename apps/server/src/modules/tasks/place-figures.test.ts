import { emptyCounts, toFigures } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import { placeFigures } from './place-figures.ts';

const counts = (qualified: number, unqualified: number, sites: number, explodedSites = 0) => ({
  ...emptyCounts(),
  qualified,
  unqualified,
  exploded: explodedSites,
  sites,
  explodedSites,
});

describe('placeFigures', () => {
  const households = [
    { buildingId: 'b10', buildingNumber: '10', floor: 2 },
    { buildingId: 'b2', buildingNumber: '2', floor: 3 },
    { buildingId: 'b2', buildingNumber: '2', floor: 1 },
    { buildingId: 'b2', buildingNumber: '2', floor: 1 },
  ];

  it('sums floors over days and buildings over floors, then takes the rates of the sums', () => {
    const result = placeFigures(households, [
      { buildingId: 'b2', floor: 1, ...counts(3, 1, 2) },
      { buildingId: 'b2', floor: 1, ...counts(1, 0, 1) },
      { buildingId: 'b2', floor: 3, ...counts(0, 1, 1, 1) },
    ]);
    expect(result.Floors.map((row) => [row.BuildingNumber, row.Floor])).toEqual([
      ['2', 1],
      ['2', 3],
      ['10', 2],
    ]);
    expect(result.Floors[0]?.Figures).toEqual(toFigures(counts(4, 1, 3)));
    expect(result.Floors[0]?.Figures.PassRate).toBe(80);
    expect(result.Floors[2]?.Figures).toEqual(toFigures(emptyCounts()));
    // 4 + 0 qualified of 4 + 1 + 0 + 1 + 1 judged: 4/7, not the mean of 80 and 0.
    expect(result.Buildings).toEqual([
      { BuildingNumber: '2', Figures: toFigures(counts(4, 2, 4, 1)) },
      { BuildingNumber: '10', Figures: toFigures(emptyCounts()) },
    ]);
    expect(result.Buildings[0]?.Figures.PassRate).toBe(57.14);
  });
});
