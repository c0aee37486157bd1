import { describe, expect, it } from 'vitest';
import { analysisPath, filterFromParams, paramsOf } from './analysisFilter.ts';
import { readingsPath } from './readingsPath.ts';

describe('analysis filters in the URL', () => {
  it('default to self inspection over the last 30 days when the URL names no scope or date', () => {
    const filter = filterFromParams(new URLSearchParams());
    expect(filter.InspectionKind).toBe('self');
    expect(filter.StartDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(filter.EndDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const days = (Date.parse(filter.EndDate!) - Date.parse(filter.StartDate!)) / 86_400_000;
    expect(days).toBe(29);
  });

  it('round-trip through the query string and ignore unknown values', () => {
    const filter = {
      ProjectId: 'p1',
      Stage: 'plaster' as const,
      ItemCodes: ['PL-01', 'PL-02'],
      StartDate: '2026-11-01',
      EndDate: '2026-11-20',
      RatingHigh: 95,
      RatingMiddle: 85,
    };
    expect(filterFromParams(paramsOf(filter))).toEqual({ ...filter, InspectionKind: undefined });
    const odd = filterFromParams(new URLSearchParams('stage=roof&kind=third&start=2026-01-01'));
    expect(odd.Stage).toBeUndefined();
    expect(odd.InspectionKind).toBe('third');
    expect(odd.EndDate).toBeUndefined();
  });

  it('build drill-down paths with the filters', () => {
    const filter = {
      ProjectId: 'p1',
      Stage: 'plaster' as const,
      StartDate: '2026-11-01',
      EndDate: '2026-11-02',
    };
    expect(analysisPath('mscQualityAnalysisBuilding', filter)).toBe(
      '/measurerobot/mscQualityAnalysisBuilding?projectId=p1&stage=plaster&start=2026-11-01&end=2026-11-02',
    );
    expect(readingsPath({ ...filter, ItemCodes: ['PL-01'] }, { buildingNumber: '1#', floor: 3 })).toBe(
      '/measurerobot/dataPool?projectId=p1&itemCode=PL-01&building=1%23&floor=3&start=2026-11-01&end=2026-11-02',
    );
  });
});
