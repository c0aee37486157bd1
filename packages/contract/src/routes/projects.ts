import { z } from 'zod';
import { pageRequestShape, pageResultSchema } from '../envelope.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { listExportRoute } from './list-export.ts';

export const DELIVERY_STANDARDS = ['fine', 'none'] as const;

/** Project limits (spec section 5 and 9). */
export const PROJECT_LIMITS = {
  name: 20,
  address: 50,
  detailedAddress: 50,
  region: 20,
  projectManager: rules.USER_FIELD_MAX,
  regionalCompany: 64,
  buildingNumber: 20,
  maxBuildings: 200,
  maxStories: 200,
  maxHouseholds: 50,
} as const;

/** One building of a project (design.md: DetailsInfo / Details). */
export const buildingSchema = z.object({
  BuildingNumber: z.string(),
  Stories: z.number().int(),
  Households: z.number().int(),
  DeliveryStandard: z.enum(DELIVERY_STANDARDS),
});

/** A building as sent: number required (≤20), 1..200 stories, 1..50 households per floor. */
export const buildingInputSchema = z.object({
  BuildingNumber: rules.requiredText(PROJECT_LIMITS.buildingNumber),
  Stories: z.number().int().min(1).max(PROJECT_LIMITS.maxStories),
  Households: z.number().int().min(1).max(PROJECT_LIMITS.maxHouseholds),
  DeliveryStandard: z.enum(DELIVERY_STANDARDS),
});

/** Building numbers are unique in a project (trimmed, case-insensitive). */
const buildingList = z
  .array(buildingInputSchema)
  .max(PROJECT_LIMITS.maxBuildings)
  .superRefine((buildings, context) => {
    const seen = new Set<string>();
    buildings.forEach((building, index) => {
      const key = building.BuildingNumber.toLowerCase();
      if (seen.has(key)) {
        context.addIssue({
          code: 'custom',
          message: 'projects.duplicateBuilding',
          path: [index, 'BuildingNumber'],
        });
      }
      seen.add(key);
    });
  });

export const projectRowSchema = z.object({
  ProjectId: z.string(),
  Name: z.string(),
  Address: z.string().nullable(),
  Province: z.string().nullable(),
  City: z.string().nullable(),
  District: z.string().nullable(),
  DetailedAddress: z.string().nullable(),
  ProjectManager: z.string().nullable(),
  RegionalCompany: z.string().nullable(),
  BuildingCount: z.number().int(),
  DetailsInfo: z.array(buildingSchema),
  /** The staff assigned to the project (SaveProjectUser). */
  UserIds: z.array(z.string()),
  IsPublished: z.boolean(),
  PublishTime: z.string().nullable(),
  CreateTime: z.string(),
  UpdateTime: z.string(),
});
export type ProjectRow = z.infer<typeof projectRowSchema>;

export const PROJECT_ORDER_FIELDS = ['Name', 'CreateTime', 'UpdateTime'] as const;

/** Project fields shared by Add and Update. `Details` is accepted for `DetailsInfo` (design.md). */
const projectFields = {
  Name: rules.requiredText(PROJECT_LIMITS.name),
  Address: rules.optionalText(PROJECT_LIMITS.address),
  Province: rules.optionalText(PROJECT_LIMITS.region),
  City: rules.optionalText(PROJECT_LIMITS.region),
  District: rules.optionalText(PROJECT_LIMITS.region),
  DetailedAddress: rules.optionalText(PROJECT_LIMITS.detailedAddress),
  ProjectManager: rules.optionalText(PROJECT_LIMITS.projectManager),
  RegionalCompany: rules.optionalText(PROJECT_LIMITS.regionalCompany),
  DetailsInfo: buildingList.optional(),
  Details: buildingList.optional(),
};

/** `ProjectId`, with `ProjectGuid` (and `Id`) accepted for it (design.md: XId and XGuid are one value). */
const projectIdShape = {
  ProjectId: rules.uuid.optional(),
  ProjectGuid: rules.uuid.optional(),
};
interface ProjectIdInput {
  ProjectId?: string;
  ProjectGuid?: string;
}
const hasProjectId = (body: ProjectIdInput) => body.ProjectId !== undefined || body.ProjectGuid !== undefined;
const projectIdRequired = { message: 'rules.required', path: ['ProjectId'] };

/** Body `{ ProjectId }` (or `ProjectGuid`) plus more fields; the result always has `ProjectId`. */
export const withProjectId = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ ...projectIdShape, ...shape })
    .refine((body) => hasProjectId(body as ProjectIdInput), projectIdRequired)
    .transform((body) => {
      const { ProjectGuid, ...rest } = body as typeof body & ProjectIdInput;
      return { ...rest, ProjectId: (rest.ProjectId ?? ProjectGuid) as string } as Omit<
        typeof body,
        'ProjectId' | 'ProjectGuid'
      > & { ProjectId: string };
    });

/** The list request shared by GetList, GetPage, GetProjecList, syncProjectToCloud and /api/fms/Project/GetList. */
export const projectListBody = z.object({
  ProjectName: rules.optionalText(PROJECT_LIMITS.name),
  /** Only this project (the project detail page). */
  ProjectId: rules.uuid.nullish(),
  ...pageRequestShape,
  OrderBy: z.enum(PROJECT_ORDER_FIELDS).optional(),
});

const projectList = (path: string, summary: string) =>
  defineRoute({
    method: 'POST',
    path,
    access: 'authenticated',
    tag: 'projects',
    summary,
    body: projectListBody,
    result: pageResultSchema(projectRowSchema),
  });

const LIST_SUMMARY =
  'Projects the caller may see (all of the company for company and measurement administrators, ' +
  'assigned ones for project administrators and surveyors), searched by name, paged (10 by default)';

export const projectSelectItemSchema = z.object({ ProjectId: z.string(), Name: z.string() });

export const projectCountsSchema = z.object({
  ProjectId: z.string(),
  Name: z.string(),
  IsPublished: z.boolean(),
  BuildingCount: z.number().int(),
  /** Sum of the stories of the buildings. */
  FloorCount: z.number().int(),
  /** Sum of stories × households per floor. */
  HouseholdCount: z.number().int(),
  HouseMapCount: z.number().int(),
  /** Households that have a house type. */
  AssignedHouseholdCount: z.number().int(),
});

export const projectHomeSchema = z.object({
  ProjectCount: z.number().int(),
  PublishedCount: z.number().int(),
  BuildingCount: z.number().int(),
  FloorCount: z.number().int(),
  HouseholdCount: z.number().int(),
  HouseMapCount: z.number().int(),
  AssignedHouseholdCount: z.number().int(),
  Projects: z.array(projectCountsSchema),
});
export type ProjectHome = z.infer<typeof projectHomeSchema>;

export const projectBuildingSchema = buildingSchema.extend({ BuildingId: z.string() });

export const householdNodeSchema = z.object({
  /** 1-based position on the floor. */
  Household: z.number().int(),
  HouseMapId: z.string().nullable(),
  HouseMapName: z.string().nullable(),
  /** The household has the house type asked for (`houseMapId`). */
  Selected: z.boolean(),
});
export const floorNodeSchema = z.object({
  Floor: z.number().int(),
  Households: z.array(householdNodeSchema),
});
export const buildingTreeSchema = projectBuildingSchema.extend({ Floors: z.array(floorNodeSchema) });
export type BuildingTree = z.infer<typeof buildingTreeSchema>;

export const projectLogSchema = z.object({
  Id: z.string(),
  ProjectId: z.string(),
  UserId: z.string().nullable(),
  UserName: z.string(),
  /** The message key of the entry (`projectLog.*`); `Message` is it filled in the request's language. */
  Action: z.string(),
  Params: z.record(z.string(), z.union([z.string(), z.number()])),
  Message: z.string(),
  CreateTime: z.string(),
});
export type ProjectLog = z.infer<typeof projectLogSchema>;

const ids = z.array(rules.uuid).max(1000);

const projectPage = projectList('/api/ms/Project/GetPage', LIST_SUMMARY);

export const projectsRoutes = {
  getList: projectList('/api/ms/Project/GetList', LIST_SUMMARY),
  getPage: projectPage,
  exportProjectList: listExportRoute(
    projectPage,
    '/api/ms/Project/ExportProjectList',
    'Projects the caller may see',
  ),
  getProjectList: projectList('/api/ms/Project/GetProjecList', `${LIST_SUMMARY} (spec spelling)`),
  syncProjectToCloud: projectList(
    '/api/ms/Project/syncProjectToCloud',
    'On a local server this pushes projects to the cloud. This server is the cloud: there is nothing to ' +
      'push, so it answers the same page as GetPage (nothing is changed).',
  ),
  fmsGetList: projectList(
    '/api/fms/Project/GetList',
    `Floor management service alias of /api/ms/Project/GetList. ${LIST_SUMMARY}`,
  ),
  add: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/Add',
    access: 'project.create',
    tag: 'projects',
    summary:
      'Create a project with its buildings (DetailsInfo or Details). Name ≤20 and unique in the company (409), ' +
      'Address and DetailedAddress ≤50, RegionalCompany ≤64; buildings: unique numbers, 1..200 stories, 1..50 households per floor',
    body: z.object(projectFields),
    result: projectRowSchema,
  }),
  update: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/Update',
    access: 'project.detail',
    tag: 'projects',
    summary:
      'Change a project (same fields as Add). Buildings are matched by number: missing ones are removed, new ones ' +
      'added; removing or shrinking a building that has house type assignments there is refused (409). ' +
      'Without DetailsInfo/Details the buildings stay. Published projects answer 423.',
    body: withProjectId(projectFields),
    result: projectRowSchema,
  }),
  delete: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/Delete',
    access: 'project.delete',
    tag: 'projects',
    summary:
      'Delete a project and everything of it (buildings, staff, house types and their files, site types, ' +
      'assignments, log) in one transaction; files are removed after the commit. Allowed for published projects too.',
    body: withProjectId({}),
    result: z.null(),
  }),
  publishProject: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/publiceProject',
    access: 'project.publish',
    tag: 'projects',
    summary:
      'Publish a project (unpublished → published; twice: 409). Afterwards every change to its existing data ' +
      'answers 423; new house types, new site types and assignments of unassigned households are still possible.',
    body: withProjectId({}),
    result: projectRowSchema,
  }),
  getProjectSelectItem: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/GetProjectSelectItem',
    access: 'authenticated',
    tag: 'projects',
    summary: 'Id and name of every project the caller may see, by name (for pickers)',
    result: z.array(projectSelectItemSchema),
  }),
  getProjectForHome: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/GetProjectForHome',
    access: 'authenticated',
    tag: 'projects',
    summary:
      'Counts over the projects the caller may see: projects, published, buildings, floors, households, house types',
    result: projectHomeSchema,
  }),
  getProjectBuilding: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/GetProjectBuilding',
    access: 'authenticated',
    tag: 'projects',
    summary: 'The buildings of a project',
    body: withProjectId({}),
    result: z.array(projectBuildingSchema),
  }),
  getBuildingFloorTreeDataByProjectId: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/GetBuildingFloorTreeDataByProjectID',
    access: 'authenticated',
    tag: 'projects',
    summary:
      'Building → floors → households of a project (`id`), each household with its house type; with `houseMapId` ' +
      'the households of that house type are marked Selected',
    body: z.object({ id: rules.uuid, houseMapId: rules.uuid.nullish() }),
    result: z.array(buildingTreeSchema),
  }),
  saveProjectUser: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/SaveProjectUser',
    access: 'project.distribute',
    tag: 'projects',
    summary:
      'Set the full staff list of a project (UserIds replaces it; empty clears it). Users and project must be of ' +
      'the caller’s company (404 otherwise, nothing changes).',
    body: withProjectId({ UserIds: ids }),
    result: z.null(),
  }),
  saveUserToProject: defineRoute({
    method: 'POST',
    path: '/api/ms/Project/SaveUserToProject',
    access: 'project.distribute',
    tag: 'projects',
    summary:
      'Set the projects of a user (ProjectIds replaces them; empty clears them). Same company rule as SaveProjectUser.',
    body: z.object({ UserId: rules.uuid, ProjectIds: ids }),
    result: z.null(),
  }),
  projectLogGetList: defineRoute({
    method: 'GET',
    path: '/api/ms/projectlog/GetList',
    access: 'authenticated',
    tag: 'projects',
    summary:
      'The change log of a project, newest first, paged: who, what (message key + params, and the text), when',
    query: z
      .object({
        ...projectIdShape,
        ...pageRequestShape,
        PageSize: z.coerce.number().int().min(1).max(200).default(20),
      })
      .refine(hasProjectId, projectIdRequired)
      .transform(({ ProjectGuid, ...rest }) => ({
        ...rest,
        ProjectId: (rest.ProjectId ?? ProjectGuid) as string,
      })),
    result: pageResultSchema(projectLogSchema),
  }),
};
