import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** A module id without the machine's directories (dist/ is served publicly). */
const shortId = (id: string) =>
  id.includes('/node_modules/')
    ? `node_modules/${id.split('/node_modules/').pop()}`
    : id.replace(/^.*?\/(apps|packages)\//, '$1/');

/** Records which modules each chunk holds, so bench/login-size.mjs can check what the login route pulls in. */
export function chunkModules(): Plugin {
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

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Text files worth compressing; fonts and images are compressed already. */
const COMPRESSIBLE = /\.(m?js|css|svg|json|txt|map)$/;
/** Below this, headers outweigh the saving. */
const COMPRESS_MIN_BYTES = 1024;
/**
 * Brotli's best level costs about 30x the time of level 5 for a tenth fewer bytes: spent on the
 * chunks a first page loads, not on the big chart, 3D, PDF and DXF chunks (seconds per build).
 */
const BROTLI_BEST_BELOW_BYTES = 300 * 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, once: the server sends them to browsers that accept them (@fastify/static
 * preCompressed), so phones on slow networks get about a quarter of the bytes with no work per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'measure-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name) && !name.startsWith('.'));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const bytes = await readFile(file);
          if (bytes.length < COMPRESS_MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]:
                  bytes.length < BROTLI_BEST_BELOW_BYTES ? zlib.BROTLI_MAX_QUALITY : 5,
                [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipped(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Writes `.vite/page-preloads.json`: for each page path (relative to BASE_PATH; one ending in `/`
 * is a prefix) the JS and CSS files its page module needs beyond the entry's own. The server adds
 * them to index.html as `<link rel="modulepreload">` / stylesheet for that path, so a cold load
 * fetches the page's code alongside the entry instead of after the entry has run and the router
 * has matched (one round trip less on a phone network).
 */
export function pagePreloads(pages: Record<string, string>): Plugin {
  return {
    name: 'measure-page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
      const entryFiles = new Set(
        chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => staticGraph(bundle, chunk)),
      );
      const preloads: Record<string, { js: string[]; css: string[] }> = {};
      for (const [pagePath, module] of Object.entries(pages)) {
        const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${module}`));
        if (!page) this.error(`pagePreloads: no chunk for ${module}`);
        const files = staticGraph(bundle, page).filter((file) => !entryFiles.has(file));
        const css = files.flatMap((file) => [
          ...((bundle[file] as OutputChunk).viteMetadata?.importedCss ?? []),
        ]);
        preloads[pagePath] = { js: files, css: [...new Set(css)] };
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/page-preloads.json',
        source: JSON.stringify(preloads),
      });
    },
  };
}

/** A chunk and every chunk it imports statically, transitively. */
function staticGraph(bundle: OutputBundle, chunk: OutputChunk): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const output = bundle[fileName];
    if (output?.type === 'chunk') output.imports.forEach(visit);
  };
  visit(chunk.fileName);
  return [...seen];
}
