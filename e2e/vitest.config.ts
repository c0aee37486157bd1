import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Run by scripts/e2e.mjs, which starts the server and passes E2E_BASE_URL.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: one browser at a time keeps timings honest.
    fileParallelism: false,
  },
});
