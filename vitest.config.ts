import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web', 'tools/robot'],
    // Vitest's default is one worker less than the cores: one worker on a two-core machine, where
    // the API tests wait on PostgreSQL about half the time and two workers finish in two thirds.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
