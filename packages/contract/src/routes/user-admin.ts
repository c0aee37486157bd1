import { z } from 'zod';
import { pageRequestShape, pageResultSchema } from '../envelope.ts';
import { ROLES } from '../permissions.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { xlsxAttachment } from './file-answers.ts';
import { listExportRoute } from './list-export.ts';
import { userCoreShape } from './account.ts';

/** One row of the user list. */
export const userRowSchema = z.object({ ...userCoreShape, CreateTime: z.string() });
export type UserRow = z.infer<typeof userRowSchema>;

/** A light row for pickers (GetCompanyUserList). */
export const companyUserSchema = z.object({
  UserId: z.string(),
  Name: z.string(),
  Email: z.string(),
  PhoneNumber: z.string().nullable(),
  OrgId: z.string().nullable(),
  OrgName: z.string().nullable(),
  Status: rules.userStatus,
  RoleNameList: z.array(z.enum(ROLES)),
});
export type CompanyUser = z.infer<typeof companyUserSchema>;

export const USER_ORDER_FIELDS = ['Name', 'Email', 'CreateTime'] as const;
/** Largest number of ids one call takes. */
export const MAX_IDS = 1000;

/** Optional mainland mobile: empty or missing becomes undefined. */
const optionalPhone = z
  .union([rules.phone, z.literal('')])
  .nullish()
  .transform((value) => (value ? value : undefined));

/** Known roles only (ROLES); the first one decides. Missing means ['Surveyor'] when creating. */
export const roleNameList = z
  .array(z.enum(ROLES, 'users.unknownRole'))
  .min(1, 'rules.required')
  .max(ROLES.length)
  .transform((roles) => [...new Set(roles)]);

/** The spec's SysOrg list: ids or `{ OrgId }` objects; the first one is the user's organisation. */
const sysOrgList = z
  .array(z.union([rules.uuid, z.object({ OrgId: rules.uuid.optional(), Id: rules.uuid.optional() })]))
  .max(20)
  .nullish();

const userFields = {
  AppId: z.union([z.string().max(64), z.number()]).nullish(),
  /** The email; Code and Email are the same value and either is accepted. */
  Code: rules.email.optional(),
  Email: rules.email.optional(),
  Name: rules.personName,
  Position: rules.optionalText(rules.USER_FIELD_MAX),
  Department: rules.optionalText(rules.USER_FIELD_MAX),
  Gender: rules.gender.optional(),
  Status: rules.userStatus.optional(),
  Phone: optionalPhone,
  OrgId: rules.uuid.nullish(),
  SysOrg: sysOrgList,
};

const requireEmail = <T extends { Email?: string; Code?: string }>(body: T) =>
  body.Email !== undefined || body.Code !== undefined;

const userIdBody = z.object({ UserId: rules.uuid });
const ids = z.array(rules.uuid).min(1, 'rules.required').max(MAX_IDS);

/** One row of an import preview: the cells as read (trimmed text) and the row's problems. */
export const importRowSchema = z.object({
  /** The row number in the sheet (the header is row 1). */
  Row: z.number().int(),
  Name: z.string(),
  Email: z.string(),
  Phone: z.string(),
  Position: z.string(),
  Department: z.string(),
  Gender: z.string(),
  OrgCode: z.string(),
  Role: z.string(),
  Errors: z.array(z.object({ Field: z.string(), Message: z.string() })),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z.object({
  ImportId: z.string(),
  Total: z.number().int(),
  Valid: z.number().int(),
  Rows: z.array(importRowSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** Import limits: one .xlsx file of at most 5 MB, at most 5,000 data rows, preview kept 1 hour. */
export const USER_IMPORT_LIMITS = {
  maxFileBytes: 5 * 1024 * 1024,
  maxRows: 5000,
  /** What the workbook may inflate to (a zip bomb of a few MB would otherwise expand in memory). */
  maxInflatedBytes: 64 * 1024 * 1024,
  previewTtlMs: 60 * 60_000,
} as const;

const getUserList = defineRoute({
  method: 'POST',
  path: '/api/sys/User/GetUserList',
  access: 'user.view',
  tag: 'users',
  summary:
    'Users of the caller’s company, paged (20 by default). Content searches name, email and phone; ' +
    'OrgId keeps the users of that organisation and its sub-organisations; Status filters.',
  body: z.object({
    AppId: z.union([z.string().max(64), z.number()]).nullish(),
    Content: rules.optionalText(rules.USER_FIELD_MAX),
    OrgId: rules.uuid.nullish(),
    Status: rules.userStatus.nullish(),
    ...pageRequestShape,
    PageSize: z.coerce.number().int().min(1).max(200).default(20),
    OrderBy: z.enum(USER_ORDER_FIELDS).optional(),
  }),
  result: pageResultSchema(userRowSchema),
});

export const userAdminRoutes = {
  getUserList,
  exportUserList: listExportRoute(
    getUserList,
    '/api/sys/User/ExportUserList',
    'Users of the caller’s company',
  ),
  getCompanyUserList: defineRoute({
    method: 'POST',
    path: '/api/sys/user/GetCompanyUserList',
    access: 'user.view',
    tag: 'users',
    summary: 'Every user of the caller’s company as a light row, for pickers',
    result: z.array(companyUserSchema),
  }),
  getUser: defineRoute({
    method: 'POST',
    path: '/api/sys/User/GetUser',
    access: 'user.view',
    tag: 'users',
    summary: 'One user of the caller’s company',
    body: userIdBody,
    result: userRowSchema,
  }),
  createUser: defineRoute({
    method: 'POST',
    path: '/api/sys/User/CreateUser',
    access: 'user.create',
    tag: 'users',
    summary:
      'Create a user (spec create payload; the first SysOrg entry or OrgId is the organisation). ' +
      'The user must change the password at first sign-in. Only a company administrator may grant CompanyAdmin.',
    body: z
      .object({
        ...userFields,
        Password: rules.password,
        RoleNameList: roleNameList.optional(),
      })
      .refine(requireEmail, { message: 'rules.required', path: ['Email'] }),
    result: userRowSchema,
  }),
  editUser: defineRoute({
    method: 'POST',
    path: '/api/sys/User/EditUser',
    access: 'user.manage',
    tag: 'users',
    summary:
      'Edit a user (same fields as CreateUser plus UserId; a Password sent here is ignored: use ResetPassword). ' +
      'Missing RoleNameList keeps the roles; missing Status keeps the status; disabling ends the user’s sessions.',
    body: z
      .object({
        ...userFields,
        UserId: rules.uuid,
        Password: z.string().max(64).nullish(),
        RoleNameList: roleNameList.optional(),
      })
      .refine(requireEmail, { message: 'rules.required', path: ['Email'] }),
    result: userRowSchema,
  }),
  deleteUsers: defineRoute({
    method: 'POST',
    path: '/api/sys/User/DeleteUsers',
    access: 'user.manage',
    tag: 'users',
    summary:
      'Delete users, all or nothing: never yourself, never the last enabled company administrator; ' +
      'an id not in your company answers 404 and nothing is deleted',
    body: z.object({ Ids: ids }),
    result: z.null(),
  }),
  updateUserStatus: defineRoute({
    method: 'POST',
    path: '/api/sys/User/UpdateUserStatus',
    access: 'user.manage',
    tag: 'users',
    summary:
      'Set Status (1 normal, 0 disabled) of the users in Ids (or of UserId); disabling ends their sessions. ' +
      'Never yourself, never the last enabled company administrator.',
    body: z
      .object({ Ids: ids.optional(), UserId: rules.uuid.optional(), Status: rules.userStatus })
      .refine((body) => body.Ids !== undefined || body.UserId !== undefined, {
        message: 'rules.required',
        path: ['Ids'],
      })
      .transform(({ Ids, UserId, Status }) => ({
        Ids: [...new Set([...(Ids ?? []), ...(UserId ? [UserId] : [])])],
        Status,
      })),
    result: z.null(),
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/sys/User/ResetPassword',
    access: 'user.manage',
    tag: 'users',
    summary:
      'Set a user’s password as an administrator: the user must change it at the next sign-in and all its sessions end',
    body: z.object({ UserId: rules.uuid, Password: rules.password }),
    result: z.null(),
  }),
  importTemplate: defineRoute({
    method: 'GET',
    path: '/api/sys/user/ImportTemplate',
    access: 'user.import',
    tag: 'users',
    summary: 'Download the bilingual .xlsx template for importing users (an attachment, not an envelope)',
    result: z.null(),
    file: xlsxAttachment,
  }),
  importPreview: defineRoute({
    method: 'POST',
    path: '/api/sys/user/ImportPreview',
    access: 'user.import',
    tag: 'users',
    summary:
      'Upload one .xlsx file (multipart/form-data, at most 5 MB, 5,000 rows) and validate every row; ' +
      'nothing is created yet. The parsed rows are kept for one hour under ImportId.',
    result: importPreviewSchema,
  }),
  importCommit: defineRoute({
    method: 'POST',
    path: '/api/sys/user/ImportCommit',
    access: 'user.import',
    tag: 'users',
    summary:
      'Create every previewed user in one transaction, or none when any row is invalid (400 lists the rows). ' +
      'All get InitialPassword and must change it at first sign-in.',
    body: z.object({ ImportId: rules.uuid, InitialPassword: rules.password }),
    result: z.object({ Imported: z.number().int() }),
  }),
};
