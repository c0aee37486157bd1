import type { DIMENSIONS } from '@measure/contract';
import {
  measureItemInputSchema,
  STANDARD_LIMITS,
  type JudgingModeName,
  type MeasureItemRow,
  type Stage,
} from '@measure/contract';
import { problemsByPath, type FieldPath } from './formIssues.ts';

export type Dimension = (typeof DIMENSIONS)[number];

/** One standard (variant) row of the item form; empty number inputs are null. */
export interface StandardFormValues {
  Name: string;
  NameEn?: string | null;
  Left: number | null;
  Right: number | null;
  WarnLeft: number | null;
  WarnRight: number | null;
  /** Empty: the default, twice the width of the standard. */
  Exploded: number | null;
}

export interface ItemFormValues {
  Code: string;
  NameZh: string;
  NameEn: string;
  Stage: Stage;
  Mode: JudgingModeName;
  Concrete: boolean;
  Dimension: Dimension | null;
  NeedsDesign: boolean;
  Standards: StandardFormValues[];
}

export const ITEM_FIELDS = [
  'Code',
  'NameZh',
  'NameEn',
  'Stage',
  'Mode',
  'Concrete',
  'Dimension',
  'NeedsDesign',
  'Standards',
] as const satisfies readonly (keyof ItemFormValues)[];

export const STANDARD_FIELDS = [
  'Name',
  'NameEn',
  'Left',
  'Right',
  'WarnLeft',
  'WarnRight',
  'Exploded',
] as const satisfies readonly (keyof StandardFormValues)[];

/** The four values whose rules depend on each other (and on Concrete). */
export const STANDARD_VALUE_FIELDS = ['Left', 'Right', 'WarnLeft', 'WarnRight'] as const;

/** A new standard row: the next free default name, a [0, 0] range to fill in. */
export function newStandard(existing: readonly Pick<StandardFormValues, 'Name'>[], baseName: string) {
  const names = new Set(existing.map((standard) => standard.Name));
  let name = existing.length === 0 ? baseName : `${baseName}${existing.length + 1}`;
  for (let n = existing.length + 2; names.has(name); n += 1) name = `${baseName}${n}`;
  return {
    Name: name,
    NameEn: '',
    Left: 0,
    Right: null,
    WarnLeft: 0,
    WarnRight: null,
    Exploded: null,
  } satisfies StandardFormValues;
}

export function newItemValues(stage: Stage, standardName: string): ItemFormValues {
  return {
    Code: '',
    NameZh: '',
    NameEn: '',
    Stage: stage,
    Mode: 'absolute',
    Concrete: false,
    Dimension: null,
    NeedsDesign: false,
    Standards: [newStandard([], standardName)],
  };
}

export function itemFormValuesOf(row: MeasureItemRow): ItemFormValues {
  return {
    Code: row.Code,
    NameZh: row.NameZh,
    NameEn: row.NameEn,
    Stage: row.Stage,
    Mode: row.Mode,
    Concrete: row.Concrete,
    Dimension: row.Dimension,
    NeedsDesign: row.NeedsDesign,
    Standards: row.Standards.map((standard) => ({
      Name: standard.Name,
      NameEn: standard.NameEn ?? '',
      Left: standard.Left,
      Right: standard.Right,
      WarnLeft: standard.WarnLeft,
      WarnRight: standard.WarnRight,
      Exploded: standard.Exploded,
    })),
  };
}

const text = (value: string | null | undefined) => (value ?? '').trim();

/** The `Classes` entry of the form (library item: MeasureItemId when it exists already). */
export function itemPayload(values: ItemFormValues, measureItemId?: string) {
  return {
    ...(measureItemId ? { MeasureItemId: measureItemId } : {}),
    Code: text(values.Code),
    NameZh: text(values.NameZh),
    NameEn: text(values.NameEn),
    Stage: values.Stage,
    Mode: values.Mode,
    Concrete: values.Concrete ?? false,
    Dimension: values.Dimension ?? null,
    // Deviation items always need a design value (the server sets it too).
    NeedsDesign: values.Mode === 'deviation' ? true : (values.NeedsDesign ?? false),
    Standards: (values.Standards ?? []).map((standard) => ({
      Name: text(standard.Name),
      NameEn: text(standard.NameEn) || null,
      Left: standard.Left,
      Right: standard.Right,
      WarnLeft: standard.WarnLeft,
      WarnRight: standard.WarnRight,
      Exploded: standard.Exploded ?? null,
    })),
  };
}

/** Every problem of the form's values under the contract's item rules, by field path. */
export const itemProblems = (values: ItemFormValues) =>
  problemsByPath(measureItemInputSchema, itemPayload(values));

/** Server paths of one item in `Classes`: only the first (the dialog saves one item). */
export const ITEM_PREFIX = /^Classes\[0\]\.?/;

/** True for a path the item form shows: a top field or a field of an existing standard row. */
export function isItemFormPath(path: FieldPath, standardCount: number): boolean {
  const [first, index, field] = path;
  if (path.length === 1) return (ITEM_FIELDS as readonly unknown[]).includes(first);
  return (
    first === 'Standards' &&
    typeof index === 'number' &&
    index < standardCount &&
    path.length === 3 &&
    (STANDARD_FIELDS as readonly unknown[]).includes(field)
  );
}

/** "[0, 4]" with the numbers as the user typed them. */
export const rangeText = (left: number, right: number) => `[${left}, ${right}]`;

/** Whether another standard can be added (the contract's limit per item). */
export const canAddStandard = (count: number) => count < STANDARD_LIMITS.maxStandardsPerItem;
