import type { MeasureRule } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/errors.ts';
import { problemAt, serverFieldErrors } from './formIssues.ts';
import {
  canAddRulerPosition,
  isRuleFormPath,
  lineText,
  ruleDependencies,
  ruleFormValuesOf,
  rulePayload,
  ruleProblems,
  type RuleFormValues,
} from './ruleForm.ts';

const rule: MeasureRule = {
  MinReadings: 2,
  MaxReadings: 3,
  InitialReadings: 2,
  RulerLength: 2000,
  RulerPositions: [{ Name: 'middle', OffsetMm: 50, HeightMm: 1500, AngleDeg: 0 }],
  ManualEntry: true,
  BaseboardStartHeight: null,
  BaseboardEndHeight: null,
  DoorCoverStartMargin: null,
  DoorCoverEndMargin: null,
};
const values = (change: Partial<RuleFormValues> = {}): RuleFormValues => ({
  ...ruleFormValuesOf(rule),
  ...change,
});
const problem = (change: Partial<RuleFormValues>, field: string) =>
  problemAt(ruleProblems(values(change)), [field])?.key;

describe('the measure rule form', () => {
  it('maps the rule to the form and back', () => {
    expect(ruleProblems(values()).size).toBe(0);
    expect(
      rulePayload(
        values({ RulerPositions: [{ Name: ' a ', OffsetMm: 1, HeightMm: 2, AngleDeg: null }] }),
        'id',
      ),
    ).toMatchObject({
      MeasureItemId: 'id',
      RulerPositions: [{ Name: 'a', OffsetMm: 1, HeightMm: 2, AngleDeg: 0 }],
      BaseboardStartHeight: null,
    });
  });

  it('keeps readings min <= initial <= max within 1..20,000', () => {
    expect(problem({ MinReadings: 4, MaxReadings: 3 }, 'MinReadings')).toBe('standards.minAboveMax');
    expect(problem({ InitialReadings: 4 }, 'InitialReadings')).toBe('standards.initialReadings');
    expect(problem({ MaxReadings: 20_001 }, 'MaxReadings')).toBe('standards.readingsRange');
    expect(problem({ MinReadings: 0 }, 'MinReadings')).toBe('standards.readingsRange');
    expect(problem({ MaxReadings: null }, 'MaxReadings')).toBe('rules.required');
    expect(problem({ RulerLength: 5001 }, 'RulerLength')).toBe('standards.rulerLength');
  });

  it('keeps the baseboard and door cover lines ordered, 50 mm apart, both or neither', () => {
    expect(
      problem({ BaseboardStartHeight: 100, BaseboardEndHeight: 150 }, 'BaseboardStartHeight'),
    ).toBeUndefined();
    expect(problem({ BaseboardStartHeight: 100, BaseboardEndHeight: 149 }, 'BaseboardStartHeight')).toBe(
      'standards.baseboardGap',
    );
    expect(problem({ BaseboardStartHeight: 150, BaseboardEndHeight: 100 }, 'BaseboardStartHeight')).toBe(
      'standards.baseboardOrder',
    );
    expect(problem({ BaseboardStartHeight: 100 }, 'BaseboardEndHeight')).toBe('rules.required');
    expect(problem({ BaseboardEndHeight: 100 }, 'BaseboardStartHeight')).toBe('rules.required');
    expect(problem({ DoorCoverStartMargin: 0, DoorCoverEndMargin: 49 }, 'DoorCoverStartMargin')).toBe(
      'standards.doorCoverGap',
    );
    expect(problem({ DoorCoverStartMargin: 60, DoorCoverEndMargin: 10 }, 'DoorCoverStartMargin')).toBe(
      'standards.doorCoverOrder',
    );
    expect(
      problem({ BaseboardStartHeight: 20_001, BaseboardEndHeight: 20_100 }, 'BaseboardStartHeight'),
    ).toBe('standards.lineRange');
    expect(ruleDependencies('BaseboardEndHeight')).toEqual(['BaseboardStartHeight']);
    expect(ruleDependencies('RulerLength')).toEqual([]);
    expect(lineText(null, 5)).toBeNull();
    expect(lineText(100, 150)).toBe('[100, 150]');
  });

  it('checks ruler positions and their limit', () => {
    const bad = ruleProblems(
      values({ RulerPositions: [{ Name: '', OffsetMm: 5001, HeightMm: -1, AngleDeg: 0 }] }),
    );
    expect(problemAt(bad, ['RulerPositions', 0, 'Name'])?.key).toBe('rules.required');
    expect(problemAt(bad, ['RulerPositions', 0, 'OffsetMm'])).toEqual({
      key: 'validation.tooBig',
      params: { max: 5000 },
    });
    expect(problemAt(bad, ['RulerPositions', 0, 'HeightMm'])).toEqual({
      key: 'validation.tooSmall',
      params: { min: 0 },
    });
    expect(canAddRulerPosition(19)).toBe(true);
    expect(canAddRulerPosition(20)).toBe(false);
  });

  it('puts server errors on the rule fields', () => {
    const error = new ApiError(400, 'bad', [
      { Field: 'BaseboardStartHeight', Message: 'gap' },
      { Field: 'RulerPositions[0].Name', Message: 'name' },
      { Field: 'MeasureItemId', Message: 'id' },
    ]);
    expect(serverFieldErrors(error, (path) => isRuleFormPath(path, 1))).toEqual({
      fields: [
        { name: ['BaseboardStartHeight'], errors: ['gap'] },
        { name: ['RulerPositions', 0, 'Name'], errors: ['name'] },
      ],
      other: ['id'],
    });
  });
});
