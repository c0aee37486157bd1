import { measureRuleInputSchema, STANDARD_LIMITS, type MeasureRule } from '@measure/contract';
import { problemsByPath, type FieldPath } from './formIssues.ts';

export interface RulerPositionValues {
  Name: string;
  OffsetMm: number | null;
  HeightMm: number | null;
  AngleDeg: number | null;
}

/** The measure rule form; empty number inputs are null (a line left empty is not measured). */
export interface RuleFormValues {
  MinReadings: number | null;
  InitialReadings: number | null;
  MaxReadings: number | null;
  RulerLength: number | null;
  RulerPositions: RulerPositionValues[];
  ManualEntry: boolean;
  BaseboardStartHeight: number | null;
  BaseboardEndHeight: number | null;
  DoorCoverStartMargin: number | null;
  DoorCoverEndMargin: number | null;
}

export const RULE_FIELDS = [
  'MinReadings',
  'InitialReadings',
  'MaxReadings',
  'RulerLength',
  'RulerPositions',
  'ManualEntry',
  'BaseboardStartHeight',
  'BaseboardEndHeight',
  'DoorCoverStartMargin',
  'DoorCoverEndMargin',
] as const satisfies readonly (keyof RuleFormValues)[];

export const POSITION_FIELDS = ['Name', 'OffsetMm', 'HeightMm', 'AngleDeg'] as const;

/** Fields whose rules read each other: readings (min <= initial <= max) and the two line pairs. */
export const RULE_GROUPS: readonly (readonly (keyof RuleFormValues)[])[] = [
  ['MinReadings', 'InitialReadings', 'MaxReadings'],
  ['BaseboardStartHeight', 'BaseboardEndHeight'],
  ['DoorCoverStartMargin', 'DoorCoverEndMargin'],
];

/** The other fields of a field's group, for antd `dependencies`. */
export const ruleDependencies = (field: keyof RuleFormValues) =>
  (RULE_GROUPS.find((group) => group.includes(field)) ?? []).filter((other) => other !== field);

export function ruleFormValuesOf(rule: MeasureRule): RuleFormValues {
  return {
    MinReadings: rule.MinReadings,
    InitialReadings: rule.InitialReadings,
    MaxReadings: rule.MaxReadings,
    RulerLength: rule.RulerLength,
    RulerPositions: rule.RulerPositions.map((position) => ({ ...position })),
    ManualEntry: rule.ManualEntry,
    BaseboardStartHeight: rule.BaseboardStartHeight,
    BaseboardEndHeight: rule.BaseboardEndHeight,
    DoorCoverStartMargin: rule.DoorCoverStartMargin,
    DoorCoverEndMargin: rule.DoorCoverEndMargin,
  };
}

const numberOrNull = (value: number | null | undefined) => (typeof value === 'number' ? value : null);

/** The Update body of the form for one library item. */
export function rulePayload(values: RuleFormValues, measureItemId: string) {
  return {
    MeasureItemId: measureItemId,
    MinReadings: numberOrNull(values.MinReadings),
    InitialReadings: numberOrNull(values.InitialReadings),
    MaxReadings: numberOrNull(values.MaxReadings),
    RulerLength: numberOrNull(values.RulerLength),
    RulerPositions: (values.RulerPositions ?? []).map((position) => ({
      Name: (position.Name ?? '').trim(),
      OffsetMm: numberOrNull(position.OffsetMm),
      HeightMm: numberOrNull(position.HeightMm),
      AngleDeg: numberOrNull(position.AngleDeg) ?? 0,
    })),
    ManualEntry: values.ManualEntry ?? false,
    BaseboardStartHeight: numberOrNull(values.BaseboardStartHeight),
    BaseboardEndHeight: numberOrNull(values.BaseboardEndHeight),
    DoorCoverStartMargin: numberOrNull(values.DoorCoverStartMargin),
    DoorCoverEndMargin: numberOrNull(values.DoorCoverEndMargin),
  };
}

/**
 * Every problem of the form under the contract's rule schema, by field path. The item id is not a
 * form field: a placeholder id keeps it out of the answer.
 */
export const ruleProblems = (values: RuleFormValues) =>
  problemsByPath(measureRuleInputSchema, rulePayload(values, '00000000-0000-4000-8000-000000000000'));

/** True for a path the rule form shows: a top field or a field of an existing ruler position. */
export function isRuleFormPath(path: FieldPath, positionCount: number): boolean {
  const [first, index, field] = path;
  if (path.length === 1) return (RULE_FIELDS as readonly unknown[]).includes(first);
  return (
    first === 'RulerPositions' &&
    typeof index === 'number' &&
    index < positionCount &&
    path.length === 3 &&
    (POSITION_FIELDS as readonly unknown[]).includes(field)
  );
}

export const newRulerPosition = (): RulerPositionValues => ({
  Name: '',
  OffsetMm: 50,
  HeightMm: 50,
  AngleDeg: 0,
});

export const canAddRulerPosition = (count: number) => count < STANDARD_LIMITS.maxRulerPositions;

/** "[100, 150]" for a line pair, or null when the line is not measured. */
export const lineText = (start: number | null, end: number | null) =>
  start === null || end === null ? null : `[${start}, ${end}]`;
