import { z } from 'zod';
import { pageRequestShape, pageResultSchema } from '../envelope.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';

export const DELIVERY_STANDARDS = ['fine', 'none'] as const;

/** One building of a project (design.md: DetailsInfo / Details). */
export const buildingSchema = z.object({
  BuildingNumber: z.string(),
  Stories: z.number().int(),
  Households: z.number().int(),
  DeliveryStandard: z.enum(DELIVERY_STANDARDS),
});

export const projectRowSchema = z.object({
  ProjectId: z.string(),
  Name: z.string(),
  Address: z.string().nullable(),
  Province: z.string().nullable(),
  City: z.string().nullable(),
  District: z.string().nullable(),
  ProjectManager: z.string().nullable(),
  RegionalCompany: z.string().nullable(),
  BuildingCount: z.number().int(),
  DetailsInfo: z.array(buildingSchema),
  IsPublished: z.boolean(),
  CreateTime: z.string(),
  UpdateTime: z.string(),
});
export type ProjectRow = z.infer<typeof projectRowSchema>;

export const PROJECT_ORDER_FIELDS = ['Name', 'CreateTime', 'UpdateTime'] as const;

export const projectsRoutes = {
  getPage: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/GetPage',
    access: 'authenticated',
    tag: 'projects',
    summary:
      'Projects the caller may see (all of the company for company and measurement administrators, assigned ones otherwise), searched by name',
    body: z.object({
      ProjectName: rules.optionalText(20),
      ...pageRequestShape,
      OrderBy: z.enum(PROJECT_ORDER_FIELDS).optional(),
    }),
    result: pageResultSchema(projectRowSchema),
  }),
};
