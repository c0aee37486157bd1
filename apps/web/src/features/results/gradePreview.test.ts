import { describe, expect, it } from 'vitest';
import { previewGrades, type ManualItem } from './gradePreview.ts';

const item = (mode: ManualItem['Mode']): ManualItem => ({
  ItemCode: 'PL-01',
  Name: 'flatness',
  Mode: mode,
  NeedsDesign: mode === 'deviation',
  Standard: { Name: '', Left: 0, Right: 4, WarnLeft: 0, WarnRight: 3, Exploded: 8 },
  MinReadings: 1,
  MaxReadings: 5,
  InitialReadings: 2,
});

describe('grade preview', () => {
  it('grades absolute values one by one at the edges of the ranges', () => {
    expect(previewGrades(item('absolute'), [3, 3.5, 4, 12, 12.1, -0.1])).toEqual([
      'qualified',
      'warning',
      'warning',
      'unqualified',
      'exploded',
      'unqualified',
    ]);
  });

  it('grades a range item once, on max - min, and leaves deviation items to the server', () => {
    expect(previewGrades(item('range'), [10, 14.5, 11])).toEqual(['unqualified']);
    expect(previewGrades(item('range'), [10])).toEqual([]);
    expect(previewGrades(item('deviation'), [1, 2])).toEqual([]);
  });
});
