import type { GRADE_NAMES, RouteResult, resultsRoutes } from '@measure/contract';

export type GradeName = (typeof GRADE_NAMES)[number];
export type ManualItem = RouteResult<typeof resultsRoutes.getManualMeasureSummaryItems>['Items'][number];

/** The grade of one judged value (domain.md section 4); the server's judging is the truth. */
export function gradeOf(value: number, standard: ManualItem['Standard']): GradeName {
  if (value >= standard.WarnLeft && value <= standard.WarnRight) return 'qualified';
  if (value >= standard.Left && value <= standard.Right) return 'warning';
  return value < standard.Left - standard.Exploded || value > standard.Right + standard.Exploded
    ? 'exploded'
    : 'unqualified';
}

/**
 * A preview of the grades while typing: absolute items per value, range items one grade for max - min
 * of the values; deviation items need the design value of the room's site type, known to the server
 * only, so they get none.
 */
export function previewGrades(item: ManualItem, values: readonly number[]): GradeName[] {
  if (values.length === 0 || item.Mode === 'deviation') return [];
  if (item.Mode === 'range') {
    return values.length < 2 ? [] : [gradeOf(Math.max(...values) - Math.min(...values), item.Standard)];
  }
  return values.map((value) => gradeOf(value, item.Standard));
}

export const GRADE_COLOR: Record<GradeName, string> = {
  qualified: 'success',
  warning: 'gold',
  unqualified: 'orange',
  exploded: 'error',
};
