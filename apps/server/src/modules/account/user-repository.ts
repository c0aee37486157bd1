import { and, eq, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { companies, orgs, projectUsers, userRoles, users } from '../../db/schema.ts';

export interface LoginCandidate {
  id: string;
  companyId: string;
  passwordHash: string;
  status: number;
  mustChangePassword: boolean;
  passwordChangedAt: Date;
  passwordMaxAgeDays: number | null;
  /** The company was disabled by the operator console: sign-in is refused. */
  companyDisabled: boolean;
}

export interface UserProfileRow {
  id: string;
  companyId: string;
  name: string;
  email: string;
  phone: string | null;
  position: string | null;
  department: string | null;
  gender: number;
  avatar: string | null;
  status: number;
  mustChangePassword: boolean;
  orgId: string | null;
  orgCode: string | null;
  orgName: string | null;
  companyNameZh: string;
  companyNameEn: string;
  enabledRobotTask: boolean;
  enabledModeling: boolean;
  enabledExternalWall: boolean;
  enabledGj: boolean;
  roles: string[];
  projectIds: string[];
}

export interface ProfileChanges {
  name: string;
  email: string;
  phone: string | null;
  position: string | null;
  department: string | null;
  gender: number;
}

/** The only place that reads and writes users for sign-in and the account calls. */
export class UserRepository {
  constructor(private readonly db: DbExecutor) {}

  /** Sign-in accepts the email (case-insensitive) or the mobile number. */
  async findForLogin(login: string): Promise<LoginCandidate | undefined> {
    const [row] = await this.db
      .select({
        id: users.id,
        companyId: users.companyId,
        passwordHash: users.passwordHash,
        status: users.status,
        mustChangePassword: users.mustChangePassword,
        passwordChangedAt: users.passwordChangedAt,
        passwordMaxAgeDays: companies.passwordMaxAgeDays,
        companyDisabled: sql<boolean>`${companies.disabledAt} is not null`,
      })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(or(eq(users.email, login.toLowerCase()), eq(users.phone, login)));
    return row;
  }

  async findProfile(companyId: string, userId: string): Promise<UserProfileRow | undefined> {
    const [row] = await this.db
      .select({
        id: users.id,
        companyId: users.companyId,
        name: users.name,
        email: users.email,
        phone: users.phone,
        position: users.position,
        department: users.department,
        gender: users.gender,
        avatar: users.avatar,
        status: users.status,
        mustChangePassword: users.mustChangePassword,
        orgId: users.orgId,
        orgCode: orgs.code,
        orgName: orgs.name,
        companyNameZh: companies.nameZh,
        companyNameEn: companies.nameEn,
        enabledRobotTask: companies.enabledRobotTask,
        enabledModeling: companies.enabledModeling,
        enabledExternalWall: companies.enabledExternalWall,
        enabledGj: companies.enabledGj,
        roles: sql<string[]>`coalesce((select array_agg(${userRoles.role} order by ${userRoles.position})
          from ${userRoles} where ${userRoles.userId} = ${users}.id), '{}')`,
        projectIds: sql<string[]>`coalesce((select array_agg(${projectUsers.projectId}::text)
          from ${projectUsers} where ${projectUsers.userId} = ${users}.id), '{}')`,
      })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .leftJoin(orgs, eq(orgs.id, users.orgId))
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
    return row;
  }

  /** Id of the user holding this email or phone, if any (both are unique across companies). */
  async findIdByEmail(email: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email.toLowerCase()));
    return row?.id;
  }

  async findIdByPhone(phone: string): Promise<string | undefined> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    return row?.id;
  }

  async updateProfile(companyId: string, userId: string, changes: ProfileChanges): Promise<void> {
    await this.db
      .update(users)
      .set({ ...changes, email: changes.email.toLowerCase(), updatedAt: new Date() })
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  }

  async getPasswordHash(companyId: string, userId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
    return row?.hash;
  }

  async setPassword(
    companyId: string,
    userId: string,
    passwordHash: string,
    mustChange: boolean,
  ): Promise<void> {
    await this.db
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: mustChange,
        passwordChangedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  }
}
