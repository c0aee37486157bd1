/**
 * What the server benchmarks share: a fresh embedded PostgreSQL with the demo data, the real server
 * (`src/server.ts`) as a child process on a free port, readiness, JSON calls and the demo sign-in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Envelope } from '@measure/contract';
import { loadConfig } from '../../src/config.ts';
import { createDatabaseClient } from '../../src/db/client.ts';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { seedDatabase } from '../../src/demo/seed.ts';
import { encodeLoginField } from '../../src/modules/auth/login-cipher.ts';
import { PasswordHasher } from '../../src/modules/auth/password-hasher.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const quiet = { info: () => {}, warn: () => {}, error: (message: string) => console.error(message) };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function startChild(script: string, env: Record<string, string>, flags: string[] = []): ChildProcess {
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', process.env.CHILD_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM')
      console.error(`${path.basename(script)} exited (${code ?? signal})`);
  });
  return child;
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function waitReady(port: number, urlPath: string, method = 'GET'): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}${urlPath}`, { method });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`nothing answers on port ${port}`);
}

/** A POST (paths under /api) or GET with a JSON body and optional bearer token or other headers. */
export async function json<T>(
  port: number,
  urlPath: string,
  body: unknown,
  auth?: string | Record<string, string>,
): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (typeof auth === 'string') headers.authorization = `Bearer ${auth}`;
  else if (auth) Object.assign(headers, auth);
  const response = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
    method: urlPath.startsWith('/api') ? 'POST' : 'GET',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as T;
}

/** A call that must answer Code 0; returns its Result. */
export async function ok<T>(
  port: number,
  urlPath: string,
  body: unknown,
  auth?: string | Record<string, string>,
) {
  const answer = await json<Envelope<T>>(port, urlPath, body, auth);
  if (answer.Code !== 0) throw new Error(`${urlPath} answered ${JSON.stringify(answer).slice(0, 500)}`);
  return answer.Result;
}

export interface BenchServer {
  port: number;
  pid: number | undefined;
  connectionString: string;
  pgDataDir: string;
  /** Signs a demo user in (admin@example.com by default). */
  signIn(login?: string, password?: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * A fresh embedded PostgreSQL with the migrations and the demo data (low hash cost, so signing in is
 * quick), and the real server on it as `npm start` runs it, with `env` added. With BENCH_CPU_PROF=dir
 * the server writes V8 CPU profiles (one per thread, for chrome devtools) into dir; BENCH_NODE_FLAGS
 * adds Node/V8 flags to the server (for example `--max-semi-space-size=64`) to try them; with
 * CHILD_STDOUT=1 the server's standard output shows (what `--trace-gc` prints, say).
 */
export async function startBenchServer(
  name: string,
  env: Record<string, string> = {},
  flags: string[] = [],
): Promise<BenchServer> {
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), `mc-bench-${name}-`));
  const pgDataDir = path.join(tempDir, 'pg');
  const postgres = await startEmbeddedPostgres({ dataDir: pgDataDir, logger: quiet });
  const client = createDatabaseClient(postgres.connectionString, { max: 2 });
  try {
    await runMigrations(client.db);
    await seedDatabase(client.db, new PasswordHasher(10), {
      demo: true,
      adminEmail: undefined,
      adminPassword: undefined,
      dataDir: tempDir,
    });
  } finally {
    await client.close();
  }
  const port = await freePort();
  const child = startChild(
    path.resolve(here, '../../src/server.ts'),
    {
      DATABASE_URL: postgres.connectionString,
      DATA_DIR: path.join(tempDir, 'app'),
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: 'true',
      ...env,
    },
    [
      ...flags,
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
    ],
  );
  await waitReady(port, '/readyz');
  const key = loadConfig({}).loginAesKey;
  return {
    port,
    pid: child.pid,
    connectionString: postgres.connectionString,
    pgDataDir,
    signIn: async (login = 'admin@example.com', password = 'Admin@123456') =>
      ok<string>(port, '/api/sys/Auth/AuthLogin', {
        Email: encodeLoginField(login, key),
        Password: encodeLoginField(password, key),
      }),
    stop: async () => {
      await stopChild(child);
      await postgres.stop();
      await fs.rm(tempDir, { recursive: true, force: true });
    },
  };
}
