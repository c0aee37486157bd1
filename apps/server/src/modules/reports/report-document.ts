import type {
  FacadeElevation,
  Figures,
  GradeName,
  Language,
  PlanHousehold,
  TaskDetail,
} from '@measure/contract';
import type { ModelView } from './household-model-view.ts';
import type { ReportPicture } from './report-pictures.ts';
import type { ReportVerificationMark } from './report-verification.ts';

/** One item's readings at one site, as the report lists them. */
export interface ReportReading {
  PointIndex: number;
  BuildingNumber: string;
  Floor: number;
  /** Null on a facade site (its Side is in the task's Sites). */
  Household: number | null;
  RoomId: string | null;
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
 * report's own id and time, households, every reading, the plans of the measured households with
 * rooms, and per report language the task as GetTask answers it in that language with its verification.
 */
export interface ReportSource {
  reportId: string;
  renderedAt: string;
  audited: boolean;
  households: ReportHousehold[];
  readings: ReportReading[];
  /** Measured households (with sites) whose plan has rooms. */
  plans: PlanHousehold[];
  /** Wall pictures of the failed sites a report shows (`pictureSites`), annotated. */
  pictures: ReportPicture[];
  /** A re-measure task's sites with the original site each re-measures (null for other tasks). */
  beforeAfter?: ReportBeforeAfter | null;
  /** An external-wall task's sides as elevations (GetTask per side); absent or null for indoor tasks. */
  facades?: FacadeElevation[] | null;
  /** A household report's rendered view of its scans (household-model-view.ts); absent in task reports. */
  modelView?: ModelView | null;
  versions: ReportVersion[];
}

/** One language of a report: the task as GetTask answers it, and the verification its footer prints. */
export interface ReportVersion {
  language: Language;
  task: TaskDetail;
  verification: ReportVerificationMark;
}

/** Before and after of a re-measure task (`review/site-links.ts` `reportBeforeAfter`). */
export interface ReportBeforeAfter {
  /** The re-measured task's name in each language (a name the system made follows the language). */
  ParentTaskNames: Record<Language, string>;
  Sites: {
    PointIndex: number;
    BuildingNumber: string;
    Floor: number;
    Household: number;
    Name: string;
    OriginalPointIndex: number;
    /** The items compared: those the re-measure site measured (Before counts only those at the original). */
    ItemCodes: string[];
    Before: Figures;
    After: Figures;
  }[];
}

/** One language's report: what the PDF and the workbook are drawn from. */
export interface ReportDocument extends Omit<ReportSource, 'versions'>, ReportVersion {}

export const documentsOf = ({ versions, ...common }: ReportSource): ReportDocument[] =>
  versions.map((version) => ({ ...common, ...version }));

/** Where a PDF section draws: page margin and width, the last usable y, and the section heading. */
export interface SectionLayout {
  margin: number;
  width: number;
  bottom: () => number;
  /** Draws a section heading, on a new page unless it and the next `following` points fit. */
  heading: (text: string, following?: number) => void;
}

/** Sites with an unqualified or exploded value. */
export const failedSites = (task: TaskDetail) =>
  task.Sites.filter((site) => site.Figures.Unqualified > 0 || site.Figures.Exploded > 0);

/** The rendered files of one language. */
export interface RenderedReport {
  language: Language;
  pdf: Buffer;
  xlsx: Buffer;
}
