import { analysisRoutes, emptyCounts, type QualityAnalysis, toFigures } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import { compiledEnvelopeSerializer } from './compiled-serializer.ts';

const figures = (qualified: number, unqualified: number) =>
  toFigures({ ...emptyCounts(), qualified, unqualified, sites: 3, explodedSites: 1 });

/** A quality answer with every kind of value: nulls, enums, Chinese names, fractions. */
const answer: QualityAnalysis = {
  Figures: figures(200, 7),
  Rating: 'high',
  ByStage: [{ Stage: 'plaster', Figures: figures(200, 7) }],
  ByInspectionKind: [{ InspectionKind: 'self', Figures: figures(200, 7) }],
  ByMeasureKind: [{ MeasureKind: 'first', Figures: figures(200, 7) }],
  AppliedFilters: {
    ProjectId: null,
    Stage: 'plaster',
    InspectionKind: null,
    MeasureKind: null,
    TaskKind: null,
    ItemCodes: ['pl-01', 'pl-02'],
    StartDate: '2026-11-01',
    EndDate: '2026-11-02',
    Defaults: ['StartDate'],
  },
  ByItem: [
    { ItemCode: 'PL-01', Name: '表面平整度 "A"\n', Figures: figures(2, 1), Rating: 'low' },
    { ItemCode: 'PL-02', Name: 'Flatness', Figures: toFigures(emptyCounts()), Rating: null },
  ],
  ByProject: [{ ProjectId: 'a1', ProjectName: '一号项目', Figures: figures(198, 6), Rating: 'high' }],
  Trend: [
    { Day: '2026-11-01', Figures: figures(1, 2) },
    { Day: '2026-11-02', Figures: toFigures(emptyCounts()) },
  ],
};

describe('compiled envelope serializer', () => {
  const serialize = compiledEnvelopeSerializer(analysisRoutes.getQualityAnalysisData.result);

  it('writes the same JSON as JSON.stringify: a small answer as the string, a big one as UTF-8 bytes', () => {
    const envelope = { Code: 0, Message: '操作成功', Result: answer };
    const small = serialize(envelope);
    expect(typeof small).toBe('string');
    expect(small).toBe(JSON.stringify(envelope));

    const year = Array.from({ length: 365 }, (_, day) => ({
      Day: new Date(Date.UTC(2026, 0, day + 1)).toISOString().slice(0, 10),
      Figures: figures(day, 1),
    }));
    const big = { Code: 0, Message: '操作成功', Result: { ...answer, Trend: year } };
    const bytes = serialize(big);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes.toString('utf8')).toBe(JSON.stringify(big));
  });

  it('writes only the fields of the contract', () => {
    const extra = { ...answer, Secret: 'x', Figures: { ...answer.Figures, Internal: 1 } };
    const parsed = JSON.parse(serialize({ Code: 0, Message: 'Done', Result: extra }).toString('utf8'));
    expect(parsed.Result).toEqual(answer);
  });

  it('leaves errors, whose Result is theirs, to JSON.stringify', () => {
    const error = {
      Code: 400,
      Message: 'StartDate: 日期无效',
      Result: [{ Field: 'StartDate', Message: '日期无效' }],
    };
    expect(serialize(error).toString('utf8')).toBe(JSON.stringify(error));
  });
});
