/** The platform operator for operator-console tests: made through the same service as at start. */
import { randomUUID } from 'node:crypto';
import { OperatorAccountService } from '../src/modules/operator-console/operator-account-service.ts';
import { PasswordHasher } from '../src/modules/auth/password-hasher.ts';
import { FEATURE_GATES, type FeatureGateName, type RouteDefinition } from '@measure/contract';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, login, type TestApp } from './app.ts';
import { callRoute, callRouteOk, type RouteInput } from './call-route.ts';

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

/** A test app with an operator signed in (each test file's own, like createTestApp). */
export async function operatorTestApp(): Promise<{ t: TestApp; operator: BuiltOperator }> {
  const t = await createTestApp();
  return { t, operator: await buildOperator(t) };
}

/** Calls as the operator: `ok` fails the test on anything but Code 0, `call` answers the envelope. */
export function asOperator(t: TestApp, operator: BuiltOperator) {
  return {
    ok: <R extends RouteDefinition>(route: R, input: RouteInput<R>, lang?: string) =>
      callRouteOk(t.app, route, input, { as: operator.token, lang }),
    call: <R extends RouteDefinition>(route: R, input: RouteInput<R>, lang?: string) =>
      callRoute(t.app, route, input, { as: operator.token, lang }),
  };
}

/** The four feature switches of a company or GetSelf, in FEATURE_GATES order. */
export const gatesOf = (flags: Record<FeatureGateName, boolean>) => FEATURE_GATES.map((gate) => flags[gate]);

/** What an operator-console test file works with, filled in before its tests run. */
export interface OperatorSuite extends ReturnType<typeof asOperator> {
  t: TestApp;
  operator: BuiltOperator;
}

/** Registers the file's test app and signed-in operator (beforeAll) and closes them (afterAll). */
export function operatorSuite(): OperatorSuite {
  const suite = {} as OperatorSuite;
  beforeAll(async () => {
    const { t, operator } = await operatorTestApp();
    Object.assign(suite, { t, operator, ...asOperator(t, operator) });
  });
  afterAll(async () => suite.t.close());
  return suite;
}
