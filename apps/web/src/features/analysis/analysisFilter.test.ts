import { describe, expect, it } from 'vitest';
import { analysisPath, filterDefaults, filterFromParams, paramsOf } from './analysisFilter.ts';
import { readingsPath } from './readingsPath.ts';

describe('analysis filters in the URL', () => {
  it('default to self inspection over the last 30 days when the URL names no scope or date', () => {
    const filter = filterFromParams(new URLSearchParams());
    expect(filter.InspectionKind).toBe('self');
    expect(filter.StartDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(filter.EndDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const days = (Date.parse(filter.EndDate!) - Date.parse(filter.StartDate!)) / 86_400_000;
    expect(days).toBe(29);
    expect(filterDefaults(new URLSearchParams())).toEqual(['InspectionKind', 'StartDate', 'EndDate']);
    expect(filterDefaults(new URLSearchParams('stage=plaster&end=2026-11-02'))).toEqual([]);
  });

  it('round-trip through the query string and ignore unknown values', () => {
    const filter = {
      ProjectId: 'p1',
      Stage: 'plaster' as const,
      MeasureKind: 're' as const,
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

  it('build drill-down paths that carry every filter', () => {
    const filter = {
      ProjectId: 'p1',
      Stage: 'plaster' as const,
      StartDate: '2026-11-01',
      EndDate: '2026-11-02',
    };
    const full = { ...filter, InspectionKind: 'third' as const, MeasureKind: 'first' as const };
    expect(analysisPath('mscQualityAnalysisBuilding', filter)).toBe(
      '/measurerobot/mscQualityAnalysisBuilding?projectId=p1&stage=plaster&start=2026-11-01&end=2026-11-02',
    );
    expect(readingsPath({ ...full, ItemCodes: ['PL-01', 'PL-02'] }, { buildingNumber: '1#', floor: 3 })).toBe(
      '/measurerobot/dataPool?projectId=p1&stage=plaster&kind=third&measure=first&items=PL-01%2CPL-02' +
        '&building=1%23&floor=3&start=2026-11-01&end=2026-11-02&counted=1',
    );
    expect(readingsPath(full, { itemCode: 'PL-03' })).toBe(
      '/measurerobot/dataPool?projectId=p1&stage=plaster&kind=third&measure=first&itemCode=PL-03' +
        '&start=2026-11-01&end=2026-11-02&counted=1',
    );
  });
});
