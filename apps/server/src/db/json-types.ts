/**
 * The shapes stored in the jsonb columns of schema.ts (`.$type<...>()`). Types only: schema.ts,
 * repositories and services import them without depending on one another. Where the contract has the
 * shape it is reused; the stored forms that differ from the API (JSON has no undefined, names in both
 * languages) are defined here.
 */
import type {
  AlgorithmTemplate,
  DataPoolExportFilter,
  JudgingModeName,
  MeasurePoints,
  MeasureRule,
  PointTypeMeasureItem,
  Stage,
  StandardValue,
  TaskNameParts,
} from '@measure/contract';

export type { DataPoolExportFilter, MeasurePoints, MeasureRule, PointTypeMeasureItem, TaskNameParts };

/**
 * A standard (variant) of a measure item as stored. JSON has no undefined: a project copy stores a
 * missing English name as null, the seeded library leaves it out.
 */
export type StoredStandard = Omit<StandardValue, 'NameEn'> & { NameEn?: string | null };

/** A measure item as held in a project's copy of the library (`project_standards.classes`). */
export interface StoredItem {
  MeasureItemId: string;
  Code: string;
  NameZh: string;
  NameEn: string;
  Stage: Stage;
  Mode: JudgingModeName;
  Concrete: boolean;
  Dimension: 'width' | 'height' | 'thickness' | null;
  NeedsDesign: boolean;
  /** A facade item (library `measure_items.external`); copies made before issue 33 lack it: false. */
  External?: boolean;
  Standards: StoredStandard[];
  Rule: MeasureRule;
  Enabled: boolean;
  Selected: number;
  /** The library item's UpdateTime when it was copied. */
  UpdateTime: string;
}

/** An item of a design value template (`design_templates.items`). */
/** A building as the project list shows it (projects.listed_buildings, kept by triggers). */
export interface ListedBuilding {
  BuildingNumber: string;
  Stories: number;
  Households: number;
  DeliveryStandard: 'fine' | 'none';
}

export interface StoredTemplateItem {
  MeasureItemId: string;
  Code: string;
  NameZh: string;
  NameEn: string;
  DesignValue: number;
}

/** A parameter of an algorithm parameter template (`algorithm_templates.params`). */
export type StoredAlgorithmParam = AlgorithmTemplate['list'][number];

/** The columns of the user import sheet (IMPORT_COLUMNS of user-import-sheet.ts). */
export type ImportColumn =
  'Name' | 'Email' | 'Phone' | 'Position' | 'Department' | 'Gender' | 'OrgCode' | 'Role';

/** A row of an uploaded import sheet as read (`user_imports.rows`). */
export interface SheetRow {
  /** Row number in the sheet (the header is row 1). */
  row: number;
  cells: Record<ImportColumn, string>;
}

/** One measure item as a task froze it at creation (`tasks.standard.Items`). */
export interface FrozenItem {
  MeasureItemId: string;
  Code: string;
  NameZh: string;
  NameEn: string;
  Mode: JudgingModeName;
  Dimension: 'width' | 'height' | 'thickness' | null;
  NeedsDesign: boolean;
  /** A facade item; tasks frozen before issue 33 lack it: false. */
  External?: boolean;
  StandardNameZh: string;
  StandardNameEn: string;
  Left: number;
  Right: number;
  WarnLeft: number;
  WarnRight: number;
  /** The effective exploded threshold (the default already applied). */
  Exploded: number;
  Rule: MeasureRule;
}

/**
 * The standard a task judges by, frozen when the task was created (`tasks.standard`): later edits of
 * the library, the project's standards, site types or templates never change it.
 */
export interface FrozenStandard {
  ProjectStandardId: string;
  /** The project copy's BaseTime when frozen. */
  BaseTime: string;
  Items: FrozenItem[];
  /** Design values per site type: { [PointTypeId]: { Name, Values: { [ItemCode]: mm } } }. */
  PointTypes: Record<string, { Name: string; Values: Record<string, number> }>;
  /** Fallback design values of each house type's template: { [HouseMapId]: { [ItemCode]: mm } }. */
  HouseMaps: Record<string, Record<string, number>>;
}

/** One ruler of a reading, in mm on the surface (measurement-api.md section 3). */
export interface SiteRuler {
  X1: number;
  Y1: number;
  X2: number;
  Y2: number;
}

/** One value of a reading as a review change saw it (site_changes before / after). */
export interface SiteValueState {
  Value: number;
  Valid: boolean;
  Ruler: SiteRuler | null;
}
