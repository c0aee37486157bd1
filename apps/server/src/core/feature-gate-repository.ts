import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../db/database-handle.ts';
import { companies } from '../db/schema.ts';

/** The company's feature switches (companies.enabled_*), read by the feature gate. */
export class FeatureGateRepository {
  constructor(private readonly db: DbExecutor) {}

  async flags(companyId: string) {
    const [row] = await this.db
      .select({
        robotTask: companies.enabledRobotTask,
        modeling: companies.enabledModeling,
        externalWall: companies.enabledExternalWall,
      })
      .from(companies)
      .where(eq(companies.id, companyId));
    return row;
  }
}
