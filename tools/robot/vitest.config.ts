import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'robot', include: ['src/**/*.test.ts'] } });
