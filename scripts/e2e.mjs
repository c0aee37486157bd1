// Browser tests: make sure Debian's chromium is there, build the web app, start a real server on
// a fresh data directory (own embedded PostgreSQL, demo data), run e2e/ with Playwright Test, stop it all.
// Arguments go to `playwright test`: `node scripts/e2e.mjs standards` runs only the files whose name
// matches, `-g "share"` only the tests whose title does.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRealServer } from './real-server.mjs';

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

ensureChromium();
execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });

const server = await startRealServer({
  env: {
    DEMO: 'true',
    // Robots show offline 6 s after their last heartbeat, so the devices test need not wait 30 s.
    DEVICE_OFFLINE_SECONDS: process.env.DEVICE_OFFLINE_SECONDS ?? '6',
    // The platform operator of e2e/tests/operator-console.e2e.ts, made at start like in production.
    OPERATOR_EMAIL: 'e2e.operator@platform.example.com',
    OPERATOR_PASSWORD: 'Console@12345',
  },
  tmpPrefix: 'mc-e2e-',
});

let exitCode = 1;
try {
  await server.ready(90_000);
  exitCode = await new Promise((resolve) => {
    const runner = spawn(
      'npx',
      ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
      {
        cwd: root,
        env: { ...process.env, E2E_BASE_URL: server.baseUrl },
        stdio: 'inherit',
      },
    );
    runner.on('exit', (code) => resolve(code ?? 1));
  });
} catch (error) {
  console.error(error);
} finally {
  await server.stop();
}
process.exit(exitCode);
