import { and, asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { companies, users } from '../../db/schema.ts';

/** Finds the platform's demo area (the hidden company `is_demo_area`) and the user its data is read as. */
export class DemoAreaRepository {
  constructor(private readonly db: DbExecutor) {}

  async actor(): Promise<{ companyId: string; userId: string } | undefined> {
    const [row] = await this.db
      .select({ companyId: companies.id, userId: users.id })
      .from(companies)
      .innerJoin(users, eq(users.companyId, companies.id))
      .where(and(eq(companies.isDemoArea, true)))
      .orderBy(asc(users.createdAt))
      .limit(1);
    return row;
  }
}
