/**
 * Real server processes for the integration tests: `src/server.ts` as `npm start` runs it, on a
 * database of the caller's (DATABASE_URL), each with its own DATA_DIR and port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitReady } from '../../bench/support/bench-server.ts';

const SERVER = path.resolve(import.meta.dirname, '../../src/server.ts');

export interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  /** How the process ended (its exit code, or the signal that killed it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it wrote to stderr (shown when a test fails). */
  stderr(): string;
  /** Sends the signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Kills it if it still runs and removes its DATA_DIR. */
  dispose(): Promise<void>;
}

export async function startInstance(
  name: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<Instance> {
  // Its own DATA_DIR unless the caller shares one (then the caller removes it).
  const ownDataDir = env.DATA_DIR
    ? undefined
    : await fs.mkdtemp(path.join(os.tmpdir(), `mc-instance-${name}-`));
  const dataDir = env.DATA_DIR ?? ownDataDir;
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const instance: Instance = {
    name,
    port,
    child,
    exited,
    stderr: () => stderr,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    dispose: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      if (ownDataDir) await fs.rm(ownDataDir, { recursive: true, force: true });
    },
  };
  try {
    await Promise.race([
      waitReady(port, '/readyz'),
      exited.then(({ code, signal }) => {
        throw new Error(`instance ${name} exited (${code ?? signal}) before it was ready:\n${stderr}`);
      }),
    ]);
  } catch (error) {
    await instance.dispose();
    throw error;
  }
  return instance;
}
