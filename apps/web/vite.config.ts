import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = 'http://127.0.0.1:8080';

/** A module id without the machine's directories (dist/ is served publicly). */
const shortId = (id: string) =>
  id.includes('/node_modules/')
    ? `node_modules/${id.split('/node_modules/').pop()}`
    : id.replace(/^.*?\/(apps|packages)\//, '$1/');

/** Records which modules each chunk holds, so bench/login-size.mjs can check what the login route pulls in. */
function chunkModules(): Plugin {
  return {
    name: 'measure-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') modules[output.fileName] = output.moduleIds.map(shortId);
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(modules) });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  // Relative asset URLs: the server injects <base href="BASE_PATH"> into index.html at serve time,
  // so one build works under any base path.
  base: './',
  plugins: [react(), chunkModules()],
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
