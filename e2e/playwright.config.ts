import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './support/browser.ts';

// Run by scripts/e2e.mjs, which builds the web app, starts a real server with demo data and passes
// E2E_BASE_URL; arguments after the script name are Playwright's (file names, -g, --workers).
export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.e2e.ts',
  // Two files at a time: a test mostly waits (on the server, jobs, animations), so a second worker
  // halves the run on two cores. Each test makes its own users and data, so order does not matter.
  workers: 2,
  // Generous: a busy CI machine runs a flow at half the speed of a desk. Longer flows set their own.
  timeout: 120_000,
  // Web-first assertions retry until this; 30 s is what a locator wait allowed before.
  expect: { timeout: 30_000 },
  // A test must pass the first time: a retry would hide a flaky test.
  retries: 0,
  reporter: [['list']],
  // Playwright's own output (cleared each run); failure screenshots go to e2e/artifacts (support/fixtures.ts).
  outputDir: 'artifacts/results',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080',
    // Debian's chromium (design.md); never a downloaded browser.
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
  },
});
