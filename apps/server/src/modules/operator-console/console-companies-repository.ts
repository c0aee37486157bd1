import { and, asc, count, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { companies, devices, operators, orgs, userRoles, users } from '../../db/schema.ts';
import { StandardsRepository } from '../standards/standards-repository.ts';

export interface ConsoleCompanyRecord {
  id: string;
  code: string;
  nameZh: string;
  nameEn: string;
  disabledAt: Date | null;
  enabledRobotTask: boolean;
  enabledModeling: boolean;
  enabledExternalWall: boolean;
  enabledGj: boolean;
  userCount: number;
  deviceCount: number;
  admins: { UserId: string; Name: string; Email: string }[];
  createdAt: Date;
}

export interface CompanyGates {
  enabledRobotTask: boolean;
  enabledModeling: boolean;
  enabledExternalWall: boolean;
  enabledGj: boolean;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/**
 * Customer companies as the platform operator sees them: across companies on purpose (the operator
 * belongs to none), never their measurement data. The counts and administrators are correlated
 * subqueries on the company row.
 */
export class ConsoleCompaniesRepository {
  constructor(private readonly db: DbExecutor) {}

  private select() {
    return this.db
      .select({
        id: companies.id,
        code: companies.code,
        nameZh: companies.nameZh,
        nameEn: companies.nameEn,
        disabledAt: companies.disabledAt,
        enabledRobotTask: companies.enabledRobotTask,
        enabledModeling: companies.enabledModeling,
        enabledExternalWall: companies.enabledExternalWall,
        enabledGj: companies.enabledGj,
        // eslint-disable-next-line measure/company-scoped-sql -- correlated with each company row: the operator sees every company
        userCount: sql<number>`(select count(*)::int from ${users} u where u.company_id = ${companies}.id)`,
        // eslint-disable-next-line measure/company-scoped-sql -- correlated with each company row: the operator sees every company
        deviceCount: sql<number>`(select count(*)::int from ${devices} d where d.company_id = ${companies}.id)`,
        // eslint-disable-next-line measure/company-scoped-sql -- correlated with each company row: the operator sees every company
        admins: sql<ConsoleCompanyRecord['admins']>`coalesce((
          select json_agg(json_build_object('UserId', u.id, 'Name', u.name, 'Email', u.email) order by u.created_at)
          from ${users} u join ${userRoles} r on r.user_id = u.id and r.position = 0 and r.role = 'CompanyAdmin'
          where u.company_id = ${companies}.id), '[]'::json)`,
        createdAt: companies.createdAt,
      })
      .from(companies);
  }

  async page(filter: {
    content?: string;
    disabled?: boolean | null;
    limit: number;
    offset: number;
  }): Promise<{ rows: ConsoleCompanyRecord[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.content) {
      const like = `%${escapeLike(filter.content)}%`;
      const match = or(
        ilike(companies.code, like),
        ilike(companies.nameZh, like),
        ilike(companies.nameEn, like),
      );
      if (match) conditions.push(match);
    }
    if (filter.disabled === true) conditions.push(isNotNull(companies.disabledAt));
    if (filter.disabled === false) conditions.push(isNull(companies.disabledAt));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.select().where(where).orderBy(asc(companies.code)).limit(filter.limit).offset(filter.offset),
      this.db.select({ total: count() }).from(companies).where(where),
    ]);
    return { rows, total: total?.total ?? 0 };
  }

  async byId(id: string): Promise<ConsoleCompanyRecord | undefined> {
    const [row] = await this.select().where(eq(companies.id, id));
    return row;
  }

  /** Locks the company row for a change (the disable and gate switches). */
  async lock(id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, id))
      .for('update');
    return row !== undefined;
  }

  async codeTaken(code: string, exceptId?: string): Promise<boolean> {
    const condition = exceptId
      ? and(eq(sql`lower(${companies.code})`, code.toLowerCase()), ne(companies.id, exceptId))
      : eq(sql`lower(${companies.code})`, code.toLowerCase());
    const [row] = await this.db.select({ id: companies.id }).from(companies).where(condition);
    return row !== undefined;
  }

  /** Whether an email or phone already signs someone in (users of any company, or an operator). */
  async loginTaken(email: string, phone: string | null): Promise<'email' | 'phone' | undefined> {
    const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const [operator] = await this.db
      .select({ id: operators.id })
      .from(operators)
      .where(eq(operators.email, email));
    if (user || operator) return 'email';
    if (phone) {
      const [owner] = await this.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
      if (owner) return 'phone';
    }
    return undefined;
  }

  /**
   * A company as the seed makes one: the row, its root organisation, the default measure items and
   * its first administrator (CompanyAdmin). Run inside the caller's transaction.
   */
  async insertCompany(values: {
    code: string;
    nameZh: string;
    nameEn: string;
    admin: { name: string; email: string; phone: string | null; passwordHash: string };
  }): Promise<string> {
    const [company] = await this.db
      .insert(companies)
      .values({ code: values.code, nameZh: values.nameZh, nameEn: values.nameEn })
      .returning({ id: companies.id });
    if (!company) throw new Error('company insert returned nothing');
    const companyId = company.id;
    const [org] = await this.db
      .insert(orgs)
      .values({ companyId, name: values.nameZh, code: 'HQ', sort: 0 })
      .returning({ id: orgs.id });
    await new StandardsRepository(this.db).seedDefaults(companyId);
    const [admin] = await this.db
      .insert(users)
      .values({
        companyId,
        orgId: org?.id ?? null,
        name: values.admin.name,
        email: values.admin.email,
        phone: values.admin.phone,
        passwordHash: values.admin.passwordHash,
        mustChangePassword: true,
      })
      .returning({ id: users.id });
    if (!admin) throw new Error('user insert returned nothing');
    await this.db
      .insert(userRoles)
      .values({ companyId, userId: admin.id, role: 'CompanyAdmin', position: 0 });
    return companyId;
  }

  async updateNames(id: string, values: { code: string; nameZh: string; nameEn: string }): Promise<boolean> {
    const rows = await this.db
      .update(companies)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(companies.id, id))
      .returning({ id: companies.id });
    return rows.length > 0;
  }

  async setDisabled(id: string, disabledAt: Date | null): Promise<void> {
    await this.db.update(companies).set({ disabledAt, updatedAt: new Date() }).where(eq(companies.id, id));
  }

  async setGates(id: string, gates: CompanyGates): Promise<void> {
    await this.db
      .update(companies)
      .set({ ...gates, updatedAt: new Date() })
      .where(eq(companies.id, id));
  }

  /** The company's name per language (device and order rows). */
  async names(id: string): Promise<{ nameZh: string; nameEn: string } | undefined> {
    const [row] = await this.db
      .select({ nameZh: companies.nameZh, nameEn: companies.nameEn })
      .from(companies)
      .where(eq(companies.id, id));
    return row;
  }
}
