import type { Language, MeasureItemRow } from '@measure/contract';
import { defaultExplodedThreshold, type FrozenStandard } from './judging/judge.ts';
import {
  type ItemRecord,
  type StoredItem,
  type StoredStandard,
  toStoredItem,
} from './standards-repository.ts';

/** The frozen standard of an item (its selected standard) as the judging engine takes it. */
export function frozenStandardOf(item: StoredItem): FrozenStandard {
  const standard = (item.Standards[item.Selected] ?? item.Standards[0]) as StoredStandard;
  return {
    mode: item.Mode,
    left: standard.Left,
    right: standard.Right,
    warnLeft: standard.WarnLeft,
    warnRight: standard.WarnRight,
    exploded: standard.Exploded,
  };
}

/** A stored item (library or project copy) as the API shows it. */
export function toRow(item: StoredItem, lang: Language): MeasureItemRow {
  return {
    MeasureItemId: item.MeasureItemId,
    Code: item.Code,
    NameZh: item.NameZh,
    NameEn: item.NameEn,
    Name: lang === 'en-US' ? item.NameEn : item.NameZh,
    Stage: item.Stage,
    Mode: item.Mode,
    Concrete: item.Concrete,
    Dimension: item.Dimension,
    NeedsDesign: item.NeedsDesign,
    External: item.External ?? false,
    Unit: 'mm',
    Standards: item.Standards.map((standard) => ({
      Name: standard.Name,
      NameEn: standard.NameEn ?? null,
      Left: standard.Left,
      Right: standard.Right,
      WarnLeft: standard.WarnLeft,
      WarnRight: standard.WarnRight,
      Exploded: standard.Exploded ?? null,
      ExplodedEffective: standard.Exploded ?? defaultExplodedThreshold(standard.Left, standard.Right),
    })),
    Enabled: item.Enabled,
    Selected: item.Selected,
    Rule: item.Rule,
    UpdateTime: item.UpdateTime,
  };
}

export const libraryRow = (item: ItemRecord, lang: Language) => toRow(toStoredItem(item), lang);
