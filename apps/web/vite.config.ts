import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkModules, pagePreloads, precompress } from './vite-plugins.ts';

const apiTarget = 'http://127.0.0.1:8080';

export default defineConfig({
  root: import.meta.dirname,
  // Relative asset URLs: the server injects <base href="BASE_PATH"> into index.html at serve time,
  // so one build works under any base path.
  base: './',
  plugins: [
    react(),
    chunkModules(),
    // Pages opened cold on phones: the server names their code in index.html (core/web-app.ts).
    pagePreloads({
      'measurerobot/login': 'src/features/auth/LoginPage.tsx',
      'supplement/taskReportList/': 'src/features/reports/SharedReportPage.tsx',
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      treeshake: {
        // antd's helper packages declare no `sideEffects`, so their unused modules (form engine,
        // validator, scroll helpers) would stay in every chunk that touches one export of them.
        // They are plain ES modules without import-time effects.
        moduleSideEffects: [
          { test: /\/node_modules\/@rc-component\//, sideEffects: false },
          {
            test: /\/node_modules\/(compute-scroll-into-view|scroll-into-view-if-needed)\//,
            sideEffects: false,
          },
        ],
      },
    },
  },
  server: {
    proxy: { '/api': apiTarget, '/livez': apiTarget, '/readyz': apiTarget },
  },
});
