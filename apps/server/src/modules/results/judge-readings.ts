import { emptyCounts, type FigureCounts, toFigures, type Figures } from '@measure/contract';
import type { FrozenItem } from '../../db/json-types.ts';
import { type FrozenStandard, Grade, judgeInto } from '../standards/judging/judge.ts';

/** The judged form of one item's readings at one site, ready to store. */
export interface JudgedReading {
  judged: number[] | null;
  grades: number[] | null;
  qualified: number;
  warning: number;
  unqualified: number;
  exploded: number;
  unjudged: number;
}

/** The judging engine's standard of a task's frozen item. */
export const standardOfItem = (item: FrozenItem): FrozenStandard => ({
  mode: item.Mode,
  left: item.Left,
  right: item.Right,
  warnLeft: item.WarnLeft,
  warnRight: item.WarnRight,
  exploded: item.Exploded,
});

/**
 * Judges one item's values at one site against the task's frozen item (domain.md section 4).
 * Invalid values (`valid[i]` false, marked by a reviewer) are kept but count nowhere; in range mode
 * they are left out of the spot group. A deviation item without a design value is not judged: its
 * valid values count as `unjudged` and nowhere else.
 */
export function judgeReading(
  item: FrozenItem,
  values: readonly number[],
  valid: readonly boolean[],
  design: number | null,
): JudgedReading {
  const result: JudgedReading = {
    judged: null,
    grades: null,
    qualified: 0,
    warning: 0,
    unqualified: 0,
    exploded: 0,
    unjudged: 0,
  };
  const standard = standardOfItem(item);
  if (item.Mode === 'deviation' && design === null) {
    result.unjudged = valid.filter(Boolean).length;
    return result;
  }
  if (item.Mode === 'range') {
    // One spot group: the site's valid values; its max - min is the one judged value.
    const spots = values.filter((_, index) => valid[index]);
    if (spots.length === 0) return result;
    const judged = new Float64Array(1);
    const grades = new Uint8Array(1);
    Object.assign(result, judgeInto(standard, spots, judged, grades));
    result.judged = [judged[0] as number];
    result.grades = [grades[0] as number];
    return result;
  }
  const judged = new Float64Array(values.length);
  const grades = new Uint8Array(values.length);
  judgeInto(standard, values, judged, grades, { design });
  for (let index = 0; index < values.length; index += 1) {
    if (!valid[index]) continue;
    const grade = grades[index];
    if (grade === Grade.qualified) result.qualified += 1;
    else if (grade === Grade.warning) result.warning += 1;
    else if (grade === Grade.unqualified) result.unqualified += 1;
    else result.exploded += 1;
  }
  result.judged = plainArray(judged);
  result.grades = plainArray(grades);
  return result;
}

/** A typed array's numbers as a plain array (Array.from walks an iterator: several times slower). */
function plainArray(typed: Float64Array | Uint8Array): number[] {
  const out = new Array<number>(typed.length);
  for (let index = 0; index < typed.length; index += 1) out[index] = typed[index] as number;
  return out;
}

/** Counts of one site from its judged readings (Sites 1; ExplodedSites 1 when any value exploded). */
export function siteCounts(
  readings: readonly Pick<JudgedReading, 'qualified' | 'warning' | 'unqualified' | 'exploded' | 'unjudged'>[],
): FigureCounts {
  const counts = emptyCounts();
  for (const reading of readings) {
    counts.qualified += reading.qualified;
    counts.warning += reading.warning;
    counts.unqualified += reading.unqualified;
    counts.exploded += reading.exploded;
    counts.unjudged += reading.unjudged;
  }
  counts.sites = 1;
  counts.explodedSites = counts.exploded > 0 ? 1 : 0;
  return counts;
}

export function addFigureCounts(target: FigureCounts, source: FigureCounts): FigureCounts {
  target.qualified += source.qualified;
  target.warning += source.warning;
  target.unqualified += source.unqualified;
  target.exploded += source.exploded;
  target.unjudged += source.unjudged;
  target.sites += source.sites;
  target.explodedSites += source.explodedSites;
  return target;
}

/** Figures from stored count columns (rows of sites, readings or rollups). */
export function figuresOf(row: {
  qualified: number;
  warning: number;
  unqualified: number;
  exploded: number;
  unjudged: number;
  sites: number;
  explodedSites: number;
}): Figures {
  return toFigures(row);
}
