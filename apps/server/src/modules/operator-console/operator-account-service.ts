import type { DbExecutor } from '../../db/database-handle.ts';
import type { PasswordHasher } from '../auth/password-hasher.ts';
import { OperatorAccountRepository } from './operator-account-repository.ts';

/**
 * The platform operator's account: made at first start from OPERATOR_EMAIL / OPERATOR_PASSWORD and
 * by the demo data. Idempotent: an existing operator keeps its password (a restart changes nothing).
 */
export class OperatorAccountService {
  constructor(
    private readonly db: DbExecutor,
    private readonly hasher: PasswordHasher,
  ) {}

  async ensureOperator(account: { email: string; password: string; name?: string }): Promise<string> {
    const repository = new OperatorAccountRepository(this.db);
    const email = account.email.trim().toLowerCase();
    const existing = await repository.findByEmail(email);
    if (existing) return existing.id;
    // Sign-in looks at company users first, so the same email would hide the operator.
    if (await repository.emailOfCompanyUser(email)) {
      throw new Error(`OPERATOR_EMAIL ${email} is already a company user's sign-in`);
    }
    const passwordHash = await this.hasher.hash(account.password);
    return repository.insertIfMissing({ name: account.name ?? 'Operator', email, passwordHash });
  }
}
