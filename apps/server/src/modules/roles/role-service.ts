import {
  PERMISSION_CATALOGUE,
  PERMISSIONS,
  ROLE_LABELS,
  ROLE_PERMISSIONS,
  ROLES,
  type Language,
  type PageResult,
  type PermissionRow,
  type RoleLabelKey,
  type RoleRow,
} from '@measure/contract';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { UserAdminRepository } from '../user-admin/user-admin-repository.ts';

/** Label-only roles of spec section 6: shown after the assignable ones, never given to users. */
const LABEL_ONLY: RoleLabelKey[] = (Object.keys(ROLE_LABELS) as RoleLabelKey[]).filter(
  (role) => !(ROLES as readonly string[]).includes(role),
);

/** The fixed role catalogue and permission catalogue of the contract, with the company's counts. */
export class RoleService {
  constructor(private readonly db: Database) {}

  async roles(
    auth: AuthContext,
    page: { PageSize: number; CurrentPage: number },
    lang: Language,
  ): Promise<PageResult<RoleRow>> {
    const counts = await new UserAdminRepository(this.db).countByFirstRole(auth.companyId);
    const all: RoleRow[] = [
      ...ROLES.map((role) => ({
        RoleName: role,
        Label: ROLE_LABELS[role][lang],
        Assignable: true,
        Permissions: [...ROLE_PERMISSIONS[role]],
        UserCount: counts.get(role) ?? 0,
      })),
      ...LABEL_ONLY.map((role) => ({
        RoleName: role,
        Label: ROLE_LABELS[role][lang],
        Assignable: false,
        Permissions: [],
        UserCount: 0,
      })),
    ];
    const start = (page.CurrentPage - 1) * page.PageSize;
    return {
      Items: all.slice(start, start + page.PageSize),
      Total: all.length,
      PageSize: page.PageSize,
      CurrentPage: page.CurrentPage,
    };
  }

  permissions(lang: Language): PermissionRow[] {
    return PERMISSIONS.map((permission) => ({
      Name: PERMISSION_CATALOGUE[permission].name[lang],
      IdMark: permission,
      Description: PERMISSION_CATALOGUE[permission].description[lang],
      Roles: ROLES.filter((role) => (ROLE_PERMISSIONS[role] as readonly string[]).includes(permission)),
    }));
  }
}
