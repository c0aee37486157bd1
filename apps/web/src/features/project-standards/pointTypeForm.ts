import type { MeasureItemRow, PointType, ProjectStandard, Stage } from '@measure/contract';
import { STAGES } from '@measure/contract';
import { isApiError } from '../../shared/api/errors.ts';
import { fieldPathOf } from '../../shared/forms/serverErrors.ts';
import { itemName, stageLabel } from './stageForm.ts';

/** One measure item of a site type as the form edits it; empty inputs are null / ''. */
export interface SiteItemValues {
  MeasureItemId: string;
  DesignValue: number | null;
  WarningValue: number | null;
  Standard: string;
}

export interface SiteFormValues {
  items: SiteItemValues[];
}

export function toSiteFormValues(pointType: Pick<PointType, 'MeasureItems'>): SiteFormValues {
  return {
    items: pointType.MeasureItems.map((item) => ({
      MeasureItemId: item.MeasureItemId,
      DesignValue: item.DesignValue,
      WarningValue: item.WarningValue,
      Standard: item.Standard ?? '',
    })),
  };
}

/** SavePointTypeMeasureItem's MeasureItems: an empty standard text means the project's selected standard. */
export const toSaveItems = (values: SiteFormValues) =>
  values.items.map((item) => ({
    MeasureItemId: item.MeasureItemId,
    DesignValue: item.DesignValue ?? null,
    WarningValue: item.WarningValue ?? null,
    Standard: item.Standard.trim() === '' ? null : item.Standard.trim(),
  }));

/** Every item of the project's copies by id (an item belongs to one stage). */
export function projectItemsById(
  copies: readonly Pick<ProjectStandard, 'Classes'>[],
): Map<string, MeasureItemRow> {
  return new Map(copies.flatMap((copy) => copy.Classes.map((item) => [item.MeasureItemId, item] as const)));
}

/** Items reading a height hold the net height design value; the server keeps only one (as it counts them). */
export const readsHeight = (item: Pick<MeasureItemRow, 'Dimension'> | undefined) =>
  item?.Dimension === 'height';

/**
 * The rows whose design value is one net height too many: every height-reading row with a design
 * value after the first (the server refuses the second one).
 */
export function extraNetHeightRows(
  items: readonly Pick<SiteItemValues, 'MeasureItemId' | 'DesignValue'>[],
  byId: ReadonlyMap<string, Pick<MeasureItemRow, 'Dimension'>>,
): number[] {
  const rows = items.flatMap((item, index) =>
    readsHeight(byId.get(item.MeasureItemId)) && item.DesignValue !== null && item.DesignValue !== undefined
      ? [index]
      : [],
  );
  return rows.slice(1);
}

/** Rows of items that need a design value (deviation items and those marked so) and have none. */
export function rowsMissingDesign(
  items: readonly Pick<SiteItemValues, 'MeasureItemId' | 'DesignValue'>[],
  byId: ReadonlyMap<string, Pick<MeasureItemRow, 'NeedsDesign'>>,
): number[] {
  return items.flatMap((item, index) =>
    byId.get(item.MeasureItemId)?.NeedsDesign && (item.DesignValue === null || item.DesignValue === undefined)
      ? [index]
      : [],
  );
}

/** The project's selected standard of an item as the server writes it when no text is sent: "[L, R]". */
export function defaultStandardText(
  item: Pick<MeasureItemRow, 'Standards' | 'Selected'> | undefined,
): string {
  const standard = item ? (item.Standards[item.Selected] ?? item.Standards[0]) : undefined;
  return standard ? `[${standard.Left}, ${standard.Right}]` : '';
}

export interface PickerGroup {
  stage: Stage;
  label: string;
  options: { value: string; label: string }[];
}

/** The enabled items of the project's standards not on the site type yet, grouped by stage in stage order. */
export function pickerGroups(
  copies: readonly Pick<ProjectStandard, 'Stage' | 'Classes'>[],
  taken: ReadonlySet<string>,
  language: string,
): PickerGroup[] {
  return STAGES.flatMap((stage) => {
    const options = copies
      .filter((copy) => copy.Stage === stage)
      .flatMap((copy) => copy.Classes)
      .filter((item) => item.Enabled && !taken.has(item.MeasureItemId))
      .map((item) => ({ value: item.MeasureItemId, label: `${item.Code} ${itemName(item, language)}` }));
    return options.length ? [{ stage, label: stageLabel(stage, language), options }] : [];
  });
}

/** A server field error (`MeasureItems[i].DesignValue`) as the form field it belongs to, or null. */
export function siteFormPathOf(field: string): (string | number)[] | null {
  const [root, position, ...rest] = fieldPathOf(field);
  if (root !== 'MeasureItems' || typeof position !== 'number' || rest.length === 0) return null;
  return ['items', position, ...rest];
}

/** The "continue?" question of a save refused for missing design values (Code 409 on Field "Confirmed"). */
export function confirmationAsked(error: unknown): string | null {
  if (!isApiError(error) || error.code !== 409) return null;
  const asked = error.fieldErrors.find((item) => item.Field === 'Confirmed');
  return asked ? asked.Message || error.message : null;
}
