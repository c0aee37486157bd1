import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { companies, orgs, projectUsers, userRoles, users } from '../../db/schema.ts';

/** A user as the administration calls show it: profile, organisation, ordered roles, projects. */
export interface UserAdminRecord {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  position: string | null;
  department: string | null;
  gender: number;
  status: number;
  orgId: string | null;
  orgCode: string | null;
  orgName: string | null;
  roles: string[];
  projectIds: string[];
  createdAt: Date;
}

export interface UserPageQuery {
  companyId: string;
  keyword?: string;
  /** Users of this organisation and of its sub-organisations. */
  orgId?: string;
  status?: number;
  orderBy: 'Name' | 'Email' | 'CreateTime';
  ascending: boolean;
  limit: number;
  offset: number;
}

export interface NewUser {
  companyId: string;
  orgId: string | null;
  name: string;
  email: string;
  phone: string | null;
  position: string | null;
  department: string | null;
  gender: number;
  status: number;
  passwordHash: string;
  mustChangePassword: boolean;
}

export type UserChanges = Pick<
  NewUser,
  'orgId' | 'name' | 'email' | 'phone' | 'position' | 'department' | 'gender' | 'status'
>;

/** `%` and `_` typed by a user are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

const ORDER_COLUMNS = { Name: users.name, Email: users.email, CreateTime: users.createdAt };

/** Rows per INSERT statement when creating many users (import). */
export const INSERT_BATCH = 1000;

const recordColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  position: users.position,
  department: users.department,
  gender: users.gender,
  status: users.status,
  orgId: users.orgId,
  orgCode: orgs.code,
  orgName: orgs.name,
  // Qualified by hand: inside a subquery Drizzle may render columns without their table.
  roles: sql<string[]>`coalesce((select array_agg(r.role order by r.position)
    from ${userRoles} r where r.user_id = ${users}.id), '{}')`,
  projectIds: sql<string[]>`coalesce((select array_agg(p.project_id::text order by p.project_id)
    from ${projectUsers} p where p.user_id = ${users}.id), '{}')`,
  createdAt: users.createdAt,
};

/** The first role of a user (the one that decides). */
const firstRole = sql<string | null>`(select r.role from ${userRoles} r
  where r.user_id = ${users}.id order by r.position limit 1)`;

/** Company user administration: every query is scoped to one company. */
export class UserAdminRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The organisation and all its descendants, as a subquery of ids. */
  private subtree(companyId: string, orgId: string): SQL {
    return sql`(with recursive tree(id) as (
        select o.id from ${orgs} o where o.company_id = ${companyId} and o.id = ${orgId}
        union all
          select child.id from ${orgs} child join tree on child.parent_id = tree.id
          where child.company_id = ${companyId}
      ) select id from tree)`;
  }

  async page(query: UserPageQuery): Promise<{ rows: UserAdminRecord[]; total: number }> {
    const conditions: SQL[] = [eq(users.companyId, query.companyId)];
    if (query.keyword) {
      const pattern = likePattern(query.keyword);
      const match = or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern));
      if (match) conditions.push(match);
    }
    if (query.orgId) conditions.push(sql`${users.orgId} in ${this.subtree(query.companyId, query.orgId)}`);
    if (query.status !== undefined) conditions.push(eq(users.status, query.status));
    const where = and(...conditions);
    const column = ORDER_COLUMNS[query.orderBy];
    const [rows, totals] = await Promise.all([
      this.db
        .select(recordColumns)
        .from(users)
        .leftJoin(orgs, eq(orgs.id, users.orgId))
        .where(where)
        .orderBy(query.ascending ? asc(column) : desc(column), asc(users.email))
        .limit(query.limit)
        .offset(query.offset),
      this.db.select({ total: count() }).from(users).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }

  async find(companyId: string, userId: string): Promise<UserAdminRecord | undefined> {
    const [row] = await this.db
      .select(recordColumns)
      .from(users)
      .leftJoin(orgs, eq(orgs.id, users.orgId))
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
    return row;
  }

  /** Users directly in one organisation, by name. */
  async inOrg(companyId: string, orgId: string): Promise<UserAdminRecord[]> {
    return this.db
      .select(recordColumns)
      .from(users)
      .leftJoin(orgs, eq(orgs.id, users.orgId))
      .where(and(eq(users.companyId, companyId), eq(users.orgId, orgId)))
      .orderBy(asc(users.name), asc(users.email));
  }

  /** Every user of the company, light, by name. */
  async listCompany(companyId: string) {
    return this.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        phone: users.phone,
        orgId: users.orgId,
        orgName: orgs.name,
        status: users.status,
        roles: recordColumns.roles,
      })
      .from(users)
      .leftJoin(orgs, eq(orgs.id, users.orgId))
      .where(eq(users.companyId, companyId))
      .orderBy(asc(users.name), asc(users.email));
  }

  /** Which of these ids are users of the company. */
  async existingIds(companyId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), inArray(users.id, [...ids])));
    return new Set(rows.map((row) => row.id));
  }

  /** Enabled users of the company whose first role is CompanyAdmin, leaving out some ids. */
  async countEnabledAdminsExcept(companyId: string, excluded: readonly string[]): Promise<number> {
    const conditions: SQL[] = [
      eq(users.companyId, companyId),
      eq(users.status, 1),
      sql`${firstRole} = 'CompanyAdmin'`,
    ];
    if (excluded.length > 0) conditions.push(notInArray(users.id, [...excluded]));
    const [row] = await this.db
      .select({ total: count() })
      .from(users)
      .where(and(...conditions));
    return row?.total ?? 0;
  }

  /**
   * Serialises the company's user-administration writes (row lock on the company until the
   * transaction ends), so two administrators cannot remove the last administrator concurrently.
   */
  async lockCompany(companyId: string): Promise<void> {
    await this.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
  }

  /** Emails (lower-case) and phones among the given ones that some user (any company) holds. */
  async takenLogins(
    emails: readonly string[],
    phones: readonly string[],
  ): Promise<{ emails: Map<string, string>; phones: Map<string, string> }> {
    // One after the other: this may run on a transaction's single connection.
    const emailRows =
      emails.length === 0
        ? []
        : await this.db
            .select({ id: users.id, email: users.email })
            .from(users)
            .where(inArray(users.email, [...emails]));
    const phoneRows =
      phones.length === 0
        ? []
        : await this.db
            .select({ id: users.id, phone: users.phone })
            .from(users)
            .where(inArray(users.phone, [...phones]));
    return {
      emails: new Map(emailRows.map((row) => [row.email, row.id])),
      phones: new Map(phoneRows.map((row) => [row.phone ?? '', row.id])),
    };
  }

  async insert(user: NewUser): Promise<string> {
    const [row] = await this.db.insert(users).values(user).returning({ id: users.id });
    if (!row) throw new Error('user insert returned nothing');
    return row.id;
  }

  /** Inserts users in batches of INSERT_BATCH rows; returns the new ids in input order. */
  async insertMany(rows: readonly NewUser[]): Promise<string[]> {
    const ids: string[] = [];
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      const batch = rows.slice(start, start + INSERT_BATCH);
      const inserted = await this.db
        .insert(users)
        .values([...batch])
        .returning({ id: users.id, email: users.email });
      const byEmail = new Map(inserted.map((row) => [row.email, row.id]));
      for (const user of batch) {
        const id = byEmail.get(user.email);
        if (!id) throw new Error('user insert returned fewer rows');
        ids.push(id);
      }
    }
    return ids;
  }

  /** Replaces the roles of users; `roles[i]` belongs to `userIds[i]` and keeps its order. */
  async setRoles(companyId: string, userIds: readonly string[], roles: readonly string[][]): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .delete(userRoles)
      .where(and(eq(userRoles.companyId, companyId), inArray(userRoles.userId, [...userIds])));
    const values = userIds.flatMap((userId, index) =>
      (roles[index] ?? []).map((role, position) => ({ companyId, userId, role, position })),
    );
    for (let start = 0; start < values.length; start += INSERT_BATCH) {
      await this.db.insert(userRoles).values(values.slice(start, start + INSERT_BATCH));
    }
  }

  async update(companyId: string, userId: string, changes: UserChanges): Promise<void> {
    await this.db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  }

  async setStatus(companyId: string, userIds: readonly string[], status: number): Promise<void> {
    await this.db
      .update(users)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(users.companyId, companyId), inArray(users.id, [...userIds])));
  }

  async delete(companyId: string, userIds: readonly string[]): Promise<number> {
    const deleted = await this.db
      .delete(users)
      .where(and(eq(users.companyId, companyId), inArray(users.id, [...userIds])))
      .returning({ id: users.id });
    return deleted.length;
  }

  /** Role → number of company users whose first role it is. */
  async countByFirstRole(companyId: string): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ role: firstRole, total: count() })
      .from(users)
      .where(eq(users.companyId, companyId))
      .groupBy(firstRole);
    return new Map(rows.filter((row) => row.role !== null).map((row) => [row.role ?? '', row.total]));
  }
}
