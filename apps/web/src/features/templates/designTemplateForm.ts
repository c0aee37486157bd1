import type { DesignTemplate, MeasureItemRow, ProjectStandard, Stage } from '@measure/contract';

/** A measure item a template may hold: an enabled item of the project's standards. */
export interface TemplateItemOption {
  MeasureItemId: string;
  Code: string;
  Name: string;
  Stage: Stage;
  StageName: string;
  NeedsDesign: boolean;
  Mode: MeasureItemRow['Mode'];
  Dimension: MeasureItemRow['Dimension'];
}

export interface TemplateItemValues {
  MeasureItemId?: string;
  DesignValue?: number | null;
}

export interface TemplateFormValues {
  Name: string;
  Items: TemplateItemValues[];
}

/** The enabled items of every stage of the project's standards (the server accepts only these). */
export function templateItemOptions(copies: readonly ProjectStandard[]): TemplateItemOption[] {
  return copies.flatMap((copy) =>
    copy.Classes.filter((item) => item.Enabled).map((item) => ({
      MeasureItemId: item.MeasureItemId,
      Code: item.Code,
      Name: item.Name,
      Stage: item.Stage,
      StageName: copy.StageName,
      NeedsDesign: item.NeedsDesign,
      Mode: item.Mode,
      Dimension: item.Dimension,
    })),
  );
}

/** Net height items, as the server counts them: deviation items that read a height. */
export const isNetHeight = (item: Pick<TemplateItemOption, 'Mode' | 'Dimension'>) =>
  item.Mode === 'deviation' && item.Dimension === 'height';

/**
 * Rows that hold a second (third, ...) net height item: only one net height design value can be
 * saved, and the server names the later ones.
 */
export function extraNetHeightRows(
  rows: readonly TemplateItemValues[] | undefined,
  options: readonly TemplateItemOption[],
): number[] {
  const byId = new Map(options.map((option) => [option.MeasureItemId, option]));
  let seen = 0;
  const extra: number[] = [];
  (rows ?? []).forEach((row, index) => {
    const option = row.MeasureItemId ? byId.get(row.MeasureItemId) : undefined;
    if (option && isNetHeight(option) && ++seen > 1) extra.push(index);
  });
  return extra;
}

/** True when another row already holds the same measure item (each item once per template). */
export function isDuplicateItem(rows: readonly TemplateItemValues[] | undefined, index: number): boolean {
  const own = rows?.[index]?.MeasureItemId;
  if (!own) return false;
  return (rows ?? []).some((row, other) => other !== index && row.MeasureItemId === own);
}

/** Items that need a design value and are not in the template (measuring them would lack one). */
export function missingDesignItems(
  options: readonly TemplateItemOption[],
  rows: readonly TemplateItemValues[] | undefined,
): TemplateItemOption[] {
  const chosen = new Set((rows ?? []).map((row) => row.MeasureItemId));
  return options.filter((option) => option.NeedsDesign && !chosen.has(option.MeasureItemId));
}

export function templateFormValues(template: DesignTemplate | null): TemplateFormValues {
  if (!template) return { Name: '', Items: [] };
  return {
    Name: template.Name,
    Items: template.Items.map((item) => ({
      MeasureItemId: item.MeasureItemId,
      DesignValue: item.DesignValue,
    })),
  };
}

/** The UpdateMeasureTemplate body of the form (rows without an item are left out). */
export function templatePayload(projectId: string, templateId: string | null, values: TemplateFormValues) {
  return {
    ProjectId: projectId,
    TemplateId: templateId,
    Name: values.Name.trim(),
    Items: (values.Items ?? [])
      .filter((row) => row.MeasureItemId)
      .map((row) => ({ MeasureItemId: row.MeasureItemId as string, DesignValue: row.DesignValue ?? NaN })),
  };
}

/** The template a house type uses: the one naming it, else the project's default. */
export function templateOfHouseType(
  templates: readonly DesignTemplate[],
  houseMapId: string,
): DesignTemplate | undefined {
  return (
    templates.find((template) => template.HouseMapIds.includes(houseMapId)) ??
    templates.find((template) => template.IsDefault)
  );
}
