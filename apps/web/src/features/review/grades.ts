import type { GradeName, ReviewReading } from '@measure/contract';

/** Tag colours of the grades on the site view. */
export const GRADE_COLOR: Record<GradeName, string> = {
  qualified: 'success',
  warning: 'gold',
  unqualified: 'orange',
  exploded: 'error',
};

/** The grade shown on value `index`: its own, or the site's one judged value in range mode. */
export const gradeOf = (reading: ReviewReading, index: number): GradeName | undefined =>
  reading.Grades.length === reading.Values.length ? reading.Grades[index] : reading.Grades[0];
