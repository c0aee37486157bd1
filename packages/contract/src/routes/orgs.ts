import { z } from 'zod';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { userRowSchema } from './user-admin.ts';

/** One organisation; `UserCount` counts the users directly in it (not in its sub-organisations). */
export const orgSchema = z.object({
  OrgId: z.string(),
  Name: z.string(),
  Code: z.string(),
  ParentId: z.string().nullable(),
  UserCount: z.number().int(),
});
export type OrgRow = z.infer<typeof orgSchema>;

export interface OrgTreeNode extends OrgRow {
  Children: OrgTreeNode[];
}

export const orgTreeNodeSchema: z.ZodType<OrgTreeNode> = orgSchema.extend({
  get Children() {
    return z.array(orgTreeNodeSchema);
  },
});

/** Organisation names: required, at most 32 characters (spec section 5, user fields). */
export const ORG_NAME_MAX = rules.USER_FIELD_MAX;

const needsOrgId = (body: { OrgId?: string; Id?: string }) =>
  body.OrgId !== undefined || body.Id !== undefined;
const orgIdRequired = { message: 'rules.required', path: ['OrgId'] };
const userIds = z.array(rules.uuid).min(1, 'rules.required').max(1000);

/** `{ OrgId }`, with `Id` accepted for `OrgId` (design.md). */
const orgIdBody = z
  .object({ OrgId: rules.uuid.optional(), Id: rules.uuid.optional() })
  .refine(needsOrgId, orgIdRequired)
  .transform((body) => ({ OrgId: (body.OrgId ?? body.Id) as string }));

/** `{ OrgId, UserIds }`, with `Id` accepted for `OrgId`. */
const orgUsersBody = z
  .object({ OrgId: rules.uuid.optional(), Id: rules.uuid.optional(), UserIds: userIds })
  .refine(needsOrgId, orgIdRequired)
  .transform((body) => ({ OrgId: (body.OrgId ?? body.Id) as string, UserIds: [...new Set(body.UserIds)] }));

const idParams = z.object({ id: rules.uuid });
export const orgsRoutes = {
  getOrgTree: defineRoute({
    method: 'GET',
    path: '/api/sys/SysOrg/GetOrgTree',
    access: 'user.view',
    tag: 'orgs',
    summary: 'The organisation tree of the caller’s company (roots first, children sorted by name)',
    result: z.array(orgTreeNodeSchema),
  }),
  getSubOrgs: defineRoute({
    method: 'GET',
    path: '/api/sys/SysOrg/GetSubOrgs/:id',
    access: 'user.view',
    tag: 'orgs',
    summary: 'The direct sub-organisations of an organisation',
    params: idParams,
    result: z.array(orgSchema),
  }),
  subUsers: defineRoute({
    method: 'GET',
    path: '/api/sys/SysOrg/SubUsers/:id',
    access: 'user.view',
    tag: 'orgs',
    summary: 'The users directly in an organisation',
    params: idParams,
    result: z.array(userRowSchema),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/sys/SysOrg/Create',
    access: 'org.manage',
    tag: 'orgs',
    summary:
      'Create an organisation under ParentId (none: a top-level one); with OrgId (or Id) rename or move it instead. ' +
      'Names are unique under one parent; the code is generated; a move under its own descendant is refused.',
    body: z.object({
      OrgId: rules.uuid.nullish(),
      Id: rules.uuid.nullish(),
      Name: rules.requiredText(ORG_NAME_MAX),
      ParentId: rules.uuid.nullish(),
    }),
    result: orgSchema,
  }),
  del: defineRoute({
    method: 'POST',
    path: '/api/sys/SysOrg/del',
    access: 'org.manage',
    tag: 'orgs',
    summary: 'Delete an organisation; refused (409) while it has sub-organisations or users',
    body: orgIdBody,
    result: z.null(),
  }),
  addUsers: defineRoute({
    method: 'POST',
    path: '/api/sys/SysOrg/AddUsers',
    access: 'org.manage',
    tag: 'orgs',
    summary: 'Move users into an organisation (a user belongs to one organisation)',
    body: orgUsersBody,
    result: z.null(),
  }),
  removeUsers: defineRoute({
    method: 'POST',
    path: '/api/sys/SysOrg/RemoveUsers',
    access: 'org.manage',
    tag: 'orgs',
    summary: 'Take users out of an organisation (they are then in none)',
    body: orgUsersBody,
    result: z.null(),
  }),
};
