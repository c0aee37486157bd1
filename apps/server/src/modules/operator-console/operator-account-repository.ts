import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { operators, users } from '../../db/schema.ts';

export interface OperatorRow {
  id: string;
  name: string;
  email: string;
  passwordHash: string;
  status: number;
}

/** The platform operator accounts (no company). */
export class OperatorAccountRepository {
  constructor(private readonly db: DbExecutor) {}

  async findByEmail(email: string): Promise<OperatorRow | undefined> {
    const [row] = await this.db.select().from(operators).where(eq(operators.email, email.toLowerCase()));
    return row;
  }

  async findById(id: string): Promise<OperatorRow | undefined> {
    // eslint-disable-next-line measure/company-scoped-where -- operators belong to no company
    const [row] = await this.db.select().from(operators).where(eq(operators.id, id));
    return row;
  }

  /** Whether a company user signs in with this email (an operator must not share it). */
  async emailOfCompanyUser(email: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email.toLowerCase()));
    return row !== undefined;
  }

  /** Inserts the operator unless one with the email exists (then nothing changes); answers its id. */
  async insertIfMissing(values: { name: string; email: string; passwordHash: string }): Promise<string> {
    await this.db
      .insert(operators)
      .values({ ...values, email: values.email.toLowerCase() })
      .onConflictDoNothing({ target: operators.email });
    const row = await this.findByEmail(values.email);
    if (!row) throw new Error('operator insert returned nothing');
    return row.id;
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.db
      .update(operators)
      .set({ passwordHash, updatedAt: new Date() })
      // eslint-disable-next-line measure/company-scoped-where -- operators belong to no company
      .where(eq(operators.id, id));
  }
}
