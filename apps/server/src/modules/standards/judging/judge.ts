/**
 * The judging engine (domain.md section 4): turns a site's readings into judged values, grades,
 * counts and a pass rate, against an item's frozen standard. Pure: no I/O, no clock, no database.
 *
 * Judged value by mode:
 * - absolute: the reading itself (a gap under the ruler);
 * - deviation: reading - design value;
 * - range: max - min of a spot group (all readings of the site, or consecutive groups of
 *   `groupSize` readings), one judged value per group.
 * Deviation and range values are rounded to 1e-6 mm so that decimal input such as
 * 2000.1 - 2000 lands exactly on a boundary (0.1) instead of 0.09999999999990905.
 *
 * Grades for a judged value v, standard [L, R], warning range [wL, wR] (L <= wL <= wR <= R) and
 * exploded threshold E (a distance beyond the standard's edge; default 2 * (R - L)):
 * qualified wL <= v <= wR; warning L <= v <= R otherwise; exploded v < L - E or v > R + E
 * (strictly more than E beyond the edge); unqualified otherwise. Pass = qualified + warning.
 */

export const JUDGING_MODES = ['absolute', 'deviation', 'range'] as const;
export type JudgingMode = (typeof JUDGING_MODES)[number];

/** Grade codes, as stored in a Uint8Array. */
export const Grade = { qualified: 0, warning: 1, unqualified: 2, exploded: 3 } as const;
export type GradeCode = (typeof Grade)[keyof typeof Grade];
export const GRADE_NAMES = ['qualified', 'warning', 'unqualified', 'exploded'] as const;
export type GradeName = (typeof GRADE_NAMES)[number];

/** The standard of one measure item as frozen into a project or task. */
export interface FrozenStandard {
  readonly mode: JudgingMode;
  readonly left: number;
  readonly right: number;
  readonly warnLeft: number;
  readonly warnRight: number;
  /** Distance beyond the standard's edge after which a reading is exploded; null/undefined: default. */
  readonly exploded?: number | null;
}

export interface GradeCounts {
  qualified: number;
  warning: number;
  unqualified: number;
  exploded: number;
  /** All judged values (the four counts add up to it). */
  total: number;
}

export interface SiteJudgement extends GradeCounts {
  /** One judged value per reading (per group in range mode). */
  readonly values: Float64Array;
  readonly grades: Uint8Array;
  /** (qualified + warning) / total; null when nothing was judged. */
  readonly passRate: number | null;
}

export interface JudgeOptions {
  /** Deviation mode: the design value of the site (required). */
  readonly design?: number | null;
  /** Range mode: readings per spot group; default all readings of the site form one group. */
  readonly groupSize?: number;
}

/** The default exploded threshold: twice the width of the standard (domain.md section 4). */
export function defaultExplodedThreshold(left: number, right: number): number {
  return 2 * (right - left);
}

export function explodedThresholdOf(standard: FrozenStandard): number {
  return standard.exploded ?? defaultExplodedThreshold(standard.left, standard.right);
}

/** Throws RangeError unless L <= wL <= wR <= R, all finite, and E >= 0. */
export function assertValidStandard(standard: FrozenStandard): void {
  const { left, right, warnLeft, warnRight } = standard;
  const exploded = explodedThresholdOf(standard);
  const finite = [left, right, warnLeft, warnRight, exploded].every((value) => Number.isFinite(value));
  if (!finite || !(left <= warnLeft && warnLeft <= warnRight && warnRight <= right) || exploded < 0) {
    throw new RangeError('invalid standard: need L <= wL <= wR <= R and E >= 0');
  }
  if (!JUDGING_MODES.includes(standard.mode)) throw new RangeError(`unknown mode ${standard.mode}`);
}

const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;

/** Grade of one judged value (the hot loop inlines the same comparisons). */
export function gradeOf(value: number, standard: FrozenStandard): GradeCode {
  const { left, right, warnLeft, warnRight } = standard;
  if (value >= warnLeft && value <= warnRight) return Grade.qualified;
  if (value >= left && value <= right) return Grade.warning;
  const exploded = explodedThresholdOf(standard);
  return value < left - exploded || value > right + exploded ? Grade.exploded : Grade.unqualified;
}

/** The number of judged values `judgeInto` writes for `readingCount` readings. */
export function judgedCount(mode: JudgingMode, readingCount: number, groupSize?: number): number {
  if (mode !== 'range') return readingCount;
  if (readingCount === 0) return 0;
  return groupSize === undefined ? 1 : Math.ceil(readingCount / groupSize);
}

/**
 * Judges `readings` into caller-owned `values` and `grades` (at least `judgedCount` long) without
 * allocating per reading; returns the counts. Throws RangeError on an invalid standard, a missing
 * design value in deviation mode, a bad group size, or a non-finite reading.
 */
export function judgeInto(
  standard: FrozenStandard,
  readings: ArrayLike<number>,
  values: Float64Array,
  grades: Uint8Array,
  options: JudgeOptions = {},
): GradeCounts {
  assertValidStandard(standard);
  const { mode, left, right, warnLeft, warnRight } = standard;
  const exploded = explodedThresholdOf(standard);
  const lowExploded = left - exploded;
  const highExploded = right + exploded;
  const design = options.design ?? null;
  if (mode === 'deviation' && (design === null || !Number.isFinite(design))) {
    throw new RangeError('deviation mode needs a finite design value');
  }
  const groupSize = options.groupSize;
  if (groupSize !== undefined && !(Number.isInteger(groupSize) && groupSize >= 1)) {
    throw new RangeError('groupSize must be a positive integer');
  }
  const count = judgedCount(mode, readings.length, groupSize);
  if (values.length < count || grades.length < count) throw new RangeError('output arrays too short');

  let qualified = 0;
  let warning = 0;
  let unqualified = 0;
  let explodedCount = 0;
  const size = mode === 'range' ? (groupSize ?? readings.length) : 1;
  const offset = mode === 'deviation' ? (design as number) : 0;
  for (let index = 0, start = 0; index < count; index += 1, start += size) {
    let value: number;
    if (mode === 'range') {
      const end = Math.min(start + size, readings.length);
      let min = Infinity;
      let max = -Infinity;
      for (let spot = start; spot < end; spot += 1) {
        const reading = readings[spot] as number;
        if (!Number.isFinite(reading)) throw new RangeError(`reading ${spot} is not a finite number`);
        if (reading < min) min = reading;
        if (reading > max) max = reading;
      }
      value = round6(max - min);
    } else {
      const reading = readings[index] as number;
      if (!Number.isFinite(reading)) throw new RangeError(`reading ${index} is not a finite number`);
      value = mode === 'deviation' ? round6(reading - offset) : reading;
    }
    values[index] = value;
    let grade: GradeCode;
    if (value >= warnLeft && value <= warnRight) {
      grade = Grade.qualified;
      qualified += 1;
    } else if (value >= left && value <= right) {
      grade = Grade.warning;
      warning += 1;
    } else if (value < lowExploded || value > highExploded) {
      grade = Grade.exploded;
      explodedCount += 1;
    } else {
      grade = Grade.unqualified;
      unqualified += 1;
    }
    grades[index] = grade;
  }
  return { qualified, warning, unqualified, exploded: explodedCount, total: count };
}

/** Pass rate of counts: (qualified + warning) / total, null when nothing was judged. */
export function passRateOf(counts: GradeCounts): number | null {
  return counts.total === 0 ? null : (counts.qualified + counts.warning) / counts.total;
}

/** Judges one site's readings (allocates the output arrays). */
export function judgeSite(
  standard: FrozenStandard,
  readings: ArrayLike<number>,
  options: JudgeOptions = {},
): SiteJudgement {
  const count = judgedCount(standard.mode, readings.length, options.groupSize);
  const values = new Float64Array(count);
  const grades = new Uint8Array(count);
  const counts = judgeInto(standard, readings, values, grades, options);
  return { ...counts, values, grades, passRate: passRateOf(counts) };
}

/** Adds counts (for rollups by item, household, floor, ...). */
export function addCounts(target: GradeCounts, source: GradeCounts): GradeCounts {
  target.qualified += source.qualified;
  target.warning += source.warning;
  target.unqualified += source.unqualified;
  target.exploded += source.exploded;
  target.total += source.total;
  return target;
}

export function emptyCounts(): GradeCounts {
  return { qualified: 0, warning: 0, unqualified: 0, exploded: 0, total: 0 };
}
