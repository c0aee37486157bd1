import {
  COMPANY_TIME_ZONE,
  permissionsOfRoles,
  ROLES,
  type Language,
  type Role,
  type RouteBody,
  type SelfInfo,
  type accountRoutes,
} from '@measure/contract';
import { conflict, fieldError, forbidden, tooManyAttempts, unauthorized } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { AuditRepository } from '../audit/audit-repository.ts';
import type { AuthContext, OperatorContext } from '../auth/auth-context.ts';
import { OperatorAccountRepository } from '../operator-console/operator-account-repository.ts';
import { LOGIN_LIMITS } from '../auth/login-throttle.ts';
import type { PasswordHasher } from '../auth/password-hasher.ts';
import type { SessionService } from '../auth/session-service.ts';
import { rethrowDuplicateLogin } from '../user-admin/login-conflicts.ts';
import { UserRepository, type UserProfileRow } from './user-repository.ts';

export type EditMeBody = RouteBody<typeof accountRoutes.editMe>;

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);
const asGender = (value: number): 0 | 1 | 2 => (value === 1 || value === 2 ? value : 0);
const asStatus = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

export function toSelfInfo(row: UserProfileRow, lang: Language): SelfInfo {
  const roles = row.roles.filter(isRole);
  return {
    UserId: row.id,
    Name: row.name,
    Email: row.email,
    Code: row.email,
    PhoneNumber: row.phone,
    AccountNumber: row.phone,
    Position: row.position,
    Department: row.department,
    Gender: asGender(row.gender),
    Avatar: row.avatar,
    Status: asStatus(row.status),
    OrgId: row.orgId,
    OrgCode: row.orgCode,
    OrgName: row.orgName,
    CompanyId: row.companyId,
    CompanyName: lang === 'en-US' ? row.companyNameEn : row.companyNameZh,
    RoleNameList: roles,
    Permissions: [...permissionsOfRoles(roles)],
    ProjectIds: [...row.projectIds].sort(),
    MustChangePassword: row.mustChangePassword,
    EnabledRobotTask: row.enabledRobotTask,
    EnabledModeling: row.enabledModeling,
    EnabledExternalWall: row.enabledExternalWall,
    EnabledGj: row.enabledGj,
    TimeZone: COMPANY_TIME_ZONE,
    IsOperator: false,
  };
}

/** GetSelf of the platform operator: its name and email, and nothing of any company. */
export function operatorSelfInfo(operator: { id: string; name: string; email: string }): SelfInfo {
  return {
    UserId: operator.id,
    Name: operator.name,
    Email: operator.email,
    Code: operator.email,
    PhoneNumber: null,
    AccountNumber: null,
    Position: null,
    Department: null,
    Gender: 0,
    Avatar: null,
    Status: 1,
    OrgId: null,
    OrgCode: null,
    OrgName: null,
    CompanyId: '',
    CompanyName: '',
    RoleNameList: [],
    Permissions: [],
    ProjectIds: [],
    MustChangePassword: false,
    EnabledRobotTask: false,
    EnabledModeling: false,
    EnabledExternalWall: false,
    EnabledGj: false,
    TimeZone: COMPANY_TIME_ZONE,
    IsOperator: true,
  };
}

/** The signed-in user's own account: profile, editing it, changing the password. */
export class AccountService {
  constructor(
    private readonly deps: {
      db: Database;
      users: UserRepository;
      hasher: PasswordHasher;
      sessions: SessionService;
      audit: AuditRepository;
    },
  ) {}

  async getOperatorSelf(caller: OperatorContext): Promise<SelfInfo> {
    const operator = await new OperatorAccountRepository(this.deps.db).findById(caller.operatorId);
    if (!operator) throw unauthorized();
    return operatorSelfInfo(operator);
  }

  async getSelf(auth: AuthContext, lang: Language): Promise<SelfInfo> {
    const row = await this.deps.users.findProfile(auth.companyId, auth.userId);
    if (!row) throw unauthorized();
    return toSelfInfo(row, lang);
  }

  /**
   * Edit-self: Email (or Code) is the new email; Status is ignored. Position, Department and Phone
   * are replaced by what is sent (empty or missing clears them); a missing Gender keeps the current one.
   */
  async editMe(auth: AuthContext, body: EditMeBody, lang: Language): Promise<SelfInfo> {
    if (body.UserId !== undefined && body.UserId.toLowerCase() !== auth.userId.toLowerCase()) {
      throw forbidden('users.notSelf');
    }
    const email = body.Email ?? body.Code;
    if (email === undefined) throw fieldError('Email', 'rules.required');
    const phone = body.Phone ?? null;

    let changed: string[] = [];
    try {
      await this.deps.db.transaction(async (tx) => {
        const users = new UserRepository(tx);
        const current = await users.findProfile(auth.companyId, auth.userId);
        if (!current) throw unauthorized();
        const emailOwner = await users.findIdByEmail(email);
        if (emailOwner !== undefined && emailOwner !== auth.userId)
          throw conflict('Email', 'users.emailTaken');
        if (phone !== null) {
          const phoneOwner = await users.findIdByPhone(phone);
          if (phoneOwner !== undefined && phoneOwner !== auth.userId)
            throw conflict('Phone', 'users.phoneTaken');
        }
        const changes = {
          name: body.Name,
          email,
          phone,
          position: body.Position ?? null,
          department: body.Department ?? null,
          gender: body.Gender ?? current.gender,
        };
        changed = Object.entries(changes)
          .filter(([key, value]) => current[key as keyof typeof changes] !== value)
          .map(([key]) => key);
        await users.updateProfile(auth.companyId, auth.userId, changes);
      });
    } catch (error) {
      // Another request took the email or phone between the check and the update.
      rethrowDuplicateLogin(error);
    }
    await this.deps.audit.record({
      event: 'profile.updated',
      companyId: auth.companyId,
      userId: auth.userId,
      detail: { fields: changed },
    });
    return this.getSelf(auth, lang);
  }

  /** Checks the old password, sets the new one and ends the user's other sessions (one transaction). */
  async changePassword(
    auth: AuthContext,
    oldPassword: string,
    newPassword: string,
    ip: string,
  ): Promise<void> {
    const { deps } = this;
    // A stolen session must not become a way to guess the password: same limit as sign-in.
    const limit = LOGIN_LIMITS.account;
    const failures = await deps.audit.userEventsSince(
      'password.changeFailed',
      auth,
      new Date(Date.now() - limit.windowMs),
    );
    if (failures.count >= limit.failures) {
      const freeAt = (failures.oldest?.getTime() ?? Date.now()) + limit.windowMs;
      throw tooManyAttempts(Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)));
    }
    const currentHash = await deps.users.getPasswordHash(auth.companyId, auth.userId);
    if (currentHash === undefined) throw unauthorized();
    if (!(await deps.hasher.verify(oldPassword, currentHash))) {
      await deps.audit.record({
        event: 'password.changeFailed',
        companyId: auth.companyId,
        userId: auth.userId,
        ip,
      });
      throw fieldError('OldPassword', 'auth.oldPasswordWrong');
    }
    if (newPassword === oldPassword) throw fieldError('NewPassword', 'auth.samePassword');

    const newHash = await deps.hasher.hash(newPassword);
    await deps.db.transaction(async (tx) => {
      await new UserRepository(tx).setPassword(auth.companyId, auth.userId, newHash, false);
      await deps.sessions.revokeAllOfUser(auth.userId, auth.sessionId, tx);
    });
    await deps.audit.record({
      event: 'password.changed',
      companyId: auth.companyId,
      userId: auth.userId,
      ip,
    });
  }
}
