import { z } from 'zod';
import { pageRequestShape, pageResultSchema } from '../envelope.ts';
import { PERMISSIONS, ROLE_LABELS, ROLES, type RoleLabelKey } from '../permissions.ts';
import { defineRoute } from './define.ts';

const ROLE_LABEL_KEYS = Object.keys(ROLE_LABELS) as [RoleLabelKey, ...RoleLabelKey[]];

/**
 * One role. The four assignable roles come first; the two label-only roles of spec section 6
 * (ManualSurveyor, FactoryAdmin) follow with `Assignable: false`, no permissions and no users,
 * so the role and permission pages can show every label the product uses.
 */
export const roleRowSchema = z.object({
  RoleName: z.enum(ROLE_LABEL_KEYS),
  Label: z.string(),
  Assignable: z.boolean(),
  Permissions: z.array(z.enum(PERMISSIONS as [string, ...string[]])),
  UserCount: z.number().int(),
});
export type RoleRow = z.infer<typeof roleRowSchema>;

/** One permission of the catalogue, in the request language, with the roles holding it. */
export const permissionRowSchema = z.object({
  Name: z.string(),
  IdMark: z.string(),
  Description: z.string(),
  Roles: z.array(z.enum(ROLES)),
});
export type PermissionRow = z.infer<typeof permissionRowSchema>;

export const rolesRoutes = {
  getRoleList: defineRoute({
    method: 'POST',
    path: '/api/sys/Role/GetRoleList',
    access: 'role.view',
    tag: 'roles',
    summary:
      'Roles, paged (20 by default): the four assignable roles, then the label-only ones (Assignable false), ' +
      'with labels in the request language, permissions and the number of company users whose first role it is',
    body: z.object({
      ...pageRequestShape,
      PageSize: z.coerce.number().int().min(1).max(200).default(20),
    }),
    result: pageResultSchema(roleRowSchema),
  }),
  permissionList: defineRoute({
    method: 'POST',
    path: '/api/rs/Permission/List',
    access: 'permission.view',
    tag: 'roles',
    summary:
      'The permission catalogue: name and description in the request language, the ID mark and the roles holding it',
    result: z.array(permissionRowSchema),
  }),
};
