import type { MeasureItemRow, Stage, StandardMessageKey } from '@measure/contract';
import { STAGE_LABELS, standardProblems } from '@measure/contract';
import { fieldPathOf } from '../../shared/forms/serverErrors.ts';

/** One standard (variant) of an item as the stage form edits it; empty number inputs are null. */
export interface StandardValues {
  Name: string;
  NameEn: string | null;
  Left: number | null;
  Right: number | null;
  WarnLeft: number | null;
  WarnRight: number | null;
  Exploded: number | null;
}

export interface StageItemValues {
  MeasureItemId: string;
  Enabled: boolean;
  Selected: number;
  Standards: StandardValues[];
}

export interface StageFormValues {
  items: StageItemValues[];
}

export const STANDARD_FIELDS = ['Left', 'Right', 'WarnLeft', 'WarnRight'] as const;
export type StandardField = (typeof STANDARD_FIELDS)[number];

export const itemName = (item: Pick<MeasureItemRow, 'NameZh' | 'NameEn'>, language: string) =>
  language === 'en-US' ? item.NameEn : item.NameZh;

export const standardName = (standard: { Name: string; NameEn: string | null }, language: string) =>
  language === 'en-US' ? (standard.NameEn ?? standard.Name) : standard.Name;

export function toStageFormValues(rows: readonly MeasureItemRow[]): StageFormValues {
  return {
    items: rows.map((row) => ({
      MeasureItemId: row.MeasureItemId,
      Enabled: row.Enabled,
      Selected: row.Selected,
      Standards: row.Standards.map((standard) => ({
        Name: standard.Name,
        NameEn: standard.NameEn,
        Left: standard.Left,
        Right: standard.Right,
        WarnLeft: standard.WarnLeft,
        WarnRight: standard.WarnRight,
        Exploded: standard.Exploded,
      })),
    })),
  };
}

/**
 * The cross-field problem of one standard for one of its fields (range, left <= right, warning
 * inside), from the contract's own check; null while a value is missing (its own rule reports that).
 */
export function standardFieldProblem(
  standard: Partial<StandardValues> | undefined,
  concrete: boolean,
  field: StandardField,
): StandardMessageKey | null {
  const values = STANDARD_FIELDS.map((name) => standard?.[name]);
  if (values.some((value) => typeof value !== 'number' || !Number.isFinite(value))) return null;
  const [Left, Right, WarnLeft, WarnRight] = values as number[];
  const problem = standardProblems(
    { Left: Left ?? 0, Right: Right ?? 0, WarnLeft: WarnLeft ?? 0, WarnRight: WarnRight ?? 0 },
    concrete,
  ).find((candidate) => candidate.field === field);
  return problem?.key ?? null;
}

const sameStandards = (row: MeasureItemRow, values: StageItemValues) =>
  row.Standards.length === values.Standards.length &&
  row.Standards.every((standard, index) => {
    const edited = values.Standards[index];
    return (
      edited !== undefined &&
      [...STANDARD_FIELDS, 'Exploded' as const].every((field) => standard[field] === edited[field])
    );
  });

/** The Update body item of an edited row: identity fields as stored, Standards, Selected and Enabled edited. */
function toClass(row: MeasureItemRow, values: StageItemValues) {
  return {
    MeasureItemId: row.MeasureItemId,
    Code: row.Code,
    NameZh: row.NameZh,
    NameEn: row.NameEn,
    Stage: row.Stage,
    Mode: row.Mode,
    Concrete: row.Concrete,
    Dimension: row.Dimension,
    NeedsDesign: row.NeedsDesign,
    Unit: row.Unit,
    Enabled: values.Enabled,
    Selected: values.Selected,
    Standards: values.Standards.map((standard) => ({
      Name: standard.Name,
      NameEn: standard.NameEn,
      Left: standard.Left as number,
      Right: standard.Right as number,
      WarnLeft: standard.WarnLeft as number,
      WarnRight: standard.WarnRight as number,
      Exploded: standard.Exploded,
    })),
  };
}
export type StageClassInput = ReturnType<typeof toClass>;

/**
 * The rows the user changed, as Update's `Classes`, with the form row of each (server field errors
 * name the position in `Classes`).
 */
export function changedClasses(
  rows: readonly MeasureItemRow[],
  values: StageFormValues,
): { classes: StageClassInput[]; rowIndexes: number[] } {
  const classes: StageClassInput[] = [];
  const rowIndexes: number[] = [];
  rows.forEach((row, index) => {
    const edited = values.items[index];
    if (!edited || edited.MeasureItemId !== row.MeasureItemId) return;
    if (edited.Enabled === row.Enabled && edited.Selected === row.Selected && sameStandards(row, edited))
      return;
    classes.push(toClass(row, edited));
    rowIndexes.push(index);
  });
  return { classes, rowIndexes };
}

/** A server field error (`Classes[i].Standards[j].Left`) as the form field it belongs to, or null. */
export function stageFormPathOf(field: string, rowIndexes: readonly number[]): (string | number)[] | null {
  const [root, position, ...rest] = fieldPathOf(field);
  if (root !== 'Classes' || typeof position !== 'number') return null;
  const row = rowIndexes[position];
  if (row === undefined || rest.length === 0) return null;
  return ['items', row, ...rest];
}

/** How a copy's item stands against the library: the same, changed there since it was taken, or gone. */
export type LibraryState = 'current' | 'changed' | 'removed';

export function libraryStateOf(
  item: Pick<MeasureItemRow, 'MeasureItemId' | 'UpdateTime'>,
  library: ReadonlyMap<string, Pick<MeasureItemRow, 'UpdateTime'>>,
): LibraryState {
  const source = library.get(item.MeasureItemId);
  if (!source) return 'removed';
  return source.UpdateTime === item.UpdateTime ? 'current' : 'changed';
}

/** Library items of the stage that the copy does not have yet. */
export function newLibraryItems<T extends Pick<MeasureItemRow, 'MeasureItemId' | 'Stage'>>(
  stage: Stage,
  copy: readonly Pick<MeasureItemRow, 'MeasureItemId'>[],
  library: readonly T[],
): T[] {
  const copied = new Set(copy.map((item) => item.MeasureItemId));
  return library.filter((item) => item.Stage === stage && !copied.has(item.MeasureItemId));
}

/** A stage's name in the UI language (the contract holds both). */
export const stageLabel = (stage: Stage, language: string) =>
  STAGE_LABELS[stage][language === 'en-US' ? 'en-US' : 'zh-CN'];
