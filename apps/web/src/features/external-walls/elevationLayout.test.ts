import { emptyCounts, toFigures } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import { elevationFrame, floorBands } from './elevationLayout.ts';

const floor = (Floor: number, Z0: number | null, Z1: number | null) => ({
  Floor,
  Z0,
  Z1,
  Figures: toFigures(emptyCounts()),
});

describe('floor bands of an elevation', () => {
  it('keeps measured floors and stacks unmeasured ones by the typical storey', () => {
    expect(floorBands({ Floors: [floor(3, 6, 9), floor(2, null, null), floor(4, null, null)] })).toEqual([
      { Floor: 2, Z0: 3, Z1: 6 },
      { Floor: 3, Z0: 6, Z1: 9 },
      { Floor: 4, Z0: 9, Z1: 12 },
    ]);
  });

  it('uses 3 m storeys from ±0.000 when nothing is measured', () => {
    expect(floorBands({ Floors: [floor(1, null, null), floor(2, null, null)] })).toEqual([
      { Floor: 1, Z0: 0, Z1: 3 },
      { Floor: 2, Z0: 3, Z1: 6 },
    ]);
  });

  it('frames the side by its width and the panels reaching beyond the bands', () => {
    const frame = elevationFrame({
      WidthM: 20,
      Floors: [floor(1, 0, 3.1)],
      Panels: [{ X0: 0, X1: 4, Z0: -0.5, Z1: 3.1 } as never],
    });
    expect(frame).toMatchObject({ zMin: -0.5, zMax: 3.1, widthM: 20 });
  });
});
