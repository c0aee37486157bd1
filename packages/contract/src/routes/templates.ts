import { z } from 'zod';
import { pageRequestShape, pageResultSchema } from '../envelope.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { withProjectId } from './projects.ts';
import { designValue } from './project-standards.ts';
import { STAGES } from './standards.ts';

// ---- design value templates (house maps measure templates) ----

export const TEMPLATE_LIMITS = {
  name: 20,
  maxItems: 500,
  maxParams: 100,
  paramName: 32,
  detail: 500,
} as const;

export const templateItemInputSchema = z.object({
  MeasureItemId: rules.uuid,
  DesignValue: designValue,
});

export const designTemplateSchema = z.object({
  TemplateId: z.string(),
  ProjectId: z.string(),
  Name: z.string(),
  /** The project's default template: applies to house types without one; cannot be deleted. */
  IsDefault: z.boolean(),
  Items: z.array(
    z.object({
      MeasureItemId: z.string(),
      Code: z.string(),
      Name: z.string(),
      NameZh: z.string(),
      NameEn: z.string(),
      DesignValue: z.number(),
    }),
  ),
  /** House types that use this template explicitly. */
  HouseMapIds: z.array(z.string()),
  UpdateTime: z.string(),
});
export type DesignTemplate = z.infer<typeof designTemplateSchema>;

const tag = 'measureTemplates';

export const measureTemplatesRoutes = {
  getMeasureItemTemplate: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/GetMeasureItemTemplate',
    access: 'authenticated',
    tag,
    summary:
      'The design value templates of a project (ProjectId or ProjectGuid), the default first (created on first ' +
      'use with the net height items at 2,800 mm)',
    body: withProjectId({}),
    result: z.array(designTemplateSchema),
  }),
  updateMeasureTemplate: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/UpdateMeasureTemplate',
    access: 'project.detail',
    tag,
    summary:
      'Create (no TemplateId) or change a design value template: Name (≤20, unique in the project: 409), Items ' +
      '(at least one; items of the project standards, each once; DesignValue 0..20,000; one net height design ' +
      'value). Changing a template of a published project answers 423.',
    body: withProjectId({
      TemplateId: rules.uuid.nullish(),
      Name: rules.requiredText(TEMPLATE_LIMITS.name),
      Items: z.array(templateItemInputSchema).min(1, 'templates.itemRequired').max(TEMPLATE_LIMITS.maxItems),
    }),
    result: designTemplateSchema,
  }),
  deleteMeasureTemplate: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/DeleteMeasureTemplate',
    access: 'project.detail',
    tag,
    summary:
      'Delete a design value template (TemplateId); the default template cannot be deleted (409); its house ' +
      'types fall back to the default. 423 when published.',
    body: withProjectId({ TemplateId: rules.uuid }),
    result: z.null(),
  }),
  updateHouseTypeTemplate: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/updateHouseTypeTemplate',
    access: 'project.detail',
    tag,
    summary:
      'Apply a design value template to a house type: HouseMapId, KeyAndName { Key: TemplateId (null: back to ' +
      "the default), Name }. The template must be of the house type's project. 423 when published.",
    body: z.object({
      HouseMapId: rules.uuid,
      KeyAndName: z.object({
        Key: rules.uuid.nullish().transform((value) => value ?? null),
        Name: z.string().max(TEMPLATE_LIMITS.name).nullish(),
      }),
    }),
    result: z.object({ HouseMapId: z.string(), TemplateId: z.string(), TemplateName: z.string() }),
  }),
  hasMeasureItemInput: defineRoute({
    method: 'POST',
    path: '/api/ms/task/HasMeasureItemInput',
    access: 'authenticated',
    tag,
    summary:
      'Whether every enabled item that needs a design value (in the project standards, optionally of one Stage) ' +
      'has one in the template of the house type (HouseMapId) or the default template; Missing lists the others',
    body: withProjectId({
      HouseMapId: rules.uuid.nullish(),
      Stage: z.enum(STAGES).nullish(),
    }),
    result: z.object({
      HasInput: z.boolean(),
      TemplateId: z.string(),
      Missing: z.array(z.object({ MeasureItemId: z.string(), Code: z.string(), Name: z.string() })),
    }),
  }),
};

// ---- algorithm parameter templates (algorithmTemplateDetail) ----

export const algorithmParamInputSchema = z
  .object({
    Name: rules.requiredText(TEMPLATE_LIMITS.paramName),
    Value: z.number('validation.invalidValue').finite(),
    Min: z.number('validation.invalidValue').finite(),
    Max: z.number('validation.invalidValue').finite(),
    Unit: rules.optionalText(8),
  })
  .superRefine((param, context) => {
    if (param.Min > param.Max) {
      context.addIssue({ code: 'custom', message: 'algorithm.minAboveMax', path: ['Min'] });
    } else if (param.Value < param.Min || param.Value > param.Max) {
      context.addIssue({ code: 'custom', message: 'algorithm.valueRange', path: ['Value'] });
    }
  });

export const algorithmTemplateSchema = z.object({
  guid: z.string(),
  Name: z.string(),
  detail: z.string(),
  /** null: a company-wide template. */
  ProjectId: z.string().nullable(),
  list: z.array(
    z.object({
      Name: z.string(),
      Value: z.number(),
      Min: z.number(),
      Max: z.number(),
      Unit: z.string().nullable(),
    }),
  ),
  UpdateTime: z.string(),
});
export type AlgorithmTemplate = z.infer<typeof algorithmTemplateSchema>;

const guidQuery = (name: 'guid' | 'id') =>
  z
    .object({ guid: rules.uuid.optional(), id: rules.uuid.optional() })
    .refine((query) => query.guid !== undefined || query.id !== undefined, {
      message: 'rules.required',
      path: [name],
    })
    .transform((query) => ({ guid: (query.guid ?? query.id) as string }));

export const algorithmRoutes = {
  getAlgorithmParamTemplateList: defineRoute({
    method: 'POST',
    path: '/api/ms/algo/GetAlgorithmParamTemplateList',
    access: 'authenticated',
    tag: 'algorithm',
    summary:
      'Algorithm parameter templates: the company-wide ones and those of the projects the caller may see ' +
      '(ProjectId: that project and the company-wide ones; Keyword: name), paged',
    body: z.object({
      ProjectId: rules.uuid.nullish(),
      ProjectGuid: rules.uuid.nullish(),
      Keyword: rules.optionalText(TEMPLATE_LIMITS.paramName),
      ...pageRequestShape,
    }),
    result: pageResultSchema(algorithmTemplateSchema),
  }),
  getAlgorithmParamTemplateDetail: defineRoute({
    method: 'GET',
    path: '/api/ms/AlgorithmParamTemplate/GetAlgorithmParamTemplateDetail',
    access: 'authenticated',
    tag: 'algorithm',
    summary: 'One algorithm parameter template (guid, or id)',
    query: guidQuery('guid'),
    result: algorithmTemplateSchema,
  }),
  saveAlgorithmParamTemplateDetail: defineRoute({
    method: 'POST',
    path: '/api/ms/AlgorithmParamTemplate/SaveAlgorithmParamTemplateDetail',
    access: 'project.detail',
    tag: 'algorithm',
    summary:
      'Create (no guid) or change an algorithm parameter template: Name (≤20, unique in the company: 409), ' +
      'detail (≤500), ProjectId (none: company-wide), list of 1..100 parameters { Name (unique), Value, Min, ' +
      'Max, Unit } with Min ≤ Value ≤ Max. Templates of a published project answer 423.',
    body: z.object({
      guid: rules.uuid.nullish(),
      Name: rules.requiredText(TEMPLATE_LIMITS.name),
      detail: rules.optionalText(TEMPLATE_LIMITS.detail),
      ProjectId: rules.uuid.nullish(),
      ProjectGuid: rules.uuid.nullish(),
      list: z.array(algorithmParamInputSchema).min(1, 'rules.required').max(TEMPLATE_LIMITS.maxParams),
    }),
    result: algorithmTemplateSchema,
  }),
  deleteAlgoTempById: defineRoute({
    method: 'GET',
    path: '/api/ms/AlgorithmParamTemplate/DeleteAlgoTempById',
    access: 'project.detail',
    tag: 'algorithm',
    summary: 'Delete an algorithm parameter template (id, or guid); 423 for one of a published project',
    query: guidQuery('id'),
    result: z.null(),
  }),
  getAlgoTempByProjId: defineRoute({
    method: 'GET',
    path: '/api/ms/algo/GetAlgoTempByProjID',
    access: 'authenticated',
    tag: 'algorithm',
    summary:
      'The algorithm parameter templates a project can use: its own and the company-wide ones (projectId)',
    query: z
      .object({ projectId: rules.uuid.optional(), ProjectGuid: rules.uuid.optional() })
      .refine((query) => query.projectId !== undefined || query.ProjectGuid !== undefined, {
        message: 'rules.required',
        path: ['projectId'],
      })
      .transform((query) => ({ ProjectId: (query.projectId ?? query.ProjectGuid) as string })),
    result: z.array(algorithmTemplateSchema),
  }),
};
