import { and, asc, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { orgs, users } from '../../db/schema.ts';

export interface OrgRecord {
  id: string;
  name: string;
  code: string;
  parentId: string | null;
  userCount: number;
}

// Qualified by hand: inside a subquery Drizzle may render columns without their table.
const userCount = sql<number>`(select count(*)::int from ${users} u where u.org_id = ${orgs}.id)`;
const columns = {
  id: orgs.id,
  name: orgs.name,
  code: orgs.code,
  parentId: orgs.parentId,
  userCount,
};

/** The organisation tree of one company; every query is scoped to the company. */
export class OrgRepository {
  constructor(private readonly db: DbExecutor) {}

  async all(companyId: string): Promise<OrgRecord[]> {
    return this.db
      .select(columns)
      .from(orgs)
      .where(eq(orgs.companyId, companyId))
      .orderBy(asc(orgs.sort), asc(orgs.name), asc(orgs.code));
  }

  async find(companyId: string, orgId: string): Promise<OrgRecord | undefined> {
    const [row] = await this.db
      .select(columns)
      .from(orgs)
      .where(and(eq(orgs.companyId, companyId), eq(orgs.id, orgId)));
    return row;
  }

  async children(companyId: string, parentId: string): Promise<OrgRecord[]> {
    return this.db
      .select(columns)
      .from(orgs)
      .where(and(eq(orgs.companyId, companyId), eq(orgs.parentId, parentId)))
      .orderBy(asc(orgs.sort), asc(orgs.name), asc(orgs.code));
  }

  async hasChildren(companyId: string, orgId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ total: count() })
      .from(orgs)
      .where(and(eq(orgs.companyId, companyId), eq(orgs.parentId, orgId)));
    return (row?.total ?? 0) > 0;
  }

  /** Whether a sibling (same parent, another id) already has this name (case-insensitive). */
  async siblingNameTaken(
    companyId: string,
    parentId: string | null,
    name: string,
    exceptId?: string,
  ): Promise<boolean> {
    const conditions: SQL[] = [
      eq(orgs.companyId, companyId),
      parentId === null ? isNull(orgs.parentId) : eq(orgs.parentId, parentId),
      sql`lower(${orgs.name}) = lower(${name})`,
    ];
    if (exceptId) conditions.push(ne(orgs.id, exceptId));
    const [row] = await this.db
      .select({ total: count() })
      .from(orgs)
      .where(and(...conditions));
    return (row?.total ?? 0) > 0;
  }

  /** Ids of the ancestors of an organisation, itself included (walks up the tree). */
  async ancestorsOf(companyId: string, orgId: string): Promise<string[]> {
    const result = await this.db.execute<{ id: string }>(sql`with recursive up(id, parent_id) as (
        select id, parent_id from ${orgs} where company_id = ${companyId} and id = ${orgId}
        union all
        select o.id, o.parent_id from ${orgs} o join up on o.id = up.parent_id where o.company_id = ${companyId}
      ) select id from up`);
    return result.rows.map((row) => row.id);
  }

  /** The next free generated code `ORG<n>` of the company. */
  async nextCode(companyId: string): Promise<string> {
    const [row] = await this.db
      .select({
        next: sql<number>`coalesce(max(substring(${orgs.code} from '^ORG([0-9]{1,9})$')::int), 0) + 1`,
      })
      .from(orgs)
      .where(eq(orgs.companyId, companyId));
    return `ORG${String(row?.next ?? 1).padStart(3, '0')}`;
  }

  async insert(values: { companyId: string; parentId: string | null; name: string; code: string }) {
    const [row] = await this.db
      .insert(orgs)
      .values({ ...values, sort: 1000 })
      .returning({ id: orgs.id });
    if (!row) throw new Error('org insert returned nothing');
    return row.id;
  }

  async update(companyId: string, orgId: string, values: { parentId: string | null; name: string }) {
    await this.db
      .update(orgs)
      .set(values)
      .where(and(eq(orgs.companyId, companyId), eq(orgs.id, orgId)));
  }

  async delete(companyId: string, orgId: string): Promise<void> {
    await this.db.delete(orgs).where(and(eq(orgs.companyId, companyId), eq(orgs.id, orgId)));
  }

  /** Codes of the company → org id (import resolves organisation codes). */
  async idsByCode(companyId: string): Promise<Map<string, string>> {
    const rows = await this.db
      .select({ id: orgs.id, code: orgs.code })
      .from(orgs)
      .where(eq(orgs.companyId, companyId));
    return new Map(rows.map((row) => [row.code.toLowerCase(), row.id]));
  }

  async setUsersOrg(companyId: string, userIds: readonly string[], orgId: string): Promise<void> {
    await this.db
      .update(users)
      .set({ orgId, updatedAt: new Date() })
      .where(and(eq(users.companyId, companyId), inArray(users.id, [...userIds])));
  }

  async removeUsersFromOrg(companyId: string, userIds: readonly string[], orgId: string): Promise<void> {
    await this.db
      .update(users)
      .set({ orgId: null, updatedAt: new Date() })
      .where(and(eq(users.companyId, companyId), eq(users.orgId, orgId), inArray(users.id, [...userIds])));
  }
}
