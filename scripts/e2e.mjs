// Browser tests: make sure Debian's chromium is there, build the web app, start a real server on
// a fresh data directory (own embedded PostgreSQL, demo data), run e2e/ with vitest, stop it all.
// Arguments go to vitest: `node scripts/e2e.mjs standards` runs only the files whose name matches.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
// Chinese text needs a CJK font, or screenshots show boxes (users' systems have one).
const CJK_FONT_DIR = '/usr/share/fonts/opentype/noto';
const INSTALL = 'apt-get update && apt-get install -y chromium fonts-noto-cjk';

function ensureChromium() {
  if (existsSync(CHROMIUM) && existsSync(CJK_FONT_DIR)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Browser tests need Debian's chromium and a CJK font. Install them with:\n  sudo sh -c '${INSTALL}'`,
    );
    process.exit(1);
  }
  console.log('Installing Debian chromium and fonts-noto-cjk for the browser tests...');
  execFileSync('sh', ['-c', INSTALL], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function waitReady(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not ready after ${timeoutMs} ms`);
}

ensureChromium();
execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mc-e2e-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO: 'true',
    // Robots show offline 6 s after their last heartbeat, so the devices test need not wait 30 s.
    DEVICE_OFFLINE_SECONDS: process.env.DEVICE_OFFLINE_SECONDS ?? '6',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let exitCode = 1;
try {
  await waitReady(`${baseUrl}/readyz`, server, 90_000);
  exitCode = await new Promise((resolve) => {
    const runner = spawn(
      'npx',
      ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)],
      {
        cwd: root,
        env: { ...process.env, E2E_BASE_URL: baseUrl },
        stdio: 'inherit',
      },
    );
    runner.on('exit', (code) => resolve(code ?? 1));
  });
} catch (error) {
  console.error(error);
} finally {
  const stopped = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 20_000))]);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
