import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Run by scripts/e2e.mjs, which starts the server and passes E2E_BASE_URL.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    // Generous: a slow CI machine runs a flow at half the speed of a desk, and two files share it.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll gives up after 1 s by default: too short for a list refresh on a loaded machine
    // (a cancelled task's status came after it in CI). Tests that need longer pass their own timeout.
    expect: { poll: { timeout: 30_000, interval: 100 } },
    // Two files at a time: a test mostly waits (on the server, jobs, animations), so a second browser
    // halves the run (28 -> 12 minutes on two cores). Each test makes its own users and data.
    maxWorkers: 2,
  },
});
