import { type GradeName, PLAN_GRADE_FILL } from '@measure/contract';
import type { FrozenItem } from '../../db/json-types.ts';
import { isFlatnessItem } from '../review/grinding.ts';

/** The grade colours of the deviation map: the same as the labelled plans'. */
export const GRADE_COLORS: Record<GradeName, string> = {
  qualified: PLAN_GRADE_FILL.qualified,
  warning: PLAN_GRADE_FILL.warning,
  unqualified: PLAN_GRADE_FILL.unqualified,
  exploded: PLAN_GRADE_FILL.exploded,
};

/**
 * A verticality item, recognised as review/grinding.ts recognises flatness: an absolute item named so
 * in either language (the library has no item kind).
 */
export function isVerticalityItem(item: Pick<FrozenItem, 'Mode' | 'NameZh' | 'NameEn'>): boolean {
  return item.Mode === 'absolute' && (item.NameZh.includes('垂直') || /verticality|plumb/i.test(item.NameEn));
}

/** The task's frozen flatness and verticality items (the first of each), null when it has none. */
export function scanItemsOf(items: readonly FrozenItem[]) {
  return {
    flatness: items.find((item) => isFlatnessItem(item)) ?? null,
    verticality: items.find((item) => isVerticalityItem(item)) ?? null,
  };
}

/**
 * The deviation map's legend: each grade's colour and the flatness standard's bounds in mm
 * (qualified within the warning bounds, warning within the standard, exploded beyond the exploded
 * threshold). Without a flatness item the bounds are null.
 */
export function legendOf(flatness: FrozenItem | null) {
  const bound = (value: number | undefined) => (value === undefined ? null : value);
  const right = flatness?.Right;
  const beyond = flatness ? flatness.Right + flatness.Exploded : undefined;
  return [
    { Grade: 'qualified' as const, FromMm: bound(flatness?.WarnLeft), ToMm: bound(flatness?.WarnRight) },
    { Grade: 'warning' as const, FromMm: bound(flatness?.Left), ToMm: bound(right) },
    { Grade: 'unqualified' as const, FromMm: bound(right), ToMm: bound(beyond) },
    { Grade: 'exploded' as const, FromMm: bound(beyond), ToMm: null },
  ].map((entry) => ({ ...entry, Color: GRADE_COLORS[entry.Grade] }));
}
