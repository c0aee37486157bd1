import type { Figures, GradeName, Language, TaskDetail } from '@measure/contract';

/** One item's readings at one site, as the report lists them. */
export interface ReportReading {
  PointIndex: number;
  BuildingNumber: string;
  Floor: number;
  Household: number;
  SiteName: string;
  ItemCode: string;
  Values: number[];
  /** One per judged value; empty when not judged. */
  Grades: GradeName[];
  Valid: boolean[];
}

export interface ReportHousehold {
  BuildingNumber: string;
  Floor: number;
  Household: number;
  Figures: Figures;
}

/**
 * Everything a rendered report shows, as plain data (it crosses into the render worker thread): the
 * task as GetTask answers it, households, every reading, and the report's own id and time.
 */
export interface ReportDocument {
  reportId: string;
  language: Language;
  renderedAt: string;
  audited: boolean;
  task: TaskDetail;
  households: ReportHousehold[];
  readings: ReportReading[];
  /** A re-measure task's sites with the original site each re-measures (null for other tasks). */
  beforeAfter?: ReportBeforeAfter | null;
}

/** Before and after of a re-measure task (`review/site-links.ts` `reportBeforeAfter`). */
export interface ReportBeforeAfter {
  ParentTaskName: string;
  Sites: {
    PointIndex: number;
    BuildingNumber: string;
    Floor: number;
    Household: number;
    Name: string;
    OriginalPointIndex: number;
    Before: Figures;
    After: Figures;
  }[];
}

/** Sites with an unqualified or exploded value. */
export const failedSites = (task: TaskDetail) =>
  task.Sites.filter((site) => site.Figures.Unqualified > 0 || site.Figures.Exploded > 0);

/** The rendered files. */
export interface RenderedReport {
  pdf: Buffer;
  xlsx: Buffer;
}
