/** Builds the real app on a fresh database cloned from the seeded template (one per test file). */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Envelope } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { createDatabaseClient, type Database } from '../src/db/client.ts';
import { encodeLoginField } from '../src/modules/auth/login-cipher.ts';
import type { ServiceOverrides } from '../src/services.ts';
import { createTestDatabase } from './database.ts';
import { checkAnswersAgainstDocument, reportCheckCost } from './openapi-check.ts';
import { TEST_PASSWORD_HASH_LOG_N } from './template.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: AppConfig;
  connectionString: string;
  close(): Promise<void>;
}

/** The address of a test app on a free port of 127.0.0.1: it listens on first use. */
export async function listeningUrl(t: TestApp): Promise<string> {
  const address = t.app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

/**
 * `sameDatabaseAs` builds a second instance on the database of a first one (as two servers on one
 * database); closing it leaves the database to the first.
 */
export async function createTestApp(
  options: { config?: Partial<AppConfig>; overrides?: ServiceOverrides; sameDatabaseAs?: TestApp } = {},
): Promise<TestApp> {
  const shared = options.sameDatabaseAs;
  const database = shared
    ? { connectionString: shared.connectionString, drop: async () => {} }
    : await createTestDatabase();
  const client = createDatabaseClient(database.connectionString, { max: 5 });
  // Each test app gets its own DATA_DIR (uploads), removed on close.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-test-data-'));
  const config: AppConfig = {
    ...loadConfig({}),
    dataDir,
    passwordHashLogN: TEST_PASSWORD_HASH_LOG_N,
    // Tests run jobs themselves (runJobOnce); no worker polls their databases.
    jobs: false,
    ...options.config,
  };
  const app = await buildApp(config, { database: client, overrides: options.overrides });
  await app.ready();
  // Every answer a test gets must be what /api/docs/json says (openapi-check.ts); OPENAPI_CHECK=off
  // leaves it out, to measure what it costs.
  if (process.env.OPENAPI_CHECK !== 'off') checkAnswersAgainstDocument(app);
  return {
    app,
    db: client.db,
    config,
    connectionString: database.connectionString,
    close: async () => {
      reportCheckCost();
      await app.close();
      await client.close();
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Envelope<T>;
}

/** One call with `app.inject`; the body is sent as JSON unless it is a string. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: {
    token?: string;
    body?: unknown;
    lang?: string;
    headers?: Record<string, string>;
    ip?: string;
  } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lang) headers['accept-language'] = options.lang;
  const response = await app.inject({
    method,
    url,
    headers,
    remoteAddress: options.ip,
    ...(options.body === undefined
      ? {}
      : typeof options.body === 'string'
        ? { payload: options.body, headers: { 'content-type': 'application/json', ...headers } }
        : { payload: options.body as object }),
  });
  return { status: response.statusCode, headers: response.headers, body: response.json<Envelope<T>>() };
}

export const LOGIN_KEY = 'MsRobotCloud2026';
export const encodeLogin = (text: string) => encodeLoginField(text, LOGIN_KEY);

/** AuthLogin through the exact wire format; returns the raw Result. */
export async function loginRaw(app: FastifyInstance, login: string, password: string, ip?: string) {
  return call<string>(app, 'POST', '/api/sys/Auth/AuthLogin', {
    body: { Email: encodeLogin(login), Password: encodeLogin(password), TokenType: 1 },
    ip,
  });
}

/** Signs in and returns the session token (fails the test on anything else). */
export async function login(app: FastifyInstance, loginName: string, password: string): Promise<string> {
  const response = await loginRaw(app, loginName, password);
  if (response.body.Code !== 0) throw new Error(`login failed: ${JSON.stringify(response.body)}`);
  const result = response.body.Result;
  return result.includes('#') ? (result.split('#')[1] ?? '') : result;
}

/** The demo accounts of design.md. */
export const DEMO = {
  admin: { login: 'admin@example.com', password: 'Admin@123456' },
  measure: { login: 'measure@example.com', password: 'Measure@12345' },
  pm: { login: 'pm@example.com', password: 'Project@12345' },
  surveyor: { login: 'surveyor@example.com', password: 'Survey@123456' },
  otherAdmin: { login: 'admin@other.example.com', password: 'Admin@123456' },
  operator: { login: 'operator@example.com', password: 'Operator@12345' },
} as const;
