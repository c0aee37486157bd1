import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Explicit root so `--config apps/server/vitest.config.ts` from the repo root resolves the same paths.
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    // One module registry per worker instead of one per file: the server's module graph is imported
    // once, not 155 times (the server tests take about half as long). Files share no state but
    // module-level caches: each builds its own app on its own database (test/app.ts), and spies
    // are restored after every test.
    isolate: false,
    restoreMocks: true,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
