import type { GradeName } from '@measure/contract';

/** One value of an item's readings at a site: a row of the Excel readings sheets. */
export interface ReadingValue<T> {
  reading: T;
  /** 1-based position in the item's values at the site. */
  index: number;
  value: number;
  /**
   * The value's grade; null where it counts nowhere (an invalid value) or was not judged. A range
   * item judges the spread of its valid values as one: each of them carries that one grade.
   */
  grade: GradeName | 'unjudged' | null;
  valid: boolean;
}

/**
 * The readings spread into one row per value (numbers stay numbers, so a sheet can be charted and
 * pivoted), in reading order then value order.
 */
export function readingValues<T extends { Values: number[]; Grades: GradeName[]; Valid?: boolean[] }>(
  readings: readonly T[],
): ReadingValue<T>[] {
  const rows: ReadingValue<T>[] = [];
  for (const reading of readings) {
    const perValue = reading.Grades.length === reading.Values.length;
    reading.Values.forEach((value, i) => {
      const valid = reading.Valid?.[i] !== false;
      const grade = !valid
        ? null
        : perValue
          ? (reading.Grades[i] ?? null)
          : reading.Grades.length === 1
            ? (reading.Grades[0] as GradeName)
            : 'unjudged';
      rows.push({ reading, index: i + 1, value, grade, valid });
    });
  }
  return rows;
}
