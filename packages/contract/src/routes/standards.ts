import { z } from 'zod';
import { pageRequestShape, pageResultSchema } from '../envelope.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';

/** Project stages (crafts), domain.md section 2. */
export const STAGES = ['structure', 'masonry', 'plaster', 'decoration', 'floorGround'] as const;
export type Stage = (typeof STAGES)[number];
export const STAGE_LABELS: Record<Stage, { 'zh-CN': string; 'en-US': string }> = {
  structure: { 'zh-CN': '主体结构', 'en-US': 'Structure' },
  masonry: { 'zh-CN': '砌筑', 'en-US': 'Masonry' },
  plaster: { 'zh-CN': '抹灰', 'en-US': 'Plaster' },
  decoration: { 'zh-CN': '装饰', 'en-US': 'Decoration' },
  floorGround: { 'zh-CN': '地坪', 'en-US': 'Floor ground' },
};

/** Judging modes (domain.md section 3): the reading, reading - design value, max - min of a spot group. */
export const JUDGING_MODES = ['absolute', 'deviation', 'range'] as const;
export type JudgingModeName = (typeof JUDGING_MODES)[number];
export const DIMENSIONS = ['width', 'height', 'thickness'] as const;

/** Measure kinds and inspection kinds (domain.md section 2), accepted by GetStageStandard. */
export const MEASURE_KINDS = ['first', 're', 'other'] as const;

/**
 * Limits of spec section 5 "Measurement" and our own choices:
 * - standard values in [-100, 100] mm; concrete items in [0, 100] mm;
 * - at most 10 standards (variants such as ordinary / high grade) per measure item;
 * - exploded threshold: a distance beyond the standard's edge, 0 to 200 mm (default: twice the width);
 * - design values and readings per site at most 20,000; baseboard / door cover line gap at least 50 mm;
 * - at most 500 measure items per company library.
 */
export const STANDARD_LIMITS = {
  valueMin: -100,
  valueMax: 100,
  concreteMin: 0,
  concreteMax: 100,
  maxStandardsPerItem: 10,
  explodedMax: 200,
  maxItems: 500,
  code: 20,
  name: 32,
  standardName: 16,
  designValueMax: 20_000,
  readingsMax: 20_000,
  lineGapMin: 50,
  rulerLengthMax: 5000,
  maxRulerPositions: 20,
  lineMax: 20_000,
} as const;

const mm = z.number('validation.invalidValue').finite();

/** One standard (variant) of a measure item: [Left, Right], warning range inside it, exploded threshold. */
export const standardValueSchema = z.object({
  /** Variant name, e.g. 普通 / 高级; required. */
  Name: rules.requiredText(STANDARD_LIMITS.standardName),
  NameEn: rules.optionalText(STANDARD_LIMITS.standardName),
  Left: mm,
  Right: mm,
  WarnLeft: mm,
  WarnRight: mm,
  /** Distance beyond the standard's edge after which a reading is exploded; null = twice the width. */
  Exploded: mm
    .min(0, 'standards.explodedRange')
    .max(STANDARD_LIMITS.explodedMax, 'standards.explodedRange')
    .nullish()
    .transform((value) => value ?? null),
});
export type StandardValue = z.output<typeof standardValueSchema>;

/**
 * The checks of spec section 5 on one standard, as issues at `path` (shared with the server).
 * Order: range (concrete or not), left <= right, warning inside [Left, Right] with WarnLeft <= WarnRight.
 */
export function standardProblems(
  standard: Pick<StandardValue, 'Left' | 'Right' | 'WarnLeft' | 'WarnRight'>,
  concrete: boolean,
): { field: 'Left' | 'Right' | 'WarnLeft' | 'WarnRight'; key: StandardMessageKey }[] {
  const min = concrete ? STANDARD_LIMITS.concreteMin : STANDARD_LIMITS.valueMin;
  const max = STANDARD_LIMITS.valueMax;
  const rangeKey: StandardMessageKey = concrete ? 'standards.concreteRange' : 'standards.valueRange';
  const problems: ReturnType<typeof standardProblems> = [];
  for (const field of ['Left', 'Right', 'WarnLeft', 'WarnRight'] as const) {
    const value = standard[field];
    if (value < min || value > max) problems.push({ field, key: rangeKey });
  }
  if (problems.length > 0) return problems;
  if (standard.Left > standard.Right) problems.push({ field: 'Left', key: 'standards.leftAboveRight' });
  else if (
    standard.WarnLeft > standard.WarnRight ||
    standard.WarnLeft < standard.Left ||
    standard.WarnRight > standard.Right
  ) {
    problems.push({ field: 'WarnLeft', key: 'standards.warningOutOfRange' });
  }
  return problems;
}
export type StandardMessageKey =
  | 'standards.valueRange'
  | 'standards.concreteRange'
  | 'standards.leftAboveRight'
  | 'standards.warningOutOfRange';

/** A measure item as sent in `Classes`: the library's item, or a project copy's (with Enabled/Selected). */
export const measureItemInputSchema = z
  .object({
    /** Missing: a new library item. */
    MeasureItemId: rules.uuid.nullish().transform((value) => value ?? undefined),
    Code: rules.requiredText(STANDARD_LIMITS.code).regex(/^[A-Za-z0-9_.-]+$/, 'standards.code'),
    NameZh: rules.requiredText(STANDARD_LIMITS.name),
    NameEn: rules.requiredText(STANDARD_LIMITS.name),
    Stage: z.enum(STAGES, 'validation.invalidValue'),
    Mode: z.enum(JUDGING_MODES, 'validation.invalidValue'),
    /** Concrete items: standard values in [0, 100]. */
    Concrete: z.boolean().default(false),
    /** The dimension a section or opening item reads. */
    Dimension: z
      .enum(DIMENSIONS)
      .nullish()
      .transform((value) => value ?? null),
    /** Deviation items always need a design value. */
    NeedsDesign: z.boolean().optional(),
    /** Measured on facades: external-wall tasks take only such items, indoor tasks never. Omitted on
     * update: unchanged (new items: false). */
    External: z.boolean('validation.invalidValue').optional(),
    Unit: z.literal('mm').default('mm'),
    Standards: z
      .array(standardValueSchema)
      .min(1, 'standards.standardRequired')
      .max(STANDARD_LIMITS.maxStandardsPerItem, 'standards.tooManyStandards'),
    /** Project copies: whether the item is measured in this project (default true). */
    Enabled: z.boolean().default(true),
    /** Project copies: which standard (index into Standards) judges; default the first. */
    Selected: z.number().int().min(0).default(0),
  })
  .superRefine((item, context) => {
    item.Standards.forEach((standard, index) => {
      for (const problem of standardProblems(standard, item.Concrete)) {
        context.addIssue({ code: 'custom', message: problem.key, path: ['Standards', index, problem.field] });
      }
    });
    if (item.Selected >= item.Standards.length) {
      context.addIssue({ code: 'custom', message: 'validation.invalidValue', path: ['Selected'] });
    }
    const names = new Set<string>();
    item.Standards.forEach((standard, index) => {
      if (names.has(standard.Name)) {
        context.addIssue({
          code: 'custom',
          message: 'standards.duplicateStandard',
          path: ['Standards', index, 'Name'],
        });
      }
      names.add(standard.Name);
    });
  })
  .transform((item) => ({
    ...item,
    NeedsDesign: item.Mode === 'deviation' ? true : (item.NeedsDesign ?? false),
  }));
export type MeasureItemInput = z.output<typeof measureItemInputSchema>;

/** Duplicates inside one Classes list: the same code, or the same zh/en name in one stage (409 on save). */
export function duplicateItemIndex(
  items: readonly Pick<MeasureItemInput, 'Code' | 'NameZh' | 'NameEn' | 'Stage'>[],
): number {
  const seen = new Set<string>();
  for (const [index, item] of items.entries()) {
    const keys = [
      `code:${item.Code.toLowerCase()}`,
      `zh:${item.Stage}:${item.NameZh.toLowerCase()}`,
      `en:${item.Stage}:${item.NameEn.toLowerCase()}`,
    ];
    if (keys.some((key) => seen.has(key))) return index;
    keys.forEach((key) => seen.add(key));
  }
  return -1;
}

export const standardValueResultSchema = z.object({
  Name: z.string(),
  NameEn: z.string().nullable(),
  Left: z.number(),
  Right: z.number(),
  WarnLeft: z.number(),
  WarnRight: z.number(),
  /** As stored (null: the default). */
  Exploded: z.number().nullable(),
  /** The threshold in force: Exploded, or twice the width of the standard. */
  ExplodedEffective: z.number(),
});

/** How readings of an item are taken (measure rule, domain.md section 5). */
export const measureRuleSchema = z.object({
  MinReadings: z.number().int(),
  MaxReadings: z.number().int(),
  InitialReadings: z.number().int(),
  /** Ruler length in mm (2 m ruler: 2000). */
  RulerLength: z.number().int(),
  /** Ruler positions: name and offsets in mm from the wall's edge and from floor/ceiling. */
  RulerPositions: z.array(
    z.object({ Name: z.string(), OffsetMm: z.number(), HeightMm: z.number(), AngleDeg: z.number() }),
  ),
  ManualEntry: z.boolean(),
  BaseboardStartHeight: z.number().nullable(),
  BaseboardEndHeight: z.number().nullable(),
  DoorCoverStartMargin: z.number().nullable(),
  DoorCoverEndMargin: z.number().nullable(),
});
export type MeasureRule = z.infer<typeof measureRuleSchema>;

export const measureItemResultSchema = z.object({
  MeasureItemId: z.string(),
  Code: z.string(),
  NameZh: z.string(),
  NameEn: z.string(),
  /** NameZh or NameEn, in the request's language. */
  Name: z.string(),
  Stage: z.enum(STAGES),
  Mode: z.enum(JUDGING_MODES),
  Concrete: z.boolean(),
  Dimension: z.enum(DIMENSIONS).nullable(),
  NeedsDesign: z.boolean(),
  /** A facade item (external-wall tasks take only these; indoor tasks never). */
  External: z.boolean(),
  Unit: z.literal('mm'),
  Standards: z.array(standardValueResultSchema),
  Enabled: z.boolean(),
  Selected: z.number().int(),
  Rule: measureRuleSchema,
  UpdateTime: z.string(),
});
export type MeasureItemRow = z.infer<typeof measureItemResultSchema>;

export const stageQuery = z.enum(STAGES, 'validation.invalidValue');

const tag = 'standards';

/** The company standard library (standardManage). */
export const standardsRoutes = {
  getList: defineRoute({
    method: 'GET',
    path: '/api/ms/standard/GetList',
    access: 'authenticated',
    tag,
    summary:
      'The company standard library: every measure item with its standards and measure rule, by stage and code',
    result: z.array(measureItemResultSchema),
  }),
  getListCondition: defineRoute({
    method: 'POST',
    path: '/api/ms/standard/GetListCondition',
    access: 'authenticated',
    tag,
    summary:
      'The library filtered by Stage, Mode and Keyword (code or name, zh or en), paged (PageSize default 10)',
    body: z.object({
      Stage: stageQuery.nullish(),
      Mode: z.enum(JUDGING_MODES).nullish(),
      Keyword: rules.optionalText(STANDARD_LIMITS.name),
      ...pageRequestShape,
      OrderBy: z.enum(['Code', 'Stage', 'UpdateTime']).optional(),
    }),
    result: pageResultSchema(measureItemResultSchema),
  }),
  update: defineRoute({
    method: 'POST',
    path: '/api/ms/standard/Update',
    access: 'standard.modify',
    tag,
    summary:
      'Save measure items (Classes). With ProjectStandardId (or MsProjectStandardId): the project copy of one ' +
      'stage (ProjectGuid; items must be in the copy; identity fields are ignored, Standards, Selected and ' +
      'Enabled are taken; 423 when the project is published). Without: the company library (CompanyGuid, when ' +
      'sent, must be the caller’s): items with MeasureItemId are changed, others created. Rules: values in ' +
      '[-100, 100], concrete [0, 100], Left <= Right, warning range inside, ≤10 standards per item, code unique ' +
      'in the company and name unique per stage (409), ≤500 items.',
    body: z.object({
      ProjectStandardId: rules.uuid.nullish(),
      MsProjectStandardId: rules.uuid.nullish(),
      ProjectGuid: rules.uuid.nullish(),
      ProjectId: rules.uuid.nullish(),
      CompanyGuid: rules.uuid.nullish(),
      Classes: z.array(measureItemInputSchema).min(1, 'rules.required').max(STANDARD_LIMITS.maxItems),
    }),
    result: z.array(measureItemResultSchema),
  }),
  deleteItems: defineRoute({
    method: 'POST',
    path: '/api/ms/standard/Delete',
    access: 'standard.modify',
    tag,
    summary:
      'Delete library measure items (Ids). Project copies keep their items (they are copies). 404 when one ' +
      'does not exist.',
    body: z.object({ Ids: z.array(rules.uuid).min(1, 'rules.required').max(STANDARD_LIMITS.maxItems) }),
    result: z.null(),
  }),
};
