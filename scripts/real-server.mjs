// The real server (apps/server/src/server.ts) on a fresh temporary data directory and a free
// loopback port, for the browser tests (scripts/e2e.mjs) and the web benchmarks (apps/web/bench).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A loopback port nobody listens on right now. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Waits until `url` answers 2xx; fails when `child` exits first or after `timeoutMs`. */
export async function waitReady(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
}

/**
 * Starts the server with `env` added to this process's environment (DATA_DIR, PORT and HOST are
 * set here); `stdio` as for spawn. Answers its base URL, the child process, `ready(timeoutMs)` and
 * `stop()` (SIGTERM, up to 20 s for a clean database stop, then the data directory is removed).
 */
export async function startRealServer({
  env = {},
  stdio = ['ignore', 'inherit', 'inherit'],
  tmpPrefix = 'mc-',
}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio,
  });
  return {
    baseUrl,
    child,
    ready: (timeoutMs) => waitReady(`${baseUrl}/readyz`, child, timeoutMs),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) {
        rmSync(dataDir, { recursive: true, force: true });
        return;
      }
      const stopped = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
