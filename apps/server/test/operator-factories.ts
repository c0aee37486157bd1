/** The platform operator for operator-console tests: made through the same service as at start. */
import { randomUUID } from 'node:crypto';
import { OperatorAccountService } from '../src/modules/operator-console/operator-account-service.ts';
import { PasswordHasher } from '../src/modules/auth/password-hasher.ts';
import { login, type TestApp } from './app.ts';

export const OPERATOR_PASSWORD = 'Operator@12345';

export interface BuiltOperator {
  id: string;
  email: string;
  token: string;
}

/** A new operator with its own email, signed in through AuthLogin. */
export async function buildOperator(t: TestApp): Promise<BuiltOperator> {
  const email = `operator-${randomUUID().slice(0, 8)}@platform.example.com`;
  const hasher = new PasswordHasher(t.config.passwordHashLogN);
  const id = await new OperatorAccountService(t.db, hasher).ensureOperator({
    email,
    password: OPERATOR_PASSWORD,
    name: '平台运营',
  });
  return { id, email, token: await login(t.app, email, OPERATOR_PASSWORD) };
}
