import { z } from 'zod';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { pointTypeSchema } from './house-maps.ts';
import { withProjectId } from './projects.ts';
import {
  DIMENSIONS,
  JUDGING_MODES,
  MEASURE_KINDS,
  measureItemResultSchema,
  measureRuleSchema,
  STAGES,
  STANDARD_LIMITS,
  stageQuery,
} from './standards.ts';

/** A project's copy of the library for one stage. */
export const projectStandardSchema = z.object({
  ProjectStandardId: z.string(),
  /** The same value as ProjectStandardId (the spec names both). */
  MsProjectStandardId: z.string(),
  ProjectGuid: z.string(),
  CompanyGuid: z.string(),
  Stage: z.enum(STAGES),
  StageName: z.string(),
  Classes: z.array(measureItemResultSchema),
  /** Items of the library changed, added or removed since the copy was taken or last updated from it. */
  OutOfDate: z.boolean(),
  BaseTime: z.string(),
  UpdateTime: z.string(),
});
export type ProjectStandard = z.infer<typeof projectStandardSchema>;

export const projectStageSchema = projectStandardSchema
  .omit({ Classes: true })
  .extend({ ItemCount: z.number().int(), EnabledCount: z.number().int() });

/** The standard in force for one item, flattened for judging (the frozen copy a task keeps). */
export const stageStandardItemSchema = z.object({
  MeasureItemId: z.string(),
  Code: z.string(),
  Name: z.string(),
  NameZh: z.string(),
  NameEn: z.string(),
  Stage: z.enum(STAGES),
  Mode: z.enum(JUDGING_MODES),
  Dimension: z.enum(DIMENSIONS).nullable(),
  NeedsDesign: z.boolean(),
  /** A facade item (external-wall tasks only). */
  External: z.boolean(),
  StandardName: z.string(),
  Left: z.number(),
  Right: z.number(),
  WarnLeft: z.number(),
  WarnRight: z.number(),
  Exploded: z.number(),
  Rule: measureRuleSchema,
});

const optionalNumberish = z
  .union([z.number(), z.string().trim()])
  .nullish()
  .transform((value) => (value === '' || value === null || value === undefined ? undefined : value));

// ---- site type measure items (GetPointTypeDetails, SavePointTypeMeasureItem) ----

/** A design value: a number in [0, 20,000] mm (spec section 5). */
export const designValue = z
  .number('validation.invalidValue')
  .finite()
  .min(0, 'standards.designValueRange')
  .max(STANDARD_LIMITS.designValueMax, 'standards.designValueRange');

const STANDARD_TEXT = /^\[\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\]/;

/**
 * Starts with "[left, right]": two numbers in [-100, 100] mm, left not above right; a label may follow
 * ("[0, 3] high grade"). An empty text means the default.
 */
function isStandardText(text: string | undefined): boolean {
  if (text === undefined) return true;
  const match = STANDARD_TEXT.exec(text);
  if (!match) return false;
  const [left, right] = [Number(match[1]), Number(match[2])];
  return left <= right && left >= STANDARD_LIMITS.valueMin && right <= STANDARD_LIMITS.valueMax;
}

export const pointTypeItemInputSchema = z.object({
  MeasureItemId: rules.uuid,
  DesignValue: designValue.nullish().transform((value) => value ?? null),
  /** A warning value for this site type, in [-100, 100] mm. */
  WarningValue: z
    .number('validation.invalidValue')
    .finite()
    .min(STANDARD_LIMITS.valueMin, 'standards.valueRange')
    .max(STANDARD_LIMITS.valueMax, 'standards.valueRange')
    .nullish()
    .transform((value) => value ?? null),
  /**
   * The standard shown for this site type, "[left, right]" in mm (left <= right, both in [-100, 100]),
   * optionally followed by a label; default: the project's selected standard.
   */
  Standard: rules.optionalText(32).refine(isStandardText, 'standards.standardText'),
});
export type PointTypeItemInput = z.output<typeof pointTypeItemInputSchema>;

const tag = 'project-standards';

/** A project's copies of the library per stage, and the measure items of its site types. */
export const projectStandardsRoutes = {
  getListByProject: defineRoute({
    method: 'GET',
    path: '/api/ms/standard/GetListByProject',
    access: 'authenticated',
    tag,
    summary:
      "A project's standards: one copy per stage (created from the library when the project has none yet)",
    query: withProjectId({}),
    result: z.array(projectStandardSchema),
  }),
  updateFromBase: defineRoute({
    method: 'POST',
    path: '/api/ms/standard/UpdateFromBase',
    access: 'standard.modify',
    tag,
    summary:
      "Take the library's current items into a project's copies (all stages, or one: ProjectStandardId or " +
      'Stage; only some items: MeasureItemIds). Enabled and the selected standard are kept; new library items ' +
      'are added; items removed from the library stay. 423 when the project is published.',
    body: withProjectId({
      ProjectStandardId: rules.uuid.nullish(),
      Stage: stageQuery.nullish(),
      MeasureItemIds: z.array(rules.uuid).max(STANDARD_LIMITS.maxItems).nullish(),
    }),
    result: z.array(projectStandardSchema),
  }),
  getProjectStage: defineRoute({
    method: 'GET',
    path: '/api/ms/standard/GetProjectStage',
    access: 'authenticated',
    tag,
    summary: "The stages of a project's standards (projectId), without their items",
    query: z
      .object({ projectId: rules.uuid.optional(), ProjectGuid: rules.uuid.optional() })
      .refine((query) => query.projectId !== undefined || query.ProjectGuid !== undefined, {
        message: 'rules.required',
        path: ['projectId'],
      })
      .transform((query) => ({ ProjectId: (query.projectId ?? query.ProjectGuid) as string })),
    result: z.array(projectStageSchema),
  }),
  getBuildingCraft: defineRoute({
    method: 'POST',
    path: '/api/ms/standard/GetBuildingCraft',
    access: 'authenticated',
    tag,
    summary:
      'The crafts (stages) with their names; with ProjectId/ProjectGuid only the stages that have enabled items ' +
      'in the project',
    body: z.object({ ProjectId: rules.uuid.nullish(), ProjectGuid: rules.uuid.nullish() }),
    result: z.array(
      z.object({
        Stage: z.enum(STAGES),
        Name: z.string(),
        NameZh: z.string(),
        NameEn: z.string(),
        ItemCount: z.number().int(),
      }),
    ),
  }),
  getStageStandard: defineRoute({
    method: 'POST',
    path: '/api/ms/standard/GetStageStandard',
    access: 'authenticated',
    tag,
    summary:
      'The standards in force for a project stage, flattened for judging (enabled items, selected standard, ' +
      'effective exploded threshold): standardId (a ProjectStandardId) or supportCraft (a stage), projectId; ' +
      'type (measure kind), buildingBlock and buildingFloor are accepted: one copy per stage applies to every ' +
      'building and floor',
    body: z
      .object({
        standardId: rules.uuid.nullish(),
        supportCraft: stageQuery.nullish(),
        projectId: rules.uuid.optional(),
        ProjectGuid: rules.uuid.optional(),
        type: z.enum(MEASURE_KINDS).nullish(),
        buildingBlock: z.string().trim().max(64).nullish(),
        buildingFloor: optionalNumberish,
      })
      .refine((body) => body.projectId !== undefined || body.ProjectGuid !== undefined, {
        message: 'rules.required',
        path: ['projectId'],
      })
      .refine((body) => Boolean(body.standardId) || Boolean(body.supportCraft), {
        message: 'rules.required',
        path: ['supportCraft'],
      }),
    result: z.array(stageStandardItemSchema),
  }),
  getPointTypeDetails: defineRoute({
    method: 'POST',
    path: '/api/ms/standard/GetPointTypeDetails',
    access: 'authenticated',
    tag,
    summary: 'One site type (Id, with ProjectGuid or ProjectId) with its measure items and design values',
    body: withProjectId({ Id: rules.uuid }),
    result: pointTypeSchema,
  }),
  savePointTypeMeasureItem: defineRoute({
    method: 'POST',
    path: '/api/ms/standard/SavePointTypeMeasureItem',
    access: 'project.detail',
    tag,
    summary:
      "Replace a site type's measure items (Id, ProjectGuid, MeasureItems: items of the project's standards, each " +
      'once, DesignValue 0..20,000, WarningValue -100..100, Standard text). Only one net height design value ' +
      '(items reading a height) (400). When an item that needs a design value has none, the answer is Code 409 ' +
      'with Field "Confirmed" and a "continue?" message unless Confirmed: true is sent. 423 when published.',
    body: withProjectId({
      Id: rules.uuid,
      MeasureItems: z.array(pointTypeItemInputSchema).max(STANDARD_LIMITS.maxItems),
      Confirmed: z.boolean().default(false),
    }),
    result: pointTypeSchema,
  }),
};
