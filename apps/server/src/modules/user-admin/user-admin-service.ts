import {
  ROLES,
  type CompanyUser,
  type PageResult,
  type Role,
  type RouteBody,
  type UserRow,
  type userAdminRoutes,
  exportPageOf,
} from '@measure/contract';
import { conflict, fieldError, forbidden, notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { AuditRepository } from '../audit/audit-repository.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { PasswordHasher } from '../auth/password-hasher.ts';
import type { SessionService } from '../auth/session-service.ts';
import { OrgRepository } from '../orgs/org-repository.ts';
import { rethrowDuplicateLogin } from './login-conflicts.ts';
import { UserRepository } from '../account/user-repository.ts';
import { UserAdminRepository, type UserAdminRecord, type UserChanges } from './user-admin-repository.ts';

export type UserListBody = RouteBody<typeof userAdminRoutes.getUserList>;
export type CreateUserBody = RouteBody<typeof userAdminRoutes.createUser>;
export type EditUserBody = RouteBody<typeof userAdminRoutes.editUser>;

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);
const asGender = (value: number): 0 | 1 | 2 => (value === 1 || value === 2 ? value : 0);
const asStatus = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

/** Roles given when a create payload names none: the least privileged one. */
export const DEFAULT_ROLES: Role[] = ['Surveyor'];

export function toUserRow(record: UserAdminRecord): UserRow {
  return {
    UserId: record.id,
    Name: record.name,
    Email: record.email,
    Code: record.email,
    PhoneNumber: record.phone,
    AccountNumber: record.phone,
    Position: record.position,
    Department: record.department,
    Gender: asGender(record.gender),
    Status: asStatus(record.status),
    OrgId: record.orgId,
    OrgCode: record.orgCode,
    OrgName: record.orgName,
    RoleNameList: record.roles.filter(isRole),
    ProjectIds: record.projectIds,
    CreateTime: record.createdAt.toISOString(),
  };
}

/** Only a company administrator (first role) may give the CompanyAdmin role (spec section 6). */
export function mayGrant(auth: AuthContext, roles: readonly Role[]): boolean {
  return !roles.includes('CompanyAdmin') || auth.roles[0] === 'CompanyAdmin';
}

/** The organisation of a create/edit payload: OrgId, else the first entry of the SysOrg list. */
function orgIdOf(body: Pick<CreateUserBody, 'OrgId' | 'SysOrg'>): string | null {
  if (body.OrgId) return body.OrgId;
  const first = body.SysOrg?.[0];
  if (first === undefined) return null;
  return typeof first === 'string' ? first : (first.OrgId ?? first.Id ?? null);
}

/**
 * Company user administration (list, create, edit, status, delete, reset password). Every read
 * and write is scoped to the caller's company: another company's id is simply not found (404).
 */
export class UserAdminService {
  private readonly repository: UserAdminRepository;

  constructor(
    private readonly deps: {
      db: Database;
      hasher: PasswordHasher;
      sessions: SessionService;
      audit: AuditRepository;
    },
  ) {
    this.repository = new UserAdminRepository(deps.db);
  }

  /** The rows of the list's Excel export: its filters and order, at most LIST_EXPORT_MAX_ROWS. */
  async exportRows(
    auth: AuthContext,
    filter: Omit<UserListBody, 'PageSize' | 'CurrentPage'>,
  ): Promise<UserRow[]> {
    return (await this.page(auth, exportPageOf(filter))).Items;
  }

  async page(auth: AuthContext, body: UserListBody): Promise<PageResult<UserRow>> {
    const orderBy = body.OrderBy ?? 'CreateTime';
    const { rows, total } = await this.repository.page({
      companyId: auth.companyId,
      keyword: body.Content,
      orgId: body.OrgId ?? undefined,
      status: body.Status ?? undefined,
      orderBy,
      ascending: (body.AscDesc ?? (orderBy === 'CreateTime' ? 'desc' : 'asc')) === 'asc',
      limit: body.PageSize,
      offset: (body.CurrentPage - 1) * body.PageSize,
    });
    return {
      Items: rows.map(toUserRow),
      Total: total,
      PageSize: body.PageSize,
      CurrentPage: body.CurrentPage,
    };
  }

  async companyUsers(auth: AuthContext): Promise<CompanyUser[]> {
    const rows = await this.repository.listCompany(auth.companyId);
    return rows.map((row) => ({
      UserId: row.id,
      Name: row.name,
      Email: row.email,
      PhoneNumber: row.phone,
      OrgId: row.orgId,
      OrgName: row.orgName,
      Status: asStatus(row.status),
      RoleNameList: row.roles.filter(isRole),
    }));
  }

  async get(auth: AuthContext, userId: string): Promise<UserRow> {
    const record = await this.repository.find(auth.companyId, userId);
    if (!record) throw notFound();
    return toUserRow(record);
  }

  async create(auth: AuthContext, body: CreateUserBody): Promise<UserRow> {
    const roles: Role[] = body.RoleNameList ?? DEFAULT_ROLES;
    if (!mayGrant(auth, roles)) throw forbidden('users.grantAdminForbidden');
    const email = (body.Email ?? body.Code) as string;
    // One hash per created user; done before the transaction so no row lock waits on scrypt.
    const passwordHash = await this.deps.hasher.hash(body.Password);
    let userId = '';
    try {
      await this.deps.db.transaction(async (tx) => {
        const users = new UserAdminRepository(tx);
        const orgId = await this.checkOrg(tx, auth.companyId, orgIdOf(body));
        await this.checkLoginsFree(users, email, body.Phone ?? null);
        userId = await users.insert({
          companyId: auth.companyId,
          orgId,
          name: body.Name,
          email,
          phone: body.Phone ?? null,
          position: body.Position ?? null,
          department: body.Department ?? null,
          gender: body.Gender ?? 0,
          status: body.Status ?? 1,
          passwordHash,
          // An administrator-set password: the user changes it at first sign-in (the `#` flow).
          mustChangePassword: true,
        });
        await users.setRoles(auth.companyId, [userId], [roles]);
      });
    } catch (error) {
      rethrowDuplicateLogin(error);
    }
    await this.deps.audit.record({
      event: 'user.created',
      companyId: auth.companyId,
      userId: auth.userId,
      detail: { target: userId, roles },
    });
    return this.get(auth, userId);
  }

  async edit(auth: AuthContext, body: EditUserBody): Promise<UserRow> {
    const email = (body.Email ?? body.Code) as string;
    const roles = body.RoleNameList;
    const self = body.UserId === auth.userId;
    try {
      await this.deps.db.transaction(async (tx) => {
        const users = new UserAdminRepository(tx);
        await users.lockCompany(auth.companyId);
        const current = await users.find(auth.companyId, body.UserId);
        if (!current) throw notFound();
        const currentRoles = current.roles.filter(isRole);
        if (roles && !mayGrant(auth, roles) && !currentRoles.includes('CompanyAdmin')) {
          throw forbidden('users.grantAdminForbidden');
        }
        const status = body.Status ?? asStatus(current.status);
        if (self && status !== current.status) throw fieldError('Status', 'users.notYourself');
        const orgId =
          body.OrgId === undefined && body.SysOrg === undefined
            ? current.orgId
            : await this.checkOrg(tx, auth.companyId, orgIdOf(body));
        await this.checkLoginsFree(users, email, body.Phone ?? null, body.UserId);
        const changes: UserChanges = {
          orgId,
          name: body.Name,
          email,
          phone: body.Phone ?? null,
          position: body.Position ?? null,
          department: body.Department ?? null,
          gender: body.Gender ?? current.gender,
          status,
        };
        const adminsBefore = await users.countEnabledAdminsExcept(auth.companyId, []);
        await users.update(auth.companyId, body.UserId, changes);
        if (roles) {
          await users.setRoles(auth.companyId, [body.UserId], [roles]);
          await this.deps.sessions.usersChanged([body.UserId], tx);
        }
        // Demoting or disabling may not leave the company without an enabled administrator.
        if (adminsBefore > 0 && (await users.countEnabledAdminsExcept(auth.companyId, [])) === 0) {
          throw conflict('RoleNameList', 'users.lastAdmin');
        }
        if (status === 0 && current.status !== 0) {
          await this.deps.sessions.revokeAllOfUser(body.UserId, undefined, tx);
        }
      });
    } catch (error) {
      rethrowDuplicateLogin(error);
    }
    await this.deps.audit.record({
      event: 'user.updated',
      companyId: auth.companyId,
      userId: auth.userId,
      detail: { target: body.UserId, ...(roles ? { roles } : {}) },
    });
    return this.get(auth, body.UserId);
  }

  /** All or nothing: every id must be a user of the company other than the caller. */
  async delete(auth: AuthContext, ids: readonly string[]): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.includes(auth.userId)) throw fieldError('Ids', 'users.notYourself');
    await this.deps.db.transaction(async (tx) => {
      const users = new UserAdminRepository(tx);
      await users.lockCompany(auth.companyId);
      await this.checkAllExist(users, auth.companyId, unique);
      const adminsBefore = await users.countEnabledAdminsExcept(auth.companyId, []);
      if (adminsBefore > 0 && (await users.countEnabledAdminsExcept(auth.companyId, unique)) === 0) {
        throw conflict('Ids', 'users.lastAdmin');
      }
      await users.delete(auth.companyId, unique);
      await this.deps.sessions.usersChanged(unique, tx);
    });
    await this.deps.audit.record({
      event: 'user.deleted',
      companyId: auth.companyId,
      userId: auth.userId,
      detail: { targets: unique },
    });
  }

  /** Disabling ends the users' sessions (and the guard refuses a disabled user's token anyway). */
  async setStatus(auth: AuthContext, ids: readonly string[], status: 0 | 1): Promise<void> {
    if (ids.includes(auth.userId)) throw fieldError('Ids', 'users.notYourself');
    await this.deps.db.transaction(async (tx) => {
      const users = new UserAdminRepository(tx);
      await users.lockCompany(auth.companyId);
      await this.checkAllExist(users, auth.companyId, ids);
      const adminsBefore = await users.countEnabledAdminsExcept(auth.companyId, []);
      await users.setStatus(auth.companyId, ids, status);
      if (status === 0) {
        if (adminsBefore > 0 && (await users.countEnabledAdminsExcept(auth.companyId, [])) === 0) {
          throw conflict('Ids', 'users.lastAdmin');
        }
        for (const id of ids) await this.deps.sessions.revokeAllOfUser(id, undefined, tx);
      }
    });
    await this.deps.audit.record({
      event: status === 0 ? 'user.disabled' : 'user.enabled',
      companyId: auth.companyId,
      userId: auth.userId,
      detail: { targets: [...ids] },
    });
  }

  /** An administrator-set password: must be changed at the next sign-in; every session ends. */
  async resetPassword(auth: AuthContext, userId: string, password: string): Promise<void> {
    if ((await this.repository.existingIds(auth.companyId, [userId])).size === 0) throw notFound();
    const hash = await this.deps.hasher.hash(password);
    await this.deps.db.transaction(async (tx) => {
      const users = new UserAdminRepository(tx);
      if ((await users.existingIds(auth.companyId, [userId])).size === 0) throw notFound();
      await new UserRepository(tx).setPassword(auth.companyId, userId, hash, true);
      await this.deps.sessions.revokeAllOfUser(userId, undefined, tx);
    });
    await this.deps.audit.record({
      event: 'password.resetByAdmin',
      companyId: auth.companyId,
      userId: auth.userId,
      detail: { target: userId },
    });
  }

  private async checkAllExist(users: UserAdminRepository, companyId: string, ids: readonly string[]) {
    const found = await users.existingIds(companyId, ids);
    if (found.size !== new Set(ids).size) throw notFound();
  }

  /** null stays null; an id must be an organisation of the company (else 400, nothing revealed). */
  private async checkOrg(
    tx: Parameters<Parameters<Database['transaction']>[0]>[0],
    companyId: string,
    orgId: string | null,
  ): Promise<string | null> {
    if (orgId === null) return null;
    const org = await new OrgRepository(tx).find(companyId, orgId);
    if (!org) throw fieldError('OrgId', 'users.unknownOrg');
    return orgId;
  }

  private async checkLoginsFree(
    users: UserAdminRepository,
    email: string,
    phone: string | null,
    exceptUserId?: string,
  ): Promise<void> {
    const taken = await users.takenLogins([email], phone ? [phone] : []);
    const emailOwner = taken.emails.get(email);
    if (emailOwner !== undefined && emailOwner !== exceptUserId) throw conflict('Email', 'users.emailTaken');
    const phoneOwner = phone ? taken.phones.get(phone) : undefined;
    if (phoneOwner !== undefined && phoneOwner !== exceptUserId) throw conflict('Phone', 'users.phoneTaken');
  }
}
